import { gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import type { EvidenceDocument, EvidenceSources } from '../../src/domain/evidence.js';
import type { TestApp } from './test-app.js';

type Overrides = { [K in keyof EvidenceSources]?: Partial<EvidenceSources[K]> };

/** The game the default document found running, its memory read (docs/scan-client.md, "Trust"). */
export const GAME_PROCESS = {
  pid: 4242,
  name: 'java',
  path: null,
  sha256: null,
  startedAt: null,
  commandLine: 'java net.minecraft.client.main.Main',
  injections: [],
};
export const GAME_MEMORY = {
  pid: 4242,
  process: 'java',
  readable: true,
  reason: null,
  bytesScanned: 64 * 1024 * 1024,
  regions: 120,
  classNames: ['net/minecraft/client/main/Main'],
  strings: [],
  truncated: false,
};

/**
 * An evidence document of a clean Linux machine with the game running and its memory read, which
 * nothing lowers the trust in; override the sources a test is about.
 */
export function evidence(
  nonce: string,
  overrides: Overrides = {},
  clientTime = new Date(),
): EvidenceDocument {
  const base: EvidenceSources = {
    processes: {
      status: 'collected',
      reason: null,
      items: [GAME_PROCESS],
      game: { expected: ['java', 'javaw'], running: true, waitedSeconds: 0 },
    },
    memory: { status: 'collected', reason: null, items: [GAME_MEMORY] },
    files: { status: 'collected', reason: null, installations: ['~/.minecraft'], items: [] },
    logs: { status: 'collected', reason: null, items: [] },
    discord: { status: 'collected', reason: null, accounts: [] },
    network: {
      status: 'collected',
      reason: null,
      adapters: [{ name: 'eth0', kind: 'ethernet', up: true, hasAddress: true, description: null }],
    },
    system: {
      status: 'collected',
      reason: null,
      os: 'Linux 6.1.0 (Debian GNU/Linux 12)',
      bootedAt: new Date(clientTime.getTime() - 3 * 3600_000).toISOString(),
      logonAt: null,
      virtualMachine: [],
      clientTime: clientTime.toISOString(),
    },
  };
  const sources = { ...base } as Record<string, unknown>;
  for (const [name, part] of Object.entries(overrides))
    sources[name] = { ...(base[name as keyof EvidenceSources] as object), ...(part as object) };
  return {
    schema: 1,
    nonce,
    client: { version: '0.1.0', platform: 'linux', arch: 'x64' },
    sources: sources as unknown as EvidenceSources,
  };
}

export const SHA_A = 'a'.repeat(64);

/** A jar as the client reports it. */
export function jar(path: string, entries: string[], sha256 = SHA_A) {
  return {
    path,
    kind: 'jar' as const,
    size: 1234,
    modifiedAt: null,
    createdAt: null,
    sha256,
    entries,
    entriesTotal: entries.length,
  };
}

export interface StartedScan {
  pin: string;
  token: string;
  nonce: string;
}

/** Creates a PIN for the game and starts it as a scan client would. */
export async function startScan(t: TestApp, key: string, type = 'Java'): Promise<StartedScan> {
  const pin = await t.createPin(key, { type });
  const res = await t.api('POST', '/v1/scanner/start', { body: { pin, hwids: [`HWID-${pin}`] } });
  if (res.statusCode !== 201) throw new Error(`start -> ${res.statusCode} ${res.body}`);
  const body = res.json<{ sessionToken: string; nonce: string }>();
  return { pin, token: body.sessionToken, nonce: body.nonce };
}

export function uploadEvidence(
  t: TestApp,
  token: string,
  doc: unknown,
  opts: { gzip?: boolean } = {},
): Promise<LightMyRequestResponse> {
  const json = JSON.stringify(doc);
  return t.app.inject({
    method: 'POST',
    url: '/v1/scanner/evidence',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(opts.gzip ? { 'content-encoding': 'gzip' } : {}),
    },
    payload: opts.gzip ? gzipSync(json) : json,
  });
}

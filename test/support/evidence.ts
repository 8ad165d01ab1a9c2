import { gzipSync } from 'node:zlib';
import type { ModuleEvidence } from '@scanpin/evidence';
import type { LightMyRequestResponse } from 'fastify';
import type { EvidenceDocument, EvidenceSources } from '../../src/domain/evidence.js';
import { officialClient, type ScannerClientCredentials, signedHeaders } from './scanner-client.js';
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

/**
 * The same document from a Windows machine with every Windows source collected (and empty): a game
 * that runs only on Windows is never scanned elsewhere (domain/evidence-assurance.ts).
 */
const MONTH_AGO = new Date(Date.now() - 30 * 86_400_000).toISOString();

export function onWindows(doc: EvidenceDocument): EvidenceDocument {
  const none = { status: 'collected' as const, reason: null };
  return {
    ...doc,
    schema: 2,
    client: { ...doc.client, platform: 'win32' },
    sources: {
      ...doc.sources,
      // One file from a month ago: an empty Prefetch folder is itself a signal (windows-signals.ts).
      prefetch: {
        ...none,
        enabled: true,
        folder: 'C:/Windows/Prefetch',
        folderModifiedAt: null,
        filesTotal: 1,
        unreadable: 0,
        items: [
          {
            path: 'C:/Windows/Prefetch/EXPLORER.EXE-A80E4F97.pf',
            version: 30,
            executable: 'EXPLORER.EXE',
            hash: 'A80E4F97',
            runCount: 40,
            lastRuns: [MONTH_AGO],
            executablePath: null,
            modifiedAt: MONTH_AGO,
            createdAt: MONTH_AGO,
          },
        ],
      },
      bam: { ...none, from: 'registry', controlSet: 'ControlSet001', items: [] },
      pca: { ...none, skippedLines: 0, items: [] },
      recycleBin: { ...none, drives: ['C:'], items: [] },
      gameFolders: { ...none, folders: [], items: [] },
      programs: { ...none, items: [] },
    },
  };
}

/** `base` as a schema-3 client sends it, with `sections` added to (or replacing) its sources. */
export function withSections(base: EvidenceDocument, sections: Partial<EvidenceSources>): EvidenceDocument {
  return { ...base, schema: 3, sources: { ...base.sources, ...sections } };
}

/**
 * The default document sent by a Windows client, with only `sections` added: none of onWindows's, so
 * the sections a test is about are judged alone.
 */
export function windowsSections(sections: Partial<EvidenceSources>, clientTime?: Date): EvidenceDocument {
  const base = evidence('n'.repeat(16), {}, clientTime);
  return withSections({ ...base, client: { ...base.client, platform: 'win32' } }, sections);
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

/**
 * A module of the game process as the client reports it (docs/scan-client.md, "Modules in the game
 * process"): by default an unsigned DLL from the player's Downloads folder.
 */
export function gameModule(overrides: Partial<ModuleEvidence> = {}): ModuleEvidence {
  return {
    path: '~/Downloads/overlay.dll',
    fileSize: 4096,
    sha256: 'b'.repeat(64),
    verdict: 'unsigned',
    signature: {
      status: 'unsigned',
      signer: null,
      issuer: null,
      selfSigned: null,
      reason: null,
      signedAt: null,
    },
    folder: 'user-profile',
    userWritable: true,
    pids: [4242],
    ...overrides,
  };
}

export interface StartedScan {
  pin: string;
  token: string;
  nonce: string;
}

/**
 * Creates a PIN for the game and starts it as the official scanner would: signed as this app's
 * official client (docs/scanner.md, "Signed calls"), unless `client` is null (an unverified client).
 */
export async function startScan(
  t: TestApp,
  key: string,
  type = 'Java',
  options: { client?: ScannerClientCredentials | null } = {},
): Promise<StartedScan> {
  const pin = await t.createPin(key, { type });
  const client = options.client === undefined ? await officialClient(t) : options.client;
  const sent = JSON.stringify({ pin, hwids: [`HWID-${pin}`] });
  const url = '/v1/scanner/start';
  const res = await t.api('POST', url, {
    body: sent,
    headers: client === null ? {} : signedHeaders(t, client, { path: url, body: sent }),
  });
  if (res.statusCode !== 201) throw new Error(`start -> ${res.statusCode} ${res.body}`);
  const body = res.json<{ sessionToken: string; nonce: string }>();
  return { pin, token: body.sessionToken, nonce: body.nonce };
}

/**
 * Uploads an evidence document, signed as this app's official client unless `client` is null. A
 * session started unsigned stays unsigned whatever the upload's headers say, so the signature only
 * matters for sessions the official client started.
 */
export async function uploadEvidence(
  t: TestApp,
  token: string,
  doc: unknown,
  opts: { gzip?: boolean; client?: ScannerClientCredentials | null } = {},
): Promise<LightMyRequestResponse> {
  const json = JSON.stringify(doc);
  const payload = opts.gzip ? gzipSync(json) : json;
  const url = '/v1/scanner/evidence';
  const client = opts.client === undefined ? await officialClient(t) : opts.client;
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(opts.gzip ? { 'content-encoding': 'gzip' } : {}),
      ...(client === null ? {} : signedHeaders(t, client, { path: url, body: payload, sessionToken: token })),
    },
    payload,
  });
}

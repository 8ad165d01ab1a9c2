import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evidence, jar } from '../support/evidence.js';
import { freePort, startServerProcess, waitForReady } from '../support/server-process.js';
import { ADMIN_TOKEN } from '../support/test-app.js';

/**
 * Hostile evidence uploads (docs/security.md, "Evidence uploads"): gzip and plain bodies of every
 * shape a sender can choose (deep nesting, repetition past every cap, huge strings and keys, documents
 * that match rules thousands of times, broken JSON, bombs that inflate to the limit) never hold the
 * event loop more than 100 ms, and never answer 5xx. `npm test` runs a short pass with a fixed seed;
 * `npm run fuzz` multiplies it by SCANPIN_FUZZ_SCALE with a random seed, printed.
 *
 * The server runs as `npm start` does, in a process of its own; a second small process asks its
 * /healthz every few milliseconds (test/support/loop-probe.mjs), and the slowest answer during an
 * upload is how long the event loop was held. Neither process holds the test's garbage, whose
 * collection would otherwise count. A case over 100 ms is sent again: the answer time also counts the
 * machine's scheduler (two cores shared with the workers and other test files), which does not
 * repeat, while a real hold does.
 */
const SCALE = Number(process.env.SCANPIN_FUZZ_SCALE ?? '1');
const SEED = Number(process.env.SCANPIN_FUZZ_SEED ?? (SCALE > 1 ? Date.now() % 1_000_000 : 32_032));
const RUNS = (SCALE > 1 ? 16 : 10) * SCALE;
const MAX_STALL_MS = 100;
const LIMIT = 16 * 1024 * 1024;
/** The short pass keeps bodies within 2 MiB (the bombs still inflate to the limit); the full one, 16. */
const MAX_BODY = SCALE > 1 ? LIMIT - 100 : 2 * 1024 * 1024;
const MAX_ITEMS = SCALE > 1 ? 60_000 : 10_000;

type Shape = { name: string; body: (nonce: string) => string };

const repeatTo = (unit: string, bytes: number) => unit.repeat(Math.max(1, Math.floor(bytes / unit.length)));

/** Bodies a sender can make, each parameterised by size and a little randomness. */
const shapes: fc.Arbitrary<Shape> = fc.oneof(
  fc.integer({ min: 1, max: 8_000_000 }).map((depth) => ({
    name: `arrays nested ${depth} deep`,
    body: () => `${'['.repeat(depth)}${']'.repeat(depth)}`,
  })),
  fc.integer({ min: 17, max: 2_000_000 }).map((depth) => ({
    name: `objects nested ${depth} deep`,
    body: () => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  })),
  fc.integer({ min: 1_000, max: MAX_BODY }).map((bytes) => ({
    name: `a flat array of ${bytes} bytes of empty objects`,
    body: () => `[${repeatTo('{},', bytes - 4)}{}]`,
  })),
  fc.integer({ min: 1_000, max: MAX_BODY }).map((bytes) => ({
    name: `an object of ${bytes} bytes of distinct keys`,
    body: () => {
      const keys = Math.floor(bytes / 12);
      return `{${Array.from({ length: keys }, (_, i) => `"k${i}":1`).join(',')}}`;
    },
  })),
  fc.integer({ min: 1_000, max: MAX_BODY }).map((bytes) => ({
    name: `one string of ${bytes} bytes`,
    body: (nonce: string) => JSON.stringify({ ...evidence(nonce), schema: 'x'.repeat(bytes) }),
  })),
  fc.integer({ min: 1, max: MAX_ITEMS }).map((items) => ({
    name: `${items} files past every cap, matching rules`,
    body: (nonce: string) =>
      JSON.stringify(
        evidence(nonce, {
          files: {
            items: Array.from({ length: items }, (_, i) =>
              jar(`~/FiveM.app/plugins/cleo/x${i}.asi`, ['net/wurstclient/WurstClient.class']),
            ),
          },
        }),
      ),
  })),
  fc.integer({ min: 1, max: MAX_ITEMS * 5 }).map((items) => ({
    name: `a valid document with ${items} matching class names`,
    body: (nonce: string) =>
      JSON.stringify(
        evidence(nonce, {
          memory: {
            status: 'collected',
            items: [
              {
                pid: 1,
                process: 'java',
                readable: true,
                reason: null,
                bytesScanned: 1,
                regions: 1,
                classNames: Array.from({ length: items }, (_, i) => `net/wurstclient/hacks/Hack${i}`),
                strings: [],
                truncated: false,
              },
            ],
          },
        }),
      ),
  })),
  fc.string({ maxLength: 200 }).map((text) => ({ name: 'random text', body: () => text })),
  fc.jsonValue({ maxDepth: 6 }).map((value) => ({ name: 'random JSON', body: () => JSON.stringify(value) })),
  fc.integer({ min: 10, max: 1_000_000 }).map((cut) => ({
    name: `a document cut after ${cut} bytes`,
    body: (nonce: string) => JSON.stringify(evidence(nonce)).repeat(50).slice(0, cut),
  })),
);

/** The server of `npm start`, in its own process, with an owner key to make PINs. */
interface ServerUnderTest {
  url: string;
  key: string;
  child: ChildProcess;
  probe: ChildProcess;
  dir: string;
}

async function startServer(): Promise<ServerUnderTest> {
  const dir = mkdtempSync(join(tmpdir(), 'scanpin-fuzz-evidence-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = startServerProcess(dir, {
    PORT: String(port),
    DATABASE_URL: `sqlite:${join(dir, 'scanpin.db')}`,
    SCANPIN_DATA_DIR: dir,
    SCANPIN_ADMIN_TOKEN: ADMIN_TOKEN,
    MAX_ACTIVE_PINS: '100000',
    RATE_LIMIT_PER_HOUR: '1000000',
    EVIDENCE_UPLOADS_PER_SCAN: '100000',
    EVIDENCE_UPLOADS_PER_MINUTE: '100000',
    SCANNER_START_PER_MINUTE: '100000',
  });
  await waitForReady(url, child);
  const admin = async <T>(path: string, body: unknown): Promise<T> => {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path} -> ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const account = await admin<{ id: number }>('/admin/v1/accounts', { name: 'Fuzz owner' });
  await admin('/admin/v1/enterprises', { name: 'Fuzz', ownerAccountId: account.id });
  const { key } = await admin<{ key: string }>(`/admin/v1/accounts/${account.id}/keys`, {
    permissions: ['pins:create'],
  });
  const probe = fork(join(import.meta.dirname, '../support/loop-probe.mjs'), [url], { stdio: 'ignore' });
  return { url, key, child, probe, dir };
}

/** The slowest /healthz answer since the last reset, once the question under way is answered. */
function slowestAnswer(probe: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    probe.once('message', (m) => resolve((m as { slowestMs: number }).slowestMs));
    probe.send('read');
  });
}

describe('fuzzing the evidence upload of a running server', () => {
  let s: ServerUnderTest;
  beforeAll(async () => {
    s = await startServer();
  }, 60_000);
  afterAll(async () => {
    s?.probe.send('stop');
    s?.child.kill('SIGTERM');
    if (s) rmSync(s.dir, { recursive: true, force: true });
  });

  async function startScan(): Promise<{ token: string; nonce: string }> {
    const created = await fetch(`${s.url}/v1/pins/create`, {
      method: 'POST',
      headers: { 'x-api-key': s.key, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'Java' }),
    });
    const { pin } = (await created.json()) as { pin: string };
    const started = await fetch(`${s.url}/v1/scanner/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pin, hwids: [`HW-${pin}`] }),
    });
    const body = (await started.json()) as { sessionToken: string; nonce: string };
    return { token: body.sessionToken, nonce: body.nonce };
  }

  async function send(
    payload: Buffer,
    gzip: boolean,
    token: string,
  ): Promise<{ status: number; stallMs: number }> {
    s.probe.send('reset');
    const res = await fetch(`${s.url}/v1/scanner/evidence`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      },
      body: payload,
    });
    await res.arrayBuffer();
    return { status: res.status, stallMs: await slowestAnswer(s.probe) };
  }

  it(
    'never holds the event loop more than 100 ms, never answers 5xx',
    async () => {
      const seen: string[] = [];
      await fc.assert(
        fc.asyncProperty(shapes, fc.boolean(), async (shape, gzip) => {
          const scan = await startScan();
          const plain = Buffer.from(shape.body(scan.nonce));
          if (plain.length > LIMIT && !gzip) return;
          const payload = gzip ? gzipSync(plain) : plain;
          let answer = await send(payload, gzip, scan.token);
          if (answer.stallMs > MAX_STALL_MS) answer = await send(payload, gzip, scan.token);
          seen.push(
            `${shape.name}${gzip ? ' (gzip)' : ''}: ${answer.status}, ${answer.stallMs.toFixed(0)} ms`,
          );
          expect(answer.status, shape.name).toBeLessThan(500);
          expect(answer.stallMs, `${shape.name}: the event loop was held`).toBeLessThanOrEqual(MAX_STALL_MS);
        }),
        { numRuns: RUNS, seed: SEED },
      );
      console.log(`evidence upload fuzz (seed ${SEED}, ${RUNS} cases):\n  ${seen.join('\n  ')}`);
    },
    600_000 * SCALE,
  );
});

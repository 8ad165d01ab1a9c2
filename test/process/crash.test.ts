import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, type IncomingMessage, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type CrashFigures, runCrashCycles } from '../crash/run-cycles.js';
import { type CrashStore, postgresStore, sqliteStore } from '../crash/store.js';
import { freePort, startServerProcess, waitForReady } from '../support/server-process.js';

/*
 * Crash safety, bounded (docs/security.md): a few SIGKILL cycles per store here; `npm run crash` runs
 * many. The driver and its checks are in test/crash/.
 */

const PG_URL = process.env.SCANPIN_TEST_PG_URL;
if (!PG_URL) {
  console.warn(
    'test/process/crash.test.ts: SCANPIN_TEST_PG_URL is not set, so the PostgreSQL crash cycles are SKIPPED.',
  );
}

function expectNothingLost(f: CrashFigures): void {
  expect(f.problems).toEqual([]);
  expect(f.acknowledgedWrites).toBeGreaterThan(0);
  expect(f.eventsExpected).toBeGreaterThan(0);
  // Scans tied to their player write the shared risk aggregates through the kills too. Two short
  // cycles do not always get one acknowledged: said, not failed (`npm run crash` runs long ones).
  if (f.provenFinishes === 0)
    console.warn('crash cycles: no finish with a proven player was acknowledged in this short run');
  expect({
    lost: f.lost,
    impossible: f.impossible,
    eventsLost: f.eventsLost,
    phantomEvents: f.phantomEvents,
    unexpectedAnswers: f.unexpectedAnswers,
    cleanShutdown: f.cleanShutdown,
  }).toEqual({
    lost: 0,
    impossible: 0,
    eventsLost: 0,
    phantomEvents: 0,
    unexpectedAnswers: 0,
    cleanShutdown: true,
  });
}

async function crashCycles(open: () => Promise<CrashStore>): Promise<CrashFigures> {
  const store = await open();
  try {
    return await runCrashCycles({ store, cycles: 2, concurrency: 6 });
  } finally {
    await store.drop();
  }
}

// The two stores run side by side: most of each run is waiting out a delivery claimed at the last kill.
describe.concurrent('SIGKILL at random moments, then a restart on the same store', () => {
  it('SQLite: every acknowledged write is there, no PIN is in an impossible state, every event arrives', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scanpin-crash-test-'));
    try {
      expectNothingLost(await crashCycles(async () => sqliteStore(dir)));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 150_000);

  it.skipIf(!PG_URL)(
    'PostgreSQL (a fresh database): every acknowledged write is there, no PIN is in an impossible state, every event arrives',
    async () => {
      expectNothingLost(await crashCycles(() => postgresStore(PG_URL as string)));
    },
    150_000,
  );
});

const ADMIN = 'sigterm-test-admin-token-0123456789';

/** A streamed response read to its end: `clean` when it ended properly, not by a reset. */
function readToEnd(res: IncomingMessage): Promise<{ clean: boolean; body: string }> {
  return new Promise((resolve) => {
    let body = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      body += chunk;
    });
    res.on('end', () => resolve({ clean: !res.aborted, body }));
    res.on('error', () => resolve({ clean: false, body }));
  });
}

function open(
  agent: Agent,
  url: string,
  path: string,
  headers: Record<string, string>,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { agent, headers }, resolve);
    req.on('error', reject);
    req.end();
  });
}

describe('SIGTERM', () => {
  let dir: string;
  let child: ChildProcess | undefined;
  afterEach(() => {
    child?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers the requests in flight, ends event streams cleanly and exits 0 well within the grace period', async () => {
    dir = mkdtempSync(join(tmpdir(), 'scanpin-sigterm-'));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const proc = startServerProcess(dir, {
      PORT: String(port),
      SCANPIN_ADMIN_TOKEN: ADMIN,
      LOG_LEVEL: 'warn',
    });
    child = proc;
    await waitForReady(url, proc);
    const made = (await (
      await fetch(`${url}/admin/v1/bootstrap`, {
        method: 'POST',
        headers: { 'x-admin-token': ADMIN, 'content-type': 'application/json' },
        body: JSON.stringify({ enterprise: 'Stopping' }),
      })
    ).json()) as { key: string };
    const key = { 'x-api-key': made.key };
    const { pin } = (await (
      await fetch(`${url}/v1/pins/create`, {
        method: 'POST',
        headers: { ...key, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'Rust' }),
      })
    ).json()) as { pin: string };

    // Keep-alive connections, as real clients hold them: a connection busy at the signal must not
    // keep the process alive once its answer is sent.
    const agent = new Agent({ keepAlive: true });
    const pinStream = await open(agent, url, `/v1/pins/${pin}/events`, key);
    const accountStream = await open(agent, url, '/v1/events', key);
    expect([pinStream.statusCode, accountStream.statusCode]).toEqual([200, 200]);
    const pinEnded = readToEnd(pinStream);
    const accountEnded = readToEnd(accountStream);

    // Two requests truly in flight: routed (headers sent) before the signal, bodies sent after it.
    const inFlight = [0, 1].map(() => {
      const body = JSON.stringify({ type: 'Java' });
      const req = request(`${url}/v1/pins/create`, {
        agent,
        method: 'POST',
        headers: { ...key, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
        req.on('response', (res) =>
          readToEnd(res).then((r) => resolve({ status: res.statusCode ?? 0, ...r })),
        );
        req.on('error', reject);
      });
      req.write(body.slice(0, 3));
      return { req, rest: body.slice(3), answered };
    });
    await new Promise((r) => setTimeout(r, 500));

    const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
    const signalledAt = Date.now();
    proc.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    for (const f of inFlight) f.req.end(f.rest);

    for (const f of inFlight) expect((await f.answered).status).toBe(201);
    const streams = await Promise.all([pinEnded, accountEnded]);
    expect(streams.map((s) => s.clean)).toEqual([true, true]);
    // Each stream had begun (its opening comment) before it was ended.
    for (const s of streams) expect(s.body).toContain(': scanpin event stream');
    expect(await exited).toBe(0);
    // The grace period is 10 s; a clean stop takes a fraction of it (no connection is waited out).
    expect(Date.now() - signalledAt).toBeLessThan(5_000);
    child = undefined;
    agent.destroy();
  }, 30_000);
});

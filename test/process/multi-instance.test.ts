import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRINCIPAL_TTL_MS } from '../../src/application/access/key-principals.js';
import { type Receiver, startReceiver, typesOf } from '../support/receiver.js';
import { report } from '../support/scan.js';
import { freePort, startServerProcess, waitForReady } from '../support/server-process.js';
import { openSse } from '../support/sse.js';
import { dropStaleDatabases } from '../support/stale-databases.js';
import { ALL_PERMISSIONS } from '../support/test-app.js';

/*
 * Two server processes on one PostgreSQL database and one Redis, as docs/deployment.md ("Several
 * instances") describes: both start at once on an empty database, then every shared fact (PINs,
 * rate-limit budgets, live events, key revocation, webhook deliveries) must hold across them.
 */

const PG_URL = process.env.SCANPIN_TEST_PG_URL;
const REDIS_URL = process.env.SCANPIN_TEST_REDIS_URL;
const MISSING = [PG_URL ? null : 'SCANPIN_TEST_PG_URL', REDIS_URL ? null : 'SCANPIN_TEST_REDIS_URL'].filter(
  (name): name is string => name !== null,
);

if (MISSING.length > 0) {
  // Loud on purpose: a skipped multi-instance test must never read as a passed one.
  console.warn(
    `\n*** SKIPPED test/process/multi-instance.test.ts: ${MISSING.join(' and ')} unset. ` +
      'Set SCANPIN_TEST_PG_URL and SCANPIN_TEST_REDIS_URL to run the two-instance test. ***\n',
  );
  if (process.env.CI === 'true') throw new Error(`CI must set ${MISSING.join(' and ')}.`);
}

const ADMIN_TOKEN = 'multi-instance-admin-token-0123456789';
const HASH_SECRET = 'multi-instance-hash-secret-0123456789';
const PER_HOUR = 20;

interface Instance {
  url: string;
  child: ChildProcess;
  logs: string[];
  dir: string;
}

/** The same database URL with another database name. */
function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function asAdmin(work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

async function json<T>(res: Response): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.url} -> ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

describe.skipIf(MISSING.length > 0)('two instances on one PostgreSQL and one Redis', () => {
  const database = `scanpin_mi_${Date.now().toString(36)}_${process.pid}`;
  let a: Instance;
  let b: Instance;
  let receivers: Receiver[] = [];
  const started: Instance[] = [];

  async function start(databaseUrl: string): Promise<Instance> {
    const dir = mkdtempSync(join(tmpdir(), 'scanpin-mi-'));
    const port = await freePort();
    const child = startServerProcess(
      dir,
      {
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        REDIS_URL,
        // Every instance must share these (docs/deployment.md, "Same on every instance").
        SCANPIN_ADMIN_TOKEN: ADMIN_TOKEN,
        SCANPIN_HASH_SECRET: HASH_SECRET,
        RATE_LIMIT_PER_HOUR: String(PER_HOUR),
        MAX_ACTIVE_PINS: '20',
        WEBHOOK_ALLOW_HTTP: 'true',
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
        WEBHOOK_RETRY_SCHEDULE: '1,1',
        LOG_LEVEL: 'warn',
      },
      ['ignore', 'pipe', 'pipe'],
    );
    const instance = { url: `http://127.0.0.1:${port}`, child, logs: [] as string[], dir };
    child.stdout?.on('data', (d: Buffer) => instance.logs.push(d.toString()));
    child.stderr?.on('data', (d: Buffer) => instance.logs.push(d.toString()));
    started.push(instance);
    return instance;
  }

  const admin = <T>(on: Instance, method: string, path: string, body?: unknown): Promise<T> =>
    fetch(`${on.url}${path}`, {
      method,
      headers: {
        'x-admin-token': ADMIN_TOKEN,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }).then((res) => json<T>(res));

  const api = (on: Instance, method: string, path: string, key?: string, body?: unknown) =>
    fetch(`${on.url}${path}`, {
      method,
      headers: {
        ...(key === undefined ? {} : { 'x-api-key': key }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  const scannerCall = (on: Instance, path: string, body: unknown, token?: string) =>
    fetch(`${on.url}/v1/scanner/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      },
      body: JSON.stringify(body),
    });

  async function owner(on: Instance, name: string, extraPermissions: string[] = []) {
    const account = await admin<{ id: number }>(on, 'POST', '/admin/v1/accounts', { name });
    await admin(on, 'POST', '/admin/v1/enterprises', { name: `${name} Ltd`, ownerAccountId: account.id });
    const issued = await admin<{ id: number; key: string }>(
      on,
      'POST',
      `/admin/v1/accounts/${account.id}/keys`,
      { permissions: [...ALL_PERMISSIONS, ...extraPermissions] },
    );
    return { accountId: account.id, keyId: issued.id, key: issued.key };
  }

  async function createPin(on: Instance, key: string): Promise<string> {
    return (await json<{ pin: string }>(await api(on, 'POST', '/v1/pins/create', key, { type: 'FiveM' })))
      .pin;
  }

  beforeAll(async () => {
    await asAdmin(async (admin) => {
      // Databases an interrupted run left behind (named scanpin_mi_<base-36 start time>_<pid>).
      await dropStaleDatabases(admin, 'scanpin_mi_', 3_600_000);
      await admin.query(`create database ${database}`);
    });
    const databaseUrl = withDatabase(PG_URL as string, database);
    // Both at once on an empty database: the migrations race, and exactly one must run them.
    [a, b] = await Promise.all([start(databaseUrl), start(databaseUrl)]);
    try {
      await Promise.all([waitForReady(a.url, a.child, 300), waitForReady(b.url, b.child, 300)]);
    } catch (err) {
      throw new Error(`${String(err)}\nA: ${a.logs.join('')}\nB: ${b.logs.join('')}`);
    }
    receivers = await Promise.all([startReceiver(), startReceiver()]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(
      started.map(
        (s) =>
          new Promise<void>((resolve) => {
            if (s.child.exitCode !== null) return resolve();
            s.child.once('exit', () => resolve());
            s.child.kill('SIGTERM');
            setTimeout(() => s.child.kill('SIGKILL'), 5_000).unref();
          }),
      ),
    );
    for (const s of started) rmSync(s.dir, { recursive: true, force: true });
    await Promise.all(receivers.map((r) => r.close()));
    await asAdmin((admin) => admin.query(`drop database if exists ${database} with (force)`));
  }, 30_000);

  it('both started on one empty database: the schema was migrated once, and both are ready', async () => {
    const client = new pg.Client({ connectionString: withDatabase(PG_URL as string, database) });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string; n: string }>(
        'select name, count(*) as n from kysely_migration group by name',
      );
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(Number(row.n)).toBe(1);
    } finally {
      await client.end();
    }
    for (const s of [a, b]) {
      const ready = await fetch(`${s.url}/readyz`);
      expect(ready.status).toBe(200);
    }
    expect(`${a.logs.join('')}${b.logs.join('')}`).not.toMatch(/Migration .* failed/);
  });

  it('a PIN created on A is read on B', async () => {
    const o = await owner(a, 'Reader');
    const pin = await createPin(a, o.key);
    const res = await api(b, 'GET', `/v1/pins/${pin}/status`, o.key);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ pin, status: 'pending' });
  });

  it('the hourly budget of a key is one budget across both instances', async () => {
    const o = await owner(a, 'Budget');
    const pin = await createPin(a, o.key); // one request spent
    const remaining: number[] = [];
    for (let i = 1; i < PER_HOUR; i++) {
      const res = await api(i % 2 === 0 ? a : b, 'GET', `/v1/pins/${pin}/status`, o.key);
      expect(res.status).toBe(200);
      remaining.push(Number(res.headers.get('x-ratelimit-remaining')));
    }
    // Each answer, whichever instance gave it, counts down the same budget.
    expect(remaining).toEqual(Array.from({ length: PER_HOUR - 1 }, (_, i) => PER_HOUR - 2 - i));
    for (const on of [a, b]) {
      const spent = await api(on, 'GET', `/v1/pins/${pin}/status`, o.key);
      expect(spent.status).toBe(429);
      expect(((await spent.json()) as { code: string }).code).toBe('rate_limited');
    }
  });

  it('an event stream on B sees a scan driven through A', async () => {
    const o = await owner(a, 'Streamer');
    const pin = await createPin(a, o.key);
    const stream = await openSse(`${b.url}/v1/pins/${pin}/events`, { 'x-api-key': o.key });
    try {
      expect(stream.status).toBe(200);
      await stream.waitFor((events) => events.some((e) => e.data.status === 'pending'));
      const start = await scannerCall(a, 'start', { pin, hwids: ['HWID-MI-STREAM'] });
      const { sessionToken } = await json<{ sessionToken: string }>(start);
      await stream.waitFor((events) => events.some((e) => e.data.status === 'scanning'));
      const finish = await scannerCall(a, 'finish', report({ detections: ['Eulen'] }), sessionToken);
      expect(finish.status).toBe(200);
      const events = await stream.waitFor((all) => all.some((e) => e.data.status === 'finished'));
      expect(events.at(-1)?.data).toMatchObject({ status: 'finished', result: 'cheating' });
      await stream.ended;
    } finally {
      stream.close();
    }
  });

  it('a key revoked on A is refused on B at once', async () => {
    const o = await owner(a, 'Revoked');
    const pin = await createPin(a, o.key);
    // B has just used (and may have cached) the key.
    expect((await api(b, 'GET', `/v1/pins/${pin}/status`, o.key)).status).toBe(200);
    const cachedAt = Date.now();
    const revoked = await fetch(`${a.url}/admin/v1/keys/${o.keyId}`, {
      method: 'DELETE',
      headers: { 'x-admin-token': ADMIN_TOKEN },
    });
    expect(revoked.status).toBe(204);
    // Within ~100 ms of the revocation answering, B must refuse the key: told of it, not because the
    // principal it may have cached has aged out (which the bound below rules out, however slow the
    // machine makes the calls).
    await new Promise((r) => setTimeout(r, 100));
    const refused = await api(b, 'GET', `/v1/pins/${pin}/status`, o.key);
    expect(Date.now() - cachedAt).toBeLessThan(PRINCIPAL_TTL_MS);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { code: string }).code).toBe('invalid_api_key');
  });

  it('each webhook event reaches each endpoint exactly once with two workers running', async () => {
    const o = await owner(a, 'Hooks', ['webhooks:manage']);
    // One receiver per endpoint: webhook-id names the event, so it is the same at both endpoints.
    for (const r of receivers) {
      expect((await api(a, 'POST', '/v1/webhooks', o.key, { url: r.url })).status).toBe(201);
    }
    // Several scans at once, their calls spread over both instances, so both workers find work.
    const pins = await Promise.all([0, 1, 2, 3].map((i) => createPin(i % 2 === 0 ? a : b, o.key)));
    await Promise.all(
      pins.map(async (pin, i) => {
        const here = i % 2 === 0 ? b : a;
        const { sessionToken } = await json<{ sessionToken: string }>(
          await scannerCall(here, 'start', { pin, hwids: [`HWID-MI-HOOK-${i}`] }),
        );
        expect((await scannerCall(here === a ? b : a, 'finish', report(), sessionToken)).status).toBe(200);
      }),
    );
    const mine = (r: Receiver) => r.received.filter((d) => pins.includes(JSON.parse(d.body).data?.pin));
    const finished = (r: Receiver) => typesOf(mine(r)).filter((t) => t === 'pin.finished').length;
    for (const r of receivers) await r.waitFor(() => finished(r) >= pins.length, 15_000);
    // Give a duplicate (a second worker's copy) time to arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    for (const r of receivers) {
      const deliveries = mine(r);
      // created, started, finished for each PIN, each exactly once.
      expect(deliveries).toHaveLength(pins.length * 3);
      expect(new Set(deliveries.map((d) => d.headers['webhook-id'])).size).toBe(deliveries.length);
    }
  }, 40_000);
});

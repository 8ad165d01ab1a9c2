import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteBackend } from '../support/backends.js';
import { report, scanner } from '../support/scan.js';
import { openSse } from '../support/sse.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { findRedisServer, type PrivateRedis, startPrivateRedis } from './support/private-redis.js';

/*
 * Redis going away under a running server and coming back (docs/operations.md, "When things fail"):
 * rate limits keep holding with counters in the process, /readyz stays 200 and says degraded, event
 * streams on this instance keep getting changes, and the shared counters are used again once it is
 * back. On a private redis-server: the shared one is never killed.
 */
const found = findRedisServer();
if ('missing' in found) {
  console.warn(`\n*** SKIPPED test/faults/redis-outage.test.ts: ${found.missing} ***\n`);
}
const sqlite = sqliteBackend();

async function waitUntil(what: string, check: () => Promise<boolean>, withinMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    if (await check()) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not happen within ${withinMs} ms`);
}

describe.skipIf('missing' in found)('Redis outage (private redis-server)', () => {
  let redis: PrivateRedis;
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    if (!('bin' in found)) return;
    redis = await startPrivateRedis(found.bin);
    t = await startTestApp({ ...sqlite, redisUrl: redis.url }, { RATE_LIMIT_PER_HOUR: '1000' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 30_000);
  afterAll(async () => {
    await t?.close().catch(() => {});
    await redis?.destroy();
  });

  it('killed: limits hold per process, /readyz 200 degraded, streams still follow; back: shared again', async () => {
    const owner = await t.createOwner();
    const limited = await t.issueKey(owner.accountId, ['pins:status'], { rateLimitPerHour: 3 });
    const pin = await t.createPin(owner.key);
    expect((await t.api('GET', '/readyz')).json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', redis: 'ok' },
    });
    // One request counted in Redis before the outage.
    const counted = await t.api('GET', `/v1/pins/${pin}/status`, { key: limited });
    expect(counted.headers['x-ratelimit-remaining']).toBe('2');

    const stream = await openSse(`${base}/v1/pins/${pin}/events`, { 'x-api-key': owner.key });
    expect(stream.status).toBe(200);
    await stream.waitFor((events) => events.length === 1);

    await redis.kill();

    // Every answer keeps coming, quickly, and rate limits still hold (counted in this process).
    const answers: number[] = [];
    let slowest = 0;
    for (let i = 0; i < 4; i++) {
      const started = Date.now();
      const res = await t.api('GET', `/v1/pins/${pin}/status`, { key: limited });
      slowest = Math.max(slowest, Date.now() - started);
      answers.push(res.statusCode);
      expect(res.headers['x-ratelimit-limit']).toBe('3');
    }
    expect(answers).toEqual([200, 200, 200, 429]);
    expect(slowest).toBeLessThan(3_000);
    const ready = await t.api('GET', '/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'degraded', checks: { database: 'ok', redis: 'down' } });
    expect((await t.api('GET', '/healthz')).statusCode).toBe(200);

    // A whole scan goes through, and the open stream sees each change without Redis.
    const scan = scanner(t);
    const token = await scan.startOk(pin, ['HWID-REDIS-OUTAGE']);
    expect((await scan.finish(token, report())).statusCode).toBe(200);
    await stream.waitFor((events) => events.some((e) => e.data.status === 'finished'), 5_000);
    await stream.ended;

    // Back: readiness says ok again and counting is shared (Redis holds a fresh window for the key).
    await redis.start();
    const backInMs = await waitUntil(
      '/readyz ok',
      async () => (await t.api('GET', '/readyz')).json<{ status: string }>().status === 'ok',
      15_000,
    );
    const shared = await t.api('GET', `/v1/pins/${pin}/status`, { key: limited });
    expect(shared.statusCode).toBe(200);
    // The restarted Redis kept nothing (no persistence), so this is the first request it counts.
    expect(shared.headers['x-ratelimit-remaining']).toBe('2');
    console.log(
      `[faults] redis killed: slowest answer ${slowest} ms, ready ok again ${backInMs} ms after restart`,
    );
  }, 40_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanpinError } from '../../packages/client/src/index.js';
import { backends } from '../support/backends.js';
import { fakeClock } from '../support/http.js';
import type { Owner } from '../support/test-app.js';
import { type LiveApp, rejectionOf, startLiveApp } from './live.js';

describe.each(backends())('@scanpin/client on 429 (docs/api.md, "Rate limits") on $name', (backend) => {
  const clock = fakeClock();
  let t: LiveApp;
  let owner: Owner;
  let pin: string;
  beforeAll(async () => {
    t = await startLiveApp(backend, {}, clock);
    owner = await t.createOwner();
    pin = await t.createPin(owner.key);
  });
  afterAll(async () => t.close());

  /** A key with a budget of one request an hour, already spent. */
  async function spentKey(): Promise<string> {
    const key = await t.issueKey(owner.accountId, ['pins:status'], { rateLimitPerHour: 1 });
    await t.client(key).pins.status(pin);
    return key;
  }

  // Redis expires its windows in its own time, which the fake clock cannot move (as in
  // test/http/rate-limit.test.ts); the other cases below run on every store.
  it.skipIf(backend.redisUrl !== undefined)(
    'waits Retry-After on the server clock, then succeeds',
    async () => {
      const waits: number[] = [];
      const client = t.client(await spentKey(), {
        retryOn429: { maxRetries: 1, maxWaitSeconds: 3600 },
        sleep: async (ms) => {
          waits.push(ms);
          clock.advance(ms);
        },
      });
      const status = await client.pins.status(pin);
      expect(status.pin).toBe(pin);
      expect(waits).toHaveLength(1);
      expect(waits[0]).toBeGreaterThan(3_000_000);
      expect(waits[0]).toBeLessThanOrEqual(3_600_000);
      expect(client.rateLimit).toMatchObject({ limit: 1, remaining: 0 });
    },
  );

  it('is bounded: after maxRetries it throws the 429', async () => {
    const waits: number[] = [];
    const client = t.client(await spentKey(), {
      retryOn429: { maxRetries: 2, maxWaitSeconds: 3600 },
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    const error = await rejectionOf(client.pins.status(pin));
    expect(error).toBeInstanceOf(ScanpinError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(waits).toHaveLength(2);
  });

  it('does not sit out a wait longer than maxWaitSeconds (default 60 s), nor wait when turned off', async () => {
    const key = await spentKey();
    for (const retryOn429 of [undefined, false] as const) {
      const waits: number[] = [];
      const client = t.client(key, {
        ...(retryOn429 === undefined ? {} : { retryOn429 }),
        sleep: async (ms) => {
          waits.push(ms);
        },
      });
      const error = (await rejectionOf(client.pins.status(pin))) as ScanpinError;
      expect(error.code).toBe('rate_limited');
      expect(error.retryAfter).toBeGreaterThan(60);
      expect(waits).toEqual([]);
    }
  });

  it('waits a short Retry-After by default (the per-minute window of keyless callers)', async () => {
    let calls = 0;
    const waits: number[] = [];
    const fake: typeof fetch = async () =>
      ++calls === 1
        ? new Response(
            JSON.stringify({
              type: 'about:blank',
              title: 'Too Many Requests',
              status: 429,
              code: 'rate_limited',
              detail: 'wait',
            }),
            {
              status: 429,
              headers: {
                'retry-after': '7',
                'x-ratelimit-limit': '60',
                'x-ratelimit-remaining': '0',
                'x-ratelimit-reset': '7',
              },
            },
          )
        : new Response(JSON.stringify({ pin }), {
            status: 200,
            headers: { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '59', 'x-ratelimit-reset': '60' },
          });
    const client = t.client('k', { fetch: fake, sleep: async (ms) => void waits.push(ms) });
    await client.pins.status(pin);
    expect(waits).toEqual([7000]);
    expect(client.rateLimit).toEqual({ limit: 60, remaining: 59, resetSeconds: 60 });
  });
});

import { Writable } from 'node:stream';
import fc from 'fast-check';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, silentLog } from '../../src/logger.js';
import { FallbackCounters } from '../../src/storage/counters/fallback.js';
import { MemoryCounters } from '../../src/storage/counters/memory.js';
import type { RateLimitCounters, SlidingWindow } from '../../src/storage/counters/rate-limit-counters.js';
import { RedisCounters } from '../../src/storage/counters/redis.js';
import { fakeClock } from '../support/http.js';

/*
 * The per-address buckets' sliding windows (docs/api.md, "Rate limits"), in process and in Redis:
 * no span of a window's length ever holds more allowed requests than the limit, a refused request
 * counts nothing, and the reset is the truth (one millisecond sooner is still refused).
 */

const REDIS_URL = process.env.SCANPIN_TEST_REDIS_URL;
const MINUTE: SlidingWindow = { windowMs: 60_000, slotMs: 1_000 };
const SHORT: SlidingWindow = { windowMs: 6_000, slotMs: 1_000 };

interface Counters {
  name: string;
  make(): Promise<RateLimitCounters>;
}

const kinds: Counters[] = [{ name: 'in process', make: async () => new MemoryCounters(() => 0) }];
if (REDIS_URL) {
  kinds.push({
    name: 'Redis',
    async make() {
      const redis = new RedisCounters(REDIS_URL, `scanpin:test:sliding:${process.pid}:${Date.now()}:`);
      if (!(await redis.connected(5_000))) throw new Error('Redis is unreachable');
      return redis;
    },
  });
}

let buckets = 0;
const freshBucket = () => `bucket-${buckets++}`;

/**
 * The rule stated over requests rather than slots: a request made at `r` counts until the end of
 * the slot it fell in plus a whole window; a request is allowed while fewer than `limit` count.
 */
function model(window: SlidingWindow) {
  const counted: number[] = [];
  const dropsAt = (r: number) => (Math.floor(r / window.slotMs) + 1) * window.slotMs + window.windowMs;
  const live = (now: number) => counted.filter((r) => dropsAt(r) > now);
  return {
    allowedAt: (now: number, limit: number) => live(now).length < limit,
    hit(now: number, limit: number) {
      const before = live(now);
      const allowed = before.length < limit;
      if (allowed) counted.push(now);
      const after = allowed ? [...before, now] : before;
      const drops = after.map(dropsAt).sort((a, b) => a - b);
      // Allowed: when Remaining grows. Refused: when enough have dropped for one more.
      const nth = allowed ? 0 : after.length - limit;
      return { allowed, remaining: Math.max(0, limit - after.length), resetMs: (drops[nth] ?? 0) - now };
    },
  };
}

describe.each(kinds)('sliding-window counters ($name)', (kind) => {
  let counters: RateLimitCounters;
  beforeAll(async () => {
    counters = await kind.make();
  });
  afterAll(async () => counters.close());

  it('counts a request until a whole window has passed since its second ended, across any boundary', async () => {
    const bucket = freshBucket();
    const t0 = 1_700_000_000_123;
    const at = (ms: number) => counters.slide(bucket, 3, MINUTE, t0 + ms);
    expect(await at(0)).toEqual({ allowed: true, remaining: 2, resetMs: 60_877 });
    expect(await at(59_000)).toMatchObject({ allowed: true, remaining: 1 });
    expect(await at(59_500)).toMatchObject({ allowed: true, remaining: 0 });
    // A fixed window opened at t0 would reset here and allow three more within a second.
    expect(await at(60_500)).toEqual({ allowed: false, remaining: 0, resetMs: 377 });
    expect(await at(60_876)).toEqual({ allowed: false, remaining: 0, resetMs: 1 });
    expect(await at(60_877)).toEqual({ allowed: true, remaining: 0, resetMs: 59_000 });
    expect(await at(61_000)).toEqual({ allowed: false, remaining: 0, resetMs: 58_877 });
    expect(await at(119_876)).toMatchObject({ allowed: false, resetMs: 1 });
    // Both requests of that second drop together; the one made at 60.877 s counts until 121.877 s.
    expect(await at(119_877)).toEqual({ allowed: true, remaining: 1, resetMs: 2_000 });
  });

  it('keeps every span of the window within the limit, counts no refusal, and tells the truth about the reset', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom(SHORT, MINUTE),
        fc.integer({ min: 0, max: 2 ** 41 }),
        fc.array(fc.integer({ min: 0, max: 2_500 }), { minLength: 1, maxLength: 40 }),
        async (limit, window, start, gaps) => {
          const bucket = freshBucket();
          const expected = model(window);
          const allowed: number[] = [];
          let now = start;
          for (const gap of gaps) {
            now += window === MINUTE ? gap * 12 : gap;
            const got = await counters.slide(bucket, limit, window, now);
            const want = expected.hit(now, limit);
            expect(got).toEqual(want);
            if (got.allowed) allowed.push(now);
            else {
              expect(expected.allowedAt(now + got.resetMs - 1, limit)).toBe(false);
              expect(expected.allowedAt(now + got.resetMs, limit)).toBe(true);
            }
          }
          for (const from of allowed) {
            const within = allowed.filter((t) => t >= from && t < from + window.windowMs);
            expect(within.length).toBeLessThanOrEqual(limit);
          }
        },
      ),
      { numRuns: kind.name === 'Redis' ? 60 : 300 },
    );
  });

  it('keeps buckets apart', async () => {
    const a = freshBucket();
    const b = freshBucket();
    const now = 1_700_000_000_000;
    expect(await counters.slide(a, 1, MINUTE, now)).toMatchObject({ allowed: true });
    expect(await counters.slide(a, 1, MINUTE, now)).toMatchObject({ allowed: false });
    expect(await counters.slide(b, 1, MINUTE, now)).toMatchObject({ allowed: true });
  });
});

describe('in-process sliding windows', () => {
  it('are swept once their newest request stops counting', async () => {
    const clock = fakeClock(1_700_000_000_500);
    const counters = new MemoryCounters(clock, 60_000);
    try {
      await counters.slide('b', 5, SHORT, clock());
      counters.sweep(clock() + 6_499);
      expect(counters.size).toBe(1);
      counters.sweep(clock() + 6_500);
      expect(counters.size).toBe(0);
    } finally {
      await counters.close();
    }
  });

  it('count in the process while the shared store is down', async () => {
    const down: RateLimitCounters = {
      hit: async () => Promise.reject(new Error('down')),
      slide: async () => Promise.reject(new Error('down')),
      peek: async () => Promise.reject(new Error('down')),
      close: async () => {},
    };
    const counters = new FallbackCounters(down, new MemoryCounters(() => 0), silentLog);
    try {
      expect(await counters.slide('b', 1, MINUTE, 5_000)).toMatchObject({ allowed: true });
      expect(await counters.slide('b', 1, MINUTE, 5_000)).toMatchObject({ allowed: false });
    } finally {
      await counters.close();
    }
  });
});

describe.skipIf(REDIS_URL === undefined)('a shared-store failure, logged', () => {
  it('names no bucket: neither the client address nor anything else of the failed command', async () => {
    const prefix = `scanpin:test:sliding-log:${process.pid}:${Date.now()}:`;
    const bucket = 'installation:ip:192.0.2.77';
    const raw = new Redis(REDIS_URL as string);
    // A value of the wrong type makes Redis refuse the script; ioredis puts the command on the error.
    await raw.set(`${prefix}sliding:${bucket}`, 'not a hash', 'PX', 60_000);
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const redis = new RedisCounters(REDIS_URL as string, prefix);
    const counters = new FallbackCounters(redis, new MemoryCounters(() => 0), createLogger('info', sink));
    try {
      expect(await redis.connected(5_000)).toBe(true);
      expect(await counters.slide(bucket, 1, MINUTE, 5_000)).toMatchObject({ allowed: true });
      expect(lines.join('')).toContain('shared rate-limit store unreachable');
      expect(lines.join('')).toContain('WRONGTYPE');
      expect(lines.join('')).not.toContain('192.0.2.77');
    } finally {
      await counters.close();
      await raw.quit();
    }
  });
});

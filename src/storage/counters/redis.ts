import { Redis } from 'ioredis';
import type { CountedHit, RateLimitCounters, WindowUsage } from './rate-limit-counters.js';

// Atomic check-then-count: a spent budget is reported without incrementing, and the window's
// expiry is set by the request that opens it. Returns { allowed (0|1), count, pttl }.
const HIT_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count >= tonumber(ARGV[1]) then
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then
    redis.call('PEXPIRE', KEYS[1], ARGV[2])
    ttl = tonumber(ARGV[2])
  end
  return {0, count, ttl}
end
count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {1, count, ttl}
`;

type HitReply = [number, number, number];

/** Counters shared by every instance through Redis, so the limit holds across instances. */
export class RedisCounters implements RateLimitCounters {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'scanpin:rl:',
  ) {
    // Fail fast while disconnected or slow: the caller falls back to local counters (see fallback.ts)
    // rather than holding requests until Redis returns.
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 1000 });
    // Connection errors surface through failed commands; without a listener ioredis prints them raw.
    this.redis.on('error', () => {});
    this.redis.defineCommand('scanpinHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  }

  async hit(bucket: string, limit: number, windowMs: number): Promise<CountedHit> {
    const run = (this.redis as unknown as { scanpinHit(k: string, l: number, w: number): Promise<HitReply> })
      .scanpinHit;
    const [allowed, count, ttl] = await run.call(this.redis, this.prefix + bucket, limit, windowMs);
    return { allowed: allowed === 1, remaining: Math.max(0, limit - count), resetMs: ttl };
  }

  /** GET and PTTL together: a key without a live expiry is a window nobody opened properly, so none. */
  async peek(bucket: string): Promise<WindowUsage | null> {
    const key = this.prefix + bucket;
    const replies = await this.redis.multi().get(key).pttl(key).exec();
    if (replies === null) throw new Error('Redis dropped the usage read');
    const [[getErr, raw], [ttlErr, ttl]] = replies as [[Error | null, string | null], [Error | null, number]];
    if (getErr || ttlErr) throw getErr ?? ttlErr;
    if (raw === null || ttl <= 0) return null;
    return { count: Number(raw), resetMs: ttl };
  }

  /**
   * Resolves true once connected, or false on the first connection error or after `timeoutMs`:
   * start-up waits for Redis briefly, then serves with local counters rather than not at all.
   */
  async connected(timeoutMs: number): Promise<boolean> {
    if (this.redis.status === 'ready') return true;
    return new Promise((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer);
        this.redis.off('ready', onReady);
        this.redis.off('error', onError);
        resolve(ok);
      };
      const onReady = () => done(true);
      const onError = () => done(false);
      const timer = setTimeout(() => done(false), timeoutMs);
      this.redis.once('ready', onReady);
      this.redis.once('error', onError);
    });
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

import { Redis } from 'ioredis';
import type { CountedHit, RateLimitCounters, SlidingWindow, WindowUsage } from './rate-limit-counters.js';

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

// A sliding window (rate-limit-counters.ts, `SlidingWindow`), checked and counted in one script:
// the rule of `countSliding` in sliding-window.ts. The bucket is a hash from slot index to count.
// ARGV: limit, slots per window, slot length (ms), now (ms), the slot of now (as the field's name).
// Returns { allowed (0|1), counted, ms until the oldest slots free room (see untilFreed) }.
const SLIDE_SCRIPT = `
local limit = tonumber(ARGV[1])
local span = tonumber(ARGV[2])
local slotMs = tonumber(ARGV[3])
local now = tonumber(ARGV[4])
local current = tonumber(ARGV[5])
local raw = redis.call('HGETALL', KEYS[1])
local slots = {}
local total = 0
for i = 1, #raw, 2 do
  local index = tonumber(raw[i])
  if index < current - span then
    redis.call('HDEL', KEYS[1], raw[i])
  else
    local count = tonumber(raw[i + 1])
    slots[#slots + 1] = { index, count }
    total = total + count
  end
end
local allowed = 0
if total < limit then
  allowed = 1
  total = total + 1
  local found = false
  for _, slot in ipairs(slots) do
    if slot[1] == current then
      slot[2] = slot[2] + 1
      found = true
    end
  end
  if not found then slots[#slots + 1] = { current, 1 } end
  redis.call('HINCRBY', KEYS[1], ARGV[5], 1)
end
if #slots == 0 then return { allowed, total, slotMs - (now % slotMs) } end
table.sort(slots, function(a, b) return a[1] < b[1] end)
redis.call('PEXPIRE', KEYS[1], (slots[#slots][1] + span + 1) * slotMs - now)
local freed = 0
for _, slot in ipairs(slots) do
  freed = freed + slot[2]
  if total - freed < limit then return { allowed, total, (slot[1] + span + 1) * slotMs - now } end
end
return { allowed, total, slotMs - (now % slotMs) }
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
    this.redis.defineCommand('scanpinSlide', { numberOfKeys: 1, lua: SLIDE_SCRIPT });
  }

  async hit(bucket: string, limit: number, windowMs: number): Promise<CountedHit> {
    const run = (this.redis as unknown as { scanpinHit(k: string, l: number, w: number): Promise<HitReply> })
      .scanpinHit;
    const [allowed, count, ttl] = await run.call(this.redis, this.prefix + bucket, limit, windowMs);
    return { allowed: allowed === 1, remaining: Math.max(0, limit - count), resetMs: ttl };
  }

  /**
   * Time is the caller's clock, as in-process counters count by it; instances sharing a Redis are
   * assumed to keep their clocks in step. The hash is named apart from the fixed windows' strings.
   */
  async slide(bucket: string, limit: number, window: SlidingWindow, now: number): Promise<CountedHit> {
    const run = (
      this.redis as unknown as {
        scanpinSlide(
          k: string,
          l: number,
          span: number,
          slotMs: number,
          now: number,
          slot: string,
        ): Promise<HitReply>;
      }
    ).scanpinSlide;
    const at = Math.floor(now);
    const [allowed, count, resetMs] = await run.call(
      this.redis,
      `${this.prefix}sliding:${bucket}`,
      limit,
      window.windowMs / window.slotMs,
      window.slotMs,
      at,
      String(Math.floor(at / window.slotMs)),
    );
    return { allowed: allowed === 1, remaining: Math.max(0, limit - count), resetMs };
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

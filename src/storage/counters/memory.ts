import type { CountedHit, RateLimitCounters, WindowUsage } from './rate-limit-counters.js';

interface Window {
  count: number;
  resetAt: number;
}

/** Counters in process memory: right for one process without REDIS_URL (docs/api.md, "Rate limits"). */
export class MemoryCounters implements RateLimitCounters {
  private readonly windows = new Map<string, Window>();
  private readonly sweeper: NodeJS.Timeout;

  /** `clock` is the one hits are counted with, so sweeping agrees with them about what has lapsed. */
  constructor(
    private readonly clock: () => number = Date.now,
    sweepEveryMs = 60_000,
  ) {
    this.sweeper = setInterval(() => this.sweep(this.clock()), sweepEveryMs);
    this.sweeper.unref();
  }

  async hit(bucket: string, limit: number, windowMs: number, now: number): Promise<CountedHit> {
    let w = this.windows.get(bucket);
    if (w === undefined || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowMs };
      this.windows.set(bucket, w);
    }
    const allowed = w.count < limit;
    if (allowed) w.count++;
    return { allowed, remaining: Math.max(0, limit - w.count), resetMs: w.resetAt - now };
  }

  async peek(bucket: string, now: number): Promise<WindowUsage | null> {
    const w = this.windows.get(bucket);
    if (w === undefined || w.resetAt <= now) return null;
    return { count: w.count, resetMs: w.resetAt - now };
  }

  /** Drops windows that have lapsed as of `now`; exposed so tests can run it on their own clock. */
  sweep(now: number): void {
    for (const [bucket, w] of this.windows) if (w.resetAt <= now) this.windows.delete(bucket);
  }

  /** Buckets currently held (for tests of the sweeper). */
  get size(): number {
    return this.windows.size;
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.windows.clear();
  }
}

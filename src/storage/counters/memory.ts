import type { CountedHit, RateLimitCounters, SlidingWindow, WindowUsage } from './rate-limit-counters.js';
import { countSliding, type Slot, slidingExpiry } from './sliding-window.js';

interface Window {
  count: number;
  resetAt: number;
}

interface Sliding {
  slots: Slot[];
  /** When the newest slot stops counting: the bucket holds nothing from then on. */
  expiresAt: number;
}

/** Counters in process memory: right for one process without REDIS_URL (docs/api.md, "Rate limits"). */
export class MemoryCounters implements RateLimitCounters {
  private readonly windows = new Map<string, Window>();
  private readonly sliding = new Map<string, Sliding>();
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

  async slide(bucket: string, limit: number, window: SlidingWindow, now: number): Promise<CountedHit> {
    let s = this.sliding.get(bucket);
    if (s === undefined) {
      s = { slots: [], expiresAt: 0 };
      this.sliding.set(bucket, s);
    }
    const counted = countSliding(s.slots, limit, window, now);
    s.expiresAt = slidingExpiry(s.slots, window);
    if (s.slots.length === 0) this.sliding.delete(bucket);
    return counted;
  }

  async peek(bucket: string, now: number): Promise<WindowUsage | null> {
    const w = this.windows.get(bucket);
    if (w === undefined || w.resetAt <= now) return null;
    return { count: w.count, resetMs: w.resetAt - now };
  }

  /** Drops windows that have lapsed as of `now`; exposed so tests can run it on their own clock. */
  sweep(now: number): void {
    for (const [bucket, w] of this.windows) if (w.resetAt <= now) this.windows.delete(bucket);
    for (const [bucket, s] of this.sliding) if (s.expiresAt <= now) this.sliding.delete(bucket);
  }

  /** Buckets currently held (for tests of the sweeper). */
  get size(): number {
    return this.windows.size + this.sliding.size;
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.windows.clear();
    this.sliding.clear();
  }
}

import type { HitResult, RateLimitStore } from './rate-limit-store.js';

interface Window {
  count: number;
  resetAt: number;
}

/** Counters in process memory: right for one process without REDIS_URL (CONTRACT §5). */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, Window>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(sweepEveryMs = 60_000) {
    this.sweeper = setInterval(() => this.sweep(Date.now()), sweepEveryMs);
    this.sweeper.unref();
  }

  async hit(bucket: string, limit: number, windowMs: number, now: number): Promise<HitResult> {
    let w = this.windows.get(bucket);
    if (w === undefined || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowMs };
      this.windows.set(bucket, w);
    }
    const allowed = w.count < limit;
    if (allowed) w.count++;
    return { allowed, limit, remaining: Math.max(0, limit - w.count), resetMs: w.resetAt - now };
  }

  private sweep(now: number): void {
    for (const [bucket, w] of this.windows) if (w.resetAt <= now) this.windows.delete(bucket);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.windows.clear();
  }
}

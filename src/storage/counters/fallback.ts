import type { ServiceLog } from '../../logger.js';
import type { CountedHit, RateLimitCounters, WindowUsage } from './rate-limit-counters.js';

const WARN_EVERY_MS = 30_000;

/**
 * Shared counters (Redis) with a local fallback: while the shared store is unreachable, each instance
 * keeps limiting with its own counters instead of failing every request. Limits are then per
 * instance, which is the degraded but safe direction; the outage is logged, at most every 30 s.
 */
export class FallbackCounters implements RateLimitCounters {
  private lastWarning = 0;

  constructor(
    private readonly primary: RateLimitCounters,
    private readonly fallback: RateLimitCounters,
    private readonly log: ServiceLog,
  ) {}

  async hit(bucket: string, limit: number, windowMs: number, now: number): Promise<CountedHit> {
    try {
      return await this.primary.hit(bucket, limit, windowMs, now);
    } catch (err) {
      this.warn(err);
      return this.fallback.hit(bucket, limit, windowMs, now);
    }
  }

  /** While the shared store is down, the local counters are the ones requests are counted in. */
  async peek(bucket: string, now: number): Promise<WindowUsage | null> {
    try {
      return await this.primary.peek(bucket, now);
    } catch (err) {
      this.warn(err);
      return this.fallback.peek(bucket, now);
    }
  }

  private warn(err: unknown): void {
    if (Date.now() - this.lastWarning < WARN_EVERY_MS) return;
    this.lastWarning = Date.now();
    this.log.warn({ err }, 'shared rate-limit store unreachable; counting in this process until it is back');
  }

  async close(): Promise<void> {
    await Promise.all([this.primary.close(), this.fallback.close()]);
  }
}

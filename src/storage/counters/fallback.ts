import type { ServiceLog } from '../../logger.js';
import type { CountedHit, RateLimitCounters, SlidingWindow, WindowUsage } from './rate-limit-counters.js';

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

  async slide(bucket: string, limit: number, window: SlidingWindow, now: number): Promise<CountedHit> {
    try {
      return await this.primary.slide(bucket, limit, window, now);
    } catch (err) {
      this.warn(err);
      return this.fallback.slide(bucket, limit, window, now);
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
    this.log.warn(
      { sharedStoreError: describe(err) },
      'shared rate-limit store unreachable; counting in this process until it is back',
    );
  }

  async close(): Promise<void> {
    await Promise.all([this.primary.close(), this.fallback.close()]);
  }
}

/**
 * What the warning says of the failure: its kind and message, never the whole error. ioredis puts
 * the failed command on its errors (`command.args`), and a bucket's name holds the client's address
 * or an API key's id (docs/operations.md, "Logs").
 */
function describe(err: unknown): { type: string; message: string } {
  return err instanceof Error
    ? { type: err.name, message: err.message }
    : { type: typeof err, message: 'not an Error' };
}

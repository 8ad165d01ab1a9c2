/** Outcome of counting one request. */
export interface CountedHit {
  allowed: boolean;
  remaining: number;
  /**
   * Milliseconds until a fixed window resets; for a sliding one, until the oldest request still
   * counted stops counting, or when refused, until one more request would be allowed.
   */
  resetMs: number;
}

/** A bucket's window as it stands, read without counting. */
export interface WindowUsage {
  count: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

/**
 * A window that slides (docs/api.md, "Rate limits"), counted in slots of `slotMs` (a whole divisor
 * of `windowMs`): requests count by the slot they fall in, and a slot counts until it is a whole
 * window old, so no span of `windowMs` ever holds more than the limit. The rule itself:
 * `sliding-window.ts`, and the Lua script in `redis.ts`.
 */
export interface SlidingWindow {
  windowMs: number;
  slotMs: number;
}

/** Where request counters live: in process, or in Redis when several instances share a budget. */
export interface RateLimitCounters {
  /**
   * Counts a request in a fixed window that opens with the bucket's first request, unless the budget
   * is already spent (a refused request does not count).
   */
  hit(bucket: string, limit: number, windowMs: number, now: number): Promise<CountedHit>;
  /** Counts a request in a sliding window unless the budget is spent (a refused request does not count). */
  slide(bucket: string, limit: number, window: SlidingWindow, now: number): Promise<CountedHit>;
  /** The bucket's open window, or null when none is open (no request yet, or it lapsed). Counts nothing. */
  peek(bucket: string, now: number): Promise<WindowUsage | null>;
  close(): Promise<void>;
}

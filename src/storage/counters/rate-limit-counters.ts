/** Outcome of counting one request against a fixed window that starts with the bucket's first request. */
export interface CountedHit {
  allowed: boolean;
  remaining: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

/** A bucket's window as it stands, read without counting. */
export interface WindowUsage {
  count: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

/** Where request counters live: in process, or in Redis when several instances share a budget. */
export interface RateLimitCounters {
  /** Counts a request unless the budget is already spent (a refused request does not count). */
  hit(bucket: string, limit: number, windowMs: number, now: number): Promise<CountedHit>;
  /** The bucket's open window, or null when none is open (no request yet, or it lapsed). Counts nothing. */
  peek(bucket: string, now: number): Promise<WindowUsage | null>;
  close(): Promise<void>;
}

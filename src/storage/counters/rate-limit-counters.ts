/** Outcome of counting one request against a fixed window that starts with the bucket's first request. */
export interface CountedHit {
  allowed: boolean;
  remaining: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

/** Where request counters live: in process, or in Redis when several instances share a budget. */
export interface RateLimitCounters {
  /** Counts a request unless the budget is already spent (a refused request does not count). */
  hit(bucket: string, limit: number, windowMs: number, now: number): Promise<CountedHit>;
  close(): Promise<void>;
}

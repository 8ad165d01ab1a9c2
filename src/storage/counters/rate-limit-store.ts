/** Outcome of counting one request against a fixed window that starts with the bucket's first request. */
export interface HitResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

export interface RateLimitStore {
  /** Counts a request unless the budget is already spent (a refused request does not count). */
  hit(bucket: string, limit: number, windowMs: number, now: number): Promise<HitResult>;
  close(): Promise<void>;
}

import type { RateLimitCounters } from '../storage/counters/rate-limit-counters.js';

/*
 * Rate limiting, all of it (docs/api.md, "Rate limits"): which buckets exist, how long their windows
 * are, how they are named in the shared counters, and the decision every limited answer is built
 * from. The keyed /v1 API and the scanner's start call both come here; the HTTP layer only copies a
 * decision into headers.
 *
 * Why not @fastify/rate-limit: its stores count a request before deciding, so a refused request
 * would spend budget (docs/api.md: a 429 does not count), its local store reads Date.now() rather
 * than our clock, and on a store error it can only skip limiting, not fall back to local counters.
 */

export type RateLimitWindow = 'hour' | 'minute';

/** What one counted (or refused) request learned about its bucket. */
export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the window resets; at least 1. */
  resetSeconds: number;
  window: RateLimitWindow;
}

export interface RateLimitSettings {
  /** Default budget per API key per hour; a key may carry its own. */
  perKeyPerHour: number;
  /** Requests without a valid key, per client IP. */
  unauthenticatedPerMinute: number;
  /** Scan starts per client IP (the PIN is the only secret there). */
  scannerStartPerMinute: number;
}

const WINDOW_MS: Record<RateLimitWindow, number> = { hour: 3_600_000, minute: 60_000 };

/** The key fields a bucket is named by: the row id alone repeats across installations and restores. */
export interface KeyIdentity {
  keyId: number;
  createdAt: number;
  rateLimitPerHour: number | null;
}

/** A bucket's use so far, read without counting (the dashboard's overview). */
export interface RateLimitUsage {
  used: number;
  limit: number;
  /** Whole seconds until the window resets; null when no window is open (no request yet, or it lapsed). */
  resetSeconds: number | null;
}

export interface RateLimiter {
  forKey(key: KeyIdentity): Promise<RateLimitDecision>;
  /** The key's hourly budget as it stands; spends none of it. */
  usageOfKey(key: KeyIdentity): Promise<RateLimitUsage>;
  forUnauthenticated(ip: string): Promise<RateLimitDecision>;
  /**
   * The signed-out pages and calls (sign-in, invite previews, share links, Discord sign-in), per
   * client IP with the same per-minute limit, in a bucket of their own: a script guessing API keys
   * from behind a shared address does not lock people out of signing in there.
   */
  forSignedOut(ip: string): Promise<RateLimitDecision>;
  forScannerStart(ip: string): Promise<RateLimitDecision>;
  /** The dashboard's API: per signed-in session, not against any key's budget. */
  forSession(sessionId: number): Promise<RateLimitDecision>;
}

/** Requests per dashboard session per minute: generous for a person, a wall for a runaway script. */
export const SESSION_PER_MINUTE = 600;

/**
 * `installationId` is recorded in the store on first start, so two installations (or a backup
 * restored beside the original) that share one Redis never share a budget.
 */
export function createRateLimiter(
  counters: RateLimitCounters,
  settings: RateLimitSettings,
  installationId: string,
  clock: () => number,
): RateLimiter {
  async function hit(bucket: string, limit: number, window: RateLimitWindow): Promise<RateLimitDecision> {
    const counted = await counters.hit(`${installationId}:${bucket}`, limit, WINDOW_MS[window], clock());
    return {
      allowed: counted.allowed,
      limit,
      remaining: counted.remaining,
      resetSeconds: Math.max(1, Math.ceil(counted.resetMs / 1000)),
      window,
    };
  }

  // One name for a key's bucket, whether it is counted or only read.
  const keyBucket = (key: KeyIdentity) => `key:${key.keyId}.${key.createdAt.toString(36)}`;
  const keyLimit = (key: KeyIdentity) => key.rateLimitPerHour ?? settings.perKeyPerHour;

  return {
    forKey: (key) => hit(keyBucket(key), keyLimit(key), 'hour'),
    async usageOfKey(key) {
      const open = await counters.peek(`${installationId}:${keyBucket(key)}`, clock());
      return {
        used: open?.count ?? 0,
        limit: keyLimit(key),
        resetSeconds: open === null ? null : Math.max(1, Math.ceil(open.resetMs / 1000)),
      };
    },
    forUnauthenticated: (ip) => hit(`ip:${ip}`, settings.unauthenticatedPerMinute, 'minute'),
    forSignedOut: (ip) => hit(`signed-out:${ip}`, settings.unauthenticatedPerMinute, 'minute'),
    forScannerStart: (ip) => hit(`scanner-start:${ip}`, settings.scannerStartPerMinute, 'minute'),
    forSession: (sessionId) => hit(`session:${sessionId}`, SESSION_PER_MINUTE, 'minute'),
  };
}

import { clientAddressKey } from '../domain/client-address.js';
import type {
  CountedHit,
  RateLimitCounters,
  SlidingWindow,
} from '../storage/counters/rate-limit-counters.js';

/*
 * Rate limiting, all of it (docs/api.md, "Rate limits"): which buckets exist, how long their windows
 * are, how they are named in the shared counters, and the decision every limited answer is built
 * from. The keyed /v1 API and the scanner's start call both come here; the HTTP layer only copies a
 * decision into headers.
 *
 * Why not @fastify/rate-limit: its stores count a request before deciding, so a refused request
 * would spend budget (docs/api.md: a 429 does not count), its local store reads Date.now() rather
 * than our clock, and on a store error it can only skip limiting, not fall back to local counters.
 * rate-limiter-flexible has the same three traits (it counts first, its windows are fixed per key,
 * its memory store reads Date.now()), and no store shaped like our counters.
 *
 * Two kinds of window. A key's hourly budget is a fixed window opened by its first request, as
 * published. The per-address buckets (requests without a valid key, refused credentials, the
 * signed-out routes, scan starts) slide: a request counts until a minute after the end of the second
 * it was made in, so no 60 seconds ever hold more than the limit; a fixed window let a client spend
 * it twice across the window's end. The address is counted by its /64 when it is IPv6
 * (domain/client-address.ts).
 */

export type RateLimitWindow = 'hour' | 'minute';

/** What one counted (or refused) request learned about its bucket. */
export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /**
   * Whole seconds, at least 1: until a fixed window resets, or for a sliding one until the oldest
   * request still counted stops counting (when refused: until one more request would be allowed).
   */
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
  /** Evidence uploads per scan session and hour (docs/security.md, "Evidence uploads"). */
  evidenceUploadsPerScan: number;
  /** Evidence uploads per client IP and minute, whatever the session. */
  evidenceUploadsPerMinute: number;
}

const WINDOW_MS: Record<RateLimitWindow, number> = { hour: 3_600_000, minute: 60_000 };

/**
 * The per-address buckets' window: a minute in 60 one-second slots. The slot a request falls in
 * counts whole until it is a full minute old, so a request counts 60 to 61 seconds and never less.
 */
const PER_ADDRESS_WINDOW: SlidingWindow = { windowMs: 60_000, slotMs: 1_000 };

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
  /**
   * Evidence uploads, per scan and per client IP: each costs a worker far more than its bytes, so a
   * session that keeps uploading, or an address with many sessions, is refused before the body is read.
   */
  forEvidenceUpload(pinId: number, ip: string): Promise<RateLimitDecision>;
  /**
   * A report sent to `finish`, in the same per-scan bucket as evidence uploads (a refused report leaves
   * its scan open too), but not per address: a report is small and decoded at once, and bots and
   * tests finish many scans from one address.
   */
  forReport(pinId: number): Promise<RateLimitDecision>;
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
  const decision = (counted: CountedHit, limit: number, window: RateLimitWindow): RateLimitDecision => ({
    allowed: counted.allowed,
    limit,
    remaining: counted.remaining,
    resetSeconds: Math.max(1, Math.ceil(counted.resetMs / 1000)),
    window,
  });

  async function hit(bucket: string, limit: number, window: RateLimitWindow): Promise<RateLimitDecision> {
    const counted = await counters.hit(`${installationId}:${bucket}`, limit, WINDOW_MS[window], clock());
    return decision(counted, limit, window);
  }

  /** A per-address bucket: `kind` names it, the address is counted by its key (IPv6 by /64). */
  async function slide(kind: string, address: string, limit: number): Promise<RateLimitDecision> {
    const bucket = `${installationId}:${kind}:${clientAddressKey(address)}`;
    const counted = await counters.slide(bucket, limit, PER_ADDRESS_WINDOW, clock());
    return decision(counted, limit, 'minute');
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
    forUnauthenticated: (ip) => slide('ip', ip, settings.unauthenticatedPerMinute),
    forSignedOut: (ip) => slide('signed-out', ip, settings.unauthenticatedPerMinute),
    forScannerStart: (ip) => slide('scanner-start', ip, settings.scannerStartPerMinute),
    // The session's own bucket first: a session that keeps uploading spends only its own budget,
    // not its address's, which other players behind the same address share.
    forReport: (pinId) => hit(`evidence-scan:${pinId}`, settings.evidenceUploadsPerScan, 'hour'),
    async forEvidenceUpload(pinId, ip) {
      const perScan = await hit(`evidence-scan:${pinId}`, settings.evidenceUploadsPerScan, 'hour');
      if (!perScan.allowed) return perScan;
      return slide('evidence', ip, settings.evidenceUploadsPerMinute);
    },
    forSession: (sessionId) => hit(`session:${sessionId}`, SESSION_PER_MINUTE, 'minute'),
  };
}

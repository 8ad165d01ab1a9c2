import type { RiskFacts } from './risk-score.js';

export type OverallStatus = 'clean' | 'suspicious' | 'cheating' | 'banned';
export type BanKind = 'banned' | 'warned';

/** A ban or warning as stored: active unless lifted or past its expiry. */
export interface BanFacts {
  status: BanKind;
  expiresAt: number | null;
  liftedAt: number | null;
}

/** In force: neither lifted nor past its expiry. */
export function isInForce(ban: BanFacts, now: number): boolean {
  return ban.liftedAt === null && (ban.expiresAt === null || ban.expiresAt > now);
}

/** `banned`/`warned` while in force, `expired` once lifted or past its expiry (docs/api.md). */
export function displayStatus(ban: BanFacts, now: number): BanKind | 'expired' {
  return isInForce(ban, now) ? ban.status : 'expired';
}

/** Banned, else cheating, else suspicious (a suspicious scan or an active warning), else clean (docs/risk-score.md). */
export function overallStatus(f: {
  activeBan: boolean;
  activeWarning: boolean;
  cheatingScans: number;
  suspiciousScans: number;
}): OverallStatus {
  if (f.activeBan) return 'banned';
  if (f.cheatingScans > 0) return 'cheating';
  if (f.suspiciousScans > 0 || f.activeWarning) return 'suspicious';
  return 'clean';
}

/** Risk facts of one hardware-ID profile from its counters and the bans that cover it. */
export function profileFacts(
  counters: {
    cheating_scans: number;
    suspicious_scans: number;
    total_detections: number;
    unique_detections: number;
    suspicious_findings: number;
  },
  bans: readonly BanFacts[],
  now: number,
): RiskFacts {
  const active = bans.filter((b) => isInForce(b, now));
  return {
    cheatingScans: counters.cheating_scans,
    suspiciousScans: counters.suspicious_scans,
    totalDetections: counters.total_detections,
    uniqueDetections: counters.unique_detections,
    suspiciousFindings: counters.suspicious_findings,
    activeBan: active.some((b) => b.status === 'banned'),
    activeWarning: active.some((b) => b.status === 'warned'),
  };
}

/** Whether any ban or warning on the user's hardware is in force: it reaches every account there. */
export function banState(bans: readonly BanFacts[], now: number): { isBanned: boolean; isWarned: boolean } {
  const inForce = bans.filter((b) => isInForce(b, now));
  return {
    isBanned: inForce.some((b) => b.status === 'banned'),
    isWarned: inForce.some((b) => b.status === 'warned'),
  };
}

/**
 * The first moment after `now` at which one of these bans stops being in force by running out
 * (Infinity if none will): until then, everything computed from them as of `now` stays true.
 */
export function nextExpiry(bans: readonly BanFacts[], now: number): number {
  let next = Number.POSITIVE_INFINITY;
  for (const b of bans) {
    if (b.liftedAt === null && b.expiresAt !== null && b.expiresAt > now && b.expiresAt < next) {
      next = b.expiresAt;
    }
  }
  return next;
}

import type { Verdict } from './pin-lifecycle.js';
import type { StoredReport } from './scan-report.js';

/**
 * Share links (docs/dashboard.md, "Sharing"): a public page for one finished scan, expiring after
 * 7 days unless chosen otherwise (30 at most), revocable, and redacted: nothing on it identifies the
 * player or the community that scanned them.
 */

export const DEFAULT_SHARE_DAYS = 7;
export const MAX_SHARE_DAYS = 30;
const DAY_MS = 24 * 3_600_000;

export function shareExpiry(now: number, days: number = DEFAULT_SHARE_DAYS): number {
  return now + Math.min(Math.max(1, Math.floor(days)), MAX_SHARE_DAYS) * DAY_MS;
}

export function isShareLive(link: { expiresAt: number; revokedAt: number | null }, now: number): boolean {
  return link.revokedAt === null && now < link.expiresAt;
}

/**
 * Who may withdraw a share link (docs/dashboard.md, "Sharing"): whoever made it, and the owner of the
 * active Enterprise the PIN was created under (`enterpriseOwnerId`, null when it has none). Another
 * member who may see the PIN may make links of their own but not withdraw someone else's: a link
 * handed to a player appealing a ban is the maker's word, which a colleague should not take back.
 */
export function mayWithdrawShareLink(
  link: { createdByAccountId: number },
  enterpriseOwnerId: number | null,
  accountId: number,
): boolean {
  return link.createdByAccountId === accountId || enterpriseOwnerId === accountId;
}

/** What a shared result shows. No Discord account, hardware ID, IP, logon name or creator. */
export interface SharedResult {
  game: string;
  verdict: Verdict;
  scannedAt: number;
  detections: string[];
  suspicious: string[];
  warnings: string[];
  untrusted: string[];
  integrity: string[];
  customSuspicious: string[];
  vpn: string | null;
  country: string | null;
  windows: string | null;
  scantime: string | null;
}

/**
 * Scan findings are often file paths, and a path under a user profile names the player's account on
 * their PC (C:\\Users\\<name>\\…). The shared page keeps the path and drops the name.
 */
export function withoutProfileNames(entry: string): string {
  return entry
    .replace(/([A-Za-z]:[\\/](?:Users|Documents and Settings)[\\/])[^\\/]+/gi, '$1…')
    .replace(/(\/(?:home|Users)\/)[^/]+/g, '$1…');
}

const scrub = (entries: readonly string[]) => entries.map(withoutProfileNames);

export function redactForSharing(
  pin: { type: string },
  verdict: Verdict,
  finishedAt: number,
  report: StoredReport,
): SharedResult {
  return {
    game: pin.type,
    verdict,
    scannedAt: finishedAt,
    detections: scrub(report.detections),
    suspicious: scrub(report.suspicious),
    warnings: scrub(report.warnings),
    untrusted: scrub(report.untrusted),
    integrity: scrub(report.integrity),
    customSuspicious: scrub(report.customSuspicious),
    vpn: report.vpn,
    country: report.country,
    windows: report.windows,
    scantime: report.scantime,
  };
}

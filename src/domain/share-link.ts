import type { AssuranceLevel } from './assurance.js';
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
  /**
   * How far the result can be trusted and why not more (docs/scan-client.md, "Trust"); null for scans
   * finished before it was recorded. The client's name is left out: the reasons say what matters.
   */
  assurance: { level: AssuranceLevel; reasons: string[] } | null;
}

/** What a profile folder's name is replaced with on a shared page. */
export const PROFILE_NAME_PLACEHOLDER = '…';

/**
 * Folders whose children are user profiles named after the user, compared as Windows compares
 * names: in any case, trailing dots and spaces ignored, and as the last word of a segment
 * (`"C:\Users` in quoted text). `home` only after a forward slash, as on Linux.
 */
function isProfileParent(segment: string, separatorBefore: string): boolean {
  const word = segment.replace(/[. ]+$/u, '').toLowerCase();
  if (/(?:^|[^\p{L}\p{N}_])(?:users|documents and settings|docume~1)$/u.test(word)) return true;
  return word === 'home' && separatorBefore.endsWith('/');
}

/**
 * Scan findings are often file paths, and a path under a user profile names the player's account on
 * their PC (`C:\Users\<name>\…`). The shared page keeps the path and drops the name, however
 * Windows lets that folder be written (docs/dashboard.md, "Sharing"): any drive or none,
 * `\\server\share\Users\…`, `\\?\C:\Users\…`, `\Device\HarddiskVolume3\Users\…`, either slash
 * and runs of them, any case. `.` and `..` are followed as Windows resolves them, so in
 * `C:\Users\.\name`, `C:\Users\..\Users\name` and `C:\Users\x\..\name` the name goes too.
 */
export function withoutProfileNames(entry: string): string {
  // Even indexes are segments, odd ones the runs of separators between them.
  const parts = entry.split(/([\\/]+)/);
  /** The folders the path has reached so far, `.` and `..` applied: each segment and its separator. */
  const reached: Array<{ segment: string; separatorBefore: string }> = [];
  for (let i = 0; i < parts.length; i += 2) {
    const segment = parts[i] ?? '';
    const separatorBefore = parts[i - 1] ?? '';
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      reached.pop();
      continue;
    }
    const parent = reached.at(-1);
    if (parent !== undefined && isProfileParent(parent.segment, parent.separatorBefore)) {
      parts[i] = PROFILE_NAME_PLACEHOLDER;
    }
    reached.push({ segment, separatorBefore });
  }
  return parts.join('');
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
    assurance:
      report.assurance === null
        ? null
        : { level: report.assurance.level, reasons: scrub(report.assurance.reasons) },
  };
}

import { PLAYER_LIST_LIMITS } from '../../domain/player-list-limits.js';
import { type OverallStatus, overallStatus } from '../../domain/player-status.js';
import { type OwnReportsSummary, summarizeOwnReports } from '../../domain/report-provenance.js';
import { riskLevel, riskScore } from '../../domain/risk-score.js';
import type { EnterpriseReport } from '../../storage/repositories/report-provenance.js';
import type { LookupResult } from './lookup.js';
import type { RiskScoreResult } from './risk-score.js';

/*
 * What an Enterprise's own reports add to the risk score and lookup its members read
 * (docs/risk-score.md, "Whose scan it is"): reports that could not be tied to the person count inside
 * the Enterprise that ran the scan, and each answer says how many of its scans count for everyone
 * (`shared`) and how many only for the reader's Enterprise (`enterpriseOnly`). Other readers never
 * see them. They link no hardware, so they add no profile, related account or ban.
 */

/**
 * Merged answers, kept while both parts are the same objects: the shared answer is kept until the
 * player's facts change (answers-of-facts.ts) and the reports until a notice drops them
 * (enterprise-reports.ts), so a polled player is merged once, and the surface can keep the text it
 * made of the answer too (http/plugins/serialized-answers.ts). Without this, every lookup of a player
 * with own reports was merged and serialized afresh: a third of the lookups a second
 * (docs/benchmarks.md).
 */
function kept<T extends object>(
  memo: WeakMap<object, WeakMap<object, T>>,
  shared: T,
  reports: readonly EnterpriseReport[],
  merge: () => T,
): T {
  let byReports = memo.get(shared);
  if (byReports === undefined) {
    byReports = new WeakMap();
    memo.set(shared, byReports);
  }
  let answer = byReports.get(reports);
  if (answer === undefined) {
    answer = merge();
    byReports.set(reports, answer);
  }
  return answer;
}
const keptLookups = new WeakMap<object, WeakMap<object, LookupResult>>();
const keptRiskScores = new WeakMap<object, WeakMap<object, RiskScoreResult>>();

type FoundLookup = Extract<LookupResult, { found: true }>;
type FoundRiskScore = Extract<RiskScoreResult, { found: true }>;

/** Distinct names, the first by name, as every detection list of these answers is. */
function mergeNames(
  shown: readonly string[],
  total: number,
  more: readonly string[],
  limit: number,
): { names: string[]; total: number } {
  const known = new Set(shown);
  const added = more.filter((n) => !known.has(n));
  // Exact while the shown list is whole; otherwise a name past it may be counted twice.
  return {
    names: [...shown, ...added].sort().slice(0, limit),
    total: total + added.length,
  };
}

function worse(shared: OverallStatus, own: OwnReportsSummary): OverallStatus {
  if (shared === 'banned' || shared === 'cheating') return shared;
  return overallStatus({
    activeBan: false,
    activeWarning: shared === 'suspicious',
    cheatingScans: own.cheatingScans,
    suspiciousScans: own.suspiciousScans,
  });
}

export function lookupWithOwnReports(
  shared: LookupResult,
  reports: readonly EnterpriseReport[],
): LookupResult {
  if (reports.length === 0) return shared;
  return kept(keptLookups, shared, reports, () => mergeLookup(shared, reports));
}

function mergeLookup(shared: LookupResult, reports: readonly EnterpriseReport[]): LookupResult {
  const own = summarizeOwnReports(reports);
  if (own === undefined) return shared;
  const base: FoundLookup = shared.found
    ? shared
    : {
        found: true,
        discordId: shared.discordId,
        username: own.username,
        totalScans: 0,
        totalDetections: 0,
        overallStatus: 'clean',
        isBanned: false,
        isWarned: false,
        bans: [],
        totalBans: 0,
        detections: [],
        totalUniqueDetections: 0,
        reasons: [],
        totalReasons: 0,
        firstSeenAt: own.firstAt,
        lastSeenAt: own.lastAt,
        gamesScanned: [],
        totalHwids: 0,
        totalRelatedAccounts: 0,
        relatedAccounts: [],
        scansByReach: { shared: 0, enterpriseOnly: 0 },
      };
  const detections = mergeNames(
    base.detections,
    base.totalUniqueDetections,
    own.detections,
    PLAYER_LIST_LIMITS.detections,
  );
  return {
    ...base,
    totalScans: base.totalScans + own.scans,
    totalDetections: base.totalDetections + own.totalDetections,
    overallStatus: worse(base.overallStatus, own),
    detections: detections.names,
    totalUniqueDetections: detections.total,
    firstSeenAt: Math.min(base.firstSeenAt, own.firstAt),
    lastSeenAt: Math.max(base.lastSeenAt, own.lastAt),
    gamesScanned: [...new Set([...base.gamesScanned, ...own.games])],
    scansByReach: { shared: base.scansByReach.shared, enterpriseOnly: own.scans },
  };
}

export function riskScoreWithOwnReports(
  shared: RiskScoreResult,
  reports: readonly EnterpriseReport[],
): RiskScoreResult {
  if (reports.length === 0) return shared;
  return kept(keptRiskScores, shared, reports, () => mergeRiskScore(shared, reports));
}

function mergeRiskScore(shared: RiskScoreResult, reports: readonly EnterpriseReport[]): RiskScoreResult {
  // A scan on hardware the person is linked to by shared reports counts for them already.
  const own = summarizeOwnReports(reports.filter((r) => !r.countedThroughHardware));
  if (own === undefined) return shared;
  const base: FoundRiskScore = shared.found
    ? shared
    : {
        found: true,
        discordId: shared.discordId,
        riskScore: 0,
        riskLevel: 'clean',
        linkedProfiles: 0,
        stats: { totalScans: 0, cheatingScans: 0, suspiciousScans: 0, cleanScans: 0, totalDetections: 0 },
        uniqueCheatsDetected: [],
        totalUniqueCheatsDetected: 0,
        isBanned: false,
        firstScanAt: own.firstAt,
        lastScanAt: own.lastAt,
        lastCheatingAt: null,
        scansByReach: { shared: 0, enterpriseOnly: 0 },
      };
  // The Enterprise's own reports weigh as one more profile: the answer is the highest.
  const ownScore = riskScore({
    cheatingScans: own.cheatingScans,
    suspiciousScans: own.suspiciousScans,
    totalDetections: own.totalDetections,
    uniqueDetections: own.detections.length,
    suspiciousFindings: own.suspiciousFindings,
    activeBan: false,
    activeWarning: false,
  });
  const score = Math.max(base.riskScore, ownScore);
  const names = mergeNames(
    base.uniqueCheatsDetected,
    base.totalUniqueCheatsDetected,
    own.detections,
    PLAYER_LIST_LIMITS.detections,
  );
  const lastCheating =
    own.lastCheatingAt === null
      ? base.lastCheatingAt
      : Math.max(base.lastCheatingAt ?? own.lastCheatingAt, own.lastCheatingAt);
  return {
    ...base,
    riskScore: score,
    riskLevel: riskLevel(score),
    stats: {
      totalScans: base.stats.totalScans + own.scans,
      cheatingScans: base.stats.cheatingScans + own.cheatingScans,
      suspiciousScans: base.stats.suspiciousScans + own.suspiciousScans,
      cleanScans: base.stats.cleanScans + own.cleanScans,
      totalDetections: base.stats.totalDetections + own.totalDetections,
    },
    uniqueCheatsDetected: names.names,
    totalUniqueCheatsDetected: names.total,
    firstScanAt: Math.min(base.firstScanAt, own.firstAt),
    lastScanAt: Math.max(base.lastScanAt, own.lastAt),
    lastCheatingAt: lastCheating,
    scansByReach: { shared: base.scansByReach.shared, enterpriseOnly: own.scans },
  };
}

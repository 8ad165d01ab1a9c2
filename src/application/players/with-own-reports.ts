import { PLAYER_LIST_LIMITS } from '../../domain/player-list-limits.js';
import {
  type BanFacts,
  banState,
  displayStatus,
  nextExpiry,
  type OverallStatus,
  overallStatus,
} from '../../domain/player-status.js';
import { type OwnReportsSummary, summarizeOwnReports } from '../../domain/report-provenance.js';
import { riskLevel, riskScore } from '../../domain/risk-score.js';
import type { EnterpriseSanction } from '../../storage/repositories/moderation.js';
import type { LookupFacts } from '../../storage/repositories/player-snapshots.js';
import { isEmptyRecord, type OwnRecord } from './enterprise-reports.js';
import type { LookupResult } from './lookup.js';
import type { RiskScoreResult } from './risk-score.js';

/*
 * What an Enterprise's own record of a person adds to the risk score and lookup its members read
 * (docs/risk-score.md, "Whose scan it is"; docs/roles.md, "Moderation"):
 * - reports that could not be tied to the person count inside the Enterprise that ran the scan, and
 *   each answer says how many of its scans count for everyone (`shared`) and how many only for the
 *   reader's Enterprise (`enterpriseOnly`). They link no hardware, so they add no profile, related
 *   account or ban.
 * - its bans and warnings that reach only it count exactly as a shared one would: `isBanned`,
 *   `isWarned`, `overallStatus`, `bans[]` and the risk score (on every profile of the player, and on
 *   the one its own reports make);
 * - its notes are among the lookup's `reasons`, category `staff-note`.
 * Other readers never see any of it.
 */

/** The category of an Enterprise's note among a lookup's reasons. */
export const STAFF_NOTE_CATEGORY = 'staff-note';

/**
 * Merged answers, kept while both parts are the same objects and no ban or warning of the record ran
 * out: the shared answer is kept until the player's facts change (answers-of-facts.ts) and the record
 * until a notice drops it (enterprise-reports.ts), so a polled player is merged once, and the surface
 * can keep the text it made of the answer too (http/plugins/serialized-answers.ts). Without this,
 * every lookup of a player with own reports was merged and serialized afresh: a third of the lookups
 * a second (docs/benchmarks.md).
 */
function kept<T extends object>(
  memo: WeakMap<object, WeakMap<object, { answer: T; from: number; until: number }>>,
  shared: T,
  own: OwnRecord,
  now: number,
  merge: () => T,
): T {
  let byRecord = memo.get(shared);
  if (byRecord === undefined) {
    byRecord = new WeakMap();
    memo.set(shared, byRecord);
  }
  const hit = byRecord.get(own);
  if (hit !== undefined && hit.from <= now && now < hit.until) return hit.answer;
  const answer = merge();
  byRecord.set(own, { answer, from: now, until: nextExpiry(own.sanctions.map(sanctionFacts), now) });
  return answer;
}
const keptLookups = new WeakMap<
  object,
  WeakMap<object, { answer: LookupResult; from: number; until: number }>
>();
const keptRiskScores = new WeakMap<
  object,
  WeakMap<object, { answer: RiskScoreResult; from: number; until: number }>
>();

type FoundLookup = Extract<LookupResult, { found: true }>;
type FoundRiskScore = Extract<RiskScoreResult, { found: true }>;

function sanctionFacts(s: EnterpriseSanction): BanFacts {
  return { status: s.status, expiresAt: s.expiresAt, liftedAt: s.liftedAt };
}

/**
 * The player's facts with the record's bans, warnings and notes among them, as if shared: a ban on
 * every hardware profile of the player, a note among their reasons. The same object for the same two,
 * so the answers computed from it are kept as the facts' own are (answers-of-facts.ts), until one of
 * those bans runs out.
 */
export function factsWithOwnRecord(facts: LookupFacts, own: OwnRecord): LookupFacts {
  if (own.sanctions.length === 0 && own.notesTotal === 0) return facts;
  let byRecord = keptFacts.get(facts);
  if (byRecord === undefined) {
    byRecord = new WeakMap();
    keptFacts.set(facts, byRecord);
  }
  let merged = byRecord.get(own);
  if (merged === undefined) {
    const everyProfile = facts.profiles.map((p) => p.id);
    const bans = [
      ...facts.bans,
      ...own.sanctions.map((s) => ({
        id: s.id,
        user_id: facts.user.id,
        status: s.status,
        reason: s.reason,
        expires_at: s.expiresAt,
        created_at: s.createdAt,
        lifted_at: s.liftedAt,
        hwid_ids: everyProfile,
      })),
    ].sort((a, b) => a.created_at - b.created_at);
    const reasons = [
      ...facts.reasons,
      ...own.notes.map((n) => ({
        reason: n.reason,
        category: STAFF_NOTE_CATEGORY,
        evidence: null,
        added_at: n.addedAt,
      })),
    ]
      .sort((a, b) => a.added_at - b.added_at)
      .slice(-PLAYER_LIST_LIMITS.reasons);
    merged = { ...facts, bans, reasons, reasonsTotal: facts.reasonsTotal + own.notesTotal };
    byRecord.set(own, merged);
  }
  return merged;
}
const keptFacts = new WeakMap<LookupFacts, WeakMap<OwnRecord, LookupFacts>>();

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

/**
 * The lookup with the record added. `shared` found: its facts had the record's bans and notes added
 * already (factsWithOwnRecord), and the reports are added here. Not found: a person only the record's
 * reports know, made of them, with the bans and notes added here.
 */
export function lookupWithOwnReports(shared: LookupResult, own: OwnRecord, now: number): LookupResult {
  if (isEmptyRecord(own)) return shared;
  return kept(keptLookups, shared, own, now, () => mergeLookup(shared, own, now));
}

function mergeLookup(shared: LookupResult, own: OwnRecord, now: number): LookupResult {
  const summary = summarizeOwnReports(own.reports);
  if (summary === undefined) return shared;
  const base: FoundLookup = shared.found ? shared : personOfRecord(shared.discordId, summary, own, now);
  const detections = mergeNames(
    base.detections,
    base.totalUniqueDetections,
    summary.detections,
    PLAYER_LIST_LIMITS.detections,
  );
  return {
    ...base,
    totalScans: base.totalScans + summary.scans,
    totalDetections: base.totalDetections + summary.totalDetections,
    overallStatus: worse(base.overallStatus, summary),
    detections: detections.names,
    totalUniqueDetections: detections.total,
    firstSeenAt: Math.min(base.firstSeenAt, summary.firstAt),
    lastSeenAt: Math.max(base.lastSeenAt, summary.lastAt),
    gamesScanned: [...new Set([...base.gamesScanned, ...summary.games])],
    scansByReach: { shared: base.scansByReach.shared, enterpriseOnly: summary.scans },
  };
}

/** A person no community shares a profile of, as the record alone describes them (before its reports). */
function personOfRecord(
  discordId: string,
  summary: OwnReportsSummary,
  own: OwnRecord,
  now: number,
): FoundLookup {
  const sanctions = own.sanctions.map(sanctionFacts);
  const state = banState(sanctions, now);
  return {
    found: true,
    discordId,
    username: summary.username,
    totalScans: 0,
    totalDetections: 0,
    overallStatus: overallStatus({
      activeBan: state.isBanned,
      activeWarning: state.isWarned,
      cheatingScans: 0,
      suspiciousScans: 0,
    }),
    isBanned: state.isBanned,
    isWarned: state.isWarned,
    bans: own.sanctions.slice(-PLAYER_LIST_LIMITS.bans).map((s) => ({
      status: displayStatus(sanctionFacts(s), now),
      reason: s.reason,
      createdAt: s.createdAt,
    })),
    totalBans: own.sanctions.length,
    detections: [],
    totalUniqueDetections: 0,
    reasons: own.notes.map((n) => ({
      reason: n.reason,
      category: STAFF_NOTE_CATEGORY,
      addedAt: n.addedAt,
      evidence: null,
    })),
    totalReasons: own.notesTotal,
    firstSeenAt: summary.firstAt,
    lastSeenAt: summary.lastAt,
    gamesScanned: [],
    totalHwids: 0,
    totalRelatedAccounts: 0,
    relatedAccounts: [],
    scansByReach: { shared: 0, enterpriseOnly: 0 },
  };
}

/**
 * The risk score with the record added: its reports weigh as one more profile, and its bans and
 * warnings in force count on that profile too (on the shared ones they were added to the facts
 * already: factsWithOwnRecord), so a banned player scores at least 76 whoever reads them.
 */
export function riskScoreWithOwnReports(
  shared: RiskScoreResult,
  own: OwnRecord,
  now: number,
): RiskScoreResult {
  if (isEmptyRecord(own)) return shared;
  return kept(keptRiskScores, shared, own, now, () => mergeRiskScore(shared, own, now));
}

function mergeRiskScore(shared: RiskScoreResult, own: OwnRecord, now: number): RiskScoreResult {
  // A scan on hardware the person is linked to by shared reports counts for them already.
  const summary = summarizeOwnReports(own.reports.filter((r) => !r.countedThroughHardware));
  const sanctions = banState(own.sanctions.map(sanctionFacts), now);
  const sanctioned = sanctions.isBanned || sanctions.isWarned;
  if (summary === undefined && !(sanctioned && shared.found)) return shared;
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
        firstScanAt: (summary as OwnReportsSummary).firstAt,
        lastScanAt: (summary as OwnReportsSummary).lastAt,
        lastCheatingAt: null,
        scansByReach: { shared: 0, enterpriseOnly: 0 },
      };
  // The Enterprise's own reports (and its bans) weigh as one more profile: the answer is the highest.
  const ownScore = riskScore({
    cheatingScans: summary?.cheatingScans ?? 0,
    suspiciousScans: summary?.suspiciousScans ?? 0,
    totalDetections: summary?.totalDetections ?? 0,
    uniqueDetections: summary?.detections.length ?? 0,
    suspiciousFindings: summary?.suspiciousFindings ?? 0,
    activeBan: sanctions.isBanned,
    activeWarning: sanctions.isWarned,
  });
  const score = Math.max(base.riskScore, ownScore);
  const withBan = {
    ...base,
    riskScore: score,
    riskLevel: riskLevel(score),
    isBanned: base.isBanned || sanctions.isBanned,
  };
  if (summary === undefined) return withBan;
  const names = mergeNames(
    base.uniqueCheatsDetected,
    base.totalUniqueCheatsDetected,
    summary.detections,
    PLAYER_LIST_LIMITS.detections,
  );
  const lastCheating =
    summary.lastCheatingAt === null
      ? base.lastCheatingAt
      : Math.max(base.lastCheatingAt ?? summary.lastCheatingAt, summary.lastCheatingAt);
  return {
    ...withBan,
    stats: {
      totalScans: base.stats.totalScans + summary.scans,
      cheatingScans: base.stats.cheatingScans + summary.cheatingScans,
      suspiciousScans: base.stats.suspiciousScans + summary.suspiciousScans,
      cleanScans: base.stats.cleanScans + summary.cleanScans,
      totalDetections: base.stats.totalDetections + summary.totalDetections,
    },
    uniqueCheatsDetected: names.names,
    totalUniqueCheatsDetected: names.total,
    firstScanAt: Math.min(base.firstScanAt, summary.firstAt),
    lastScanAt: Math.max(base.lastScanAt, summary.lastAt),
    lastCheatingAt: lastCheating,
    scansByReach: { shared: base.scansByReach.shared, enterpriseOnly: summary.scans },
  };
}

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
import {
  isEmptyRecord,
  NO_RELATED_SANCTIONS,
  type OwnRecord,
  type RelatedSanctions,
} from './enterprise-reports.js';
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
 * every hardware profile of the player, a note among their reasons; without the `bans` rows of the
 * record's withdrawn bans (its entries say those); and with the reader's bans and warnings that reach
 * only its Enterprises on each related account (`related`), so that account's status is the one its
 * own lookup shows the reader. The same object for the same three, so the answers computed from it
 * are kept as the facts' own are (answers-of-facts.ts), until one of those bans runs out.
 */
export function factsWithOwnRecord(
  facts: LookupFacts,
  own: OwnRecord,
  related: RelatedSanctions = NO_RELATED_SANCTIONS,
): LookupFacts {
  if (own.sanctions.length === 0 && own.notesTotal === 0 && related.size === 0) return facts;
  let byRecord = keptFacts.get(facts);
  if (byRecord === undefined) {
    byRecord = new WeakMap();
    keptFacts.set(facts, byRecord);
  }
  let byRelated = byRecord.get(own);
  if (byRelated === undefined) {
    byRelated = new WeakMap();
    byRecord.set(own, byRelated);
  }
  let merged = byRelated.get(related);
  if (merged === undefined) {
    merged = mergeFacts(facts, own, related);
    byRelated.set(related, merged);
  }
  return merged;
}
const keptFacts = new WeakMap<LookupFacts, WeakMap<OwnRecord, WeakMap<RelatedSanctions, LookupFacts>>>();

function mergeFacts(facts: LookupFacts, own: OwnRecord, related: RelatedSanctions): LookupFacts {
  const everyProfile = facts.profiles.map((p) => p.id);
  const withdrawn = new Set(own.withdrawnBanIds);
  const bans = [
    ...facts.bans.filter((b) => !withdrawn.has(b.id)),
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
  const relatedAccounts =
    related.size === 0
      ? facts.related
      : facts.related.map((r) => {
          const theirs = related.get(r.user.discord_id);
          if (theirs === undefined) return r;
          const added = theirs.map((s) => ({
            id: s.id,
            status: s.status,
            expires_at: s.expiresAt,
            lifted_at: s.liftedAt,
          }));
          return { ...r, bans: [...r.bans, ...added] };
        });
  return {
    ...facts,
    bans,
    reasons,
    reasonsTotal: facts.reasonsTotal + own.notesTotal,
    related: relatedAccounts,
  };
}

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
 * already (factsWithOwnRecord), and the reports are added here. Not found: a person only the record
 * knows, made of its reports, bans and notes; with no report left (retention removed them), of its
 * bans and notes alone while one of those bans is in force or a note is there: they are the
 * Enterprise's decisions, kept until lifted or erased (docs/privacy.md, "Retention").
 */
export function lookupWithOwnReports(shared: LookupResult, own: OwnRecord, now: number): LookupResult {
  if (isEmptyRecord(own)) return shared;
  return kept(keptLookups, shared, own, now, () => mergeLookup(shared, own, now));
}

/** When the record alone, with no report, describes the person: a ban or warning in force, or a note. */
function describesPerson(own: OwnRecord, now: number): boolean {
  const state = banState(own.sanctions.map(sanctionFacts), now);
  return state.isBanned || state.isWarned || own.notesTotal > 0;
}

/** When the record was first and last added to, for a person it alone describes. */
function recordDates(own: OwnRecord): { firstAt: number; lastAt: number } {
  const dates = [...own.sanctions.map((s) => s.createdAt), ...own.notes.map((n) => n.addedAt)];
  return { firstAt: Math.min(...dates), lastAt: Math.max(...dates) };
}

function mergeLookup(shared: LookupResult, own: OwnRecord, now: number): LookupResult {
  const summary = summarizeOwnReports(own.reports);
  if (summary === undefined) {
    if (shared.found || !describesPerson(own, now)) return shared;
    // No name left to give: the Discord ID stands for it, as for a proof with none (report-provenance.ts).
    return personOfRecord(shared.discordId, { username: shared.discordId, ...recordDates(own) }, own, now);
  }
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

/** A person no community shares a profile of, as the record alone describes them (before its reports, if any). */
function personOfRecord(
  discordId: string,
  summary: Pick<OwnReportsSummary, 'username' | 'firstAt' | 'lastAt'>,
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
  if (summary === undefined) {
    // Found: only its bans in force change it. Not found: the record alone describes the person while
    // a ban of it is in force or a note is there (the lookup says the same: mergeLookup).
    if (shared.found ? !sanctioned : !describesPerson(own, now)) return shared;
  }
  // A person only the record knows: dated by their reports, else by the record's own entries.
  const dates = summary ?? recordDates(own);
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
        firstScanAt: dates.firstAt,
        lastScanAt: dates.lastAt,
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

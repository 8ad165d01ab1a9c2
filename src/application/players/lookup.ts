import { PLAYER_LIST_LIMITS } from '../../domain/player-list-limits.js';
import {
  type BanKind,
  banState,
  displayStatus,
  nextExpiry,
  type OverallStatus,
  overallStatus,
} from '../../domain/player-status.js';
import type { LookupFacts } from '../../storage/repositories/player-snapshots.js';
import type { AccountCaller } from '../callers.js';
import type { UseCaseContext } from '../context.js';
import { AnswersOfFacts } from './answers-of-facts.js';
import { ownEnterpriseRecord, relatedEnterpriseSanctions } from './enterprise-reports.js';
import { readPlayerSnapshot, toBanFacts } from './player-snapshot.js';
import { factsWithOwnRecord, lookupWithOwnReports } from './with-own-reports.js';

export interface RelatedAccount {
  discordId: string;
  username: string;
  sharedHwidIds: number[];
  totalDetections: number;
  overallStatus: OverallStatus;
  lastSeenAt: number;
  detections: string[];
  totalUniqueDetections: number;
  totalSharedHwids: number;
}

export type LookupResult =
  | { found: false; discordId: string }
  | {
      found: true;
      discordId: string;
      username: string;
      totalScans: number;
      totalDetections: number;
      overallStatus: OverallStatus;
      isBanned: boolean;
      isWarned: boolean;
      bans: Array<{ status: BanKind | 'expired'; reason: string; createdAt: number }>;
      totalBans: number;
      detections: string[];
      totalUniqueDetections: number;
      reasons: Array<{ reason: string; category: string; addedAt: number; evidence: unknown }>;
      totalReasons: number;
      firstSeenAt: number;
      lastSeenAt: number;
      gamesScanned: string[];
      totalHwids: number;
      totalRelatedAccounts: number;
      relatedAccounts: RelatedAccount[];
      /** How many of `totalScans` count for every community, and how many only for the reader's Enterprise. */
      scansByReach: ScansByReach;
    };

/** docs/risk-score.md, "Whose scan it is". */
export interface ScansByReach {
  shared: number;
  enterpriseOnly: number;
}

/** What the lookup says of one person: counters over the scans that named them. */
interface OwnCounters {
  own_scans: number;
  own_cheating_scans: number;
  own_suspicious_scans: number;
  created_at: number;
  own_last_scan_at: number | null;
}

/**
 * The person's status: their own scans decide cheating or suspicious; any ban or warning in force on
 * hardware linked to them still reaches them (docs/risk-score.md, "What each answer covers").
 */
function statusOf(user: OwnCounters, bans: ReturnType<typeof banState>): OverallStatus {
  return overallStatus({
    activeBan: bans.isBanned,
    activeWarning: bans.isWarned,
    cheatingScans: user.own_cheating_scans,
    suspiciousScans: user.own_suspicious_scans,
  });
}

/**
 * Built from the player's facts once, and again only when a ban among them (theirs or a related
 * account's) runs out.
 */
const lookups = new AnswersOfFacts(
  (facts: LookupFacts, now: number): LookupResult => {
    const { user, profiles, bans } = facts;
    const state = banState(bans.map(toBanFacts), now);
    return {
      found: true as const,
      discordId: user.discord_id,
      username: user.username,
      totalScans: user.own_scans,
      totalDetections: user.own_detections,
      overallStatus: statusOf(user, state),
      isBanned: state.isBanned,
      isWarned: state.isWarned,
      // Every ban decides the status above; the list shows the most recent (oldest first, as before).
      bans: bans.slice(-PLAYER_LIST_LIMITS.bans).map((b) => ({
        status: displayStatus(toBanFacts(b), now),
        reason: b.reason,
        createdAt: b.created_at,
      })),
      totalBans: bans.length,
      detections: facts.ownDetections,
      totalUniqueDetections: facts.ownDetectionsTotal,
      reasons: facts.reasons.map((r) => ({
        reason: r.reason,
        category: r.category,
        addedAt: r.added_at,
        evidence: r.evidence === null ? null : (JSON.parse(r.evidence) as unknown),
      })),
      totalReasons: facts.reasonsTotal,
      firstSeenAt: user.own_first_scan_at ?? user.created_at,
      lastSeenAt: user.own_last_scan_at ?? user.created_at,
      gamesScanned: facts.games,
      totalHwids: profiles.length,
      totalRelatedAccounts: facts.relatedTotal,
      relatedAccounts: facts.related.map((r) => ({
        discordId: r.user.discord_id,
        username: r.user.username,
        sharedHwidIds: r.sharedHwidIds,
        totalDetections: r.user.own_detections,
        overallStatus: statusOf(r.user, banState(r.bans.map(toBanFacts), now)),
        lastSeenAt: r.user.own_last_scan_at ?? r.user.created_at,
        detections: r.detections,
        totalUniqueDetections: Number(r.detectionsTotal),
        totalSharedHwids: Number(r.sharedHwidsTotal),
      })),
      scansByReach: { shared: user.own_scans, enterpriseOnly: 0 },
    };
  },
  ({ bans, related }, now) =>
    Math.min(
      nextExpiry(bans.map(toBanFacts), now),
      ...related.map((r) => nextExpiry(r.bans.map(toBanFacts), now)),
    ),
);

/**
 * The scanned-user lookup (docs/api.md, "Lookup"): the person's own scans, every ban reaching them,
 * staff notes, and the accounts sharing their hardware. Read in one snapshot; what the reader's
 * Enterprises hold of the person that only they see (their own reports, bans, warnings and notes) is
 * added to it, and their bans and warnings of the related accounts to those (docs/risk-score.md,
 * "Whose scan it is"; docs/roles.md, "Moderation").
 */
export async function lookUpPlayer(
  ctx: UseCaseContext,
  caller: AccountCaller,
  discordId: string,
  /** Whose own record to add: the caller's active Enterprises unless narrowed (the Discord app's server). */
  enterpriseIds?: readonly number[],
): Promise<LookupResult> {
  const snapshot = await readPlayerSnapshot(
    ctx,
    caller,
    discordId,
    () => ctx.playerFacts.read(discordId, () => ctx.repos.playerSnapshots.lookupFacts(discordId)),
    (facts, now) => ({ facts, now }),
  );
  const own = await ownEnterpriseRecord(ctx, caller, discordId, enterpriseIds);
  if ('found' in snapshot) return lookupWithOwnReports(snapshot, own, ctx.clock());
  const related = await relatedEnterpriseSanctions(
    ctx,
    caller,
    discordId,
    snapshot.facts.related.map((r) => r.user.discord_id),
    enterpriseIds,
  );
  const shared = lookups.answer(factsWithOwnRecord(snapshot.facts, own, related), snapshot.now);
  return lookupWithOwnReports(shared, own, snapshot.now);
}

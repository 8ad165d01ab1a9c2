import {
  type BanKind,
  banState,
  displayStatus,
  type OverallStatus,
  overallStatus,
} from '../../domain/player-status.js';
import type { AccountCaller } from '../callers.js';
import type { UseCaseContext } from '../context.js';
import { readPlayerSnapshot, toBanFacts } from './player-snapshot.js';

/** At most this many related accounts are listed; totalRelatedAccounts still counts them all. */
export const RELATED_ACCOUNTS_LIMIT = 50;

export interface RelatedAccount {
  discordId: string;
  username: string;
  sharedHwidIds: number[];
  totalDetections: number;
  overallStatus: OverallStatus;
  lastSeenAt: number;
  detections: string[];
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
      detections: string[];
      reasons: Array<{ reason: string; category: string; addedAt: number; evidence: unknown }>;
      firstSeenAt: number;
      lastSeenAt: number;
      gamesScanned: string[];
      totalHwids: number;
      totalRelatedAccounts: number;
      relatedAccounts: RelatedAccount[];
    };

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
 * The scanned-user lookup (docs/api.md, "Lookup"): the person's own scans, every ban reaching them,
 * staff notes, and the accounts sharing their hardware. Read in one snapshot.
 */
export function lookUpPlayer(
  ctx: UseCaseContext,
  caller: AccountCaller,
  discordId: string,
): Promise<LookupResult> {
  return readPlayerSnapshot(
    ctx,
    caller,
    discordId,
    () => ctx.repos.playerSnapshots.lookupFacts(discordId, RELATED_ACCOUNTS_LIMIT),
    (facts, now) => {
      const { user, profiles, bans } = facts;
      const state = banState(bans.map(toBanFacts), now);
      return {
        found: true as const,
        discordId,
        username: user.username,
        totalScans: user.own_scans,
        totalDetections: user.own_detections,
        overallStatus: statusOf(user, state),
        isBanned: state.isBanned,
        isWarned: state.isWarned,
        bans: bans.map((b) => ({
          status: displayStatus(toBanFacts(b), now),
          reason: b.reason,
          createdAt: b.created_at,
        })),
        detections: facts.ownDetections,
        reasons: facts.reasons.map((r) => ({
          reason: r.reason,
          category: r.category,
          addedAt: r.added_at,
          evidence: r.evidence === null ? null : (JSON.parse(r.evidence) as unknown),
        })),
        firstSeenAt: user.own_first_scan_at ?? user.created_at,
        lastSeenAt: user.own_last_scan_at ?? user.created_at,
        gamesScanned: facts.games,
        totalHwids: profiles.length,
        totalRelatedAccounts: facts.relatedTotal,
        relatedAccounts: facts.related.map(({ user: other, sharedHwidIds, bans: theirs, detections }) => ({
          discordId: other.discord_id,
          username: other.username,
          sharedHwidIds,
          totalDetections: other.own_detections,
          overallStatus: statusOf(other, banState(theirs.map(toBanFacts), now)),
          lastSeenAt: other.own_last_scan_at ?? other.created_at,
          detections,
        })),
      };
    },
  );
}

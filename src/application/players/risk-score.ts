import { banState, nextExpiry, profileFacts } from '../../domain/player-status.js';
import { highestRiskScore, type RiskLevel, riskLevel } from '../../domain/risk-score.js';
import type { LookupFacts } from '../../storage/repositories/player-snapshots.js';
import type { AccountCaller } from '../callers.js';
import type { UseCaseContext } from '../context.js';
import { AnswersOfFacts } from './answers-of-facts.js';
import { ownEnterpriseRecord } from './enterprise-reports.js';
import type { ScansByReach } from './lookup.js';
import { readPlayerSnapshot, toBanFacts } from './player-snapshot.js';
import { factsWithOwnRecord, riskScoreWithOwnReports } from './with-own-reports.js';

export type RiskScoreResult =
  | { found: false; discordId: string }
  | {
      found: true;
      discordId: string;
      riskScore: number;
      riskLevel: RiskLevel;
      linkedProfiles: number;
      stats: {
        totalScans: number;
        cheatingScans: number;
        suspiciousScans: number;
        cleanScans: number;
        totalDetections: number;
      };
      uniqueCheatsDetected: string[];
      totalUniqueCheatsDetected: number;
      isBanned: boolean;
      firstScanAt: number;
      lastScanAt: number;
      lastCheatingAt: number | null;
      /** How many of `stats.totalScans` count for every community, and how many only for the reader's Enterprise. */
      scansByReach: ScansByReach;
    };

/** Built from the player's facts once, and again only when a ban among them runs out. */
const riskScores = new AnswersOfFacts(
  ({ user, profiles, bans, detections, detectionsTotal }: LookupFacts, now: number): RiskScoreResult => {
    const facts = profiles.map((p) =>
      profileFacts(p, bans.filter((b) => b.hwid_ids.includes(p.id)).map(toBanFacts), now),
    );
    const score = highestRiskScore(facts);
    return {
      found: true as const,
      discordId: user.discord_id,
      riskScore: score,
      riskLevel: riskLevel(score),
      linkedProfiles: profiles.length,
      stats: {
        totalScans: user.scans,
        cheatingScans: user.cheating_scans,
        suspiciousScans: user.suspicious_scans,
        cleanScans: user.clean_scans,
        totalDetections: user.detections,
      },
      uniqueCheatsDetected: detections,
      totalUniqueCheatsDetected: Number(detectionsTotal),
      isBanned: banState(bans.map(toBanFacts), now).isBanned,
      firstScanAt: user.first_scan_at ?? user.created_at,
      lastScanAt: user.last_scan_at ?? user.created_at,
      lastCheatingAt: user.last_cheating_at,
      scansByReach: { shared: user.scans, enterpriseOnly: 0 },
    };
  },
  ({ bans }, now) => nextExpiry(bans.map(toBanFacts), now),
);

/**
 * A user's risk score (docs/risk-score.md): the highest score of their hardware profiles, with stats
 * over every scan on that hardware, and what the reader's Enterprises hold of the person that only
 * they see (their own reports, bans and warnings). Read in one snapshot, so a scan finishing
 * meanwhile cannot make the stats and the score disagree (one statement,
 * storage/repositories/player-snapshots.ts).
 */
export async function readRiskScore(
  ctx: UseCaseContext,
  caller: AccountCaller,
  discordId: string,
  /** Whose own record to add: the caller's active Enterprises unless narrowed (the Discord app's server). */
  enterpriseIds?: readonly number[],
): Promise<RiskScoreResult> {
  const snapshot = await readPlayerSnapshot(
    ctx,
    caller,
    discordId,
    () => ctx.playerFacts.read(discordId, () => ctx.repos.playerSnapshots.lookupFacts(discordId)),
    (facts, now) => ({ facts, now }),
  );
  const own = await ownEnterpriseRecord(ctx, caller, discordId, enterpriseIds);
  if ('found' in snapshot) return riskScoreWithOwnReports(snapshot, own, ctx.clock());
  const shared = riskScores.answer(factsWithOwnRecord(snapshot.facts, own), snapshot.now);
  return riskScoreWithOwnReports(shared, own, snapshot.now);
}

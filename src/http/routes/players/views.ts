import {
  type BanFacts,
  displayStatus,
  isActive,
  overallStatus,
  profileFacts,
} from '../../../domain/player-status.js';
import { highestRiskScore, riskLevel } from '../../../domain/risk-score.js';
import { iso } from '../../../domain/time.js';
import type { PlayersRepository } from '../../../storage/repositories/players.js';
import type { BanRow, ScannedUserRow } from '../../../storage/schema.js';

const NOT_FOUND_MESSAGE = 'User not found in the scan database.';

/** At most this many related accounts are listed; totalRelatedAccounts still counts them all. */
export const RELATED_ACCOUNTS_LIMIT = 50;

function banFacts(ban: Pick<BanRow, 'status' | 'expires_at' | 'lifted_at'>): BanFacts {
  return { status: ban.status, expiresAt: ban.expires_at, liftedAt: ban.lifted_at };
}

function banState(bans: ReadonlyArray<Pick<BanRow, 'status' | 'expires_at' | 'lifted_at'>>, now: number) {
  const active = bans.filter((b) => isActive(banFacts(b), now));
  return {
    isBanned: active.some((b) => b.status === 'banned'),
    isWarned: active.some((b) => b.status === 'warned'),
  };
}

/** CONTRACT §9's overallStatus, over the scans on the user's hardware and the bans on it. */
function statusOf(
  user: ScannedUserRow,
  bans: ReadonlyArray<Pick<BanRow, 'status' | 'expires_at' | 'lifted_at'>>,
  now: number,
) {
  const { isBanned, isWarned } = banState(bans, now);
  return overallStatus({
    activeBan: isBanned,
    activeWarning: isWarned,
    cheatingScans: user.cheating_scans,
    suspiciousScans: user.suspicious_scans,
  });
}

/** Spec §2.5 for one Discord user ID. */
export async function riskScoreView(players: PlayersRepository, discordId: string, now: number) {
  const user = await players.findUser(discordId);
  if (user === undefined) return { found: false as const, discordId, message: NOT_FOUND_MESSAGE };
  const profiles = await players.profiles(user.id);
  const bans = await players.bansOn(profiles.map((p) => p.id));
  const facts = profiles.map((p) =>
    profileFacts(p, bans.filter((b) => b.hwid_ids.includes(p.id)).map(banFacts), now),
  );
  const score = highestRiskScore(facts);
  return {
    found: true as const,
    discordId,
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
    uniqueCheatsDetected: await players.names('user_detections', user.id),
    isBanned: banState(bans, now).isBanned,
    firstScanDate: iso(user.first_scan_at ?? user.created_at),
    lastScanDate: iso(user.last_scan_at ?? user.created_at),
    lastCheatingDate: user.last_cheating_at === null ? null : iso(user.last_cheating_at),
  };
}

/** Spec §2.6 for one Discord user ID. Counts cover the same scans as the risk score's stats. */
export async function lookupView(players: PlayersRepository, discordId: string, now: number) {
  const user = await players.findUser(discordId);
  if (user === undefined) {
    return { found: false as const, discordId, message: NOT_FOUND_MESSAGE, relatedAccounts: [] };
  }
  const profiles = await players.profiles(user.id);
  const bans = await players.bansOn(profiles.map((p) => p.id));
  const { isBanned, isWarned } = banState(bans, now);
  const related = await players.related(user.id, RELATED_ACCOUNTS_LIMIT);
  return {
    found: true as const,
    discordId,
    username: user.username,
    totalScans: user.scans,
    totalDetections: user.detections,
    overallStatus: statusOf(user, bans, now),
    isBanned,
    isWarned,
    bans: bans.map((b) => {
      const status = displayStatus(banFacts(b), now);
      return { status, reason: b.reason, isExpired: status === 'expired', createdAt: iso(b.created_at) };
    }),
    detections: await players.names('user_detections', user.id),
    reasons: (await players.reasons(user.id)).map((r) => ({
      reason: r.reason,
      category: r.category,
      addedAt: iso(r.added_at),
      evidence: r.evidence === null ? null : (JSON.parse(r.evidence) as unknown),
    })),
    firstSeen: iso(user.first_scan_at ?? user.created_at),
    lastSeen: iso(user.last_scan_at ?? user.created_at),
    gamesScanned: await players.names('user_games', user.id),
    totalHwids: profiles.length,
    hasRelatedAccounts: related.total > 0,
    totalRelatedAccounts: related.total,
    relatedAccounts: related.accounts.map(({ user: other, sharedHwidIds, bans: theirBans, detections }) => ({
      discordId: other.discord_id,
      username: other.username,
      sharedHwidIds,
      totalDetections: other.detections,
      overallStatus: statusOf(other, theirBans, now),
      lastSeenAt: iso(other.last_scan_at ?? other.created_at),
      detections,
    })),
  };
}

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

function banFacts(ban: BanRow): BanFacts {
  return { status: ban.status, expiresAt: ban.expires_at, liftedAt: ban.lifted_at };
}

/** Hardware profiles of a user with the bans that cover each. */
async function profilesWithBans(players: PlayersRepository, userId: number) {
  const profiles = await players.profiles(userId);
  const bans = await players.bansOn(profiles.map((p) => p.id));
  return { profiles, bans };
}

function banState(bans: readonly BanRow[], now: number) {
  const active = bans.filter((b) => isActive(banFacts(b), now));
  return {
    isBanned: active.some((b) => b.status === 'banned'),
    isWarned: active.some((b) => b.status === 'warned'),
  };
}

function ownStatus(user: ScannedUserRow, bans: readonly BanRow[], now: number) {
  const { isBanned, isWarned } = banState(bans, now);
  return overallStatus({
    activeBan: isBanned,
    activeWarning: isWarned,
    cheatingScans: user.own_cheating_scans,
    suspiciousScans: user.own_suspicious_scans,
  });
}

/** Spec §2.5 for one Discord user ID. */
export async function riskScoreView(players: PlayersRepository, discordId: string, now: number) {
  const user = await players.findUser(discordId);
  if (user === undefined) return { found: false as const, discordId, message: NOT_FOUND_MESSAGE };
  const { profiles, bans } = await profilesWithBans(players, user.id);
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
      totalScans: user.linked_scans,
      cheatingScans: user.linked_cheating_scans,
      suspiciousScans: user.linked_suspicious_scans,
      cleanScans: user.linked_clean_scans,
      totalDetections: user.linked_detections,
    },
    uniqueCheatsDetected: await players.names('user_linked_detections', user.id),
    isBanned: banState(bans, now).isBanned,
    firstScanDate: iso(user.linked_first_scan_at ?? user.created_at),
    lastScanDate: iso(user.linked_last_scan_at ?? user.created_at),
    lastCheatingDate: user.linked_last_cheating_at === null ? null : iso(user.linked_last_cheating_at),
  };
}

/** Spec §2.6 for one Discord user ID. */
export async function lookupView(players: PlayersRepository, discordId: string, now: number) {
  const user = await players.findUser(discordId);
  if (user === undefined) {
    return { found: false as const, discordId, message: NOT_FOUND_MESSAGE, relatedAccounts: [] };
  }
  const { profiles, bans } = await profilesWithBans(players, user.id);
  const { isBanned, isWarned } = banState(bans, now);
  const related = await players.related(user.id);
  const relatedAccounts = [];
  for (const { user: other, sharedHwidIds } of related) {
    const theirs = await profilesWithBans(players, other.id);
    relatedAccounts.push({
      discordId: other.discord_id,
      username: other.username,
      sharedHwidIds,
      totalDetections: other.own_detections,
      overallStatus: ownStatus(other, theirs.bans, now),
      lastSeenAt: iso(other.last_seen_at ?? other.created_at),
      detections: await players.names('user_detections', other.id),
    });
  }
  return {
    found: true as const,
    discordId,
    username: user.username,
    totalScans: user.own_scans,
    totalDetections: user.own_detections,
    overallStatus: ownStatus(user, bans, now),
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
    firstSeen: iso(user.first_seen_at ?? user.created_at),
    lastSeen: iso(user.last_seen_at ?? user.created_at),
    gamesScanned: await players.names('user_games', user.id),
    totalHwids: profiles.length,
    hasRelatedAccounts: relatedAccounts.length > 0,
    totalRelatedAccounts: relatedAccounts.length,
    relatedAccounts,
  };
}

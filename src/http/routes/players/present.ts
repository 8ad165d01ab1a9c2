import type { LookupResult } from '../../../application/players/lookup.js';
import type { RiskScoreResult } from '../../../application/players/risk-score.js';
import { iso } from '../../../domain/time.js';

/** The published wording for a Discord ID no finished scan has named (docs/api.md, "Players"). */
const NOT_FOUND_MESSAGE = 'User not found in the scan database.';

export function presentRiskScore(result: RiskScoreResult) {
  if (!result.found)
    return { found: false as const, discordId: result.discordId, message: NOT_FOUND_MESSAGE };
  const { firstScanAt, lastScanAt, lastCheatingAt, ...rest } = result;
  return {
    ...rest,
    firstScanDate: iso(firstScanAt),
    lastScanDate: iso(lastScanAt),
    lastCheatingDate: lastCheatingAt === null ? null : iso(lastCheatingAt),
  };
}

export function presentLookup(result: LookupResult) {
  if (!result.found) {
    return {
      found: false as const,
      discordId: result.discordId,
      message: NOT_FOUND_MESSAGE,
      relatedAccounts: [],
    };
  }
  return {
    found: true as const,
    discordId: result.discordId,
    username: result.username,
    totalScans: result.totalScans,
    totalDetections: result.totalDetections,
    overallStatus: result.overallStatus,
    isBanned: result.isBanned,
    isWarned: result.isWarned,
    bans: result.bans.map((b) => ({
      status: b.status,
      reason: b.reason,
      isExpired: b.status === 'expired',
      createdAt: iso(b.createdAt),
    })),
    totalBans: result.totalBans,
    detections: result.detections,
    totalUniqueDetections: result.totalUniqueDetections,
    reasons: result.reasons.map((r) => ({
      reason: r.reason,
      category: r.category,
      addedAt: iso(r.addedAt),
      evidence: r.evidence,
    })),
    totalReasons: result.totalReasons,
    firstSeen: iso(result.firstSeenAt),
    lastSeen: iso(result.lastSeenAt),
    gamesScanned: result.gamesScanned,
    totalHwids: result.totalHwids,
    hasRelatedAccounts: result.totalRelatedAccounts > 0,
    totalRelatedAccounts: result.totalRelatedAccounts,
    relatedAccounts: result.relatedAccounts.map(({ lastSeenAt, ...rest }) => ({
      ...rest,
      lastSeenAt: iso(lastSeenAt),
    })),
    scansByReach: result.scansByReach,
  };
}

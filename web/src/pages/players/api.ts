import { useQuery } from '@tanstack/react-query';
import { request } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import type { Verdict } from '../../api/types';

/*
 * The player page's answer (GET /app/api/players/:discordId): the /v1 risk-score and lookup bodies
 * (src/http/routes/players/schemas.ts) and the scans that named the player.
 */

export type PlayerStatus = 'clean' | 'suspicious' | 'cheating' | 'banned';
export type RiskLevel = 'clean' | 'low' | 'medium' | 'high' | 'critical';

export interface RiskStats {
  totalScans: number;
  cheatingScans: number;
  suspiciousScans: number;
  cleanScans: number;
  totalDetections: number;
}

export type RiskScoreBody =
  | {
      found: true;
      discordId: string;
      riskScore: number;
      riskLevel: RiskLevel;
      linkedProfiles: number;
      stats: RiskStats;
      uniqueCheatsDetected: string[];
      isBanned: boolean;
      firstScanDate: string;
      lastScanDate: string;
      lastCheatingDate: string | null;
    }
  | { found: false; discordId: string; message: string };

export interface BanEntry {
  status: 'banned' | 'warned' | 'expired';
  reason: string;
  isExpired: boolean;
  createdAt: string;
}

export interface ReasonEntry {
  reason: string;
  category: string;
  addedAt: string;
  evidence: unknown;
}

export interface RelatedAccount {
  discordId: string;
  username: string;
  sharedHwidIds: number[];
  totalDetections: number;
  overallStatus: PlayerStatus;
  lastSeenAt: string;
  detections: string[];
}

export type LookupBody =
  | {
      found: true;
      discordId: string;
      username: string;
      totalScans: number;
      totalDetections: number;
      overallStatus: PlayerStatus;
      isBanned: boolean;
      isWarned: boolean;
      bans: BanEntry[];
      detections: string[];
      reasons: ReasonEntry[];
      firstSeen: string;
      lastSeen: string;
      gamesScanned: string[];
      totalHwids: number;
      hasRelatedAccounts: boolean;
      totalRelatedAccounts: number;
      relatedAccounts: RelatedAccount[];
    }
  | { found: false; discordId: string; message: string; relatedAccounts: RelatedAccount[] };

export interface PlayerScan {
  /** The PIN's code, or null when the person may not see that PIN. */
  pin: string | null;
  type: string;
  result: Verdict | null;
  finishedAt: string;
  detectionsCount: number;
}

export interface PlayerView {
  riskScore: RiskScoreBody;
  lookup: LookupBody;
  scans: PlayerScan[];
}

/** Discord user IDs are 17 to 20 digits (src/domain/discord-id.ts). */
export const DISCORD_ID = /^[0-9]{17,20}$/;

export function usePlayer(discordId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.player(discordId ?? ''),
    queryFn: ({ signal }) =>
      request<PlayerView>(`/app/api/players/${encodeURIComponent(discordId ?? '')}`, { signal }),
    enabled: discordId !== undefined && DISCORD_ID.test(discordId),
  });
}

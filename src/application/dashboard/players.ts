import type { GameType } from '../../domain/game-types.js';
import type { Verdict } from '../../domain/pin-lifecycle.js';
import { dashboardAccessTo } from '../../domain/pin-visibility.js';
import type { SessionCaller } from '../access/authenticate-session.js';
import type { UseCaseContext } from '../context.js';
import { authorizePlayerRead } from '../players/authorize-player-read.js';
import { type LookupResult, lookUpPlayer } from '../players/lookup.js';
import { type RiskScoreResult, readRiskScore } from '../players/risk-score.js';
import { accountCallerOf } from './account-caller.js';
import { viewerOf } from './viewer.js';

/** The player page lists at most this many of the player's scans, newest first. */
export const PLAYER_SCANS_LIMIT = 50;

export interface PlayerScan {
  /** The PIN's code, only when the person may see that PIN (docs/dashboard.md, "Who sees what"). */
  pin: string | null;
  type: GameType;
  result: Verdict | null;
  finishedAt: number;
  detectionsCount: number;
}

export interface PlayerPage {
  riskScore: RiskScoreResult;
  lookup: LookupResult;
  scans: PlayerScan[];
}

/** The licence rule of /v1 (domain/licence.ts), for the signed-in person's account; run before validating the ID. */
export async function authorizeDashboardPlayerRead(
  ctx: UseCaseContext,
  caller: SessionCaller,
): Promise<void> {
  await authorizePlayerRead(ctx, await accountCallerOf(ctx, caller));
}

/**
 * A player as the dashboard shows them: the /v1 risk score and lookup, and the finished scans whose
 * report named them (those that count for everyone, and the person's Enterprises' own). A scan's PIN code is shown only to someone who may see that PIN.
 */
export async function readPlayerPage(
  ctx: UseCaseContext,
  caller: SessionCaller,
  discordId: string,
): Promise<PlayerPage> {
  const account = await accountCallerOf(ctx, caller);
  const riskScore = await readRiskScore(ctx, account, discordId);
  const lookup = await lookUpPlayer(ctx, account, discordId);
  const user = await ctx.repos.players.findUser(discordId);
  // The person's Enterprises' own reports of the player are theirs to list too (docs/risk-score.md).
  const enterpriseIds = await ctx.repos.enterprises.activeEnterpriseIdsOf(caller.accountId);
  if (user === undefined && enterpriseIds.length === 0) return { riskScore, lookup, scans: [] };
  const viewer = await viewerOf(ctx, caller);
  const rows = await ctx.repos.players.scansNaming(
    user?.id ?? null,
    discordId,
    PLAYER_SCANS_LIMIT,
    enterpriseIds,
  );
  return {
    riskScore,
    lookup,
    scans: rows
      // The query narrows by text; the report's own list of accounts decides.
      .filter((row) => row.discord.some((d) => d.id === discordId))
      .map((row) => ({
        pin: dashboardAccessTo(row.pin, viewer) === 'visible' ? row.pin.code : null,
        type: row.type,
        result: row.result,
        finishedAt: row.finishedAt,
        detectionsCount: row.detections.length,
      })),
  };
}

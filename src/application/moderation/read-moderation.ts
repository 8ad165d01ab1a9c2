import { MODERATION_LIMITS } from '../../domain/moderation.js';
import { type Reach, type ReachReason, reachReason, sanctionReach } from '../../domain/moderation-reach.js';
import type { SessionCaller } from '../access/authenticate-session.js';
import { roleRefusal } from '../access/role-policy.js';
import type { UseCaseContext } from '../context.js';
import { dashboardStanding, type EntryView, seenPlayer, viewOf } from './moderator.js';

export interface PlayerModeration {
  enterprise: { id: number; name: string };
  /** The person's role there allows banning, warning, lifting and noting. */
  mayModerate: boolean;
  /** The Enterprise can see the player: a shared profile, or a report, ban, warning or note of its own (seenPlayer). */
  known: boolean;
  /** Where a new ban or warning would reach now (domain/moderation-reach.ts). */
  reach: Reach;
  /** Why a new one would stay the Enterprise's own; null when it would be shared. */
  reachReason: ReachReason | null;
  /** The Enterprise's bans, warnings and notes on the player, newest first. */
  entries: EntryView[];
}

/**
 * GET /app/api/players/:discordId/moderation (docs/dashboard.md): what one Enterprise did about a
 * player, for anyone in it who reads results; whether the person may do more is in `mayModerate`.
 */
export async function readModeration(
  ctx: UseCaseContext,
  caller: SessionCaller,
  discordId: string,
  enterpriseId: number | undefined,
): Promise<PlayerModeration> {
  const { enterprise, role } = await dashboardStanding(ctx, caller, enterpriseId, 'results.read');
  const now = ctx.clock();
  const { userId, known } = await seenPlayer(ctx.repos, enterprise.id, discordId);
  const hardware = userId === null ? 0 : (await ctx.repos.players.hwidIdsOf(userId)).length;
  const standing = { proven: userId !== null, hardware };
  const entries = await ctx.repos.moderation.entriesOf(enterprise.id, discordId, MODERATION_LIMITS.listed);
  return {
    enterprise: { id: enterprise.id, name: enterprise.name },
    mayModerate: roleRefusal(role, 'player.moderate') === null,
    known,
    reach: sanctionReach(standing, enterprise.reportsShared),
    reachReason: reachReason(standing, enterprise.reportsShared),
    entries: entries.map((e) => viewOf(e, now)),
  };
}

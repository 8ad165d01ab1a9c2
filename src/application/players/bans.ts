import type { BanKind } from '../../domain/player-status.js';
import type { BanRow } from '../../storage/schema.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';

export interface Ban {
  id: number;
  status: BanKind;
  reason: string;
  expiresAt: number | null;
  createdAt: number;
}

function toBan(row: BanRow): Ban {
  return {
    id: row.id,
    status: row.status,
    reason: row.reason,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
  };
}

/**
 * Bans or warns a scanned user (docs/operations.md, "Operator API"). The ban covers every
 * hardware ID linked to the user when it is issued, so it reaches every account on that hardware,
 * including ones first seen there later.
 */
export async function banPlayer(
  ctx: UseCaseContext,
  discordId: string,
  input: { status: BanKind; reason: string; expiresAt: number | null },
): Promise<Ban> {
  const now = ctx.clock();
  return ctx.transaction(async ({ players }) => {
    const user = await players.findUser(discordId);
    if (user === undefined) refuse({ code: 'scanned_user_not_found', discordId });
    const hwidIds = await players.hwidIdsOf(user.id);
    return toBan(await players.createBan({ userId: user.id, hwidIds, ...input, now }));
  });
}

/** Lifts a ban or warning; it then shows as expired. Lifting twice is harmless. */
export async function liftBan(ctx: UseCaseContext, banId: number): Promise<void> {
  if (!(await ctx.repos.players.liftBan(banId, ctx.clock()))) refuse({ code: 'ban_not_found', banId });
}

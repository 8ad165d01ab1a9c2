import type { BanKind } from '../../domain/player-status.js';
import type { BanRow } from '../../storage/schema.js';
import { auditRefusals, OPERATOR, recordAudit } from '../audit/record.js';
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
  const attempt = { actor: OPERATOR, action: 'ban.create', resource: { type: 'ban', id: null } } as const;
  return auditRefusals(ctx, attempt, () =>
    ctx.transaction(async (repos) => {
      // A ban outdates the documents of everyone on the hardware, rows a finish updates too: taken
      // in turn with finishes, so the two never wait on each other's rows (a deadlock on PostgreSQL),
      // and the hardware read here is still the player's when the ban is written.
      await repos.privacy.excludeFinishes();
      const user = await repos.players.findUser(discordId);
      if (user === undefined) refuse({ code: 'scanned_user_not_found', discordId });
      const hwidIds = await repos.players.hwidIdsOf(user.id);
      const ban = toBan(await repos.players.createBan({ userId: user.id, hwidIds, ...input, now }));
      // The ban's id and kind only: who it was about stays with the ban, so erasure removes it.
      await recordAudit(repos, {
        ...attempt,
        resource: { type: 'ban', id: ban.id },
        at: now,
        detail: { status: ban.status, hardwareCovered: hwidIds.length },
      });
      return ban;
    }),
  );
}

/** Lifts a ban or warning; it then shows as expired. Lifting twice is harmless. */
export async function liftBan(ctx: UseCaseContext, banId: number): Promise<void> {
  const attempt = { actor: OPERATOR, action: 'ban.lift', resource: { type: 'ban', id: banId } } as const;
  await auditRefusals(ctx, attempt, () =>
    ctx.transaction(async (repos) => {
      // In turn with finishes, as a new ban is (banPlayer).
      await repos.privacy.excludeFinishes();
      const now = ctx.clock();
      if (!(await repos.players.liftBan(banId, now))) refuse({ code: 'ban_not_found', banId });
      await recordAudit(repos, { ...attempt, at: now });
    }),
  );
}

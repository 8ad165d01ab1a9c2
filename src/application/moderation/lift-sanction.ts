import type { AuditActor } from '../../domain/audit.js';
import { entryStatus } from '../../domain/moderation.js';
import type { ModerationEntry } from '../../storage/repositories/moderation.js';
import type { SessionCaller } from '../access/authenticate-session.js';
import { requireRoleMay, standingIn } from '../access/role-policy.js';
import { sessionActor } from '../audit/actors.js';
import { recordAudit } from '../audit/record.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';
import { type EntryView, viewOf } from './moderator.js';

/*
 * Lifting a ban or warning an Enterprise's staff made (docs/roles.md, "Moderation"): it then shows
 * as expired in lookups, and `lifted` on the player page. Only that Enterprise's staff lift it;
 * an operator's ban, or another community's, is theirs to lift.
 */

/**
 * Lifts these entries and, for the shared ones, their `bans` rows, in one transaction; each lift
 * that changed something is audited. Lifting twice is harmless.
 */
export async function liftEntries(
  ctx: UseCaseContext,
  actor: AuditActor,
  entries: readonly ModerationEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  await ctx.transaction(async (repos) => {
    // In turn with finishes, as a new ban is (sanction-player.ts).
    await repos.privacy.excludeFinishes();
    const now = ctx.clock();
    for (const entry of entries) {
      const current = await repos.moderation.find(entry.id);
      if (current === undefined || current.liftedAt !== null) continue;
      await repos.moderation.lift(entry.id, now);
      if (current.banId !== null) await repos.players.liftBan(current.banId, now);
      await recordAudit(repos, {
        actor,
        action: 'ban.lift',
        resource: { type: 'ban', id: entry.id },
        enterpriseId: entry.enterpriseId,
        at: now,
        detail: { reach: current.reach },
      });
    }
  });
}

/**
 * POST /app/api/bans/:banId/lift: a ban or warning of an Enterprise where the person's role may
 * moderate. Anything else (a note, an operator's ban, another community's, one that never was) is
 * as good as missing.
 */
export async function liftFromDashboard(
  ctx: UseCaseContext,
  caller: SessionCaller,
  entryId: number,
): Promise<EntryView> {
  const entry = await ctx.repos.moderation.find(entryId);
  if (entry === undefined || entry.kind === 'note') refuse({ code: 'ban_not_found', banId: entryId });
  const standing = await standingIn(ctx, caller.accountId, entry.enterpriseId);
  if (standing === undefined || !standing.enterprise.active)
    refuse({ code: 'ban_not_found', banId: entryId });
  requireRoleMay(standing.role, 'player.moderate');
  await liftEntries(ctx, sessionActor(caller), [entry]);
  const lifted = await ctx.repos.moderation.find(entryId);
  if (lifted === undefined) refuse({ code: 'ban_not_found', banId: entryId });
  return viewOf(lifted, ctx.clock());
}

/** The Enterprise's bans and warnings on a player still in force: what `/unban` lifts. */
export async function sanctionsInForce(
  ctx: UseCaseContext,
  enterpriseId: number,
  discordId: string,
): Promise<ModerationEntry[]> {
  const now = ctx.clock();
  const open = await ctx.repos.moderation.unliftedSanctions(enterpriseId, discordId);
  return open.filter((e) => entryStatus(e, now) === 'active');
}

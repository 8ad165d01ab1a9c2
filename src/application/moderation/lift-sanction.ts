import type { AuditActor } from '../../domain/audit.js';
import { entryStatus } from '../../domain/moderation.js';
import type { TransactionRepositories } from '../../storage/repositories/index.js';
import type { ModerationEntry } from '../../storage/repositories/moderation.js';
import type { SessionCaller } from '../access/authenticate-session.js';
import { requireRoleMay, standingIn } from '../access/role-policy.js';
import { sessionActor } from '../audit/actors.js';
import { auditRefusals, recordAudit } from '../audit/record.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';
import { type EntryView, type ModeratorClaim, viewOf } from './moderator.js';

/*
 * Lifting a ban or warning an Enterprise's staff made (docs/roles.md, "Moderation"): it then shows
 * as expired in lookups, and `lifted` on the player page. Only that Enterprise's staff lift it;
 * an operator's ban, or another community's, is theirs to lift.
 */

/**
 * Lifts the entry and, for a shared one, its `bans` row, in the caller's transaction, audited; an
 * entry lifted already (or gone) changes nothing and records nothing. Call it after
 * `repos.privacy.excludeFinishes()`, in turn with finishes, as a new ban is (sanction-player.ts).
 */
async function liftEntry(
  repos: TransactionRepositories,
  actor: AuditActor,
  entryId: number,
  now: number,
): Promise<void> {
  const current = await repos.moderation.find(entryId);
  if (current === undefined || current.liftedAt !== null) return;
  await repos.moderation.lift(entryId, now);
  if (current.banId !== null) await repos.players.liftBan(current.banId, now);
  await recordAudit(repos, {
    actor,
    action: 'ban.lift',
    resource: { type: 'moderation_entry', id: entryId },
    enterpriseId: current.enterpriseId,
    at: now,
    detail: { reach: current.reach },
  });
}

/** Lifts these entries in one transaction (liftEntry). Lifting twice is harmless. */
async function liftEntries(
  ctx: UseCaseContext,
  actor: AuditActor,
  entries: readonly ModerationEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  await ctx.transaction(async (repos) => {
    await repos.privacy.excludeFinishes();
    const now = ctx.clock();
    for (const entry of entries) await liftEntry(repos, actor, entry.id, now);
  });
}

/**
 * POST /app/api/bans/:banId/lift: a ban or warning of an Enterprise where the person's role may
 * moderate. Anything else (a note, an operator's ban, another community's, one that never was) is
 * as good as missing. The entry and the person's role are read in the transaction that lifts it, and
 * a refusal is audited (docs/audit.md, "Refusals").
 */
export async function liftFromDashboard(
  ctx: UseCaseContext,
  caller: SessionCaller,
  entryId: number,
): Promise<EntryView> {
  const actor = sessionActor(caller);
  const attempt = { actor, action: 'ban.lift', resource: { type: 'moderation_entry', id: entryId } } as const;
  return auditRefusals(ctx, attempt, async () => {
    const lifted = await ctx.transaction(async (repos) => {
      await repos.privacy.excludeFinishes();
      const entry = await repos.moderation.find(entryId);
      if (entry === undefined || entry.kind === 'note') refuse({ code: 'ban_not_found', banId: entryId });
      const standing = await standingIn({ repos }, caller.accountId, entry.enterpriseId);
      if (standing === undefined || !standing.enterprise.active)
        refuse({ code: 'ban_not_found', banId: entryId });
      requireRoleMay(standing.role, 'player.moderate');
      await liftEntry(repos, actor, entryId, ctx.clock());
      return repos.moderation.find(entryId);
    });
    if (lifted === undefined) refuse({ code: 'ban_not_found', banId: entryId });
    return viewOf(lifted, ctx.clock());
  });
}

/**
 * `/unban`: lifts every ban and warning of the moderator's Enterprise on the player that is in force;
 * returns how many. A refused role is audited as a refused `ban.lift`.
 */
export async function liftSanctionsInForce(
  ctx: UseCaseContext,
  claim: ModeratorClaim,
  discordId: string,
): Promise<{ enterpriseName: string; lifted: number }> {
  const attempt = {
    actor: claim.actor,
    action: 'ban.lift',
    resource: { type: 'moderation_entry', id: null },
  } as const;
  return auditRefusals(ctx, attempt, async () => {
    const moderator = await claim.resolve();
    const now = ctx.clock();
    const unlifted = await ctx.repos.moderation.unliftedSanctions(moderator.enterprise.id, discordId);
    const open = unlifted.filter((e) => entryStatus(e, now) === 'active');
    await liftEntries(ctx, moderator.actor, open);
    return { enterpriseName: moderator.enterprise.name, lifted: open.length };
  });
}

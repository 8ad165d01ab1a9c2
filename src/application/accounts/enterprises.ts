import type { Enterprise } from '../../domain/account.js';
import { auditRefusals, OPERATOR, recordAudit } from '../audit/record.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';
import { liveAccount } from './accounts.js';

/** Operator use cases on Enterprises and their members (docs/operations.md, "Operator API"). */

export async function findEnterprise(ctx: UseCaseContext, id: number): Promise<Enterprise> {
  const enterprise = await ctx.repos.enterprises.find(id);
  if (enterprise === undefined) refuse({ code: 'enterprise_not_found', enterpriseId: id });
  return enterprise;
}

export async function createEnterprise(
  ctx: UseCaseContext,
  input: { name: string; ownerAccountId: number },
): Promise<Enterprise> {
  await liveAccount(ctx, input.ownerAccountId);
  const now = ctx.clock();
  const created = await ctx.transaction(async (repos) => {
    const enterprise = await repos.enterprises.create({ ...input, now });
    await recordAudit(repos, {
      actor: OPERATOR,
      action: 'enterprise.create',
      resource: { type: 'enterprise', id: enterprise.id },
      enterpriseId: enterprise.id,
      at: now,
      detail: { ownerAccountId: enterprise.ownerAccountId },
    });
    return enterprise;
  });
  // Its owner may now read players: kept memberships are re-read on every instance.
  ctx.keyPrincipals.accessChanged();
  return created;
}

/**
 * Renames, activates or deactivates an Enterprise, or keeps its reports inside it. Deactivating it or
 * keeping its reports inside it withdraws its staff's shared bans and warnings in the same transaction
 * (docs/roles.md, "Moderation"): every community stops seeing them, and each reaches the Enterprise
 * alone again, shared again only at the player's next proof once it shares and is active.
 */
export async function updateEnterprise(
  ctx: UseCaseContext,
  id: number,
  changes: { name?: string; active?: boolean; reportsShared?: boolean },
): Promise<Enterprise> {
  const withdraws = changes.active === false || changes.reportsShared === false;
  const updated = await ctx.transaction(async (repos) => {
    // In turn with finishes: one finishing now shares no ban of this Enterprise after the withdrawal.
    if (withdraws) await repos.privacy.excludeFinishes();
    const enterprise = await repos.enterprises.update(id, changes);
    if (enterprise === undefined) refuse({ code: 'enterprise_not_found', enterpriseId: id });
    const now = ctx.clock();
    const withdrawn = withdraws ? await repos.moderation.withdrawShared(id, now) : 0;
    await recordAudit(repos, {
      actor: OPERATOR,
      action: 'enterprise.update',
      resource: { type: 'enterprise', id },
      enterpriseId: id,
      at: now,
      detail: {
        changed: Object.keys(changes).filter((k) => changes[k as keyof typeof changes] !== undefined),
        active: enterprise.active,
        reportsShared: enterprise.reportsShared,
        ...(withdraws ? { sanctionsWithdrawn: withdrawn } : {}),
      },
    });
    return enterprise;
  });
  // Deactivating it ends its members' licence to read players, on every instance at once.
  ctx.keyPrincipals.accessChanged();
  return updated;
}

export async function addMember(ctx: UseCaseContext, enterpriseId: number, accountId: number): Promise<void> {
  const resource = { type: 'enterprise', id: enterpriseId } as const;
  await auditRefusals(ctx, { actor: OPERATOR, action: 'member.add', resource }, async () => {
    const enterprise = await findEnterprise(ctx, enterpriseId);
    const account = await liveAccount(ctx, accountId);
    const already = { code: 'already_member', enterpriseId, accountId: account.id } as const;
    if (enterprise.ownerAccountId === account.id) refuse({ ...already, owner: true });
    await ctx.transaction(async (repos) => {
      const now = ctx.clock();
      if (!(await repos.enterprises.addMember(enterprise.id, account.id, now)))
        refuse({ ...already, owner: false });
      await recordAudit(repos, {
        actor: OPERATOR,
        action: 'member.add',
        resource,
        enterpriseId,
        at: now,
        detail: { accountId },
      });
    });
    // Who may read players changed: kept memberships are re-read on every instance.
    ctx.keyPrincipals.accessChanged();
  });
}

export async function removeMember(
  ctx: UseCaseContext,
  enterpriseId: number,
  accountId: number,
): Promise<void> {
  const resource = { type: 'enterprise', id: enterpriseId } as const;
  await auditRefusals(ctx, { actor: OPERATOR, action: 'member.remove', resource }, async () => {
    await findEnterprise(ctx, enterpriseId);
    await ctx.transaction(async (repos) => {
      if (!(await repos.enterprises.removeMember(enterpriseId, accountId))) {
        refuse({ code: 'member_not_found', enterpriseId, accountId });
      }
      await recordAudit(repos, {
        actor: OPERATOR,
        action: 'member.remove',
        resource,
        enterpriseId,
        at: ctx.clock(),
        detail: { accountId },
      });
    });
    // Who may read players changed: kept memberships are re-read on every instance.
    ctx.keyPrincipals.accessChanged();
  });
}

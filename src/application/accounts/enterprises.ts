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

export async function updateEnterprise(
  ctx: UseCaseContext,
  id: number,
  changes: { name?: string; active?: boolean; reportsShared?: boolean },
): Promise<Enterprise> {
  const updated = await ctx.transaction(async (repos) => {
    const enterprise = await repos.enterprises.update(id, changes);
    if (enterprise === undefined) refuse({ code: 'enterprise_not_found', enterpriseId: id });
    await recordAudit(repos, {
      actor: OPERATOR,
      action: 'enterprise.update',
      resource: { type: 'enterprise', id },
      enterpriseId: id,
      at: ctx.clock(),
      detail: {
        changed: Object.keys(changes).filter((k) => changes[k as keyof typeof changes] !== undefined),
        active: enterprise.active,
        reportsShared: enterprise.reportsShared,
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

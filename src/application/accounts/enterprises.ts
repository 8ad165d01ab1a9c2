import type { Enterprise } from '../../domain/account.js';
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
  return ctx.repos.enterprises.create({ ...input, now: ctx.clock() });
}

export async function updateEnterprise(
  ctx: UseCaseContext,
  id: number,
  changes: { name?: string; active?: boolean },
): Promise<Enterprise> {
  const enterprise = await ctx.repos.enterprises.update(id, changes);
  if (enterprise === undefined) refuse({ code: 'enterprise_not_found', enterpriseId: id });
  return enterprise;
}

export async function addMember(ctx: UseCaseContext, enterpriseId: number, accountId: number): Promise<void> {
  const enterprise = await findEnterprise(ctx, enterpriseId);
  const account = await liveAccount(ctx, accountId);
  const already = { code: 'already_member', enterpriseId, accountId: account.id } as const;
  if (enterprise.ownerAccountId === account.id) refuse({ ...already, owner: true });
  if (!(await ctx.repos.enterprises.addMember(enterprise.id, account.id, ctx.clock()))) {
    refuse({ ...already, owner: false });
  }
}

export async function removeMember(
  ctx: UseCaseContext,
  enterpriseId: number,
  accountId: number,
): Promise<void> {
  await findEnterprise(ctx, enterpriseId);
  if (!(await ctx.repos.enterprises.removeMember(enterpriseId, accountId))) {
    refuse({ code: 'member_not_found', enterpriseId, accountId });
  }
}

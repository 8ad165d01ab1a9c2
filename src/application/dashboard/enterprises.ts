import { publicBaseUrl } from '../../config.js';
import type { Enterprise } from '../../domain/account.js';
import { inviteExpiry, isInviteUsable, type Role } from '../../domain/invite.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import type { TransactionRepositories } from '../../storage/repositories/index.js';
import type { Invite } from '../../storage/repositories/invites.js';
import type { SessionCaller } from '../access/authenticate-session.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';

/** Where an invite link points; the dashboard asks the person to accept it there. */
export const INVITE_PATH = '/invite/';

export interface Membership {
  enterprise: Enterprise;
  role: Role;
}

/** The Enterprises the person owns or belongs to: the ones they can switch between. */
export function listMyEnterprises(ctx: UseCaseContext, caller: SessionCaller): Promise<Membership[]> {
  return ctx.repos.enterprises.membershipsOf(caller.accountId);
}

/** The person's role in an Enterprise; one they are not part of is as good as missing. */
async function roleIn(ctx: UseCaseContext, caller: SessionCaller, enterpriseId: number): Promise<Membership> {
  const mine = (await listMyEnterprises(ctx, caller)).find((m) => m.enterprise.id === enterpriseId);
  if (mine === undefined) refuse({ code: 'enterprise_not_found', enterpriseId });
  return mine;
}

async function ownerOf(
  ctx: UseCaseContext,
  caller: SessionCaller,
  enterpriseId: number,
): Promise<Enterprise> {
  const { enterprise, role } = await roleIn(ctx, caller, enterpriseId);
  if (role !== 'owner' || !enterprise.active)
    refuse({ code: 'not_enterprise_owner', action: 'manage_members' });
  return enterprise;
}

export async function listMembers(ctx: UseCaseContext, caller: SessionCaller, enterpriseId: number) {
  const { enterprise } = await roleIn(ctx, caller, enterpriseId);
  const owner = await ctx.repos.accounts.find(enterprise.ownerAccountId);
  return {
    owner: { accountId: enterprise.ownerAccountId, name: owner?.name ?? '(deleted account)' },
    members: await ctx.repos.enterprises.members(enterpriseId),
  };
}

/** Owner only. The owner stays: an operator transfers an Enterprise. */
export async function removeMember(
  ctx: UseCaseContext,
  caller: SessionCaller,
  enterpriseId: number,
  accountId: number,
): Promise<void> {
  const enterprise = await ownerOf(ctx, caller, enterpriseId);
  if (accountId === enterprise.ownerAccountId) refuse({ code: 'cannot_remove_owner', enterpriseId });
  if (!(await ctx.repos.enterprises.removeMember(enterpriseId, accountId)))
    refuse({ code: 'member_not_found', enterpriseId, accountId });
}

/** A new invite; its URL (with the token) is in this answer only. `maxUses` null means unlimited. */
export async function createInvite(
  ctx: UseCaseContext,
  caller: SessionCaller,
  enterpriseId: number,
  input: { expiresInDays?: number; maxUses?: number | null },
): Promise<{ invite: Invite; url: string }> {
  const enterprise = await ownerOf(ctx, caller, enterpriseId);
  const token = randomToken(32);
  const now = ctx.clock();
  const invite = await ctx.repos.invites.create({
    enterpriseId: enterprise.id,
    accountId: caller.accountId,
    tokenHash: sha256Hex(token),
    now,
    expiresAt: inviteExpiry(now, input.expiresInDays),
    maxUses: input.maxUses === undefined ? 1 : input.maxUses,
  });
  return { invite, url: `${publicBaseUrl(ctx.config)}${INVITE_PATH}${token}` };
}

export async function listInvites(ctx: UseCaseContext, caller: SessionCaller, enterpriseId: number) {
  await ownerOf(ctx, caller, enterpriseId);
  const now = ctx.clock();
  return (await ctx.repos.invites.listFor(enterpriseId)).map((i) => ({
    ...i,
    usable: isInviteUsable(i, now),
  }));
}

export async function revokeInvite(
  ctx: UseCaseContext,
  caller: SessionCaller,
  inviteId: number,
): Promise<void> {
  const invite = await ctx.repos.invites.find(inviteId);
  if (invite === undefined) refuse({ code: 'invite_not_found', inviteId });
  const mine = (await listMyEnterprises(ctx, caller)).find((m) => m.enterprise.id === invite.enterpriseId);
  if (mine === undefined) refuse({ code: 'invite_not_found', inviteId });
  await ownerOf(ctx, caller, invite.enterpriseId);
  await ctx.repos.invites.revoke(inviteId, ctx.clock());
}

/**
 * The signed-in person joins the invite's Enterprise. Someone already in it spends no use of the
 * invite; an unknown, used-up, revoked or expired invite is refused alike.
 */
export async function acceptInvite(
  ctx: UseCaseContext,
  caller: SessionCaller,
  token: string,
): Promise<Membership> {
  const now = ctx.clock();
  return ctx.transaction(async (repos) => {
    const joined = await joinWithInvite(repos, { accountId: caller.accountId, token, now });
    if (joined === undefined) refuse({ code: 'invalid_invite' });
    return joined;
  });
}

/**
 * An invite's rules, in the caller's transaction, for every way of accepting one (signed in, or
 * signing in with Discord): the account joins the invite's active Enterprise and one use is counted.
 * Someone already in spends no use. Undefined when the invite is unknown, used up, revoked or expired,
 * or its Enterprise is deactivated: the caller refuses in its own words.
 */
export async function joinWithInvite(
  repos: TransactionRepositories,
  input: { accountId: number; token: string; now: number },
): Promise<Membership | undefined> {
  const invite = await repos.invites.findByToken(sha256Hex(input.token));
  if (invite === undefined) return undefined;
  const enterprise = await repos.enterprises.find(invite.enterpriseId);
  if (enterprise === undefined || !enterprise.active) return undefined;
  // Someone already in, opening the link again, just lands in the Enterprise.
  const already = (await repos.enterprises.membershipsOf(input.accountId)).find(
    (m) => m.enterprise.id === enterprise.id,
  );
  if (already !== undefined) return already;
  if (!isInviteUsable(invite, input.now) || !(await repos.invites.use(invite.id, input.now)))
    return undefined;
  await repos.enterprises.addMember(enterprise.id, input.accountId, input.now);
  return { enterprise, role: 'member' };
}

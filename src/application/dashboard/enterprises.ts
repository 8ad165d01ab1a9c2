import { publicBaseUrl } from '../../config.js';
import type { Enterprise } from '../../domain/account.js';
import type { AuditActor } from '../../domain/audit.js';
import { inviteExpiry, isInviteUsable } from '../../domain/invite.js';
import {
  DEFAULT_MEMBER_ROLE,
  type MemberRole,
  mayRemove,
  type Role,
  type RoleAction,
} from '../../domain/roles.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import type { TransactionRepositories } from '../../storage/repositories/index.js';
import type { Invite } from '../../storage/repositories/invites.js';
import type { SessionCaller } from '../access/authenticate-session.js';
import { allowedActions, authorizeRole } from '../access/role-policy.js';
import { sessionActor } from '../audit/actors.js';
import { auditRefusals, recordAudit } from '../audit/record.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';

/** Where an invite link points; the dashboard asks the person to accept it there. */
export const INVITE_PATH = '/invite/';

export interface Membership {
  enterprise: Enterprise;
  role: Role;
}

/**
 * The Enterprises the person owns or belongs to: the ones they can switch between, each with what
 * their role there allows (docs/roles.md), so the dashboard offers what the server would accept.
 */
export async function listMyEnterprises(
  ctx: UseCaseContext,
  caller: SessionCaller,
): Promise<Array<Membership & { allowedActions: RoleAction[] }>> {
  const memberships = await ctx.repos.enterprises.membershipsOf(caller.accountId);
  return memberships.map((m) => ({ ...m, allowedActions: allowedActions(m.role) }));
}

export async function listMembers(ctx: UseCaseContext, caller: SessionCaller, enterpriseId: number) {
  const { enterprise } = await authorizeRole(ctx, caller.accountId, enterpriseId, 'members.read', {
    inactiveToo: true,
  });
  const owner = await ctx.repos.accounts.find(enterprise.ownerAccountId);
  return {
    owner: { accountId: enterprise.ownerAccountId, name: owner?.name ?? '(deleted account)' },
    members: await ctx.repos.enterprises.members(enterpriseId),
  };
}

/**
 * The owner and admins (docs/roles.md); only the owner removes an admin. The owner stays: an
 * operator transfers an Enterprise.
 */
export async function removeMember(
  ctx: UseCaseContext,
  caller: SessionCaller,
  enterpriseId: number,
  accountId: number,
): Promise<void> {
  const actor = sessionActor(caller);
  const resource = { type: 'enterprise', id: enterpriseId } as const;
  await auditRefusals(ctx, { actor, action: 'member.remove', resource }, async () => {
    const { enterprise, role } = await authorizeRole(ctx, caller.accountId, enterpriseId, 'members.manage');
    if (accountId === enterprise.ownerAccountId) refuse({ code: 'cannot_remove_owner', enterpriseId });
    await ctx.transaction(async (repos) => {
      const memberRole = await repos.enterprises.memberRole(enterpriseId, accountId);
      if (memberRole === undefined) refuse({ code: 'member_not_found', enterpriseId, accountId });
      if (!mayRemove(role, memberRole))
        refuse({ code: 'member_change_forbidden', enterpriseId, accountId, reason: 'admin' });
      if (!(await repos.enterprises.removeMember(enterpriseId, accountId)))
        refuse({ code: 'member_not_found', enterpriseId, accountId });
      await recordAudit(repos, {
        actor,
        action: 'member.remove',
        resource,
        enterpriseId,
        at: ctx.clock(),
        detail: { accountId, role: memberRole },
      });
    });
    // Who may read players changed: kept memberships are re-read on every instance.
    ctx.keyPrincipals.accessChanged();
  });
}

/**
 * The owner gives a member another role (docs/roles.md), recorded as `member.role` with the roles
 * before and after. The owner has no member role: an operator transfers an Enterprise.
 */
export async function changeMemberRole(
  ctx: UseCaseContext,
  caller: SessionCaller,
  enterpriseId: number,
  accountId: number,
  role: MemberRole,
): Promise<{ accountId: number; role: MemberRole }> {
  const actor = sessionActor(caller);
  const resource = { type: 'enterprise', id: enterpriseId } as const;
  return auditRefusals(ctx, { actor, action: 'member.role', resource }, async () => {
    const { enterprise } = await authorizeRole(ctx, caller.accountId, enterpriseId, 'members.roles');
    if (accountId === enterprise.ownerAccountId)
      refuse({ code: 'member_change_forbidden', enterpriseId, accountId, reason: 'owner' });
    await ctx.transaction(async (repos) => {
      const before = await repos.enterprises.memberRole(enterpriseId, accountId);
      if (before === undefined || !(await repos.enterprises.setMemberRole(enterpriseId, accountId, role)))
        refuse({ code: 'member_not_found', enterpriseId, accountId });
      await recordAudit(repos, {
        actor,
        action: 'member.role',
        resource,
        enterpriseId,
        at: ctx.clock(),
        detail: { accountId, from: before, to: role },
      });
    });
    return { accountId, role };
  });
}

/** A new invite; its URL (with the token) is in this answer only. `maxUses` null means unlimited. */
export async function createInvite(
  ctx: UseCaseContext,
  caller: SessionCaller,
  enterpriseId: number,
  input: { expiresInDays?: number; maxUses?: number | null },
): Promise<{ invite: Invite; url: string }> {
  const actor = sessionActor(caller);
  const attempt = { actor, action: 'invite.create', resource: { type: 'invite', id: null } } as const;
  return auditRefusals(ctx, attempt, async () => {
    const { enterprise } = await authorizeRole(ctx, caller.accountId, enterpriseId, 'members.manage');
    const token = randomToken(32);
    const now = ctx.clock();
    const invite = await ctx.transaction(async (repos) => {
      const created = await repos.invites.create({
        enterpriseId: enterprise.id,
        accountId: caller.accountId,
        tokenHash: sha256Hex(token),
        now,
        expiresAt: inviteExpiry(now, input.expiresInDays),
        maxUses: input.maxUses === undefined ? 1 : input.maxUses,
      });
      // Never the token: the entry says an invite exists, not how to use it.
      await recordAudit(repos, {
        ...attempt,
        resource: { type: 'invite', id: created.id },
        enterpriseId: enterprise.id,
        at: now,
        detail: { maxUses: created.maxUses, expiresAt: new Date(created.expiresAt).toISOString() },
      });
      return created;
    });
    return { invite, url: `${publicBaseUrl(ctx.config)}${INVITE_PATH}${token}` };
  });
}

export async function listInvites(ctx: UseCaseContext, caller: SessionCaller, enterpriseId: number) {
  await authorizeRole(ctx, caller.accountId, enterpriseId, 'members.manage');
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
  const attempt = {
    actor: sessionActor(caller),
    action: 'invite.revoke',
    resource: { type: 'invite', id: inviteId },
  } as const;
  await auditRefusals(ctx, attempt, async () => {
    const invite = await ctx.repos.invites.find(inviteId);
    if (invite === undefined) refuse({ code: 'invite_not_found', inviteId });
    const mine = (await listMyEnterprises(ctx, caller)).find((m) => m.enterprise.id === invite.enterpriseId);
    if (mine === undefined) refuse({ code: 'invite_not_found', inviteId });
    await authorizeRole(ctx, caller.accountId, invite.enterpriseId, 'members.manage');
    await ctx.transaction(async (repos) => {
      const now = ctx.clock();
      await repos.invites.revoke(inviteId, now);
      await recordAudit(repos, { ...attempt, enterpriseId: invite.enterpriseId, at: now });
    });
  });
}

/**
 * The signed-in person joins the invite's Enterprise. Someone already in it spends no use of the
 * invite; an unknown, used-up, revoked or expired invite is refused alike.
 */
export async function acceptInvite(
  ctx: UseCaseContext,
  caller: SessionCaller,
  token: string,
): Promise<Membership & { allowedActions: RoleAction[] }> {
  const now = ctx.clock();
  const actor = sessionActor(caller);
  const attempt = { actor, action: 'invite.accept', resource: { type: 'invite', id: null } } as const;
  const joined = await auditRefusals(ctx, attempt, () =>
    ctx.transaction(async (repos) => {
      const joined = await joinWithInvite(repos, { accountId: caller.accountId, token, now, actor });
      if (joined === undefined) refuse({ code: 'invalid_invite' });
      return joined;
    }),
  );
  // A member may read players: kept memberships are re-read on every instance.
  ctx.keyPrincipals.accessChanged();
  return { ...joined, allowedActions: allowedActions(joined.role) };
}

/**
 * An invite's rules, in the caller's transaction, for every way of accepting one (signed in, or
 * signing in with Discord): the account joins the invite's active Enterprise and one use is counted.
 * Someone already in spends no use. Undefined when the invite is unknown, used up, revoked or expired,
 * or its Enterprise is deactivated: the caller refuses in its own words.
 */
export async function joinWithInvite(
  repos: TransactionRepositories,
  input: { accountId: number; token: string; now: number; actor?: AuditActor },
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
  await repos.enterprises.addMember(enterprise.id, input.accountId, input.now, DEFAULT_MEMBER_ROLE);
  // Only a join is recorded; opening a link again changes nothing (docs/audit.md).
  await recordAudit(repos, {
    actor: input.actor ?? { kind: 'sign_in', accountId: input.accountId },
    action: 'invite.accept',
    resource: { type: 'invite', id: invite.id },
    enterpriseId: enterprise.id,
    at: input.now,
    detail: { accountId: input.accountId, role: DEFAULT_MEMBER_ROLE },
  });
  return { enterprise, role: DEFAULT_MEMBER_ROLE };
}

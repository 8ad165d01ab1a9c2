import {
  DISCORD_STAFF_ROLE,
  higherRole,
  isPinCreatingRole,
  lowerRole,
  type PinCreatingRole,
  type Role,
} from '../../domain/roles.js';
import { requireRoleMay, standingIn } from '../access/role-policy.js';
import { actorOf } from '../audit/record.js';
import { type AccountCaller, liveAccountOf } from '../callers.js';
import type { UseCaseContext } from '../context.js';
import type { DiscordStaff } from '../discord/staff.js';
import { refuse } from '../failures.js';
import { authorizePinCreation, type PinCreator } from './create-pin.js';

/*
 * PINs that staff create through the dashboard or the Discord app (docs/roles.md, "PIN quotas"):
 * whoever's role may create them creates them for the Enterprise, and they count against their
 * role's quota there, not against one account's MAX_ACTIVE_PINS. POST /v1/pins/create keeps the
 * published rule (create-pin.ts, authorizePinCreation).
 */

function creatingRole(role: Role): PinCreatingRole {
  requireRoleMay(role, 'pin.create');
  // The matrix lets only these roles create; a type guard keeps the quota's key honest.
  if (!isPinCreatingRole(role)) refuse({ code: 'role_not_allowed', role, action: 'pin.create' });
  return role;
}

/**
 * The Enterprise a signed-in person creates a PIN for: the one they chose, or else the active
 * Enterprise they own, or else the first active one whose role lets them create.
 */
async function chosenEnterprise(
  ctx: UseCaseContext,
  accountId: number,
  enterpriseId: number | undefined,
): Promise<number> {
  if (enterpriseId !== undefined) return enterpriseId;
  const owned = await ctx.repos.enterprises.activeOwnedBy(accountId);
  if (owned !== undefined) return owned.id;
  const memberships = (await ctx.repos.enterprises.membershipsOf(accountId)).filter(
    (m) => m.enterprise.active,
  );
  const creating = memberships.find((m) => isPinCreatingRole(m.role));
  const first = creating ?? memberships[0];
  if (first === undefined) refuse({ code: 'not_enterprise_owner', action: 'create_pin' });
  return first.enterprise.id;
}

/** A signed-in person's right to create a PIN for an Enterprise, checked before the body is read. */
export async function authorizeStaffPinCreation(
  ctx: UseCaseContext,
  caller: AccountCaller & { accountId: number },
  enterpriseId: number | undefined,
): Promise<PinCreator> {
  const account = liveAccountOf(caller);
  if (account.banned) refuse({ code: 'account_banned' });
  const id = await chosenEnterprise(ctx, account.id, enterpriseId);
  const standing = await standingIn(ctx, account.id, id);
  if (standing === undefined || !standing.enterprise.active)
    refuse({ code: 'enterprise_not_found', enterpriseId: id });
  return {
    accountId: account.id,
    enterprise: { id: standing.enterprise.id, name: standing.enterprise.name },
    actor: actorOf(caller),
    staffRole: creatingRole(standing.role),
  };
}

/**
 * The role a Discord staff member acts with (docs/roles.md, "In Discord"): the server's staff roles
 * are the owner's choice of who is staff there, so they give at least DISCORD_STAFF_ROLE; a member
 * whose account carries the Discord ID and who holds a higher role (the owner, an admin) acts with it.
 * A member's lower role takes nothing away: a viewer made staff in the server is a moderator there,
 * as a stranger with the same Discord role is.
 */
export async function discordStaffRole(ctx: UseCaseContext, staff: DiscordStaff): Promise<Role> {
  const accounts = await ctx.repos.accounts.findByDiscordId(staff.actor.discordUserId, 5);
  let member: Role | undefined;
  for (const account of accounts) {
    const standing = await standingIn(ctx, account.id, staff.enterprise.id);
    if (standing === undefined) continue;
    // Two accounts with one Discord ID (an operator's doing): the higher role would be a guess, so the lower.
    member = member === undefined ? standing.role : lowerRole(member, standing.role);
  }
  return member === undefined ? DISCORD_STAFF_ROLE : higherRole(member, DISCORD_STAFF_ROLE);
}

/** A Discord staff member's right to create a PIN; the PIN is held by the owner's account, as before. */
export async function authorizeDiscordPinCreation(
  ctx: UseCaseContext,
  staff: DiscordStaff,
): Promise<PinCreator> {
  const role = creatingRole(await discordStaffRole(ctx, staff));
  return { ...(await authorizePinCreation(ctx, staff.caller)), actor: staff.actor, staffRole: role };
}

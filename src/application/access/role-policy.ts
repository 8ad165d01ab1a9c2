import type { Enterprise } from '../../domain/account.js';
import { actionsOf, ownerOnly, type Role, type RoleAction, roleMay } from '../../domain/roles.js';
import type { TransactionRepositories } from '../../storage/repositories/index.js';
import type { UseCaseContext } from '../context.js';
import { type Failure, refuse } from '../failures.js';

/*
 * The one place the application asks what a person's role lets them do in an Enterprise
 * (docs/roles.md). Dashboard routes, Discord commands and the API reach it through the use cases;
 * the table itself is domain/roles.ts.
 */

export interface Standing {
  enterprise: Enterprise;
  role: Role;
}

/** What `not_enterprise_owner` says was asked, for the actions only the owner may take. */
const OWNER_ACTION: Partial<
  Record<RoleAction, Extract<Failure, { code: 'not_enterprise_owner' }>['action']>
> = {
  'keys.pins-create': 'issue_pins_create_key',
  'members.roles': 'change_roles',
  'settings.manage': 'manage_settings',
  'audit.read': 'read_audit',
};

/** The refusal for `role` asking for `action`, or null when the role may. */
export function roleRefusal(role: Role, action: RoleAction): Failure | null {
  if (roleMay(role, action)) return null;
  const ownerAction = OWNER_ACTION[action];
  if (ownerOnly(action) && ownerAction !== undefined)
    return { code: 'not_enterprise_owner', action: ownerAction };
  return { code: 'role_not_allowed', role, action };
}

/**
 * What `role` may do, for the dashboard to offer exactly that (docs/roles.md): read from the same
 * table as every check, so the pages never keep a copy of it.
 */
export function allowedActions(role: Role): RoleAction[] {
  return actionsOf(role);
}

/** Refuses unless `role` may take `action`. */
export function requireRoleMay(role: Role, action: RoleAction): void {
  const refusal = roleRefusal(role, action);
  if (refusal !== null) refuse(refusal);
}

/**
 * The account's role in the Enterprise, or undefined when it is neither its owner nor a member. Read
 * through `ctx.repos`: the context's, or a transaction's (`{ repos }`) when the check must see what
 * the action then changes.
 */
export async function standingIn(
  ctx: { repos: Pick<TransactionRepositories, 'enterprises'> },
  accountId: number,
  enterpriseId: number,
): Promise<Standing | undefined> {
  const enterprise = await ctx.repos.enterprises.find(enterpriseId);
  if (enterprise === undefined) return undefined;
  if (enterprise.ownerAccountId === accountId) return { enterprise, role: 'owner' };
  const role = await ctx.repos.enterprises.memberRole(enterpriseId, accountId);
  return role === undefined ? undefined : { enterprise, role };
}

/**
 * The person's standing in an active Enterprise, if their role may take `action`. Someone outside
 * it, or an Enterprise an operator deactivated (unless `inactiveToo`: reading its members), is as
 * good as missing (enterprise_not_found), so a stranger does not learn that it exists.
 */
export async function authorizeRole(
  ctx: UseCaseContext,
  accountId: number,
  enterpriseId: number,
  action: RoleAction,
  options: { inactiveToo?: boolean } = {},
): Promise<Standing> {
  const standing = await standingIn(ctx, accountId, enterpriseId);
  if (standing === undefined || (!standing.enterprise.active && options.inactiveToo !== true))
    refuse({ code: 'enterprise_not_found', enterpriseId });
  requireRoleMay(standing.role, action);
  return standing;
}

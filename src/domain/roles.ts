/*
 * Roles in an Enterprise (docs/roles.md): what each may do, in one table. The application layer asks
 * `roleMay` through application/access/role-policy.ts and nowhere else, so the dashboard, the Discord
 * app and the API meet the same answer.
 */

export const ROLES = ['owner', 'admin', 'moderator', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** The roles an owner may give a member; an Enterprise has one owner, changed by an operator. */
export const MEMBER_ROLES = ['admin', 'moderator', 'viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/**
 * Members who joined before roles existed, and new ones: they could read the Enterprise's PINs and
 * results and its players, and nothing more, which is what a viewer may do (docs/roles.md).
 */
export const DEFAULT_MEMBER_ROLE: MemberRole = 'viewer';

/**
 * What a Discord staff member may do at least: the owner made them staff in the server, so they
 * create, cancel and moderate, and nothing about the Enterprise itself. A member with a higher role
 * (the owner, an admin) acts with it there; a lower one (a viewer) is raised to this, so linking a
 * Discord account never takes a right away (docs/roles.md, "In Discord").
 */
export const DISCORD_STAFF_ROLE: MemberRole = 'moderator';

export const ROLE_ACTIONS = [
  /** Create scan PINs through the dashboard or the Discord app. */
  'pin.create',
  /** Cancel a pending PIN of the Enterprise. */
  'pin.cancel',
  /** Read the Enterprise's non-private PINs, their results and evidence, and its players. */
  'results.read',
  /** Ban, warn, lift and note players. */
  'player.moderate',
  /** Mark a scan's finding a false positive, which counts against the rule for the operator. */
  'finding.review',
  /** Hold API keys with pins:create (the published API: the owner only). */
  'keys.pins-create',
  /** Own webhook endpoints for the PINs one creates. */
  'webhooks.manage',
  /** Connect Discord servers and choose their staff roles. */
  'discord.manage',
  /** List the Enterprise's members. */
  'members.read',
  /** Invite people and remove members below the admin role. */
  'members.manage',
  /** Change a member's role. */
  'members.roles',
  /** The Enterprise's settings: what players see, PIN quotas per role. */
  'settings.manage',
  /** The Enterprise's audit trail. */
  'audit.read',
] as const;
export type RoleAction = (typeof ROLE_ACTIONS)[number];

const ALL: readonly Role[] = ROLES;
const STAFF: readonly Role[] = ['owner', 'admin', 'moderator'];
const ADMINS: readonly Role[] = ['owner', 'admin'];
const OWNER: readonly Role[] = ['owner'];

/** Who may do what: the matrix docs/roles.md shows, read by `roleMay` only. */
export const ROLE_MATRIX: Readonly<Record<RoleAction, readonly Role[]>> = {
  'pin.create': STAFF,
  'pin.cancel': STAFF,
  'results.read': ALL,
  'player.moderate': STAFF,
  'finding.review': STAFF,
  'keys.pins-create': OWNER,
  'webhooks.manage': ALL,
  'discord.manage': ADMINS,
  'members.read': ALL,
  'members.manage': ADMINS,
  'members.roles': OWNER,
  'settings.manage': OWNER,
  'audit.read': OWNER,
};

/** Roles rank as ROLES lists them, the owner first. */
const rank = (role: Role): number => ROLES.indexOf(role);

/** The role that may do more of the two. */
export function higherRole(a: Role, b: Role): Role {
  return rank(a) <= rank(b) ? a : b;
}

/** The role that may do less of the two. */
export function lowerRole(a: Role, b: Role): Role {
  return rank(a) >= rank(b) ? a : b;
}

export function roleMay(role: Role, action: RoleAction): boolean {
  return ROLE_MATRIX[action].includes(role);
}

/** Everything `role` may do, in the table's order: what the dashboard shows that role. */
export function actionsOf(role: Role): RoleAction[] {
  return ROLE_ACTIONS.filter((action) => roleMay(role, action));
}

/** Whether only the owner may do it: the refusal then says so (not_enterprise_owner). */
export function ownerOnly(action: RoleAction): boolean {
  return ROLE_MATRIX[action].length === 1 && ROLE_MATRIX[action][0] === 'owner';
}

/** An admin removes moderators and viewers; only the owner removes an admin. */
export function mayRemove(actor: Role, member: MemberRole): boolean {
  if (actor === 'owner') return true;
  return roleMay(actor, 'members.manage') && member !== 'admin';
}

export function isMemberRole(value: string): value is MemberRole {
  return (MEMBER_ROLES as readonly string[]).includes(value);
}

/*
 * PIN quotas (docs/roles.md, "PIN quotas"): the PINs staff create through the dashboard or Discord are
 * the Enterprise's, counted per role against a number the owner sets, instead of one account's
 * MAX_ACTIVE_PINS. An Enterprise that set none has the installation's MAX_ACTIVE_PINS for each role.
 */

export const PIN_CREATING_ROLES = ['owner', 'admin', 'moderator'] as const;
export type PinCreatingRole = (typeof PIN_CREATING_ROLES)[number];
export const MAX_ROLE_QUOTA = 1000;

export type RoleQuotas = Record<PinCreatingRole, number>;

export function defaultRoleQuotas(maxActivePins: number): RoleQuotas {
  return { owner: maxActivePins, admin: maxActivePins, moderator: maxActivePins };
}

export function isPinCreatingRole(role: Role): role is PinCreatingRole {
  return (PIN_CREATING_ROLES as readonly string[]).includes(role);
}

/**
 * The audit trail's vocabulary (docs/audit.md): which consequential actions are recorded, who can
 * have done them, and what an entry holds. An entry names resources by their row id only and never
 * holds a secret, key, token, hardware ID, IP address or a scanned person's Discord ID, so erasing a
 * player never needs to edit the trail (docs/privacy.md, "Export and erasure").
 */
export const AUDIT_ACTIONS = [
  'account.create',
  'account.update',
  'account.delete',
  'enterprise.create',
  'enterprise.update',
  'api_key.create',
  'api_key.revoke',
  'ban.create',
  'ban.lift',
  'ban.share',
  'reason.create',
  'member.add',
  'member.remove',
  'member.role',
  'invite.create',
  'invite.accept',
  'invite.revoke',
  'passkey.register',
  'passkey.remove',
  'passkey.sign_in',
  'webhook.create',
  'webhook.update',
  'webhook.delete',
  'webhook.rotate_secret',
  'pin.create',
  'pin.cancel',
  'scanned_user.export',
  'scanned_user.erase',
  'rule.create',
  'rule.update',
  'discord_guild.connect',
  'discord_guild.update',
  'discord_guild.disconnect',
  'discord_connect_code.create',
  'scanned_user.lookup',
  'scanned_user.risk_score',
  'share_link.create',
  'scanner_client.register',
  'scanner_client.expire',
  'scanner_client.revoke',
  'rule_publisher.trust',
  'rule_publisher.distrust',
  'rule_pack.import',
  'rule_pack_source.subscribe',
  'rule_pack_source.unsubscribe',
  'rule_pack_source.import',
  'finding.mark_false_positive',
  'finding.unmark_false_positive',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_RESOURCE_TYPES = [
  'account',
  'api_key',
  'ban',
  'reason',
  'moderation_entry',
  'enterprise',
  'invite',
  'webhook',
  'pin',
  'scanned_user',
  'rule',
  'scanner_client',
  'rule_publisher',
  'rule_pack',
  'rule_pack_source',
  'passkey',
] as const;
export type AuditResourceType = (typeof AUDIT_RESOURCE_TYPES)[number];

/**
 * Who did it: the operator (x-admin-token), an account through an API key, a signed-in person
 * (their session), an account while signing in with Discord, before it has a session (an invite
 * accepted on the way in), or a Discord server's staff member through the built-in Discord app,
 * named by their Discord user ID (staff, never a scanned person).
 */
export type AuditActor =
  | { kind: 'operator' }
  | { kind: 'key'; accountId: number; keyId: number }
  | { kind: 'session'; accountId: number; sessionId: number }
  | { kind: 'sign_in'; accountId: number }
  /** A staff member using the built-in Discord app, for the Enterprise owned by `accountId`. */
  | { kind: 'discord'; accountId: number; discordUserId: string };
export type AuditActorKind = AuditActor['kind'];
export const AUDIT_ACTOR_KINDS = [
  'operator',
  'key',
  'session',
  'sign_in',
  'discord',
] as const satisfies readonly AuditActorKind[];

/**
 * `succeeded`: the action took effect (the entry was written in its transaction). `refused`: an
 * authenticated caller allowed to try was refused; `code` is the refusal's problem code.
 */
export type AuditOutcome = 'succeeded' | 'refused';

/** Small, non-secret facts about the action (e.g. a key's permissions, a ban's status). */
export type AuditDetail = Readonly<Record<string, string | number | boolean | null | readonly string[]>>;

export interface AuditResource {
  type: AuditResourceType;
  /** The resource's row id; null when there is none to name (e.g. an erased player). */
  id: number | null;
}

export interface AuditEntry {
  id: number;
  at: number;
  actor: AuditActor;
  action: AuditAction;
  resource: AuditResource;
  /** The Enterprise the resource belongs to, when it belongs to one: its owner sees the entry. */
  enterpriseId: number | null;
  outcome: AuditOutcome;
  /** The refusal's code when `outcome` is `refused`. */
  code: string | null;
  detail: AuditDetail;
}

export interface AuditFilter {
  actorKind?: AuditActorKind;
  actorAccountId?: number;
  action?: AuditAction;
  resourceType?: AuditResourceType;
  resourceId?: number;
  enterpriseId?: number;
  outcome?: AuditOutcome;
  /** Inclusive, epoch milliseconds. */
  since?: number;
  /** Exclusive, epoch milliseconds. */
  until?: number;
}

/** Newest first; `before` is the previous page's `nextBefore` (an entry id). */
export interface AuditPageRequest {
  before?: number;
  limit: number;
}

export const AUDIT_PAGE_MAX = 200;

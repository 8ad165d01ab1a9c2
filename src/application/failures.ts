import type { ClientKind } from '../domain/assurance.js';
import type { PinStatus } from '../domain/pin-lifecycle.js';
import type { PinCreatingRole, Role, RoleAction } from '../domain/roles.js';
import type { SignatureRefusal } from '../domain/scanner-clients.js';
import type { RateLimitDecision } from './rate-limits.js';

/**
 * Every way a use case can refuse, as data: a stable `code` plus the facts a surface needs to explain
 * it. Use cases know nothing of HTTP; `http/problem.ts` turns each failure into its status and
 * wording (docs/api.md lists the codes).
 */
export type Failure =
  | { code: 'missing_api_key' }
  | { code: 'invalid_api_key' }
  | { code: 'insufficient_permission'; permission: string }
  | { code: 'rate_limited'; limit: RateLimitDecision }
  | { code: 'account_not_found'; accountId?: number }
  | { code: 'account_banned' }
  /** `action` says what needed ownership, so the refusal can say what to do about it. */
  | {
      code: 'not_enterprise_owner';
      action:
        | 'create_pin'
        | 'issue_pins_create_key'
        | 'manage_members'
        | 'read_audit'
        | 'manage_discord'
        | 'manage_settings'
        | 'change_roles';
    }
  /** The person's role in the Enterprise may not do this (docs/roles.md); `action` is what was asked. */
  | { code: 'role_not_allowed'; role: Role; action: RoleAction }
  | { code: 'licence_required' }
  /** `role`: a staff PIN, counted against that role's quota in the Enterprise (docs/roles.md). */
  | { code: 'active_pin_limit'; limit: number; role?: PinCreatingRole }
  /** Only a pending PIN can be cancelled; `status` is the one it has (docs/api.md, "Cancelling a PIN"). */
  | { code: 'pin_not_cancellable'; pin: string; status: PinStatus }
  | { code: 'pin_not_found'; pin: string }
  | { code: 'pin_forbidden'; pin: string }
  | { code: 'invalid_session_token' }
  | { code: 'pin_already_used'; pin: string; status: PinStatus }
  | { code: 'pin_expired'; pin: string }
  | { code: 'scan_closed'; pin: string; status: PinStatus }
  | { code: 'progress_backwards'; current: number }
  | { code: 'nonce_mismatch'; pin: string }
  /** A registered client's call whose signature is missing, bad, stale or replayed, or an unknown client id. */
  | { code: 'invalid_client_signature'; reason: SignatureRefusal }
  /** A revoked or expired scanner build; `downloadUrl` is where the current one is. */
  | { code: 'scanner_client_retired'; status: 'revoked' | 'expired'; downloadUrl: string }
  /** The caller's client kind is not in SCANNER_ACCEPT. */
  | {
      code: 'scanner_client_not_accepted';
      kind: ClientKind;
      accepted: readonly ClientKind[];
      downloadUrl: string;
    }
  /** The row id, or the public client id, the operator named. */
  | { code: 'scanner_client_not_found'; scannerClient: number | string }
  | { code: 'rule_not_found'; ruleId: number }
  /** A pattern that can never match its kind (a `file-sha1` pattern that is not a whole SHA-1). */
  | { code: 'invalid_rule_pattern'; kind: string; problem: string }
  /** This instance already runs a rule test (one at a time per instance); `testId` is that test. */
  | { code: 'rule_test_running'; testId: number }
  | { code: 'rule_test_not_found'; testId: number }
  /** Rule packs (docs/rules.md, "Rule packs"): a public key that cannot be a publisher's. */
  | { code: 'invalid_public_key'; problem: string }
  | { code: 'rule_publisher_exists'; publisherId: number; keyId: string }
  | { code: 'rule_publisher_not_found'; publisherId: number }
  /** A pack whose content the server cannot use (its format, a pattern, two rules matching one thing). */
  | { code: 'invalid_rule_pack'; problem: string }
  /** The pack's key is not among the trusted publishers. */
  | { code: 'untrusted_rule_publisher'; keyId: string; publisherName: string }
  /** The signature is not the trusted key's signature of this pack: changed, or signed by another key. */
  | { code: 'invalid_rule_pack_signature'; keyId: string; name: string }
  /** The version is not newer than the one imported, and the rules differ. */
  | { code: 'rule_pack_version_conflict'; name: string; version: number; current: number }
  /** A pack URL that is not https, carries credentials, or points at a private address. */
  | { code: 'invalid_rule_pack_source_url'; reason: string }
  | { code: 'rule_pack_source_exists'; sourceId: number }
  | { code: 'rule_pack_source_not_found'; sourceId: number }
  /** `enterpriseId` null: the person chose none and is in no active Enterprise. */
  | { code: 'enterprise_not_found'; enterpriseId: number | null }
  | { code: 'already_member'; enterpriseId: number; accountId: number; owner: boolean }
  | { code: 'member_not_found'; enterpriseId: number; accountId: number }
  | { code: 'key_not_found'; keyId: number }
  | { code: 'ban_not_found'; banId: number }
  /** A ban's or warning's end that is not in the future (docs/roles.md, "Moderation"). */
  | { code: 'invalid_expiry'; expiresAt: number }
  /**
   * `enterpriseName`: staff of that Enterprise asked to moderate a player it cannot see (no shared
   * profile and no report of its own), so the refusal says how to get one.
   */
  | { code: 'scanned_user_not_found'; discordId: string; enterpriseName?: string }
  | { code: 'invalid_evidence'; maxDepth: number; maxChars: number }
  | { code: 'invalid_webhook_url'; reason: string }
  | { code: 'webhook_limit'; max: number }
  | { code: 'webhook_not_found'; webhookId: number }
  | { code: 'delivery_not_found'; deliveryId: number }
  /** `holder`: whose streams are counted, an API key's (the default) or a dashboard session's. */
  | { code: 'too_many_streams'; max: number; holder?: 'session' }
  | { code: 'invalid_sign_in_link' }
  | { code: 'not_signed_in' }
  | { code: 'cross_site_request' }
  | { code: 'session_not_found'; sessionId: number }
  | { code: 'share_link_not_found' }
  /** A member who may see the PIN, but neither made the link nor owns the Enterprise. */
  | { code: 'share_link_forbidden'; shareLinkId: number }
  | { code: 'pin_not_finished'; pin: string }
  /** The evidence view asked for a list the scan's evidence document does not have. */
  | { code: 'evidence_list_not_found'; pin: string; path: string }
  /** Rule quality (docs/rules.md): the scan has no finding of this rule to mark. */
  | { code: 'finding_not_found'; pin: string; ruleId: number }
  /** Only staff (owner or members) of the PIN's active Enterprise mark its findings. */
  | { code: 'finding_review_forbidden'; pin: string }
  | { code: 'invalid_invite' }
  /** An invite token that no invite has (the invite preview tells this apart from a used-up one). */
  | { code: 'unknown_invite' }
  | { code: 'discord_sign_in_disabled' }
  /** Passkeys (docs/dashboard.md, "Passkeys"): PUBLIC_URL is an IP address or plain http:// elsewhere than localhost. */
  | { code: 'passkeys_unavailable' }
  /** The answer's challenge is unknown, already answered, over 5 minutes old, or was begun for something else. */
  | { code: 'passkey_challenge_invalid' }
  /** The authenticator's answer did not verify (`reason` is for the server log only). */
  | { code: 'passkey_refused'; reason: string }
  /** No passkey with this credential ID is registered here (removed, or made for another server). */
  | { code: 'unknown_passkey' }
  | { code: 'passkey_not_found'; passkeyId: number }
  | { code: 'passkey_limit'; max: number }
  | { code: 'invite_not_found'; inviteId: number }
  | { code: 'cannot_remove_owner'; enterpriseId: number }
  /** An admin removing an admin, or anyone giving the owner a member's role. */
  | { code: 'member_change_forbidden'; enterpriseId: number; accountId: number; reason: 'owner' | 'admin' }
  /** The built-in Discord app (docs/discord.md): its three values are not configured. */
  | { code: 'discord_app_disabled' }
  | { code: 'discord_guild_taken'; guildId: string }
  | { code: 'discord_guild_not_found'; guildId: string }
  /** An interaction from a server no Enterprise connected (or from outside a server). */
  | { code: 'discord_guild_not_connected' }
  /** The member holds none of the server's staff roles and not Manage Server. */
  | { code: 'discord_not_staff' }
  | { code: 'manage_server_required' }
  | { code: 'invalid_connect_code' }
  /** A button press naming something that is not on a scan message of this server. */
  | { code: 'discord_unknown_button' }
  /** The store failed, not the request: `cause` from `storage/errors.ts` (docs/operations.md, "When things fail"). */
  /** A body the route reads itself (the evidence intake) is not what its schema says; `detail` names why. */
  | { code: 'invalid_body'; detail: string }
  /** `busy`: the evidence intake's workers and queue are full, or a document ran past its time limit. */
  | { code: 'service_unavailable'; cause: 'unreachable' | 'cannot_write' | 'busy' };

export type FailureCode = Failure['code'];

/** Thrown by a use case to refuse; carries the typed failure to whichever surface called it. */
export class UseCaseFailure extends Error {
  constructor(readonly failure: Failure) {
    super(failure.code);
    this.name = 'UseCaseFailure';
  }
}

export function refuse(failure: Failure): never {
  throw new UseCaseFailure(failure);
}

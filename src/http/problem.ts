import { STATUS_CODES } from 'node:http';
import type { Failure, FailureCode } from '../application/failures.js';
import type { RateLimitDecision } from '../application/rate-limits.js';
import type { ClientKind } from '../domain/assurance.js';
import { plural } from '../domain/plural.js';
import type { PinCreatingRole, RoleAction } from '../domain/roles.js';
import { RULE_TEST_KEEP_DAYS } from '../domain/rule-test.js';
import type { SignatureRefusal } from '../domain/scanner-clients.js';

/** How a refusal names each role's staff, and each action (docs/roles.md). */
const ROLE_PLURAL: Record<PinCreatingRole, string> = {
  owner: 'owner',
  admin: 'admins',
  moderator: 'moderators',
};
const ROLE_ACTION_WORDS: Record<RoleAction, string> = {
  'pin.create': 'create PINs',
  'pin.cancel': 'cancel PINs',
  'results.read': 'read results',
  'player.moderate': 'ban, warn or note players',
  'finding.review': 'mark findings as false positives',
  'keys.pins-create': 'hold keys with pins:create',
  'webhooks.manage': 'manage webhooks',
  'discord.manage': 'connect Discord servers or choose their staff roles',
  'members.read': 'list members',
  'members.manage': 'invite or remove members',
  'members.roles': 'change members’ roles',
  'settings.manage': 'change the Enterprise’s settings',
  'audit.read': 'read the audit trail',
};

/**
 * Every `code` a problem body can carry (docs/api.md, "Errors"): the application's failures plus
 * what only the HTTP surface can find wrong (a malformed body, URL or parameter, a missing route).
 */
export type ProblemCode =
  | FailureCode
  | 'invalid_game_type'
  | 'invalid_pin_code'
  | 'invalid_discord_id'
  | 'invalid_parameter'
  | 'invalid_url'
  | 'payload_too_large'
  | 'bad_request'
  | 'route_not_found'
  | 'method_not_allowed'
  | 'invalid_admin_token'
  | 'invalid_discord_signature'
  | 'missing_session_token'
  | 'service_unavailable'
  | 'internal_error';

/**
 * The same codes as data, in the order of docs/api.md's table, for the OpenAPI document's Problem
 * schema (so generated clients get the union too). The `satisfies` and the check below keep it and
 * `ProblemCode` equal: a code added to one but not the other fails the type check.
 */
export const PROBLEM_CODES = [
  'missing_api_key',
  'invalid_api_key',
  'insufficient_permission',
  'rate_limited',
  'account_not_found',
  'account_banned',
  'not_enterprise_owner',
  'licence_required',
  'invalid_body',
  'invalid_game_type',
  'active_pin_limit',
  'pin_not_cancellable',
  'role_not_allowed',
  'member_change_forbidden',
  'invalid_pin_code',
  'pin_not_found',
  'pin_forbidden',
  'invalid_discord_id',
  'payload_too_large',
  'route_not_found',
  'method_not_allowed',
  'invalid_parameter',
  'invalid_url',
  'bad_request',
  'invalid_webhook_url',
  'webhook_limit',
  'webhook_not_found',
  'delivery_not_found',
  'too_many_streams',
  'invalid_sign_in_link',
  'not_signed_in',
  'cross_site_request',
  'session_not_found',
  'share_link_not_found',
  'share_link_forbidden',
  'pin_not_finished',
  'evidence_list_not_found',
  'finding_not_found',
  'finding_review_forbidden',
  'invalid_invite',
  'invite_not_found',
  'unknown_invite',
  'discord_sign_in_disabled',
  'passkeys_unavailable',
  'passkey_challenge_invalid',
  'passkey_refused',
  'unknown_passkey',
  'passkey_not_found',
  'passkey_limit',
  'cannot_remove_owner',
  'discord_app_disabled',
  'discord_guild_taken',
  'discord_guild_not_found',
  'discord_guild_not_connected',
  'discord_not_staff',
  'manage_server_required',
  'invalid_connect_code',
  'discord_unknown_button',
  'service_unavailable',
  'internal_error',
  'missing_session_token',
  'invalid_session_token',
  'pin_already_used',
  'pin_expired',
  'scan_closed',
  'progress_backwards',
  'invalid_admin_token',
  'invalid_discord_signature',
  'enterprise_not_found',
  'already_member',
  'member_not_found',
  'key_not_found',
  'ban_not_found',
  'invalid_expiry',
  'scanned_user_not_found',
  'invalid_evidence',
  'nonce_mismatch',
  'invalid_client_signature',
  'scanner_client_retired',
  'scanner_client_not_accepted',
  'scanner_client_not_found',
  'rule_not_found',
  'invalid_rule_pattern',
  'rule_test_running',
  'rule_test_not_found',
  'invalid_public_key',
  'rule_publisher_exists',
  'rule_publisher_not_found',
  'invalid_rule_pack',
  'untrusted_rule_publisher',
  'invalid_rule_pack_signature',
  'rule_pack_version_conflict',
  'invalid_rule_pack_source_url',
  'rule_pack_source_exists',
  'rule_pack_source_not_found',
] as const satisfies readonly ProblemCode[];

const everyCodeListed: Exclude<ProblemCode, (typeof PROBLEM_CODES)[number]> extends never ? true : never =
  true;
void everyCodeListed;

/**
 * An error that becomes an RFC 9457 problem body. `code` is stable and machine-readable; `detail`
 * tells a person what happened and what to do next.
 */
export class Problem extends Error {
  readonly headers: Record<string, string>;

  constructor(
    readonly status: number,
    readonly code: ProblemCode,
    readonly detail: string,
    headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'Problem';
    this.headers = headers;
  }

  get title(): string {
    return STATUS_CODES[this.status] ?? 'Error';
  }

  toBody(): ProblemBody {
    return {
      type: 'about:blank',
      title: this.title,
      status: this.status,
      code: this.code,
      detail: this.detail,
    };
  }
}

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  code: ProblemCode;
  detail: string;
}

/** How long a client should wait before retrying after a store fault. */
const STORE_RETRY_AFTER_SECONDS = 5;
const BUSY_RETRY_AFTER_SECONDS = 5;

const WINDOW_NAME = { hour: 'hourly', minute: 'per-minute' } as const;

const ENDED: Record<string, string> = {
  pending: 'has not started',
  scanning: 'is already being scanned',
  finished: 'has already been used for a finished scan',
  expired: 'has expired',
  error: 'was used for a scan that failed',
};

/** What an `invalid_client_signature` says, per reason (docs/scanner.md, "Signed calls"): never the signature or key. */
const SIGNATURE_REFUSED: Record<SignatureRefusal, string> = {
  unknown_client:
    'The Scanpin-Client header names a client this server does not know. Use a current scanner build, or ask the operator to register your integration.',
  missing_timestamp:
    'A registered client must send the Scanpin-Timestamp header (unix time in whole seconds).',
  malformed_timestamp: 'The Scanpin-Timestamp header must be unix time in whole seconds, in decimal digits.',
  stale_timestamp:
    'The Scanpin-Timestamp is more than 300 seconds from the server clock. Set the computer clock right and try again.',
  missing_signature: 'A registered client must sign every call: send Scanpin-Signature: v1=<signature>.',
  bad_signature:
    'The Scanpin-Signature does not match this request signed with the client key. Sign the method, path, timestamp, session and body digest exactly as sent.',
  replayed: 'This signature was already used. Every call is signed anew, with its own timestamp.',
  other_client:
    'This scan session was started by another scanner client. Every call of a session must be signed by the client that started it.',
};

/** How a client kind reads in a refusal. */
const KIND_WORDS: Record<ClientKind, string> = {
  official: 'official scanner builds',
  'third-party': 'registered third-party scanners',
  development: 'development copies of the scanner run from source',
  unverified: 'unregistered scan clients',
};

function rateLimited(limit: RateLimitDecision): Problem {
  return new Problem(
    429,
    'rate_limited',
    `The ${WINDOW_NAME[limit.window]} budget of ${plural(limit.limit, 'request')} is spent. Retry in ${plural(limit.resetSeconds, 'second')}.`,
    { 'retry-after': String(limit.resetSeconds) },
  );
}

/** The HTTP answer to a use case's refusal: one place for every status and wording. */
export function problemFor(failure: Failure): Problem {
  switch (failure.code) {
    case 'missing_api_key':
      return new Problem(401, failure.code, 'No API key was sent. Send your key in the x-api-key header.');
    case 'invalid_api_key':
      return new Problem(
        401,
        failure.code,
        'The API key is unknown or has been revoked. Check the x-api-key header, or ask your operator for a new key.',
      );
    case 'insufficient_permission':
      return new Problem(
        403,
        failure.code,
        `This API key lacks the ${failure.permission} permission. Use a key that has it, or ask your operator to issue one.`,
      );
    case 'rate_limited':
      return rateLimited(failure.limit);
    case 'account_not_found':
      return new Problem(
        404,
        failure.code,
        failure.accountId === undefined
          ? 'The account this API key belongs to no longer exists.'
          : `Account ${failure.accountId} does not exist.`,
      );
    case 'account_banned':
      return new Problem(
        403,
        failure.code,
        'This account is banned and cannot create PINs. Contact support.',
      );
    case 'not_enterprise_owner':
      return new Problem(
        403,
        failure.code,
        failure.action === 'create_pin'
          ? 'Only the owner of an active Enterprise can create PINs. Use the Enterprise owner’s key.'
          : failure.action === 'manage_members'
            ? 'Only the Enterprise’s owner can invite and remove members. Ask the owner.'
            : failure.action === 'read_audit'
              ? 'Only the Enterprise’s owner can read its audit trail. Ask the owner.'
              : failure.action === 'manage_discord'
                ? 'Only the Enterprise’s owner can connect Discord servers and choose their staff roles. Ask the owner.'
                : failure.action === 'manage_settings'
                  ? 'Only the Enterprise’s owner can change its settings. Ask the owner.'
                  : failure.action === 'change_roles'
                    ? 'Only the Enterprise’s owner can change members’ roles. Ask the owner.'
                    : 'Only the owner of an active Enterprise may hold the pins:create permission. Make this account the owner of an active Enterprise first, or issue the key without pins:create.',
      );
    case 'licence_required':
      return new Problem(
        403,
        failure.code,
        'This endpoint needs an active licence or membership of an active Enterprise on the key’s account.',
      );
    case 'active_pin_limit':
      return new Problem(
        400,
        failure.code,
        failure.role === undefined
          ? `This account already has ${failure.limit} active PINs (pending or scanning). Wait for one to finish or expire, then try again.`
          : `The Enterprise's ${ROLE_PLURAL[failure.role]} already hold ${failure.limit} active PINs (pending or scanning), their quota. Cancel a pending one, wait for one to end, or ask the owner to raise the quota in Settings.`,
      );
    case 'pin_not_cancellable':
      return new Problem(
        409,
        failure.code,
        failure.status === 'scanning'
          ? `PIN ${failure.pin} is being scanned: a scan in progress cannot be cancelled. It ends with its verdict, or as an error when the scanner goes quiet.`
          : `PIN ${failure.pin} is ${failure.status} already: only a pending PIN can be cancelled.`,
      );
    case 'role_not_allowed':
      return new Problem(
        403,
        failure.code,
        `Your role in this Enterprise (${failure.role}) may not ${ROLE_ACTION_WORDS[failure.action]}. Ask the Enterprise's owner for another role (docs/roles.md).`,
      );
    case 'member_change_forbidden':
      return new Problem(
        403,
        failure.code,
        failure.reason === 'owner'
          ? `Account ${failure.accountId} owns Enterprise ${failure.enterpriseId}: the owner has no member role; an operator can transfer the Enterprise.`
          : `Account ${failure.accountId} is an admin of Enterprise ${failure.enterpriseId}: only the owner removes admins or changes their role.`,
      );
    case 'pin_not_found':
      return new Problem(404, failure.code, `No PIN with code ${failure.pin} exists.`);
    case 'pin_forbidden':
      return new Problem(
        403,
        failure.code,
        `PIN ${failure.pin} belongs to another account. Only the account that created a PIN can read it.`,
      );
    case 'invalid_session_token':
      return new Problem(
        401,
        failure.code,
        'The session token is unknown. Start the scan again with /v1/scanner/start.',
      );
    case 'pin_already_used':
      return new Problem(
        409,
        failure.code,
        `PIN ${failure.pin} ${ENDED[failure.status]}. Ask for a new PIN.`,
      );
    case 'pin_expired':
      return new Problem(410, failure.code, `PIN ${failure.pin} has expired. Ask for a new PIN.`);
    case 'scan_closed':
      return new Problem(
        409,
        failure.code,
        `The scan for PIN ${failure.pin} is ${failure.status === 'finished' ? 'finished' : 'closed after an error'}; this session accepts no more reports.`,
      );
    case 'progress_backwards':
      return new Problem(
        409,
        failure.code,
        `Progress is already ${failure.current}; progress never goes down. Send a value of at least ${failure.current}.`,
      );
    case 'nonce_mismatch':
      return new Problem(
        409,
        failure.code,
        `The evidence does not carry the nonce that /v1/scanner/start gave for PIN ${failure.pin}. Send the nonce of this scan's start answer; the scan stays open.`,
      );
    case 'invalid_client_signature':
      return new Problem(401, failure.code, SIGNATURE_REFUSED[failure.reason]);
    case 'scanner_client_retired':
      return new Problem(
        403,
        failure.code,
        `This scanner build has been ${failure.status === 'revoked' ? 'withdrawn' : 'retired'} and is no longer accepted. Download the current scanner from ${failure.downloadUrl} and run the scan again.`,
      );
    case 'scanner_client_not_accepted':
      return new Problem(
        403,
        failure.code,
        `This server does not accept scans from ${KIND_WORDS[failure.kind]}; it accepts ${failure.accepted.map((k) => KIND_WORDS[k]).join(', ')}. Download the official scanner from ${failure.downloadUrl} and run the scan with it.`,
      );
    case 'scanner_client_not_found':
      return new Problem(
        404,
        failure.code,
        `There is no scanner client ${failure.scannerClient}. GET /admin/v1/scanner-clients lists them and their ids.`,
      );
    case 'rule_not_found':
      return new Problem(
        404,
        failure.code,
        `There is no rule ${failure.ruleId}. GET /admin/v1/rules lists the rules and their ids.`,
      );
    case 'invalid_rule_pattern':
      return new Problem(
        400,
        failure.code,
        `The pattern cannot match a ${failure.kind} rule: ${failure.problem} Fix the pattern, or choose the kind it is (docs/scan-client.md, "Rules").`,
      );
    case 'rule_test_running':
      return new Problem(
        409,
        failure.code,
        `Rule test ${failure.testId} is still running on this instance, which runs one at a time. Follow it at GET /admin/v1/rule-tests/${failure.testId} and start the next once it has ended.`,
      );
    case 'rule_test_not_found':
      return new Problem(
        404,
        failure.code,
        `There is no rule test ${failure.testId}; tests are kept for ${RULE_TEST_KEEP_DAYS} days after they end. Start one with POST /admin/v1/rules/{id}/test.`,
      );
    case 'invalid_public_key':
      return new Problem(
        400,
        failure.code,
        `The public key ${failure.problem} Send the publisher's Ed25519 public key as PEM or as its 32 bytes in hexadecimal (docs/rules.md, "Trusting a publisher").`,
      );
    case 'rule_publisher_exists':
      return new Problem(
        409,
        failure.code,
        `This key (${failure.keyId}) is already trusted as rule publisher ${failure.publisherId}. GET /admin/v1/rule-publishers lists them.`,
      );
    case 'rule_publisher_not_found':
      return new Problem(
        404,
        failure.code,
        `There is no trusted rule publisher ${failure.publisherId}. GET /admin/v1/rule-publishers lists them and their ids.`,
      );
    case 'invalid_rule_pack':
      return new Problem(
        400,
        failure.code,
        `The rule pack cannot be used: ${failure.problem} Ask its publisher for a corrected pack (docs/rules.md, "Rule packs").`,
      );
    case 'untrusted_rule_publisher':
      return new Problem(
        403,
        failure.code,
        `The pack is signed by key ${failure.keyId} (publisher "${failure.publisherName}"), which this server does not trust. Get the publisher's public key from a source you trust, add it with POST /admin/v1/rule-publishers, then import again (docs/rules.md, "Trusting a publisher").`,
      );
    case 'invalid_rule_pack_signature':
      return new Problem(
        400,
        failure.code,
        `The signature of pack "${failure.name}" does not verify with the trusted key ${failure.keyId}: the pack was changed after it was signed, or signed with another key. Nothing was imported; get the pack again from its publisher.`,
      );
    case 'rule_pack_version_conflict':
      return new Problem(
        409,
        failure.code,
        `Pack "${failure.name}" is imported at version ${failure.current}; version ${failure.version} is not newer and holds other rules. Import a version above ${failure.current} (GET /admin/v1/rule-packs lists the versions imported).`,
      );
    case 'invalid_rule_pack_source_url':
      return new Problem(
        400,
        failure.code,
        `${failure.reason} Nothing was subscribed (docs/rules.md, "Subscribing to a pack URL").`,
      );
    case 'rule_pack_source_exists':
      return new Problem(
        409,
        failure.code,
        `This URL is already subscribed to as pack source ${failure.sourceId}. GET /admin/v1/rule-pack-sources lists the sources and what each last found.`,
      );
    case 'rule_pack_source_not_found':
      return new Problem(
        404,
        failure.code,
        `There is no pack source ${failure.sourceId}. GET /admin/v1/rule-pack-sources lists them and their ids.`,
      );
    case 'enterprise_not_found':
      return new Problem(
        404,
        failure.code,
        failure.enterpriseId === null
          ? 'You are not in any active Enterprise. Ask an Enterprise’s owner to invite you.'
          : `Enterprise ${failure.enterpriseId} does not exist.`,
      );
    case 'already_member':
      return new Problem(
        409,
        failure.code,
        failure.owner
          ? `Account ${failure.accountId} owns Enterprise ${failure.enterpriseId}.`
          : `Account ${failure.accountId} is already a member of Enterprise ${failure.enterpriseId}.`,
      );
    case 'member_not_found':
      return new Problem(
        404,
        failure.code,
        `Account ${failure.accountId} as a member of Enterprise ${failure.enterpriseId} does not exist.`,
      );
    case 'key_not_found':
      return new Problem(404, failure.code, `API key ${failure.keyId} does not exist.`);
    case 'ban_not_found':
      return new Problem(404, failure.code, `Ban ${failure.banId} does not exist.`);
    case 'invalid_expiry':
      return new Problem(
        400,
        failure.code,
        `expiresAt (${new Date(failure.expiresAt).toISOString()}) is not in the future: give a later instant, or leave it out (or null) for a ban or warning that lasts until lifted.`,
      );
    case 'scanned_user_not_found':
      return new Problem(
        404,
        failure.code,
        failure.enterpriseName === undefined
          ? `A scanned user with Discord ID ${failure.discordId} does not exist.`
          : `${failure.enterpriseName} has no scan of Discord ID ${failure.discordId} and no ban, warning or note on them, and no community shares a profile of them. Scan the player first (create a PIN for them), then ban, warn or note them.`,
      );
    case 'invalid_webhook_url':
      return new Problem(400, failure.code, failure.reason);
    case 'webhook_limit':
      return new Problem(
        409,
        failure.code,
        `This account already has ${failure.max} webhook endpoints. Delete one (DELETE /v1/webhooks/:id) before adding another.`,
      );
    case 'webhook_not_found':
      return new Problem(
        404,
        failure.code,
        `Webhook endpoint ${failure.webhookId} does not exist on this account.`,
      );
    case 'delivery_not_found':
      return new Problem(
        404,
        failure.code,
        `Delivery ${failure.deliveryId} does not exist on this endpoint.`,
      );
    case 'too_many_streams':
      return new Problem(
        429,
        failure.code,
        failure.holder === 'session'
          ? `This session already holds ${failure.max} open event streams. Close one (another tab of the dashboard, say) and try again.`
          : `This API key already holds ${failure.max} open event streams. Close one, or use webhooks to follow many PINs.`,
        { 'retry-after': '5' },
      );
    case 'invalid_evidence':
      return new Problem(
        400,
        'invalid_body',
        `Invalid request body: evidence must nest at most ${failure.maxDepth} levels and be at most ${failure.maxChars} characters of JSON.`,
      );
    case 'invalid_sign_in_link':
      return new Problem(
        400,
        failure.code,
        'This sign-in link is unknown, already used or expired (links last 15 minutes). Ask your operator for a new one.',
      );
    case 'not_signed_in':
      return new Problem(
        401,
        failure.code,
        'You are not signed in, or your session ended. Sign in again with a sign-in link.',
      );
    case 'cross_site_request':
      return new Problem(
        403,
        failure.code,
        'This request came from another site, so it was refused. Use the dashboard at its own address.',
      );
    case 'session_not_found':
      return new Problem(404, failure.code, `Session ${failure.sessionId} is not one of your live sessions.`);
    case 'share_link_not_found':
      return new Problem(
        404,
        failure.code,
        'This share link does not exist, was revoked or has expired. Ask whoever shared it for a new one.',
      );
    case 'share_link_forbidden':
      return new Problem(
        403,
        failure.code,
        `Share link ${failure.shareLinkId} can be withdrawn only by whoever made it or by the owner of the PIN's Enterprise. Ask one of them.`,
      );
    case 'invalid_invite':
      return new Problem(
        400,
        failure.code,
        'This invite is unknown, used up, revoked or expired. Ask the Enterprise’s owner for a new one.',
      );
    case 'unknown_invite':
      return new Problem(
        404,
        failure.code,
        'This invite link is unknown: check that it was copied whole, or ask the Enterprise’s owner for a new one.',
      );
    case 'passkeys_unavailable':
      return new Problem(
        404,
        failure.code,
        'Passkeys are not available on this server: browsers allow them only on an https:// address with a domain name (or http://localhost). Sign in with a link from your operator, or ask them to set PUBLIC_URL.',
      );
    case 'passkey_challenge_invalid':
      return new Problem(
        400,
        failure.code,
        'This passkey request is unknown, already answered or over 5 minutes old. Start again: ask for a new challenge and answer it once.',
      );
    case 'passkey_refused':
      return new Problem(
        400,
        failure.code,
        'The passkey’s answer could not be verified (made for another address, replayed, or from a copied key). Try again with a passkey made for this site, or sign in another way.',
      );
    case 'unknown_passkey':
      return new Problem(
        400,
        failure.code,
        'This passkey is not registered on this server (it may have been removed). Sign in another way, then add a passkey in Settings.',
      );
    case 'passkey_not_found':
      return new Problem(404, failure.code, `Passkey ${failure.passkeyId} is not one of your passkeys.`);
    case 'passkey_limit':
      return new Problem(
        400,
        failure.code,
        `You already have ${failure.max} passkeys. Remove one you no longer use in Settings, then add this one.`,
      );
    case 'discord_sign_in_disabled':
      return new Problem(
        404,
        failure.code,
        'Sign-in with Discord is not set up on this server. Sign in with a link from your operator, or ask them to set DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET.',
      );
    case 'invite_not_found':
      return new Problem(404, failure.code, `Invite ${failure.inviteId} does not exist in your Enterprise.`);
    case 'cannot_remove_owner':
      return new Problem(
        409,
        failure.code,
        `The owner cannot be removed from Enterprise ${failure.enterpriseId}; an operator can transfer it.`,
      );
    case 'discord_app_disabled':
      return new Problem(
        404,
        failure.code,
        'The built-in Discord app is not set up on this server. The operator sets DISCORD_APPLICATION_ID, DISCORD_PUBLIC_KEY and DISCORD_BOT_TOKEN (docs/discord.md).',
      );
    case 'discord_guild_taken':
      return new Problem(
        409,
        failure.code,
        `Discord server ${failure.guildId} is connected to another Enterprise. That Enterprise must disconnect it first.`,
      );
    case 'discord_guild_not_found':
      return new Problem(
        404,
        failure.code,
        `Discord server ${failure.guildId} is not connected to this Enterprise.`,
      );
    case 'discord_guild_not_connected':
      return new Problem(
        403,
        failure.code,
        'This Discord server is not connected to a scanpin Enterprise. Its owner connects it with /scanpin connect and a code from the dashboard.',
      );
    case 'discord_not_staff':
      return new Problem(
        403,
        failure.code,
        'Only staff of this Discord server (a staff role, or Manage Server) may do this.',
      );
    case 'manage_server_required':
      return new Problem(
        403,
        failure.code,
        'Only a member with Manage Server may connect this Discord server.',
      );
    case 'invalid_connect_code':
      return new Problem(
        400,
        failure.code,
        'This connect code is unknown, used or expired. Make a new one in the dashboard (Settings → Discord).',
      );
    case 'discord_unknown_button':
      return new Problem(
        404,
        failure.code,
        'This button is not on a scan message of this Discord server. Use the buttons of the scan’s own message.',
      );
    case 'evidence_list_not_found':
      return new Problem(
        404,
        failure.code,
        `The evidence of PIN ${failure.pin} has no list at ${failure.path}. Use a path the evidence answer's \`cut\` names.`,
      );
    case 'finding_not_found':
      return new Problem(
        404,
        failure.code,
        `The scan of PIN ${failure.pin} has no finding of rule ${failure.ruleId}. Mark a rule its evidence lists among its findings.`,
      );
    case 'finding_review_forbidden':
      return new Problem(
        403,
        failure.code,
        `Only the owner and members of the Enterprise PIN ${failure.pin} belongs to can mark its findings, and only while that Enterprise is active. Ask one of them.`,
      );
    case 'pin_not_finished':
      return new Problem(
        409,
        failure.code,
        `PIN ${failure.pin} has no finished scan to share yet. Share it once its scan has finished.`,
      );
    case 'service_unavailable':
      return failure.cause === 'unreachable'
        ? problems.storeUnreachable()
        : failure.cause === 'busy'
          ? problems.busy()
          : problems.storeCannotWrite();
    case 'invalid_body':
      return problems.invalidBody(failure.detail);
  }
}

/** Problems only the HTTP surface raises, in one catalogue so wording stays consistent. */
export const problems = {
  invalidBody: (detail: string) => new Problem(400, 'invalid_body', detail),
  invalidGameType: (allowed: readonly string[]) =>
    new Problem(400, 'invalid_game_type', `type must be one of: ${allowed.join(', ')}.`),
  invalidPinCode: () =>
    new Problem(
      400,
      'invalid_pin_code',
      'A PIN code is 8 characters from A-Z and 2-9, without 0, 1, I or O (for example A7K3M2P9).',
    ),
  invalidDiscordId: () =>
    new Problem(
      400,
      'invalid_discord_id',
      'A Discord user ID is 17 to 20 decimal digits, e.g. 123456789012345678.',
    ),
  payloadTooLarge: (limit: number) =>
    new Problem(413, 'payload_too_large', `The request body is larger than the ${limit}-byte limit.`),
  routeNotFound: (method: string, url: string) =>
    new Problem(
      404,
      'route_not_found',
      `There is no ${method} ${url.split('?')[0]}. See /openapi.json for the endpoints this service has.`,
    ),
  /** A path some route has, asked with a method none has; `Allow` lists the ones it has (RFC 9110). */
  methodNotAllowed: (method: string, url: string, allowed: readonly string[]) =>
    new Problem(
      405,
      'method_not_allowed',
      `${url.split('?')[0]} does not take ${method}; it takes ${allowed.join(', ')}. See /openapi.json.`,
      { allow: allowed.join(', ') },
    ),
  /** Not signed by the Discord application, too old, or sent before (docs/discord.md, "Security"). */
  invalidDiscordSignature: () =>
    new Problem(
      401,
      'invalid_discord_signature',
      'This request does not carry a valid, fresh signature from the Discord application. Only Discord calls this endpoint.',
    ),
  invalidUrl: () =>
    new Problem(400, 'invalid_url', 'The URL is not valid: it contains a malformed percent-encoding.'),
  /** A request the framework refused for a reason other than its body's JSON (e.g. a bad header). */
  badRequest: (status: number, reason: string) =>
    new Problem(status, 'bad_request', `The request could not be processed: ${reason}`),
  invalidAdminToken: () =>
    new Problem(401, 'invalid_admin_token', 'The x-admin-token header is missing or wrong.'),
  missingSessionToken: () =>
    new Problem(
      401,
      'missing_session_token',
      'Send the session token from /v1/scanner/start as Authorization: Bearer <token>.',
    ),
  invalidParameter: (detail: string) => new Problem(400, 'invalid_parameter', detail),
  shuttingDown: () =>
    new Problem(503, 'service_unavailable', 'The service is shutting down. Retry in a few seconds.'),
  dashboardNotBuilt: () =>
    new Problem(
      503,
      'service_unavailable',
      'The dashboard pages have not been built on this server: run `npm run build` in the scanpin folder, then restart it. The APIs work meanwhile.',
    ),
  // Retry-After: store faults pass (a restart, space freed), and nothing of the refused request was
  // written, so retrying is safe (docs/operations.md, "When things fail").
  storeUnreachable: () =>
    new Problem(
      503,
      'service_unavailable',
      'The database is unreachable, so this instance cannot serve requests. Retry shortly; another instance may answer.',
      { 'retry-after': String(STORE_RETRY_AFTER_SECONDS) },
    ),
  storeCannotWrite: () =>
    new Problem(
      503,
      'service_unavailable',
      'The database cannot store anything right now (its disk is full, read-only or failing); nothing of this request was saved. Retry shortly.',
      { 'retry-after': String(STORE_RETRY_AFTER_SECONDS) },
    ),
  // The evidence intake's workers are all taken and its queue is full, or a document took longer than
  // its time limit: nothing was saved, the scan stays open (docs/security.md, "Evidence uploads").
  busy: () =>
    new Problem(
      503,
      'service_unavailable',
      'The server is busy judging other evidence uploads; nothing of this request was saved and the scan stays open. Retry shortly.',
      { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) },
    ),
  internal: () =>
    new Problem(
      500,
      'internal_error',
      'Something went wrong on our side. Retry; if it persists, contact support with the x-request-id.',
    ),
} as const;

export { rateLimited as rateLimitedProblem };

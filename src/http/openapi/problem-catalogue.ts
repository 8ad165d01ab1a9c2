import type { Failure, FailureCode } from '../../application/failures.js';
import { type Problem, type ProblemCode, problemFor, problems } from '../problem.js';

/**
 * One sample refusal per failure code, with made-up facts (a PIN, an id). The record's type makes a
 * new failure code a compile error here until it has a sample, so every code gets an example.
 */
const SAMPLE_FAILURES: { [C in FailureCode]: Extract<Failure, { code: C }> } = {
  missing_api_key: { code: 'missing_api_key' },
  invalid_api_key: { code: 'invalid_api_key' },
  insufficient_permission: { code: 'insufficient_permission', permission: 'pins:status' },
  rate_limited: {
    code: 'rate_limited',
    limit: { allowed: false, window: 'minute', limit: 60, remaining: 0, resetSeconds: 42 },
  },
  account_not_found: { code: 'account_not_found' },
  account_banned: { code: 'account_banned' },
  not_enterprise_owner: { code: 'not_enterprise_owner', action: 'create_pin' },
  licence_required: { code: 'licence_required' },
  active_pin_limit: { code: 'active_pin_limit', limit: 3 },
  pin_not_cancellable: { code: 'pin_not_cancellable', pin: 'A7K3M2P9', status: 'scanning' },
  role_not_allowed: { code: 'role_not_allowed', role: 'viewer', action: 'pin.create' },
  member_change_forbidden: {
    code: 'member_change_forbidden',
    enterpriseId: 7,
    accountId: 12,
    reason: 'admin',
  },
  service_unavailable: { code: 'service_unavailable', cause: 'unreachable' },
  pin_not_found: { code: 'pin_not_found', pin: 'A7K3M2P9' },
  pin_forbidden: { code: 'pin_forbidden', pin: 'A7K3M2P9' },
  invalid_session_token: { code: 'invalid_session_token' },
  pin_already_used: { code: 'pin_already_used', pin: 'A7K3M2P9', status: 'scanning' },
  pin_expired: { code: 'pin_expired', pin: 'A7K3M2P9' },
  scan_closed: { code: 'scan_closed', pin: 'A7K3M2P9', status: 'finished' },
  progress_backwards: { code: 'progress_backwards', current: 40 },
  nonce_mismatch: { code: 'nonce_mismatch', pin: 'A7K3M2P9' },
  invalid_client_signature: { code: 'invalid_client_signature', reason: 'bad_signature' },
  scanner_client_retired: {
    code: 'scanner_client_retired',
    status: 'expired',
    downloadUrl: 'https://scanpin.example/scan',
  },
  scanner_client_not_accepted: {
    code: 'scanner_client_not_accepted',
    kind: 'unverified',
    accepted: ['official'],
    downloadUrl: 'https://scanpin.example/scan',
  },
  scanner_client_not_found: { code: 'scanner_client_not_found', scannerClient: 3 },
  rule_not_found: { code: 'rule_not_found', ruleId: 12 },
  invalid_rule_pattern: {
    code: 'invalid_rule_pattern',
    kind: 'file-sha1',
    problem: 'a file-sha1 pattern is a SHA-1 of 40 hexadecimal digits; this one has 64.',
  },
  enterprise_not_found: { code: 'enterprise_not_found', enterpriseId: 7 },
  already_member: { code: 'already_member', enterpriseId: 7, accountId: 12, owner: false },
  member_not_found: { code: 'member_not_found', enterpriseId: 7, accountId: 12 },
  key_not_found: { code: 'key_not_found', keyId: 5 },
  ban_not_found: { code: 'ban_not_found', banId: 9 },
  invalid_expiry: { code: 'invalid_expiry', expiresAt: Date.UTC(2026, 1, 11, 15, 25) },
  scanned_user_not_found: { code: 'scanned_user_not_found', discordId: '123456789012345678' },
  invalid_evidence: { code: 'invalid_evidence', maxDepth: 8, maxChars: 16384 },
  invalid_body: { code: 'invalid_body', detail: 'Invalid request body: type is required.' },
  invalid_webhook_url: {
    code: 'invalid_webhook_url',
    reason: 'url must use https:// and name a public host.',
  },
  webhook_limit: { code: 'webhook_limit', max: 10 },
  webhook_not_found: { code: 'webhook_not_found', webhookId: 3 },
  delivery_not_found: { code: 'delivery_not_found', deliveryId: 41 },
  too_many_streams: { code: 'too_many_streams', max: 5 },
  invalid_sign_in_link: { code: 'invalid_sign_in_link' },
  not_signed_in: { code: 'not_signed_in' },
  cross_site_request: { code: 'cross_site_request' },
  session_not_found: { code: 'session_not_found', sessionId: 4 },
  share_link_not_found: { code: 'share_link_not_found' },
  share_link_forbidden: { code: 'share_link_forbidden', shareLinkId: 12 },
  pin_not_finished: { code: 'pin_not_finished', pin: 'A7K3M2P9' },
  finding_not_found: { code: 'finding_not_found', pin: 'A7K3M2P9', ruleId: 12 },
  finding_review_forbidden: { code: 'finding_review_forbidden', pin: 'A7K3M2P9' },
  evidence_list_not_found: {
    code: 'evidence_list_not_found',
    pin: 'A7K3M2P9',
    path: 'sources.files.items.3.entries',
  },
  invalid_invite: { code: 'invalid_invite' },
  unknown_invite: { code: 'unknown_invite' },
  discord_sign_in_disabled: { code: 'discord_sign_in_disabled' },
  passkeys_unavailable: { code: 'passkeys_unavailable' },
  passkey_challenge_invalid: { code: 'passkey_challenge_invalid' },
  passkey_refused: { code: 'passkey_refused', reason: 'origin' },
  unknown_passkey: { code: 'unknown_passkey' },
  passkey_not_found: { code: 'passkey_not_found', passkeyId: 3 },
  passkey_limit: { code: 'passkey_limit', max: 20 },
  invite_not_found: { code: 'invite_not_found', inviteId: 2 },
  cannot_remove_owner: { code: 'cannot_remove_owner', enterpriseId: 7 },
  discord_app_disabled: { code: 'discord_app_disabled' },
  discord_guild_taken: { code: 'discord_guild_taken', guildId: '1180000000000000001' },
  discord_guild_not_found: { code: 'discord_guild_not_found', guildId: '1180000000000000001' },
  discord_guild_not_connected: { code: 'discord_guild_not_connected' },
  discord_not_staff: { code: 'discord_not_staff' },
  manage_server_required: { code: 'manage_server_required' },
  invalid_connect_code: { code: 'invalid_connect_code' },
  discord_unknown_button: { code: 'discord_unknown_button' },
  rule_test_running: { code: 'rule_test_running', testId: 3 },
  rule_test_not_found: { code: 'rule_test_not_found', testId: 3 },
  invalid_public_key: { code: 'invalid_public_key', problem: 'is not an Ed25519 key.' },
  rule_publisher_exists: {
    code: 'rule_publisher_exists',
    publisherId: 2,
    keyId: 'b8bd2fccedcf49f6e0e0d213d292d825',
  },
  rule_publisher_not_found: { code: 'rule_publisher_not_found', publisherId: 2 },
  invalid_rule_pack: { code: 'invalid_rule_pack', problem: 'the version must be a whole number from 1.' },
  untrusted_rule_publisher: {
    code: 'untrusted_rule_publisher',
    keyId: '5f0c6e3b1a2d4c8e9f7a6b5c4d3e2f10',
    publisherName: 'Example community',
  },
  invalid_rule_pack_signature: {
    code: 'invalid_rule_pack_signature',
    keyId: '5f0c6e3b1a2d4c8e9f7a6b5c4d3e2f10',
    name: 'example-clients',
  },
  rule_pack_version_conflict: {
    code: 'rule_pack_version_conflict',
    name: 'example-clients',
    version: 3,
    current: 4,
  },
  invalid_rule_pack_source_url: {
    code: 'invalid_rule_pack_source_url',
    reason: 'The URL must use https:// (plain http is refused on this server).',
  },
  rule_pack_source_exists: { code: 'rule_pack_source_exists', sourceId: 3 },
  rule_pack_source_not_found: { code: 'rule_pack_source_not_found', sourceId: 3 },
};

/** The problems only the HTTP surface raises, one sample each, worded by the same catalogue. */
const HTTP_SAMPLES: { [C in Exclude<ProblemCode, FailureCode>]: Problem } = {
  invalid_game_type: problems.invalidGameType(['Java', 'Bedrock', 'FiveM']),
  invalid_pin_code: problems.invalidPinCode(),
  invalid_discord_id: problems.invalidDiscordId(),
  invalid_parameter: problems.invalidParameter('Invalid parameter: id must be an integer.'),
  invalid_url: problems.invalidUrl(),
  payload_too_large: problems.payloadTooLarge(65536),
  bad_request: problems.badRequest(400, 'a header is malformed.'),
  route_not_found: problems.routeNotFound('GET', '/v1/nothing-here'),
  method_not_allowed: problems.methodNotAllowed('DELETE', '/v1/pins/create', ['POST']),
  invalid_admin_token: problems.invalidAdminToken(),
  invalid_discord_signature: problems.invalidDiscordSignature(),
  missing_session_token: problems.missingSessionToken(),
  internal_error: problems.internal(),
};

/**
 * An example of every problem code, exactly as the server words it (http/problem.ts): the reference
 * page's error examples come from here, so they cannot disagree with real answers. `invalid_evidence`
 * is answered as invalid_body, so it is not a code of its own.
 */
export function problemExamples(): Map<ProblemCode, Problem> {
  const out = new Map<ProblemCode, Problem>();
  for (const failure of Object.values(SAMPLE_FAILURES)) {
    const problem = problemFor(failure as Failure);
    if (!out.has(problem.code)) out.set(problem.code, problem);
  }
  for (const [code, problem] of Object.entries(HTTP_SAMPLES)) out.set(code as ProblemCode, problem);
  return out;
}

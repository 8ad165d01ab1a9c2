import type { ProblemCode } from '../problem.js';

/** What the reference page knows of an operation when it lists the problems it can answer. */
export interface OperationFacts {
  method: string;
  /** The OpenAPI path, e.g. /v1/pins/{pinCode}/status. */
  path: string;
  security: readonly string[];
  hasBody: boolean;
  pathParams: readonly string[];
  hasQuery: boolean;
}

/** Refusals of the credential an operation takes (docs/api.md, "Authentication"). */
const BY_SECURITY: Record<string, readonly ProblemCode[]> = {
  apiKey: [
    'missing_api_key',
    'invalid_api_key',
    'insufficient_permission',
    'account_not_found',
    'rate_limited',
  ],
  sessionCookie: ['not_signed_in', 'cross_site_request', 'rate_limited'],
  // Wrong credentials are counted per client address (http/plugins/client-address-limit.ts).
  adminToken: ['invalid_admin_token', 'rate_limited'],
  sessionToken: ['missing_session_token', 'invalid_session_token', 'rate_limited'],
};

/** A malformed path parameter's own code (docs/api.md, "Errors"). */
const BY_PATH_PARAM: Record<string, ProblemCode> = {
  pinCode: 'invalid_pin_code',
  discordId: 'invalid_discord_id',
};

/**
 * The refusals particular to some operations, by method and path: what the use cases behind them
 * can answer (application/*). A rule with no method applies to every method on matching paths.
 */
const RULES: ReadonlyArray<{ method?: string; path: RegExp; codes: readonly ProblemCode[] }> = [
  // Public API
  {
    method: 'post',
    path: /^\/(v1\/pins\/create|app\/api\/pins)$/,
    codes: ['invalid_game_type', 'active_pin_limit', 'account_banned', 'not_enterprise_owner'],
  },
  { path: /^\/(v1|app\/api)\/pins\/\{pinCode\}/, codes: ['pin_not_found'] },
  // Cancelling (docs/api.md, "Cancelling a PIN"); in the dashboard, by role (docs/roles.md).
  { method: 'post', path: /\/pins\/\{pinCode\}\/cancel$/, codes: ['pin_not_cancellable'] },
  {
    method: 'post',
    path: /^\/app\/api\/pins(\/\{pinCode\}\/cancel)?$/,
    codes: ['role_not_allowed', 'enterprise_not_found'],
  },
  // The dashboard answers pin_not_found for a PIN the person may not see (docs/dashboard.md).
  { path: /^\/v1\/pins\/\{pinCode\}/, codes: ['pin_forbidden'] },
  { path: /\/events$/, codes: ['too_many_streams'] },
  { path: /^\/v1\/(users|scanned-users)\//, codes: ['licence_required', 'scanned_user_not_found'] },
  // Webhooks, keyed or from the dashboard
  { method: 'post', path: /^\/(v1|app\/api)\/webhooks$/, codes: ['invalid_webhook_url', 'webhook_limit'] },
  { method: 'patch', path: /^\/(v1|app\/api)\/webhooks\/\{id\}$/, codes: ['invalid_webhook_url'] },
  { path: /^\/(v1|app\/api)\/webhooks\/\{id\}/, codes: ['webhook_not_found'] },
  { path: /\/deliveries\/\{deliveryId\}/, codes: ['delivery_not_found'] },
  // Scanner
  {
    // The preview refuses a PIN as the start would, and shares its per-address limit.
    path: /^\/v1\/scanner\/(start|preview)$/,
    codes: ['pin_not_found', 'pin_already_used', 'pin_expired', 'rate_limited'],
  },
  { path: /^\/v1\/scanner\/(progress|finish|evidence|fail)$/, codes: ['scan_closed', 'pin_expired'] },
  { path: /^\/v1\/scanner\/evidence$/, codes: ['nonce_mismatch'] },
  // Every scanner call is identified (docs/scanner.md, "Signed calls").
  {
    path: /^\/v1\/scanner\/(start|progress|finish|evidence|fail)$/,
    codes: ['invalid_client_signature', 'scanner_client_retired', 'scanner_client_not_accepted'],
  },
  { path: /^\/v1\/scanner\/progress$/, codes: ['progress_backwards'] },
  // Operator
  { path: /^\/admin\/v1\/accounts\/\{id\}/, codes: ['account_not_found'] },
  { path: /^\/admin\/v1\/accounts\/\{id\}\/keys$/, codes: ['not_enterprise_owner'] },
  { path: /^\/admin\/v1\/enterprises/, codes: ['account_not_found'] },
  { path: /^\/admin\/v1\/enterprises\/\{id\}/, codes: ['enterprise_not_found'] },
  { method: 'post', path: /^\/admin\/v1\/enterprises\/\{id\}\/members$/, codes: ['already_member'] },
  { method: 'post', path: /^\/admin\/v1\/enterprises$/, codes: ['already_member'] },
  { path: /\/members\/\{accountId\}$/, codes: ['member_not_found'] },
  { path: /^\/admin\/v1\/keys\/\{id\}$/, codes: ['key_not_found'] },
  { path: /^\/admin\/v1\/bans\/\{id\}$/, codes: ['ban_not_found'] },
  { path: /^\/admin\/v1\/rules\/\{id\}/, codes: ['rule_not_found'] },
  // A pattern valid as text but not for its kind (a file-sha1 pattern that is not a SHA-1).
  { method: 'post', path: /^\/admin\/v1\/rules$/, codes: ['invalid_rule_pattern'] },
  { method: 'patch', path: /^\/admin\/v1\/rules\/\{id\}$/, codes: ['invalid_rule_pattern'] },
  { method: 'post', path: /^\/admin\/v1\/rules\/\{id\}\/test$/, codes: ['rule_test_running'] },
  { path: /^\/admin\/v1\/rule-tests\/\{id\}$/, codes: ['rule_test_not_found'] },
  // Rule packs (docs/rules.md, "Rule packs").
  {
    method: 'post',
    path: /^\/admin\/v1\/rule-publishers$/,
    codes: ['invalid_public_key', 'rule_publisher_exists'],
  },
  { path: /^\/admin\/v1\/rule-publishers\/\{id\}$/, codes: ['rule_publisher_not_found'] },
  {
    method: 'post',
    path: /^\/admin\/v1\/rule-packs$/,
    codes: [
      'invalid_rule_pack',
      'untrusted_rule_publisher',
      'invalid_rule_pack_signature',
      'rule_pack_version_conflict',
    ],
  },
  {
    method: 'post',
    path: /^\/admin\/v1\/rule-pack-sources$/,
    codes: ['invalid_rule_pack_source_url', 'rule_pack_source_exists'],
  },
  { path: /^\/admin\/v1\/rule-pack-sources\/\{id\}/, codes: ['rule_pack_source_not_found'] },
  { path: /^\/admin\/v1\/scanner-clients\/(\{id\}|retire-previous)/, codes: ['scanner_client_not_found'] },
  { path: /^\/admin\/v1\/scanned-users\//, codes: ['scanned_user_not_found'] },
  { method: 'put', path: /\/discord-guilds\/\{guildId\}$/, codes: ['discord_guild_taken'] },
  { method: 'delete', path: /\/discord-guilds\/\{guildId\}$/, codes: ['discord_guild_not_found'] },
  // Called by Discord (docs/discord.md), which signs every request.
  { path: /^\/discord\/interactions$/, codes: ['invalid_discord_signature', 'discord_app_disabled'] },
  // Dashboard
  {
    path: /^\/app\/api\/sign-in$/,
    codes: ['invalid_sign_in_link', 'account_banned', 'cross_site_request', 'rate_limited'],
  },
  { path: /^\/app\/api\/sessions\/\{id\}$/, codes: ['session_not_found'] },
  { method: 'post', path: /\/share-links$/, codes: ['pin_not_finished'] },
  { path: /^\/app\/api\/share-links\/\{id\}$/, codes: ['share_link_not_found', 'share_link_forbidden'] },
  {
    path: /\/findings\/\{ruleId\}\/false-positive$/,
    codes: ['finding_not_found', 'finding_review_forbidden', 'role_not_allowed'],
  },
  { path: /^\/app\/api\/enterprises\/\{id\}/, codes: ['enterprise_not_found', 'not_enterprise_owner'] },
  {
    path: /^\/app\/api\/enterprises\/\{id\}\/members\/\{accountId\}(\/role)?$/,
    codes: ['cannot_remove_owner', 'member_not_found', 'member_change_forbidden', 'role_not_allowed'],
  },
  {
    path: /^\/app\/api\/(enterprises\/\{id\}\/(invites|discord)|invites\/\{id\})/,
    codes: ['role_not_allowed'],
  },
  { path: /^\/app\/api\/invites\/\{id\}$/, codes: ['invite_not_found', 'not_enterprise_owner'] },
  { path: /^\/app\/api\/invites\/(accept|preview)$/, codes: ['invalid_invite', 'unknown_invite'] },
  // Passkeys (docs/dashboard.md, "Passkeys").
  { path: /^\/app\/api\/(passkeys|invites\/passkey)/, codes: ['passkeys_unavailable'] },
  {
    method: 'post',
    path: /^\/app\/api\/(passkeys|invites\/passkey)$/,
    codes: ['passkey_challenge_invalid', 'passkey_refused'],
  },
  { method: 'post', path: /^\/app\/api\/passkeys(\/registration-options)?$/, codes: ['passkey_limit'] },
  {
    path: /^\/app\/api\/passkeys\/sign-in$/,
    codes: ['passkey_challenge_invalid', 'passkey_refused', 'unknown_passkey', 'account_banned'],
  },
  { path: /^\/app\/api\/passkeys\/\{id\}$/, codes: ['passkey_not_found'] },
  { path: /^\/app\/api\/invites\/passkey/, codes: ['invalid_invite'] },
  {
    path: /^\/app\/api\/(passkeys\/sign-in|invites\/passkey)/,
    codes: ['rate_limited', 'cross_site_request'],
  },
  // Signed-out routes are counted per client address (http/plugins/client-address-limit.ts).
  { path: /^\/app\/api\/(auth\/options|invites\/preview)$/, codes: ['rate_limited'] },
  { path: /^\/app\/api\/keys/, codes: ['key_not_found', 'not_enterprise_owner', 'account_not_found'] },
  // The player page reads players as a licensed reader does; moderation needs no licence, only a role.
  {
    path: /^\/app\/api\/players\/(?!\{discordId\}\/(moderation|bans|notes)$)/,
    codes: ['scanned_user_not_found', 'licence_required'],
  },
  // Moderation (docs/roles.md, "Moderation"): in an Enterprise the person is in, by role.
  {
    path: /^\/app\/api\/players\/\{discordId\}\/(moderation|bans|notes)$/,
    codes: ['enterprise_not_found', 'role_not_allowed'],
  },
  // Only a player the Enterprise can see is banned, warned or noted.
  {
    method: 'post',
    path: /^\/app\/api\/players\/\{discordId\}\/(bans|notes)$/,
    codes: ['scanned_user_not_found'],
  },
  { method: 'post', path: /^\/app\/api\/players\/\{discordId\}\/bans$/, codes: ['invalid_expiry'] },
  {
    method: 'post',
    path: /^\/app\/api\/bans\/\{banId\}\/lift$/,
    codes: ['ban_not_found', 'role_not_allowed'],
  },
  { path: /^\/app\/api\/(keywords|overview)$/, codes: ['licence_required', 'account_not_found'] },
  { path: /^\/app\/api\/pin-slots$/, codes: ['not_enterprise_owner'] },
  {
    path: /^\/app\/api\/enterprises\/\{id\}\/discord\/guilds\/\{guildId\}$/,
    codes: ['discord_guild_not_found'],
  },
];

/**
 * Every problem code the operation can answer, before filtering by the statuses it documents: its
 * credential's refusals, bad input of each part it takes, and its own rules above.
 */
export function problemCodesOf(op: OperationFacts): ProblemCode[] {
  // Any request may meet a bug or an instance that is shutting down (docs/api.md, "Errors").
  const codes = new Set<ProblemCode>(['internal_error', 'service_unavailable']);
  // Any operation: a bug, or shutting down / the database unreachable (http/plugins/errors.ts).
  codes.add('internal_error');
  codes.add('service_unavailable');
  for (const scheme of op.security) for (const code of BY_SECURITY[scheme] ?? []) codes.add(code);
  // Fastify reads a JSON body on these methods even where the route takes none.
  if (op.hasBody || ['post', 'put', 'patch', 'delete'].includes(op.method)) {
    codes.add('invalid_body');
    codes.add('payload_too_large');
  }
  for (const param of op.pathParams) codes.add(BY_PATH_PARAM[param] ?? 'invalid_parameter');
  if (op.hasQuery) codes.add('invalid_parameter');
  for (const rule of RULES) {
    if (rule.method !== undefined && rule.method !== op.method) continue;
    if (rule.path.test(op.path)) for (const code of rule.codes) codes.add(code);
  }
  return [...codes];
}

import type { ColumnType, Generated, Selectable, Updateable } from 'kysely';
import type { GameType } from '../domain/game-types.js';
import type { PinStatus, Verdict } from '../domain/pin-lifecycle.js';
import type { TimelineKind } from '../domain/pin-timeline.js';
import type { MemberRole, PinCreatingRole } from '../domain/roles.js';
import type { EventType } from '../domain/webhook-events.js';

/*
 * Table types for Kysely. Conventions that keep the SQL portable between SQLite and PostgreSQL:
 * - timestamps are integer epoch milliseconds (`*_at`), converted to ISO strings only at the HTTP edge;
 * - booleans are integers 0/1 (SQLite has no boolean and better-sqlite3 cannot bind one);
 * - string lists from scan reports are JSON text.
 */

export type Flag = 0 | 1;

export interface AccountsTable {
  id: Generated<number>;
  name: string;
  discord_id: string | null;
  licence_expires_at: number | null;
  banned: Flag;
  created_at: number;
  deleted_at: number | null;
}

export interface SignInLinksTable {
  id: Generated<number>;
  account_id: number;
  /** SHA-256 of the link's token, hex; the token itself is only in the URL given out. */
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface SessionsTable {
  id: Generated<number>;
  account_id: number;
  /** SHA-256 of the session cookie's token, hex. */
  token_hash: string;
  created_at: number;
  last_seen_at: number;
  /** Sliding: moves forward with use, never past absolute_expires_at. */
  expires_at: number;
  absolute_expires_at: number;
  revoked_at: number | null;
  user_agent: string | null;
}

export interface ShareLinksTable {
  id: Generated<number>;
  pin_id: number;
  created_by_account_id: number;
  /** SHA-256 of the link's token, hex. */
  token_hash: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface EnterpriseInvitesTable {
  id: Generated<number>;
  enterprise_id: number;
  created_by_account_id: number;
  /** SHA-256 of the invite's token, hex. */
  token_hash: string;
  created_at: number;
  expires_at: number;
  max_uses: number | null;
  uses: Generated<number>;
  revoked_at: number | null;
}

export interface EnterprisesTable {
  id: Generated<number>;
  name: string;
  owner_account_id: number;
  active: Flag;
  created_at: number;
  /** 0: an operator keeps this Enterprise's reports inside it (docs/risk-score.md, "Whose scan it is"). */
  reports_shared: ColumnType<Flag, Flag | undefined, Flag>;
  /** 1: the scanner shows the Enterprise's players their verdict (docs/dashboard.md); off by default. */
  verdict_to_players: ColumnType<Flag, Flag | undefined, Flag>;
}

export interface EnterpriseMembersTable {
  enterprise_id: number;
  account_id: number;
  created_at: number;
  /** admin, moderator or viewer (domain/roles.ts); viewer unless the owner chose otherwise. */
  role: ColumnType<MemberRole, MemberRole | undefined, MemberRole>;
}

/** How many active PINs one role's staff may hold together (docs/roles.md, "PIN quotas"). */
export interface EnterprisePinQuotasTable {
  enterprise_id: number;
  role: PinCreatingRole;
  max_active: number;
  updated_at: number;
}

export interface ApiKeysTable {
  id: Generated<number>;
  account_id: number;
  name: string | null;
  /** First characters of the key, shown to operators to tell keys apart. */
  prefix: string;
  /** SHA-256 of the whole key, hex. The raw key is never stored. */
  key_hash: string;
  /** JSON array of permission names. */
  permissions: string;
  rate_limit_per_hour: number | null;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

export interface PinsTable {
  id: Generated<number>;
  code: string;
  account_id: number;
  enterprise_id: number;
  pin_name: string | null;
  type: GameType;
  ram_dump: Flag;
  private: Flag;
  /** Stored state; `expired` is also derived on read from expires_at (see domain/pin-lifecycle). */
  status: PinStatus;
  progress: number;
  status_message: string | null;
  result: Verdict | null;
  used: Flag;
  created_at: number;
  expires_at: number;
  last_status_update: number | null;
  /** Last time the scan client said anything; drives the idle timeout. */
  last_activity_at: number | null;
  /** SHA-256 of the scanner session token, set when the scan starts. */
  session_token_hash: string | null;
  /** SHA-256 of the scan's one-time nonce; cleared when evidence using it is accepted. */
  scan_nonce_hash: string | null;
  /** When the scan client started the scan (the server's clock): the report's scan time counts from it. */
  scan_started_at: number | null;
  client_version: string | null;
  finished_at: number | null;
  /** The scanner client kind the scan started with (domain/assurance.ts ClientKind); null before it starts. */
  client_kind: string | null;
  /** scanner_clients.id of the registered client that started the scan; null for unregistered ones. */
  scanner_client_id: number | null;
  /** Bumped by every write: a write applies only to the revision its decision was made on. */
  revision: Generated<number>;
  /** The role a staff member created it with (dashboard, Discord); null for the API's (docs/roles.md). */
  staff_role: ColumnType<PinCreatingRole | null, PinCreatingRole | null | undefined, PinCreatingRole | null>;
}

/** Append-only: one row per lifecycle move of a PIN (domain/pin-timeline.ts). */
export interface PinTimelineTable {
  id: Generated<number>;
  pin_id: number;
  at: number;
  kind: TimelineKind;
  progress: number;
  message: string | null;
}

export interface ScanReportsTable {
  pin_id: number;
  detections: string;
  suspicious: string;
  warnings: string;
  untrusted: string;
  integrity: string;
  custom_suspicious: string;
  vpn: string | null;
  country: string | null;
  logon: string | null;
  scantime: string | null;
  windows: string | null;
  /** JSON array of { id, username }. */
  discord: string;
  /** HMAC of the scanned person's IP, never returned. */
  ip_hash: string | null;
  created_at: number;
  /** JSON of the scan's assurance (domain/assurance.ts); null for scans finished before it was kept. */
  assurance: string | null;
}

/** A risk profile: one hardware ID, with counters over the finished scans that reported it. */
export interface HwidsTable {
  id: Generated<number>;
  /** HMAC of the raw hardware ID; the raw value is never stored. */
  hash: string;
  created_at: number;
  total_scans: Generated<number>;
  cheating_scans: Generated<number>;
  suspicious_scans: Generated<number>;
  total_detections: Generated<number>;
  unique_detections: Generated<number>;
  suspicious_findings: Generated<number>;
  /** Distinct Discord accounts reported with this ID (hwid_accounts), linked or not. */
  accounts_seen: Generated<number>;
  /** When the ID became a hub and stopped linking accounts (docs/risk-score.md, "Hubs"); null while it links. */
  hub_since: number | null;
}

/**
 * What one scan told about the machine behind one of its hardware profiles (docs/scan-client.md,
 * "Same machine, same story"); adapters and Discord accounts as JSON arrays of keyed hashes.
 */
export interface HardwareFactsTable {
  hwid_id: number;
  pin_id: number;
  scanned_at: number;
  os: string | null;
  booted_at: number | null;
  clock_offset: number | null;
  adapters: string | null;
  discord: string | null;
}

/** A player's lookup facts as of `version` (storage/repositories/player-documents.ts). */
export interface PlayerDocumentsTable {
  user_id: number;
  version: number;
  /** JSON, as the lookup statement returns it. */
  facts: string;
}

/** A Discord account reported together with a hardware ID, whether or not that linked them. */
export interface HwidAccountsTable {
  hwid_id: number;
  user_id: number;
  seen_at: number;
}

export interface NameSetTable {
  user_id: number;
  name: string;
}

export interface HwidDetectionsTable {
  hwid_id: number;
  name: string;
}

export interface ScannedUsersTable {
  id: Generated<number>;
  /** Bumped by every write that changes the player's answers; a document of another version is stale. */
  facts_version: Generated<number>;
  discord_id: string;
  /** The latest username a scan reported. */
  username: string;
  created_at: number;
  /** Over every finished scan on hardware linked to the user, each counted once (user_scans). */
  scans: Generated<number>;
  cheating_scans: Generated<number>;
  suspicious_scans: Generated<number>;
  clean_scans: Generated<number>;
  detections: Generated<number>;
  first_scan_at: number | null;
  last_scan_at: number | null;
  last_cheating_at: number | null;
  /** Over the finished scans whose report named the user: what the lookup shows of the person. */
  own_scans: Generated<number>;
  own_cheating_scans: Generated<number>;
  own_suspicious_scans: Generated<number>;
  own_detections: Generated<number>;
  own_first_scan_at: number | null;
  own_last_scan_at: number | null;
}

export interface UserHwidsTable {
  user_id: number;
  hwid_id: number;
  linked_at: number;
}

export interface UserPinTable {
  user_id: number;
  pin_id: number;
}

export interface BansTable {
  id: Generated<number>;
  /** The user the ban was issued against; it covers the hardware in ban_hwids. */
  user_id: number;
  status: 'banned' | 'warned';
  reason: string;
  expires_at: number | null;
  created_at: number;
  lifted_at: number | null;
  /** The Enterprise whose staff made it (docs/roles.md, "Moderation"); null for an operator's. */
  enterprise_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The staff account that made it; null for an operator's, or one made through the Discord app. */
  account_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** An Enterprise's bans, warnings and notes on a player, by Discord ID (docs/roles.md, "Moderation"). */
export interface ModerationEntriesTable {
  id: Generated<number>;
  enterprise_id: number;
  discord_id: string;
  kind: 'ban' | 'warning' | 'note';
  reason: string;
  account_id: number | null;
  staff_name: string | null;
  /** The `bans` row covering the player's hardware, once the entry reaches every community. */
  ban_id: number | null;
  expires_at: number | null;
  created_at: number;
  lifted_at: number | null;
}

export interface BanHwidsTable {
  ban_id: number;
  hwid_id: number;
}

export interface UserReasonsTable {
  id: Generated<number>;
  user_id: number;
  reason: string;
  category: string;
  /** JSON, or null. */
  evidence: string | null;
  added_at: number;
}

export interface ScanHwidsTable {
  pin_id: number;
  hwid_id: number;
}

export interface AccountKeywordsTable {
  account_id: number;
  keyword: string;
}

export interface SettingsTable {
  name: string;
  value: string;
}

export type WebhookDeliveryState = 'pending' | 'delivered' | 'failed' | 'cancelled';

export interface WebhookEndpointsTable {
  id: Generated<number>;
  account_id: number;
  url: string;
  description: string | null;
  /** JSON array of event types; empty means every event. */
  events: string;
  enabled: Flag;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_expires_at: number | null;
  created_at: number;
  failing_since: number | null;
  disabled_reason: string | null;
  /** `standard` (signed) or `discord` (a Discord incoming webhook, sent the final result's embed). */
  format: Generated<string>;
}

export interface WebhookEventsTable {
  id: Generated<number>;
  account_id: number;
  pin_id: number | null;
  type: EventType;
  payload: string;
  created_at: number;
  deliver_after: number;
}

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  event_id: number;
  endpoint_id: number;
  state: WebhookDeliveryState;
  attempts: Generated<number>;
  next_attempt_at: number | null;
  claimed_until: number | null;
  last_attempt_at: number | null;
  last_status: number | null;
  last_error: string | null;
  last_response: string | null;
  delivered_at: number | null;
  created_at: number;
}

/** Append-only: one row per consequential action (domain/audit.ts, docs/audit.md). */
export interface AuditEventsTable {
  id: Generated<number>;
  at: number;
  actor_kind: string;
  actor_account_id: number | null;
  actor_key_id: number | null;
  actor_session_id: number | null;
  /** The Discord user who acted through the built-in Discord app (docs/discord.md). */
  actor_discord_user_id: Generated<string | null>;
  action: string;
  resource_type: string;
  resource_id: number | null;
  enterprise_id: number | null;
  outcome: string;
  code: string | null;
  /** JSON object of non-secret facts. */
  detail: string;
}

/** A Discord server connected to an Enterprise (docs/discord.md, "Connecting a server"). */
export interface DiscordGuildsTable {
  guild_id: string;
  enterprise_id: number;
  /** JSON array of role IDs whose holders are staff. */
  staff_role_ids: string;
  connected_at: number;
  updated_at: number;
}

/** A one-time code for `/scanpin connect`; only its SHA-256 is kept. */
export interface DiscordConnectCodesTable {
  id: Generated<number>;
  code_hash: string;
  enterprise_id: number;
  created_by_account_id: number | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  used_guild_id: string | null;
}

/** The live message of a PIN created with `/scan`: due while the PIN is past what it last showed. */
export interface DiscordScanMessagesTable {
  pin_id: number;
  guild_id: string;
  channel_id: string;
  interaction_token_sealed: string | null;
  token_expires_at: number;
  bot_message_id: string | null;
  sent_revision: Generated<number>;
  done_at: number | null;
  next_attempt_at: number;
  claimed_until: Generated<number>;
  /** Random per claim: only the claim's holder records what it sent. */
  claim_token: string | null;
  /** The player `/scan` named, to mention; cleared when they are erased. */
  player_discord_id: string | null;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: number;
}

/** Interactions answered lately (any instance), so a replay is refused. */
export interface DiscordInteractionsSeenTable {
  interaction_id: string;
  /** When its memory counts from: the later of its arrival and its signed timestamp. */
  seen_at: number;
}

/** A registered scanner client (docs/operations.md, "Scanner clients"); its key sealed at rest. */
export interface ScannerClientsTable {
  id: Generated<number>;
  /** Public: `spc_` + 24 base62 characters, sent as `Scanpin-Client`. */
  client_id: string;
  name: string;
  kind: 'official' | 'third-party';
  version: string | null;
  platform: string | null;
  /** The HMAC key, sealed with the scanner-client-keys SecretBox; never stored or logged plain. */
  key_sealed: string;
  created_at: number;
  expires_at: number | null;
  revoked_at: number | null;
  last_used_at: number | null;
}

/** Replay memory of signed scanner calls: a signature's digest until its timestamp leaves the window. */
export interface ScannerRequestSignaturesTable {
  digest: string;
  expires_at: number;
}

/** "Sign in with Discord" attempts that came back once (docs/dashboard.md, "Signing in"). */
export interface UsedSignInStatesTable {
  /** SHA-256 of the attempt's `state`, hex. */
  state_hash: string;
  /** When the attempt ran out; the row may go after that. */
  expires_at: number;
}

/** Codes of PINs that retention removed: never drawn again (docs/privacy.md, "Retention"). */
export interface RetiredPinCodesTable {
  code: string;
  retired_at: number;
}

/** A detection rule (docs/scan-client.md, "Rules"); never sent to a client. */
export interface ScanRulesTable {
  id: Generated<number>;
  name: string;
  kind: string;
  pattern: string;
  match: string;
  severity: string;
  /** JSON array of game types; empty means every game. */
  games: string;
  enabled: Flag;
  /** Where the pattern was found publicly (starter pack), or null. */
  source: string | null;
  created_at: number;
  updated_at: number;
}

/** The evidence document a scan client uploaded, kept with its scan, and what the rules found in it. */
export interface ScanEvidenceTable {
  pin_id: number;
  receipt_id: string;
  /** The evidence document, JSON. */
  document: string;
  /** JSON array of findings (domain/rules.ts). */
  findings: string;
  received_at: number;
}

/** A key the operator trusts to publish rule packs (domain/rule-pack.ts). */
export interface RulePublishersTable {
  id: Generated<number>;
  name: string;
  /** The key's fingerprint (`publisherKeyId`), unique. */
  key_id: string;
  /** The 32 raw bytes of the Ed25519 public key, hex. */
  public_key: string;
  created_at: number;
}

/** A rule pack imported, at the version last imported, one per publisher key and name. */
export interface RulePacksTable {
  id: Generated<number>;
  publisher_key_id: string;
  publisher_name: string;
  name: string;
  version: number;
  /** `rulesDigest` of its rules: a re-import of the same version must hold the same rules. */
  rules_digest: string;
  /** The signed pack as it was verified. */
  document: string;
  imported_at: number;
  updated_at: number;
}

/** A pack URL the server polls, and what its last check found (migration 0036). */
export interface RulePackSourcesTable {
  id: Generated<number>;
  url: string;
  created_at: number;
  next_check_at: number;
  /** While an instance checks it: until when that instance holds it. */
  claimed_until: number | null;
  /** The validators of the last successful fetch, sent back as If-None-Match / If-Modified-Since. */
  etag: string | null;
  last_modified: string | null;
  /** SHA-256 (hex) of the bytes the last successful fetch served. */
  body_digest: string | null;
  last_checked_at: number | null;
  /** `SourceStatus` (domain/rule-pack-source.ts). */
  last_status: string | null;
  last_http_status: number | null;
  last_error: string | null;
  last_imported_at: number | null;
  /** The pack the URL last served that verified: its publisher key, name and version. */
  pack_key_id: string | null;
  pack_name: string | null;
  served_version: number | null;
}

/** Which rule came from which pack, and at which of its versions it was added and last changed. */
export interface RulePackRulesTable {
  pack_id: number;
  rule_key: string;
  rule_id: number;
  added_version: number;
  changed_version: number;
}

/** A rule's dry run over stored evidence, run as a background job (domain/rule-test.ts). */
export interface RuleTestsTable {
  id: Generated<number>;
  rule_id: number;
  status: string;
  examined: number;
  total: number;
  matched: number;
  skipped: number;
  time_limit_seconds: number;
  started_at: number;
  /** The last progress write: a running test left behind a minute is abandoned. */
  updated_at: number;
  finished_at: number | null;
  reason: string | null;
}

/** A scan a rule test matched, in the test's order (`seq`, oldest first). */
export interface RuleTestMatchesTable {
  test_id: number;
  seq: number;
  pin_id: number;
  received_at: number;
  /** JSON array of the findings' texts. */
  findings: string;
  /** Places the findings' bounds left out. */
  omitted: number;
}

/** A rule that made a finding in a judged scan, once per scan (docs/rules.md, "Rule quality"). */
export interface RuleHitsTable {
  pin_id: number;
  rule_id: number;
  /** Places it matched, listed or past the bounds on findings. */
  places: number;
  /** When the scan was judged. */
  hit_at: number;
}

/** Staff's mark that a rule's finding in a scan is a false positive: it changes no verdict. */
export interface RuleFalsePositivesTable {
  pin_id: number;
  rule_id: number;
  /** Who marked it: a member or the owner of the PIN's Enterprise. */
  account_id: number;
  note: string | null;
  marked_at: number;
}

/** A network a scan's call came from (docs/scanner.md, "Where the scan ran"): hashed, never the address. */
export interface ScanNetworksTable {
  id: Generated<number>;
  pin_id: number;
  /** `game-connection`, `start`, `progress`, `upload` or `proof`. */
  stage: string;
  /** `v4:` or `v6:` and the keyed hash of the address's /24 or /64. */
  network_hash: string;
  country: string | null;
  asn: number | null;
  at: number;
}

/** Who a PIN was made for: the player the staff named, and the account the player proved. */
export interface PinPlayersTable {
  pin_id: number;
  named_discord_id: string | null;
  named_username: string | null;
  proven_discord_id: string | null;
  proven_username: string | null;
  proven_at: number | null;
  /** The scanner session the proof arrived through (its token's hash). */
  proven_session_hash: string | null;
}

/** Each Discord account of a finished scan, how the scan knows it, and how far it counts. */
export interface ScanAccountsTable {
  pin_id: number;
  discord_id: string;
  username: string;
  provenance: 'proven' | 'named' | 'seen' | 'claimed';
  seen_on_machine: Flag;
  shared: Flag;
  enterprise_id: number;
  game_type: string;
  verdict: 'legit' | 'cheating' | 'suspicious';
  /** JSON array of the scan's detections. */
  detections: string;
  suspicious_findings: number;
  finished_at: number;
}

export interface PasskeysTable {
  id: Generated<number>;
  account_id: number;
  /** The WebAuthn credential ID, base64url. */
  credential_id: string;
  /** The credential's COSE public key, base64url. */
  public_key: string;
  /** The signature counter the authenticator last reported (0 for those that keep none). */
  counter: number;
  /** JSON array of the transports the authenticator named, or null. */
  transports: string | null;
  /** The WebAuthn user handle (base64url), one per account. */
  user_handle: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

export interface PasskeyChallengesTable {
  /** SHA-256 of the challenge (base64url), hex. */
  challenge_hash: string;
  purpose: 'register' | 'sign_in';
  account_id: number | null;
  invite_hash: string | null;
  account_name: string | null;
  user_handle: string | null;
  expires_at: number;
}

export interface Database {
  pin_players: PinPlayersTable;
  scan_accounts: ScanAccountsTable;
  accounts: AccountsTable;
  enterprises: EnterprisesTable;
  enterprise_members: EnterpriseMembersTable;
  enterprise_pin_quotas: EnterprisePinQuotasTable;
  sign_in_links: SignInLinksTable;
  sessions: SessionsTable;
  share_links: ShareLinksTable;
  enterprise_invites: EnterpriseInvitesTable;
  api_keys: ApiKeysTable;
  pins: PinsTable;
  scan_reports: ScanReportsTable;
  pin_timeline: PinTimelineTable;
  hwids: HwidsTable;
  scan_hwids: ScanHwidsTable;
  hardware_facts: HardwareFactsTable;
  account_keywords: AccountKeywordsTable;
  hwid_detections: HwidDetectionsTable;
  scanned_users: ScannedUsersTable;
  user_hwids: UserHwidsTable;
  hwid_accounts: HwidAccountsTable;
  player_documents: PlayerDocumentsTable;
  user_scans: UserPinTable;
  user_detections: NameSetTable;
  user_games: NameSetTable;
  user_own_detections: NameSetTable;
  bans: BansTable;
  ban_hwids: BanHwidsTable;
  moderation_entries: ModerationEntriesTable;
  user_reasons: UserReasonsTable;
  settings: SettingsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  audit_events: AuditEventsTable;
  retired_pin_codes: RetiredPinCodesTable;
  scan_rules: ScanRulesTable;
  scan_evidence: ScanEvidenceTable;
  discord_guilds: DiscordGuildsTable;
  discord_connect_codes: DiscordConnectCodesTable;
  discord_scan_messages: DiscordScanMessagesTable;
  discord_interactions_seen: DiscordInteractionsSeenTable;
  used_sign_in_states: UsedSignInStatesTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  scanner_clients: ScannerClientsTable;
  scanner_request_signatures: ScannerRequestSignaturesTable;
  rule_tests: RuleTestsTable;
  rule_publishers: RulePublishersTable;
  rule_packs: RulePacksTable;
  rule_pack_rules: RulePackRulesTable;
  rule_pack_sources: RulePackSourcesTable;
  rule_test_matches: RuleTestMatchesTable;
  scan_networks: ScanNetworksTable;
  rule_hits: RuleHitsTable;
  rule_false_positives: RuleFalsePositivesTable;
}

export type AccountRow = Selectable<AccountsTable>;
export type EnterpriseRow = Selectable<EnterprisesTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type PinRow = Selectable<PinsTable>;
export type PinUpdate = Updateable<PinsTable>;
export type ScanReportRow = Selectable<ScanReportsTable>;
export type ScannedUserRow = Selectable<ScannedUsersTable>;
export type HwidRow = Selectable<HwidsTable>;
export type BanRow = Selectable<BansTable>;
export type ModerationEntryRow = Selectable<ModerationEntriesTable>;

import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';
import { DEFAULT_MAX_ACTIVE_PINS } from './domain/active-pin-limit.js';
import { DEFAULT_HWID_HUB_THRESHOLD } from './domain/hardware-id.js';
import { ACCEPT_ANY, parseScannerAccept } from './domain/scanner-clients.js';
import { DEFAULT_RETRY_SCHEDULE, DELIVERY_TIMEOUT_MS } from './domain/webhook-events.js';
import { weakDiscordPublicKey } from './lib/discord-signature.js';
import { nonRegularFileAt } from './lib/geoip/regular-file.js';

/** Environment variables (README.md, "Configuration"), with their defaults. */
const EnvSchema = Type.Object({
  HOST: Type.String({ default: '127.0.0.1' }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8080 }),
  DATABASE_URL: Type.String({ default: 'sqlite:./data/scanpin.db' }),
  DATABASE_STALL_TIMEOUT_SECONDS: Type.Integer({ minimum: 1, default: 30 }),
  REDIS_URL: Type.Optional(Type.String({ minLength: 1 })),
  SCANPIN_ADMIN_TOKEN: Type.Optional(Type.String({ minLength: 16 })),
  SCANPIN_DATA_DIR: Type.String({ default: './data' }),
  SCANPIN_HASH_SECRET: Type.Optional(Type.String({ minLength: 16 })),
  RATE_LIMIT_PER_HOUR: Type.Integer({ minimum: 1, default: 1000 }),
  MAX_ACTIVE_PINS: Type.Integer({ minimum: 1, default: DEFAULT_MAX_ACTIVE_PINS }),
  PIN_TTL_SECONDS: Type.Integer({ minimum: 1, default: 10_800 }),
  SCAN_IDLE_TIMEOUT_SECONDS: Type.Integer({ minimum: 1, default: 900 }),
  UNAUTHENTICATED_PER_MINUTE: Type.Integer({ minimum: 1, default: 60 }),
  SCANNER_START_PER_MINUTE: Type.Integer({ minimum: 1, default: 30 }),
  EVIDENCE_UPLOADS_PER_SCAN: Type.Integer({ minimum: 1, default: 5 }),
  EVIDENCE_UPLOADS_PER_MINUTE: Type.Integer({ minimum: 1, default: 20 }),
  EVIDENCE_WORKERS: Type.Optional(Type.Integer({ minimum: 1, maximum: 64 })),
  EVIDENCE_TIME_LIMIT_SECONDS: Type.Integer({ minimum: 1, default: 30 }),
  HWID_HUB_THRESHOLD: Type.Integer({ minimum: 2, default: DEFAULT_HWID_HUB_THRESHOLD }),
  BODY_LIMIT_BYTES: Type.Integer({ minimum: 1024, default: 262_144 }),
  TRUST_PROXY: Type.Boolean({ default: false }),
  HEADERS_TIMEOUT_SECONDS: Type.Integer({ minimum: 1, default: 10 }),
  REQUEST_TIMEOUT_SECONDS: Type.Integer({ minimum: 1, default: 30 }),
  IDLE_TIMEOUT_SECONDS: Type.Integer({ minimum: 1, default: 120 }),
  KEEP_ALIVE_TIMEOUT_SECONDS: Type.Integer({ minimum: 1, default: 72 }),
  WEBHOOK_RETRY_SCHEDULE: Type.String({
    pattern: '^\\s*\\d+(\\s*,\\s*\\d+)*\\s*$',
    default: DEFAULT_RETRY_SCHEDULE,
  }),
  WEBHOOK_TIMEOUT_SECONDS: Type.Integer({ minimum: 1, maximum: 60, default: DELIVERY_TIMEOUT_MS / 1000 }),
  WEBHOOK_ALLOW_HTTP: Type.Boolean({ default: false }),
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: Type.Boolean({ default: false }),
  RULE_PACK_POLL_SECONDS: Type.Integer({ minimum: 1, default: 3600 }),
  RULE_PACK_ALLOW_HTTP: Type.Boolean({ default: false }),
  RULE_PACK_ALLOW_PRIVATE_NETWORKS: Type.Boolean({ default: false }),
  IP_RETENTION_DAYS: Type.Integer({ minimum: 0, default: 90 }),
  REPORT_RETENTION_DAYS: Type.Integer({ minimum: 0, default: 365 }),
  RULE_TEST_TIME_LIMIT_SECONDS: Type.Integer({ minimum: 1, default: 300 }),
  SCANNER_DOWNLOADS_DIR: Type.String({ minLength: 1, default: 'packages/scanner/dist-sea' }),
  SCANNER_ACCEPT: Type.String({ minLength: 1, default: ACCEPT_ANY }),
  PUBLIC_URL: Type.Optional(Type.String({ pattern: '^https?://[^\\s/?#]+(/[^\\s?#]*)?$' })),
  DISCORD_CLIENT_ID: Type.Optional(Type.String({ minLength: 1 })),
  DISCORD_CLIENT_SECRET: Type.Optional(Type.String({ minLength: 1 })),
  DISCORD_AUTHORIZE_URL: Type.String({
    pattern: '^https?://[^\\s/?#]+(/[^\\s?#]*)?$',
    default: 'https://discord.com/oauth2/authorize',
  }),
  DISCORD_API_URL: Type.String({
    pattern: '^https?://[^\\s/?#]+(/[^\\s?#]*)?$',
    default: 'https://discord.com/api/v10',
  }),
  DISCORD_APPLICATION_ID: Type.Optional(Type.String({ pattern: '^[0-9]{15,20}$' })),
  DISCORD_PUBLIC_KEY: Type.Optional(Type.String({ pattern: '^[0-9a-fA-F]{64}$' })),
  DISCORD_BOT_TOKEN: Type.Optional(Type.String({ minLength: 20 })),
  GEOIP_COUNTRY_DB: Type.Optional(Type.String({ minLength: 1 })),
  GEOIP_ASN_DB: Type.Optional(Type.String({ minLength: 1 })),
  VPN_ASNS_FILE: Type.Optional(Type.String({ minLength: 1 })),
  GEOIP_CHECK_SECONDS: Type.Integer({ minimum: 1, default: 5 }),
  LOG_LEVEL: Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { default: 'info' }),
});

type Env = Static<typeof EnvSchema>;

/** Each setting's name in the program and the environment variable it comes from. */
const FROM_ENV = {
  host: 'HOST',
  port: 'PORT',
  databaseUrl: 'DATABASE_URL',
  /** PostgreSQL: a query with no answer for this long ends its connection (docs/operations.md, "When things fail"). */
  databaseStallTimeoutSeconds: 'DATABASE_STALL_TIMEOUT_SECONDS',
  redisUrl: 'REDIS_URL',
  /** Operator token; when undefined the server generates one under dataDir on first start. */
  adminToken: 'SCANPIN_ADMIN_TOKEN',
  dataDir: 'SCANPIN_DATA_DIR',
  /** Key for HMAC of hardware IDs and IPs; generated under dataDir when unset. */
  hashSecret: 'SCANPIN_HASH_SECRET',
  rateLimitPerHour: 'RATE_LIMIT_PER_HOUR',
  maxActivePins: 'MAX_ACTIVE_PINS',
  pinTtlSeconds: 'PIN_TTL_SECONDS',
  scanIdleTimeoutSeconds: 'SCAN_IDLE_TIMEOUT_SECONDS',
  unauthenticatedPerMinute: 'UNAUTHENTICATED_PER_MINUTE',
  scannerStartPerMinute: 'SCANNER_START_PER_MINUTE',
  /** Evidence uploads one scan session may make (a refused or failed one counts), docs/security.md. */
  evidenceUploadsPerScan: 'EVIDENCE_UPLOADS_PER_SCAN',
  /** Evidence uploads per client address and minute, whatever the session. */
  evidenceUploadsPerMinute: 'EVIDENCE_UPLOADS_PER_MINUTE',
  /** Worker threads that read evidence uploads; unset: one fewer than the cores, 1 to 4. */
  evidenceWorkers: 'EVIDENCE_WORKERS',
  /** An upload still being read after this is stopped and answered 503 (retry). */
  evidenceTimeLimitSeconds: 'EVIDENCE_TIME_LIMIT_SECONDS',
  /** A hardware ID seen with more accounts than this stops linking them (docs/risk-score.md, "Hubs"). */
  hwidHubThreshold: 'HWID_HUB_THRESHOLD',
  bodyLimitBytes: 'BODY_LIMIT_BYTES',
  trustProxy: 'TRUST_PROXY',
  /** Slow clients are cut off (docs/operations.md, "Timeouts"): all request headers within this. */
  headersTimeoutSeconds: 'HEADERS_TIMEOUT_SECONDS',
  /** The whole request, headers and body, within this. */
  requestTimeoutSeconds: 'REQUEST_TIMEOUT_SECONDS',
  /** A connection with nothing sent either way for this long is closed (event streams send heartbeats). */
  idleTimeoutSeconds: 'IDLE_TIMEOUT_SECONDS',
  /** An idle keep-alive connection between requests is closed after this. */
  keepAliveTimeoutSeconds: 'KEEP_ALIVE_TIMEOUT_SECONDS',
  /** Seconds between webhook delivery attempts, comma-separated. */
  webhookRetrySchedule: 'WEBHOOK_RETRY_SCHEDULE',
  /** A receiver must answer 2xx within this many seconds; a delivery is claimed for three times it. */
  webhookTimeoutSeconds: 'WEBHOOK_TIMEOUT_SECONDS',
  webhookAllowHttp: 'WEBHOOK_ALLOW_HTTP',
  webhookAllowPrivateNetworks: 'WEBHOOK_ALLOW_PRIVATE_NETWORKS',
  /** Each subscribed pack URL is checked this often (docs/rules.md, "Subscribing to a pack URL"). */
  rulePackPollSeconds: 'RULE_PACK_POLL_SECONDS',
  /** Pack URLs obey the webhooks' address rules; these open them, for a test receiver only. */
  rulePackAllowHttp: 'RULE_PACK_ALLOW_HTTP',
  rulePackAllowPrivateNetworks: 'RULE_PACK_ALLOW_PRIVATE_NETWORKS',
  /** Days a scanned person's IP hash is kept; 0 keeps it (docs/privacy.md, "Retention"). */
  ipRetentionDays: 'IP_RETENTION_DAYS',
  /** Days a finished scan's PIN and report are kept; 0 keeps them (docs/privacy.md, "Retention"). */
  reportRetentionDays: 'REPORT_RETENTION_DAYS',
  /** A rule's test over stored evidence stops after this, keeping what it found (docs/scan-client.md, "Testing a rule"). */
  ruleTestTimeLimitSeconds: 'RULE_TEST_TIME_LIMIT_SECONDS',
  /** The built scanners the /scan page offers, relative to the working directory (docs/scan-client.md). */
  scannerDownloadsDir: 'SCANNER_DOWNLOADS_DIR',
  /** The scanner client kinds accepted at all, or `any` (docs/operations.md, "Scanner clients"). */
  scannerAccept: 'SCANNER_ACCEPT',
  /** Where people reach this server; sign-in links and share links are built from it. */
  publicUrl: 'PUBLIC_URL',
  /** "Sign in with Discord" is offered only when both are set (docs/dashboard.md, "Signing in"). */
  discordClientId: 'DISCORD_CLIENT_ID',
  /** Sent to Discord's token endpoint only; never logged. */
  discordClientSecret: 'DISCORD_CLIENT_SECRET',
  /** Discord's addresses; configurable so tests run the real flow against a local stand-in. */
  discordAuthorizeUrl: 'DISCORD_AUTHORIZE_URL',
  discordApiUrl: 'DISCORD_API_URL',
  /** The built-in Discord app runs only when all three are set (docs/discord.md, "Setting it up"). */
  discordApplicationId: 'DISCORD_APPLICATION_ID',
  /** Hex Ed25519 key that Discord's interactions are signed with. */
  discordPublicKey: 'DISCORD_PUBLIC_KEY',
  /** Sent to Discord's API only; never logged or shown. */
  discordBotToken: 'DISCORD_BOT_TOKEN',
  /** MaxMind-format databases placing a scan's address (docs/operations.md, "Country and VPN databases"). */
  geoipCountryDb: 'GEOIP_COUNTRY_DB',
  geoipAsnDb: 'GEOIP_ASN_DB',
  /** The operator's VPN and hosting networks, one AS number a line (docs/scanner.md, "Country and VPN"). */
  vpnAsnsFile: 'VPN_ASNS_FILE',
  /** Those three files are checked for a change at most this often, and reloaded when one changed. */
  geoipCheckSeconds: 'GEOIP_CHECK_SECONDS',
  logLevel: 'LOG_LEVEL',
} as const satisfies Record<string, keyof Env>;

/** The settings, typed by the schema above: a variable added there is one line here. */
export type Config = { [K in keyof typeof FROM_ENV]: Env[(typeof FROM_ENV)[K]] };

export class ConfigError extends Error {}

/** Reads and validates the configuration; throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(EnvSchema.properties)) {
    const value = env[key];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  // Convert turns "8080" into 8080 and "true" into true; Default fills the rest.
  const converted = Value.Default(EnvSchema, Value.Convert(EnvSchema, raw));
  const errors = [...Value.Errors(EnvSchema, converted)];
  if (errors.length > 0) {
    const lines = errors.map((e) => `${e.instancePath.slice(1) || '(env)'}: ${e.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = converted as Env;
  // Half a Discord set-up would silently offer no Discord button; say so at start instead.
  if ((e.DISCORD_CLIENT_ID === undefined) !== (e.DISCORD_CLIENT_SECRET === undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET must be set together (or neither).',
    );
  }
  const app = [e.DISCORD_APPLICATION_ID, e.DISCORD_PUBLIC_KEY, e.DISCORD_BOT_TOKEN];
  if (app.some((v) => v === undefined) && app.some((v) => v !== undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  DISCORD_APPLICATION_ID, DISCORD_PUBLIC_KEY and DISCORD_BOT_TOKEN must be set together (or none of them).',
    );
  }
  // A weak key would let anyone sign interactions (docs/discord.md, "Security"): refused at start.
  const weakKey = e.DISCORD_PUBLIC_KEY === undefined ? undefined : weakDiscordPublicKey(e.DISCORD_PUBLIC_KEY);
  if (weakKey !== undefined) {
    throw new ConfigError(
      `Invalid configuration:\n  DISCORD_PUBLIC_KEY ${weakKey}; copy the Public Key again from the developer portal (General Information).`,
    );
  }
  // A typo must not open the server to every client, nor close it to all: refused at start.
  const accept = parseScannerAccept(e.SCANNER_ACCEPT);
  if (!accept.ok) {
    throw new ConfigError(
      `Invalid configuration:\n  SCANNER_ACCEPT names ${accept.unknown.map((w) => JSON.stringify(w)).join(', ')}, which is not a scanner client kind; give a comma-separated list of official, third-party, development, unverified, or any.`,
    );
  }
  // Read whole at start: a FIFO there would hang the start without a word (docs/operations.md).
  for (const name of ['GEOIP_COUNTRY_DB', 'GEOIP_ASN_DB', 'VPN_ASNS_FILE'] as const) {
    const path = e[name];
    const kind = path === undefined ? undefined : nonRegularFileAt(path);
    if (kind !== undefined) {
      throw new ConfigError(
        `Invalid configuration:\n  ${name}: ${path} is ${kind}, not a regular file; give the path of the file itself.`,
      );
    }
  }
  return Object.fromEntries(
    Object.entries(FROM_ENV).map(([name, variable]) => [name, e[variable]]),
  ) as Config;
}

/** The public address without a trailing slash: PUBLIC_URL, or http://HOST:PORT (docs/operations.md). */
export function publicBaseUrl(config: Pick<Config, 'publicUrl' | 'host' | 'port'>): string {
  return (config.publicUrl ?? `http://${config.host}:${config.port}`).replace(/\/+$/, '');
}

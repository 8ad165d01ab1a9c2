import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';

/** Environment variables of CONTRACT §1, with their defaults. */
const EnvSchema = Type.Object({
  HOST: Type.String({ default: '127.0.0.1' }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8080 }),
  DATABASE_URL: Type.String({ default: 'sqlite:./data/scanpin.db' }),
  REDIS_URL: Type.Optional(Type.String({ minLength: 1 })),
  SCANPIN_ADMIN_TOKEN: Type.Optional(Type.String({ minLength: 16 })),
  SCANPIN_DATA_DIR: Type.String({ default: './data' }),
  SCANPIN_HASH_SECRET: Type.Optional(Type.String({ minLength: 16 })),
  RATE_LIMIT_PER_HOUR: Type.Integer({ minimum: 1, default: 1000 }),
  MAX_ACTIVE_PINS: Type.Integer({ minimum: 1, default: 3 }),
  PIN_TTL_SECONDS: Type.Integer({ minimum: 1, default: 10_800 }),
  SCAN_IDLE_TIMEOUT_SECONDS: Type.Integer({ minimum: 1, default: 900 }),
  UNAUTHENTICATED_PER_MINUTE: Type.Integer({ minimum: 1, default: 60 }),
  SCANNER_START_PER_MINUTE: Type.Integer({ minimum: 1, default: 30 }),
  BODY_LIMIT_BYTES: Type.Integer({ minimum: 1024, default: 1_048_576 }),
  TRUST_PROXY: Type.Boolean({ default: false }),
  LOG_LEVEL: Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { default: 'info' }),
});

type Env = Static<typeof EnvSchema>;

export interface Config {
  host: string;
  port: number;
  databaseUrl: string;
  redisUrl: string | undefined;
  /** Operator token; when undefined the server generates one under dataDir on first start. */
  adminToken: string | undefined;
  dataDir: string;
  /** Key for HMAC of hardware IDs and IPs; generated under dataDir when unset. */
  hashSecret: string | undefined;
  rateLimitPerHour: number;
  maxActivePins: number;
  pinTtlSeconds: number;
  scanIdleTimeoutSeconds: number;
  unauthenticatedPerMinute: number;
  scannerStartPerMinute: number;
  bodyLimitBytes: number;
  trustProxy: boolean;
  logLevel: string;
}

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
  return {
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    adminToken: e.SCANPIN_ADMIN_TOKEN,
    dataDir: e.SCANPIN_DATA_DIR,
    hashSecret: e.SCANPIN_HASH_SECRET,
    rateLimitPerHour: e.RATE_LIMIT_PER_HOUR,
    maxActivePins: e.MAX_ACTIVE_PINS,
    pinTtlSeconds: e.PIN_TTL_SECONDS,
    scanIdleTimeoutSeconds: e.SCAN_IDLE_TIMEOUT_SECONDS,
    unauthenticatedPerMinute: e.UNAUTHENTICATED_PER_MINUTE,
    scannerStartPerMinute: e.SCANNER_START_PER_MINUTE,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
  };
}

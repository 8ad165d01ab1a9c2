import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { type AccessChanges, KeyPrincipals } from './application/access/key-principals.js';
import type { SessionEnds } from './application/access/session-ends.js';
import { type BackgroundJobs, startBackgroundJobs } from './application/background-jobs.js';
import type { UseCaseContext } from './application/context.js';
import type { DiscordApp } from './application/discord/discord-app.js';
import type { Probes } from './application/health/readiness.js';
import type { PinChanges } from './application/pins/pin-changes.js';
import { PinRecordCache } from './application/pins/pin-record-cache.js';
import { EnterpriseReportsCache } from './application/players/enterprise-reports.js';
import { convertHubsOverThreshold } from './application/players/hardware-hubs.js';
import { type PlayerChanges, PlayerFactsCache } from './application/players/player-facts-cache.js';
import { createRateLimiter } from './application/rate-limits.js';
import { currentRulesSnapshot } from './application/rules/compiled-rules.js';
import { importManifestAtStartUp } from './application/scanner-clients/import-manifest.js';
import { createEvidenceIntake, defaultIntakeSettings } from './application/scans/evidence-intake/pool.js';
import { warnOfMissingBuildsAtStartUp } from './application/scans/scanner-downloads.js';
import type { Config } from './config.js';
import { WORKER_BODY_SCHEMAS } from './http/routes/scanner/worker-bodies.js';
import { hmacHex } from './lib/crypto.js';
import { discordRest } from './lib/discord-rest.js';
import { discordPublicKey } from './lib/discord-signature.js';
import { NetworkOriginDatabases } from './lib/geoip/network-origins.js';
import { generatePinCode } from './lib/pin-codes.js';
import { octal, widerThanPrivate } from './lib/private-files.js';
import { SecretBox } from './lib/secret-box.js';
import { type ServiceLog, silentLog } from './logger.js';
import { loadOrCreateSecret } from './secrets.js';
import { FallbackCounters } from './storage/counters/fallback.js';
import { MemoryCounters } from './storage/counters/memory.js';
import type { RateLimitCounters } from './storage/counters/rate-limit-counters.js';
import { RedisCounters } from './storage/counters/redis.js';
import { openStore, type Store, sqliteFilesOf } from './storage/database.js';
import { LocalPinChanges } from './storage/notify/local.js';
import { PostgresPinChanges } from './storage/notify/postgres.js';
import { RedisPinChanges } from './storage/notify/redis.js';
import { createRepositories, type Repositories, transactions } from './storage/repositories/index.js';
import { announceOutdatedPlayers } from './storage/repositories/player-documents.js';

/*
 * Start-up wiring: opens the store and the counters, loads the secrets and builds the one context
 * every use case runs in. The HTTP app (app.ts) and the CLI's in-process tools are built on it.
 */

export interface Wiring {
  context: UseCaseContext;
  probes: Probes;
  close(): Promise<void>;
}

export interface WiringOverrides {
  pgSchema?: string;
  redisPrefix?: string;
  clock?: () => number;
  /** Where new PIN codes come from; the cryptographic source unless a test forces a collision. */
  pinCodes?: () => string;
  /** The sweeper and the webhook worker run unless a caller (a one-off tool) says otherwise. */
  backgroundJobs?: boolean;
  /** Where start-up notices and degraded-mode warnings go (paths only, never secrets). */
  log?: ServiceLog;
}

/** The built-in Discord app when its three values are configured (docs/discord.md), else null. */
function discordAppFor(config: Config, serverSecret: string, log: ServiceLog): DiscordApp | null {
  const { discordApplicationId, discordPublicKey: publicKeyHex, discordBotToken } = config;
  if (discordApplicationId === undefined || publicKeyHex === undefined || discordBotToken === undefined)
    return null;
  return {
    applicationId: discordApplicationId,
    publicKey: discordPublicKey(publicKeyHex),
    api: discordRest({
      apiUrl: config.discordApiUrl,
      botToken: discordBotToken,
      // Routes only, with any token replaced: never the bot token (docs/discord.md, "Rate limits").
      onRateLimited: (info) => log.info({ discordRateLimit: info }, 'Discord asked us to wait'),
    }),
    tokens: new SecretBox(serverSecret, 'discord-interaction-tokens'),
  };
}

/**
 * Hardware IDs are linked through HMACs, so every instance on one store must hash with the same
 * secret; one that did not would silently stop linking players. The store keeps a fingerprint of
 * the first secret (never the secret) and a different one is refused at start.
 */
async function checkHashSecret(repos: Repositories, secret: string, path: string | null): Promise<void> {
  const fingerprint = hmacHex(secret, 'scanpin:hash-secret-fingerprint');
  const recorded = await repos.settings.recordOnce('hash_secret_fingerprint', fingerprint);
  if (recorded !== fingerprint) {
    throw new Error(
      `The hashing secret (${path ?? 'SCANPIN_HASH_SECRET'}) is not the one this database was built with, so ` +
        'hardware IDs would no longer link. Use the same SCANPIN_HASH_SECRET (or data/hash-secret) as the ' +
        'instance that created the database.',
    );
  }
}

/**
 * Names, once at start, each data folder or file that other users of the machine may read
 * (docs/deployment.md, "File modes"): the path and the mode, never what is in it. The modes are left
 * as they are: an operator may have widened them on purpose (a backup user's group, say).
 */
function warnOfWideModes(paths: readonly string[], log: ServiceLog): void {
  for (const wide of widerThanPrivate(paths)) {
    log.warn(
      { path: wide.path, mode: octal(wide.mode) },
      wide.kind === 'folder'
        ? 'the data folder is open to other users of this machine; chmod 700 it (docs/deployment.md, "File modes")'
        : 'this data file is open to other users of this machine; chmod 600 it (docs/deployment.md, "File modes")',
    );
  }
}

/**
 * How PIN changes reach event streams on other instances: Redis when shared, else PostgreSQL
 * LISTEN/NOTIFY, else in process (SQLite has one process). Channels are named by the installation.
 */
function pinChangesFor(
  config: Config,
  store: Store,
  installationId: string,
  redisPrefix: string,
): PinChanges & AccessChanges & PlayerChanges & SessionEnds {
  if (config.redisUrl)
    return new RedisPinChanges(config.redisUrl, `${redisPrefix}${installationId}:pin-changes`);
  if (store.dialect === 'postgres') {
    const channel = `scanpin_${installationId.replaceAll('-', '')}`;
    return new PostgresPinChanges(config.databaseUrl, channel, async (name, payload) => {
      await sql`select pg_notify(${name}, ${payload})`.execute(store.db);
    });
  }
  return new LocalPinChanges();
}

export async function wire(config: Config, overrides: WiringOverrides = {}): Promise<Wiring> {
  const log = overrides.log ?? silentLog;
  const clock = overrides.clock ?? Date.now;
  const admin = loadOrCreateSecret(config.dataDir, 'admin-token', config.adminToken);
  if (admin.created) log.info(`Generated an operator token; it is in ${admin.path} (mode 0600).`);
  const hash = loadOrCreateSecret(config.dataDir, 'hash-secret', config.hashSecret);
  if (hash.created) log.info(`Generated the hardware-ID hashing secret in ${hash.path}; back it up.`);

  const store = await openStore(config.databaseUrl, {
    ...(overrides.pgSchema ? { pgSchema: overrides.pgSchema } : {}),
    stallTimeoutMs: config.databaseStallTimeoutSeconds * 1000,
  });
  // After opening, so the -wal and -shm files SQLite made are looked at too.
  const secretFiles = [admin.path, hash.path].filter((path): path is string => path !== null);
  warnOfWideModes(
    [
      ...(secretFiles.length > 0 ? [config.dataDir] : []),
      ...secretFiles,
      ...sqliteFilesOf(config.databaseUrl),
    ],
    log,
  );
  const repos = createRepositories(store, { threshold: config.hwidHubThreshold });
  let installationId: string;
  try {
    await checkHashSecret(repos, hash.value, hash.path);
    // Names this installation's rate-limit counters in a shared Redis (docs/operations.md).
    installationId = await repos.settings.recordOnce('installation_id', randomUUID());
  } catch (err) {
    await store.close();
    throw err;
  }

  const redisPrefix = overrides.redisPrefix ?? 'scanpin:';
  // Loaded now, so a file that cannot be read is said at start; re-checked on use after that.
  const ipOrigins = new NetworkOriginDatabases(
    {
      countryDb: config.geoipCountryDb,
      asnDb: config.geoipAsnDb,
      vpnAsnsFile: config.vpnAsnsFile,
      checkEveryMs: config.geoipCheckSeconds * 1000,
    },
    log,
    clock,
  );
  await ipOrigins.refresh();
  const probes: Probes = { database: () => store.ping() };
  // Shown in /readyz once the operator configured any of them; the body is unchanged otherwise.
  if (config.geoipCountryDb || config.geoipAsnDb || config.vpnAsnsFile)
    probes.networkOrigins = () => ipOrigins.status();
  let counters: RateLimitCounters;
  if (config.redisUrl) {
    const redis = new RedisCounters(config.redisUrl, `${redisPrefix}rl:`);
    if (!(await redis.connected(5_000))) {
      log.warn('Redis is unreachable at start; counting requests in this process until it is back.');
    }
    probes.sharedCounters = () => redis.ping();
    counters = new FallbackCounters(redis, new MemoryCounters(clock), log);
  } else {
    counters = new MemoryCounters(clock);
  }

  const rateLimiter = createRateLimiter(
    counters,
    {
      perKeyPerHour: config.rateLimitPerHour,
      unauthenticatedPerMinute: config.unauthenticatedPerMinute,
      scannerStartPerMinute: config.scannerStartPerMinute,
      evidenceUploadsPerScan: config.evidenceUploadsPerScan,
      evidenceUploadsPerMinute: config.evidenceUploadsPerMinute,
    },
    installationId,
    clock,
  );

  const pinChanges = pinChangesFor(config, store, installationId, redisPrefix);
  // Players whose documents a commit outdated are forgotten on every instance (docs/operations.md).
  announceOutdatedPlayers(store.db, (userIds) => pinChanges.announcePlayerChanges(userIds));
  const context: UseCaseContext = {
    config,
    store,
    repos,
    transaction: transactions(store),
    rateLimiter,
    pinChanges,
    sessionEnds: pinChanges,
    pinRecords: new PinRecordCache(pinChanges, clock),
    playerFacts: new PlayerFactsCache(pinChanges, clock),
    enterpriseReports: new EnterpriseReportsCache(pinChanges, clock),
    keyPrincipals: new KeyPrincipals((hash) => repos.apiKeys.findPrincipal(hash), pinChanges, clock),
    webhookSecrets: new SecretBox(hash.value, 'webhook-secrets'),
    scannerClientKeys: new SecretBox(hash.value, 'scanner-client-keys'),
    currentRules: currentRulesSnapshot(() => repos.rules),
    evidenceIntake: createEvidenceIntake(
      {
        ...defaultIntakeSettings(),
        ...(config.evidenceWorkers === undefined ? {} : { threads: config.evidenceWorkers }),
        timeLimitMs: config.evidenceTimeLimitSeconds * 1000,
      },
      WORKER_BODY_SCHEMAS,
    ),
    ipOrigins,
    adminToken: admin.value,
    hashSecret: hash.value,
    discord: discordAppFor(config, hash.value, log),
    clock,
    newPinCode: overrides.pinCodes ?? generatePinCode,
  };
  const converted = await convertHubsOverThreshold(context);
  if (converted > 0) {
    log.info(
      { hubs: converted },
      'hardware IDs over HWID_HUB_THRESHOLD stopped linking (docs/risk-score.md)',
    );
  }
  // The builds `npm run build:scanner` left beside the downloads are registered (counts logged, never keys).
  await importManifestAtStartUp(context, log);
  await warnOfMissingBuildsAtStartUp(context, log);
  const jobs: BackgroundJobs | null =
    overrides.backgroundJobs === false ? null : startBackgroundJobs(context, log);

  return {
    context,
    probes,
    async close() {
      await jobs?.stop();
      context.discord?.api.close();
      context.keyPrincipals.close();
      context.pinRecords.close();
      context.playerFacts.close();
      context.enterpriseReports.close();
      await pinChanges.close();
      await counters.close();
      await store.close();
    },
  };
}

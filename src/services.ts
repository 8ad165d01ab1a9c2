import type { Config } from './config.js';
import { type AppDeps, createRepositories } from './http/deps.js';
import { hmacHex } from './lib/crypto.js';
import { type ServiceLog, silentLog } from './logger.js';
import { loadOrCreateSecret } from './secrets.js';
import { FallbackRateLimitStore } from './storage/counters/fallback.js';
import { MemoryRateLimitStore } from './storage/counters/memory.js';
import type { RateLimitStore } from './storage/counters/rate-limit-store.js';
import { RedisRateLimitStore } from './storage/counters/redis.js';
import { openStore, type Store } from './storage/database.js';
import { recordOnce } from './storage/repositories/settings.js';

export interface Services {
  deps: AppDeps;
  readinessChecks: Array<() => Promise<void>>;
  close(): Promise<void>;
}

export interface ServiceOverrides {
  pgSchema?: string;
  redisPrefix?: string;
  clock?: () => number;
  /** Where start-up notices and degraded-mode warnings go (paths only, never secrets). */
  log?: ServiceLog;
}

/**
 * Hardware IDs are linked through HMACs, so every instance on one store must hash with the same
 * secret; one that did not would silently stop linking players. The store keeps a fingerprint of
 * the first secret (never the secret) and a different one is refused at start.
 */
async function checkHashSecret(store: Store, secret: string, path: string | null): Promise<void> {
  const fingerprint = hmacHex(secret, 'scanpin:hash-secret-fingerprint');
  const recorded = await recordOnce(store.db, 'hash_secret_fingerprint', fingerprint);
  if (recorded !== fingerprint) {
    throw new Error(
      `The hashing secret (${path ?? 'SCANPIN_HASH_SECRET'}) is not the one this database was built with, so ` +
        'hardware IDs would no longer link. Use the same SCANPIN_HASH_SECRET (or data/hash-secret) as the ' +
        'instance that created the database.',
    );
  }
}

/** Opens the store and counters and loads the secrets: everything the HTTP app depends on. */
export async function startServices(config: Config, overrides: ServiceOverrides = {}): Promise<Services> {
  const log = overrides.log ?? silentLog;
  const admin = loadOrCreateSecret(config.dataDir, 'admin-token', config.adminToken);
  if (admin.created) log.info(`Generated an operator token; it is in ${admin.path} (mode 0600).`);
  const hash = loadOrCreateSecret(config.dataDir, 'hash-secret', config.hashSecret);
  if (hash.created) log.info(`Generated the hardware-ID hashing secret in ${hash.path}; back it up.`);

  const store = await openStore(
    config.databaseUrl,
    overrides.pgSchema ? { pgSchema: overrides.pgSchema } : {},
  );
  try {
    await checkHashSecret(store, hash.value, hash.path);
  } catch (err) {
    await store.close();
    throw err;
  }
  const readinessChecks: Array<() => Promise<void>> = [];
  let rateLimits: RateLimitStore;
  if (config.redisUrl) {
    const redis = new RedisRateLimitStore(config.redisUrl, overrides.redisPrefix);
    if (!(await redis.connected(5_000))) {
      log.warn('Redis is unreachable at start; counting requests in this process until it is back.');
    }
    readinessChecks.push(() => redis.ping());
    rateLimits = new FallbackRateLimitStore(redis, new MemoryRateLimitStore(), log);
  } else {
    rateLimits = new MemoryRateLimitStore();
  }

  return {
    deps: {
      config,
      store,
      repos: createRepositories(store),
      rateLimits,
      adminToken: admin.value,
      hashSecret: hash.value,
      clock: overrides.clock ?? Date.now,
    },
    readinessChecks,
    async close() {
      await rateLimits.close();
      await store.close();
    },
  };
}

import type { Config } from '../config.js';
import type { RateLimitStore } from '../storage/counters/rate-limit-store.js';
import type { Store } from '../storage/database.js';
import { type AccountsRepository, accountsRepository } from '../storage/repositories/accounts.js';
import { type ApiKeysRepository, apiKeysRepository } from '../storage/repositories/api-keys.js';
import { type EnterprisesRepository, enterprisesRepository } from '../storage/repositories/enterprises.js';
import { type PinsRepository, pinsRepository } from '../storage/repositories/pins.js';
import { type PlayersRepository, playersRepository } from '../storage/repositories/players.js';
import { recordFinishedScan } from '../storage/repositories/risk-profiles.js';
import { type ScansRepository, scansRepository } from '../storage/repositories/scans.js';

export interface Repositories {
  accounts: AccountsRepository;
  enterprises: EnterprisesRepository;
  apiKeys: ApiKeysRepository;
  pins: PinsRepository;
  scans: ScansRepository;
  players: PlayersRepository;
}

/** Everything a route needs, built once at start-up and handed to each plugin. */
export interface AppDeps {
  config: Config;
  store: Store;
  repos: Repositories;
  rateLimits: RateLimitStore;
  adminToken: string;
  /** Key for HMAC of hardware IDs and IPs. */
  hashSecret: string;
  /** Epoch milliseconds; injectable so tests can move time. */
  clock: () => number;
}

export function createRepositories(store: Store): Repositories {
  return {
    accounts: accountsRepository(store.db),
    enterprises: enterprisesRepository(store.db),
    apiKeys: apiKeysRepository(store.db),
    pins: pinsRepository(store),
    // Finishing a scan also updates the player-risk aggregates, in the same transaction.
    scans: scansRepository(store, [recordFinishedScan]),
    players: playersRepository(store.db),
  };
}

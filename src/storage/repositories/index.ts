import type { Db, Store } from '../database.js';
import { type AccountsRepository, accountsRepository } from './accounts.js';
import { type ApiKeysRepository, apiKeysRepository } from './api-keys.js';
import { type EnterprisesRepository, enterprisesRepository } from './enterprises.js';
import { type InvitesRepository, invitesRepository } from './invites.js';
import { type PinStatsRepository, pinStatsRepository } from './pin-stats.js';
import { type PinTimelineRepository, pinTimelineRepository } from './pin-timeline.js';
import { type PinsRepository, pinsRepository } from './pins.js';
import { type PlayersRepository, playersRepository } from './players.js';
import { recordFinishedScan } from './risk-profiles.js';
import { type ScansRepository, scansRepository } from './scans.js';
import { type SessionsRepository, sessionsRepository } from './sessions.js';
import { type SettingsRepository, settingsRepository } from './settings.js';
import { type ShareLinksRepository, shareLinksRepository } from './share-links.js';
import { type WebhooksRepository, webhooksRepository } from './webhooks.js';

export interface Repositories {
  accounts: AccountsRepository;
  enterprises: EnterprisesRepository;
  apiKeys: ApiKeysRepository;
  pins: PinsRepository;
  pinTimeline: PinTimelineRepository;
  pinStats: PinStatsRepository;
  scans: ScansRepository;
  players: PlayersRepository;
  settings: SettingsRepository;
  sessions: SessionsRepository;
  shareLinks: ShareLinksRepository;
  invites: InvitesRepository;
  webhooks: WebhooksRepository;
}

/** The repositories a transaction sees: every read and write in it goes through `trx`. */
export type TransactionRepositories = Omit<Repositories, 'scans'>;

export interface TransactionOptions {
  /**
   * `snapshot`: every read sees the store as of the first one (REPEATABLE READ on PostgreSQL; a
   * SQLite transaction already runs alone on its one connection).
   */
  snapshot?: boolean;
}

export type RunInTransaction = <T>(
  work: (repos: TransactionRepositories) => Promise<T>,
  options?: TransactionOptions,
) => Promise<T>;

function boundTo(db: Db, store: Store): TransactionRepositories {
  return {
    accounts: accountsRepository(db),
    enterprises: enterprisesRepository(db),
    apiKeys: apiKeysRepository(db),
    pins: pinsRepository(db, store.dialect),
    pinTimeline: pinTimelineRepository(db),
    pinStats: pinStatsRepository(db, store.dialect),
    players: playersRepository(db),
    settings: settingsRepository(db),
    sessions: sessionsRepository(db),
    shareLinks: shareLinksRepository(db),
    invites: invitesRepository(db),
    webhooks: webhooksRepository(db, store.dialect),
  };
}

export function createRepositories(store: Store): Repositories {
  return {
    ...boundTo(store.db, store),
    // Finishing a scan also updates the player-risk aggregates, in the same transaction.
    scans: scansRepository(store, [recordFinishedScan]),
  };
}

/** Runs `work` in one transaction, with repositories bound to it. */
export function transactions(store: Store): RunInTransaction {
  return (work, options = {}) => {
    const builder = store.db.transaction();
    const tx =
      options.snapshot && store.dialect === 'postgres'
        ? builder.setIsolationLevel('repeatable read')
        : builder;
    return tx.execute((trx) => work(boundTo(trx, store)));
  };
}

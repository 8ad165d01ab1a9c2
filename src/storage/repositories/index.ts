import { sql } from 'kysely';
import type { Db, Store } from '../database.js';
import { type AccountsRepository, accountsRepository } from './accounts.js';
import { type ApiKeysRepository, apiKeysRepository } from './api-keys.js';
import { type AuditRepository, auditRepository } from './audit.js';
import { type DiscordRepository, discordRepository } from './discord.js';
import { type EnterprisesRepository, enterprisesRepository } from './enterprises.js';
import { type EvidenceRepository, evidenceRepository } from './evidence.js';
import { type HardwareFactsRepository, hardwareFactsRepository } from './hardware-facts.js';
import { type HardwareHubsRepository, hardwareHubsRepository } from './hardware-hubs.js';
import { type InvitesRepository, invitesRepository } from './invites.js';
import { type ModerationRepository, moderationRepository, sanctionsSharer } from './moderation.js';
import { type PasskeysRepository, passkeysRepository } from './passkeys.js';
import { type PinStatsRepository, pinStatsRepository } from './pin-stats.js';
import { type PinTimelineRepository, pinTimelineRepository } from './pin-timeline.js';
import { type PinsRepository, pinsRepository } from './pins.js';
import { announcingOutdated, type TrackOutdated } from './player-documents.js';
import { type PlayerSnapshotsRepository, playerSnapshotsRepository } from './player-snapshots.js';
import { type PlayersRepository, playersRepository } from './players.js';
import { type PrivacyRepository, privacyRepository } from './privacy.js';
import {
  type ReportProvenanceRepository,
  reportProvenanceRepository,
  scanAccountsRecorder,
} from './report-provenance.js';
import { finishedScanRecorder, type HubPolicy } from './risk-profiles.js';
import { type RulePackSourcesRepository, rulePackSourcesRepository } from './rule-pack-sources.js';
import { type RulePacksRepository, rulePacksRepository } from './rule-packs.js';
import { type RuleQualityRepository, ruleQualityRepository } from './rule-quality.js';
import { type RuleTestsRepository, ruleTestsRepository } from './rule-tests.js';
import { type RulesRepository, rulesRepository } from './rules.js';
import { type ScanNetworksRepository, scanNetworksRepository } from './scan-networks.js';
import { type ScannerClientsRepository, scannerClientsRepository } from './scanner-clients.js';
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
  moderation: ModerationRepository;
  playerSnapshots: PlayerSnapshotsRepository;
  privacy: PrivacyRepository;
  settings: SettingsRepository;
  sessions: SessionsRepository;
  passkeys: PasskeysRepository;
  shareLinks: ShareLinksRepository;
  invites: InvitesRepository;
  webhooks: WebhooksRepository;
  audit: AuditRepository;
  rules: RulesRepository;
  ruleTests: RuleTestsRepository;
  rulePacks: RulePacksRepository;
  rulePackSources: RulePackSourcesRepository;
  ruleQuality: RuleQualityRepository;
  evidence: EvidenceRepository;
  hardwareHubs: HardwareHubsRepository;
  hardwareFacts: HardwareFactsRepository;
  discord: DiscordRepository;
  reportProvenance: ReportProvenanceRepository;
  scannerClients: ScannerClientsRepository;
  scanNetworks: ScanNetworksRepository;
}

/** The repositories a transaction sees: every read and write in it goes through `trx`. */
export type TransactionRepositories = Omit<Repositories, 'scans'>;

export interface TransactionOptions {
  /**
   * `snapshot`: every read sees the store as of the first one (REPEATABLE READ on PostgreSQL; a
   * SQLite transaction already runs alone on its one connection).
   */
  snapshot?: boolean;
  /**
   * `durable: false`: the commit need not reach the disk before it returns. It survives the process
   * being killed (the operating system has it) but not a power cut. Only for states that are not
   * final, such as scan progress, which the next durable commit flushes with it anyway
   * (docs/benchmarks.md, "Profile findings"; docs/operations.md, "Durability").
   */
  durable?: boolean;
}

export type RunInTransaction = <T>(
  work: (repos: TransactionRepositories) => Promise<T>,
  options?: TransactionOptions,
) => Promise<T>;

/**
 * Repositories bound to a transaction are made on first use: a transaction touches three or four of
 * them, and making all of them (some compile queries) on every commit showed in the write path's
 * profile (docs/benchmarks.md, "Profile findings").
 */
function lazilyBoundTo(db: Db, store: Store): TransactionRepositories {
  const made: Partial<TransactionRepositories> = {};
  const makers = repositoryMakers(db, store);
  return new Proxy(made as TransactionRepositories, {
    get(target, name: string) {
      const key = name as keyof TransactionRepositories;
      if (!(key in target) && key in makers) (target as Record<string, unknown>)[key] = makers[key]();
      return target[key];
    },
  });
}

function repositoryMakers(
  db: Db,
  store: Store,
): { [K in keyof TransactionRepositories]: () => TransactionRepositories[K] } {
  return {
    accounts: () => accountsRepository(db),
    enterprises: () => enterprisesRepository(db),
    apiKeys: () => apiKeysRepository(db),
    pins: () => pinsRepository(db, store.dialect),
    pinTimeline: () => pinTimelineRepository(db),
    pinStats: () => pinStatsRepository(db, store.dialect),
    players: () => playersRepository(db),
    moderation: () => moderationRepository(db),
    playerSnapshots: () => playerSnapshotsRepository(db, store.dialect),
    privacy: () => privacyRepository(db, store.dialect),
    settings: () => settingsRepository(db),
    sessions: () => sessionsRepository(db),
    passkeys: () => passkeysRepository(db),
    shareLinks: () => shareLinksRepository(db),
    invites: () => invitesRepository(db),
    webhooks: () => webhooksRepository(db, store.dialect),
    audit: () => auditRepository(db),
    rules: () => rulesRepository(db),
    ruleTests: () => ruleTestsRepository(db),
    rulePacks: () => rulePacksRepository(db),
    rulePackSources: () => rulePackSourcesRepository(db, store.dialect),
    ruleQuality: () => ruleQualityRepository(db),
    evidence: () => evidenceRepository(db),
    hardwareHubs: () => hardwareHubsRepository(db, store.dialect),
    hardwareFacts: () => hardwareFactsRepository(db),
    discord: () => discordRepository(db),
    reportProvenance: () => reportProvenanceRepository(db),
    scannerClients: () => scannerClientsRepository(db),
    scanNetworks: () => scanNetworksRepository(db),
  };
}

function boundTo(db: Db, store: Store): TransactionRepositories {
  const makers = repositoryMakers(db, store);
  return Object.fromEntries(
    Object.entries(makers).map(([name, make]) => [name, make()]),
  ) as unknown as TransactionRepositories;
}

export function createRepositories(store: Store, hubPolicy: HubPolicy): Repositories {
  return {
    ...boundTo(store.db, store),
    // Finishing a scan also updates the player-risk aggregates, in the same transaction.
    // Then an Enterprise's bans of a player whose account this scan proved reach every community.
    scans: scansRepository(store, [
      finishedScanRecorder(store.dialect, hubPolicy),
      scanAccountsRecorder,
      sanctionsSharer(store.dialect),
    ]),
  };
}

/**
 * Runs `work` in one transaction, with repositories bound to it; the players whose documents it
 * outdated are announced once it commits (player-documents.ts).
 */
export function transactions(store: Store): RunInTransaction {
  return (work, options = {}) =>
    announcingOutdated(store.db, (track) => {
      if (options.durable === false) return withoutFlush(store, track, work);
      const builder = store.db.transaction();
      const tx =
        options.snapshot && store.dialect === 'postgres'
          ? builder.setIsolationLevel('repeatable read')
          : builder;
      return tx.execute((trx) => work(lazilyBoundTo(track(trx), store)));
    });
}

/**
 * A commit that skips the flush: on SQLite, synchronous=NORMAL for this one transaction, which the
 * group-commit driver takes as the transaction's wish rather than running it: the transaction joins
 * a group that flushes anyway, or opens one that does not (storage/sqlite-group-commit.ts); on
 * PostgreSQL, synchronous_commit off for this transaction only.
 */
function withoutFlush<T>(
  store: Store,
  track: TrackOutdated,
  work: (repos: TransactionRepositories) => Promise<T>,
): Promise<T> {
  if (store.dialect === 'postgres') {
    return store.db.transaction().execute(async (trx) => {
      await sql`set local synchronous_commit = off`.execute(trx);
      return work(lazilyBoundTo(track(trx), store));
    });
  }
  return store.db.connection().execute(async (conn) => {
    await sql`pragma synchronous = NORMAL`.execute(conn);
    try {
      return await conn.transaction().execute((trx) => work(lazilyBoundTo(track(trx), store)));
    } finally {
      await sql`pragma synchronous = FULL`.execute(conn);
    }
  });
}

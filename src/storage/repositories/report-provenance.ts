import type { ExpressionBuilder, Insertable } from 'kysely';
import type { PinPlayer, Provenance, ScanAccount } from '../../domain/report-provenance.js';
import type { Db } from '../database.js';
import { dialectOf } from '../dialect-statements.js';
import type { Database } from '../schema.js';
import { announceEnterpriseReports } from './player-documents.js';
import type { FinishedScan, FinishHook } from './scans.js';

/*
 * Whose scan is it (docs/risk-score.md, "Whose scan it is"): who a PIN was made for, how each
 * account of a finished scan is known, and an Enterprise's own reports of a person, the ones that
 * count only inside it.
 */

/** One report of a person that counts only inside the Enterprise that ran the scan. */
export interface EnterpriseReport {
  pinId: number;
  username: string;
  provenance: Provenance;
  gameType: string;
  verdict: 'legit' | 'cheating' | 'suspicious';
  detections: string[];
  suspiciousFindings: number;
  finishedAt: number;
  /** The scan counts for the person's risk score already, through hardware shared reports linked them to. */
  countedThroughHardware: boolean;
}

/** An Enterprise's own reports of one person, most recent first, at most this many. */
export const ENTERPRISE_REPORTS_READ = 1000;

export function reportProvenanceRepository(db: Db) {
  return {
    /** Records the player the staff named for a PIN (written with the PIN). */
    async name(pinId: number, player: { discordId: string; username: string | null }): Promise<void> {
      await db
        .insertInto('pin_players')
        .values({ pin_id: pinId, named_discord_id: player.discordId, named_username: player.username })
        .onConflict((oc) =>
          oc.column('pin_id').doUpdateSet({
            named_discord_id: player.discordId,
            named_username: player.username,
          }),
        )
        .execute();
    },

    /**
     * Records the account the player proved for a scan through its own session, only while that scan
     * runs with that session (checked in the same statement, so an upload finishing it meanwhile wins)
     * and unless another account proved it first. Returns the account on record, or undefined when
     * the scan no longer runs with that session.
     */
    async prove(
      pinId: number,
      sessionHash: string,
      account: { discordId: string; username: string },
      at: number,
    ): Promise<{ discordId: string; username: string } | undefined> {
      // A finish takes the PIN row's lock too (PostgreSQL): the two cannot cross. SQLite runs one
      // transaction at a time anyway.
      if (dialectOf(db) === 'postgres')
        await db.selectFrom('pins').select('id').where('id', '=', pinId).forUpdate().execute();
      const running = (eb: ExpressionBuilder<Database, 'pins'>) =>
        eb('pins.id', '=', pinId)
          .and('pins.status', '=', 'scanning')
          .and('pins.session_token_hash', '=', sessionHash);
      await db
        .insertInto('pin_players')
        .columns(['pin_id', 'proven_discord_id', 'proven_username', 'proven_at', 'proven_session_hash'])
        .expression((eb) =>
          eb
            .selectFrom('pins')
            .select([
              'pins.id',
              eb.val(account.discordId).as('proven_discord_id'),
              eb.val(account.username).as('proven_username'),
              eb.val(at).as('proven_at'),
              eb.val(sessionHash).as('proven_session_hash'),
            ])
            .where(running),
        )
        .onConflict((oc) =>
          oc
            .column('pin_id')
            .doUpdateSet({
              proven_discord_id: account.discordId,
              proven_username: account.username,
              proven_at: at,
              proven_session_hash: sessionHash,
            })
            .where((eb) =>
              eb.and([
                // A proof from before this session (an older scanner's, or another holder's) is replaced.
                eb.or([
                  eb('pin_players.proven_discord_id', 'is', null),
                  eb('pin_players.proven_session_hash', 'is', null),
                  eb('pin_players.proven_session_hash', '!=', sessionHash),
                  eb('pin_players.proven_discord_id', '=', account.discordId),
                ]),
                eb.exists(eb.selectFrom('pins').select('pins.id').where(running)),
              ]),
            ),
        )
        .execute();
      const row = await db
        .selectFrom('pin_players')
        .select(['proven_discord_id', 'proven_username', 'proven_at', 'proven_session_hash'])
        .where('pin_id', '=', pinId)
        .executeTakeFirst();
      if (row?.proven_discord_id == null || row.proven_session_hash !== sessionHash) return undefined;
      // Another account's proof stands; this one's counts only if it was recorded now, while running.
      if (row.proven_discord_id !== account.discordId)
        return { discordId: row.proven_discord_id, username: row.proven_username ?? '' };
      if (Number(row.proven_at) !== at) return undefined;
      // A finish deciding on the proof it read before this one must decide again (finish-scan.ts).
      await db
        .updateTable('pins')
        .set((eb) => ({ revision: eb('revision', '+', 1) }))
        .where('id', '=', pinId)
        .execute();
      return account;
    },

    /** What a proof link's page needs of the scan a PIN code names. */
    async proofContext(code: string): Promise<
      | {
          pinId: number;
          pinCode: string;
          sessionHash: string | null;
          gameType: string;
          enterprise: string;
          startedAt: number | null;
          state: { status: string; expiresAt: number };
        }
      | undefined
    > {
      const row = await db
        .selectFrom('pins')
        .innerJoin('enterprises', 'enterprises.id', 'pins.enterprise_id')
        .select([
          'pins.id',
          'pins.code',
          'pins.session_token_hash',
          'pins.type',
          'pins.status',
          'pins.expires_at',
          'pins.scan_started_at',
          'enterprises.name',
        ])
        .where('pins.code', '=', code)
        .executeTakeFirst();
      if (row === undefined) return undefined;
      return {
        pinId: row.id,
        pinCode: row.code,
        sessionHash: row.session_token_hash,
        gameType: row.type,
        enterprise: row.name,
        startedAt: row.scan_started_at === null ? null : Number(row.scan_started_at),
        state: { status: row.status, expiresAt: Number(row.expires_at) },
      };
    },

    /** Who the PIN was made for, and whether its Enterprise's reports are shared. */
    async finishContext(pinId: number): Promise<{ player: PinPlayer; enterpriseShared: boolean }> {
      const row = await db
        .selectFrom('pins')
        .innerJoin('enterprises', 'enterprises.id', 'pins.enterprise_id')
        .leftJoin('pin_players as pp', 'pp.pin_id', 'pins.id')
        .select([
          'enterprises.reports_shared',
          'pp.named_discord_id',
          'pp.named_username',
          'pp.proven_discord_id',
          'pp.proven_username',
          'pp.proven_session_hash',
          'pins.session_token_hash',
        ])
        .where('pins.id', '=', pinId)
        .executeTakeFirst();
      if (row === undefined) return { player: { named: null, proven: null }, enterpriseShared: false };
      return {
        player: {
          named:
            row.named_discord_id === null
              ? null
              : { discordId: row.named_discord_id, username: row.named_username },
          // A proof counts only when it came through this scan's own session (docs/risk-score.md).
          proven:
            row.proven_discord_id === null ||
            row.proven_session_hash === null ||
            row.proven_session_hash !== row.session_token_hash
              ? null
              : { discordId: row.proven_discord_id, username: row.proven_username ?? row.proven_discord_id },
        },
        enterpriseShared: row.reports_shared === 1,
      };
    },

    /** The accounts of a finished scan, with how the scan knows them. */
    async accountsOf(pinId: number): Promise<ScanAccount[]> {
      const rows = await db
        .selectFrom('scan_accounts')
        .select(['discord_id', 'username', 'provenance', 'seen_on_machine', 'shared'])
        .where('pin_id', '=', pinId)
        .orderBy('discord_id')
        .execute();
      return rows.map((r) => ({
        discordId: r.discord_id,
        username: r.username,
        provenance: r.provenance,
        seenOnMachine: r.seen_on_machine === 1,
        reach: r.shared === 1 ? ('shared' as const) : ('enterprise' as const),
      }));
    },

    /** An Enterprise's own reports of a person: those that count only inside it, most recent first. */
    async enterpriseReports(enterpriseId: number, discordId: string): Promise<EnterpriseReport[]> {
      const rows = await db
        .selectFrom('scan_accounts as sa')
        .select((eb) => [
          'sa.pin_id',
          'sa.username',
          'sa.provenance',
          'sa.game_type',
          'sa.verdict',
          'sa.detections',
          'sa.suspicious_findings',
          'sa.finished_at',
          eb
            .exists(
              eb
                .selectFrom('scanned_users as u')
                .innerJoin('user_scans as us', 'us.user_id', 'u.id')
                .select('us.pin_id')
                .where('u.discord_id', '=', discordId)
                .whereRef('us.pin_id', '=', 'sa.pin_id'),
            )
            .as('counted'),
        ])
        .where('sa.discord_id', '=', discordId)
        .where('sa.enterprise_id', '=', enterpriseId)
        .where('sa.shared', '=', 0)
        .orderBy('sa.finished_at', 'desc')
        .orderBy('sa.pin_id', 'desc')
        .limit(ENTERPRISE_REPORTS_READ)
        .execute();
      return rows.map((r) => ({
        pinId: r.pin_id,
        username: r.username,
        provenance: r.provenance,
        gameType: r.game_type,
        verdict: r.verdict,
        detections: JSON.parse(r.detections) as string[],
        suspiciousFindings: r.suspicious_findings,
        finishedAt: Number(r.finished_at),
        countedThroughHardware: Boolean(r.counted),
      }));
    },

    /** Keeps (or stops keeping) an Enterprise's future reports inside it. */
    async setReportsShared(enterpriseId: number, shared: boolean): Promise<boolean> {
      const res = await db
        .updateTable('enterprises')
        .set({ reports_shared: shared ? 1 : 0 })
        .where('id', '=', enterpriseId)
        .executeTakeFirst();
      return res.numUpdatedRows > 0n;
    },
  };
}

export type ReportProvenanceRepository = ReturnType<typeof reportProvenanceRepository>;

/**
 * The accounts finished scans counted for in the shared aggregates when they finished, by PIN id
 * (docs/risk-score.md, "Whose scan it is"): each scan's shared accounts, its proven player among them
 * even when the report left them out, and not the accounts it only claimed. A scan finished before
 * provenance was recorded has no rows, and counted every account its stored report names. Recounts
 * (retention, hub conversions) count again what the finishes counted, from this.
 */
export async function accountsCountedBy(
  db: Db,
  scans: ReadonlyArray<{ pinId: number; discord: string }>,
): Promise<Map<number, string[]>> {
  const recorded = new Map<number, string[]>();
  const pinIds = [...new Set(scans.map((s) => s.pinId))];
  // Chunked to stay far below SQLite's limit on bound parameters.
  for (let i = 0; i < pinIds.length; i += 500) {
    const rows = await db
      .selectFrom('scan_accounts')
      .select(['pin_id', 'discord_id', 'shared'])
      .where('pin_id', 'in', pinIds.slice(i, i + 500))
      .execute();
    for (const r of rows) {
      const accounts = recorded.get(r.pin_id) ?? [];
      if (r.shared === 1) accounts.push(r.discord_id);
      recorded.set(r.pin_id, accounts);
    }
  }
  return new Map(
    scans.map((s) => [
      s.pinId,
      recorded.get(s.pinId) ??
        (JSON.parse(s.discord) as Array<{ id: string; reach?: string }>)
          .filter((d) => d.reach !== 'enterprise')
          .map((d) => d.id),
    ]),
  );
}

/**
 * The finish hook that records each account of the scan with its provenance, inside the finish
 * transaction. Accounts that count only inside the Enterprise change no shared aggregate, so their
 * notice says only that some Enterprise's own reports changed.
 */
export const scanAccountsRecorder: FinishHook = async (trx: Db, scan: FinishedScan) => {
  if (scan.accounts.length === 0) return;
  await trx.insertInto('scan_accounts').values(scanAccountRows(scan)).execute();
  if (scan.accounts.some((a) => a.reach === 'enterprise')) announceEnterpriseReports(trx);
};

/** The scan_accounts rows of a finished scan: what the finish hook writes, and bulk seeding too. */
export function scanAccountRows(
  scan: Pick<
    FinishedScan,
    | 'pinId'
    | 'accounts'
    | 'enterpriseId'
    | 'gameType'
    | 'verdict'
    | 'detections'
    | 'suspiciousFindings'
    | 'finishedAt'
  >,
): Insertable<Database['scan_accounts']>[] {
  const detections = JSON.stringify(scan.detections);
  return scan.accounts.map((a) => ({
    pin_id: scan.pinId,
    discord_id: a.discordId,
    username: a.username,
    provenance: a.provenance,
    seen_on_machine: a.seenOnMachine ? (1 as const) : (0 as const),
    shared: a.reach === 'shared' ? (1 as const) : (0 as const),
    enterprise_id: scan.enterpriseId,
    game_type: scan.gameType,
    verdict: scan.verdict,
    detections,
    suspicious_findings: scan.suspiciousFindings,
    finished_at: scan.finishedAt,
  }));
}

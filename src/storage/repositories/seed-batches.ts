import { type Insertable, sql } from 'kysely';
import type { Db } from '../database.js';
import type { Dialect } from '../migrations/index.js';
import type { Database } from '../schema.js';

/*
 * Bulk writes for seeding a store with finished scans (bench/, docs/benchmarks.md): many rows per
 * statement, ids chosen up front so rows can refer to each other without reading them back.
 */

/** Rows per statement: far below SQLite's and PostgreSQL's limits on bound parameters. */
function chunkSize(columns: number): number {
  return Math.max(1, Math.floor(20_000 / columns));
}

export interface SeedRows {
  pins: Insertable<Database['pins']>[];
  scanReports: Insertable<Database['scan_reports']>[];
  pinTimeline: Insertable<Database['pin_timeline']>[];
  hwids: Insertable<Database['hwids']>[];
  scanHwids: Insertable<Database['scan_hwids']>[];
  hwidDetections: Insertable<Database['hwid_detections']>[];
  scannedUsers: Insertable<Database['scanned_users']>[];
  userHwids: Insertable<Database['user_hwids']>[];
  hwidAccounts: Insertable<Database['hwid_accounts']>[];
  userScans: Insertable<Database['user_scans']>[];
  userDetections: Insertable<Database['user_detections']>[];
  userOwnDetections: Insertable<Database['user_own_detections']>[];
  userGames: Insertable<Database['user_games']>[];
  userReasons: Insertable<Database['user_reasons']>[];
  pinPlayers: Insertable<Database['pin_players']>[];
  scanAccounts: Insertable<Database['scan_accounts']>[];
}

const SERIAL_TABLES = ['pins', 'hwids', 'scanned_users'] as const;
type SerialTable = (typeof SERIAL_TABLES)[number];

export function seedBatchesRepository(db: Db, dialect: Dialect) {
  const columnTypes = new Map<string, Map<string, string>>();

  /** PostgreSQL: each column's type, so one array per column can be bound and unnested. */
  async function typesOf(table: string): Promise<Map<string, string>> {
    let types = columnTypes.get(table);
    if (types === undefined) {
      const { rows } = await sql<{ name: string; type: string }>`
        select column_name as name, data_type as type from information_schema.columns
        where table_schema = current_schema() and table_name = ${table}`.execute(db);
      types = new Map(rows.map((r) => [r.name, r.type]));
      columnTypes.set(table, types);
    }
    return types;
  }

  async function insert<T extends keyof Database>(
    table: T,
    rows: readonly Insertable<Database[T]>[],
  ): Promise<void> {
    if (rows.length === 0) return;
    const columns = Object.keys(rows[0] as object);
    if (dialect === 'postgres') {
      // One parameter per column whatever the row count: PostgreSQL parses and plans a short
      // statement instead of one with tens of thousands of placeholders.
      const types = await typesOf(table);
      const arrays = columns.map((c) => {
        const type = types.get(c);
        if (type === undefined) throw new Error(`${table}.${c} is not a column`);
        const values = rows.map((r) => (r as Record<string, unknown>)[c] ?? null);
        return sql`${sql.val(values)}::${sql.raw(type)}[]`;
      });
      await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
        select * from unnest(${sql.join(arrays)})`.execute(db);
      return;
    }
    const size = chunkSize(columns.length);
    for (let i = 0; i < rows.length; i += size) {
      await db
        .insertInto(table)
        .values(rows.slice(i, i + size) as Insertable<Database[T]>[] as never)
        .execute();
    }
  }

  return {
    /**
     * Seeding is not a path anyone waits on, and a lost seed is simply run again: SQLite may skip the
     * fsync per commit while it runs (`full = false`). The server's own connections keep FULL.
     */
    async durable(full: boolean): Promise<void> {
      if (dialect !== 'sqlite') return;
      await sql.raw(`pragma synchronous = ${full ? 'FULL' : 'OFF'}`).execute(db);
      // A large page cache while seeding: inserts into the hash and code indexes land at random
      // places, and with SQLite's default 2 MB cache most of them would read a page from disk.
      await sql.raw(`pragma cache_size = ${full ? -2000 : -262144}`).execute(db);
    },

    /** In the caller's transaction on PostgreSQL: this batch's commit does not wait for the WAL flush. */
    async relaxCommit(): Promise<void> {
      if (dialect === 'postgres') await sql`set local synchronous_commit = off`.execute(db);
    },

    /** The first of `count` fresh ids of a table, reserved (PostgreSQL) or past the highest (SQLite, one writer). */
    async reserveIds(table: SerialTable, count: number): Promise<number> {
      if (count === 0) return 0;
      if (dialect === 'postgres') {
        // One statement: the range is taken from the sequence at once (writers between two would collide).
        const { rows } = await sql<{ last: number }>`
          select setval(pg_get_serial_sequence(${table}, 'id'),
                        nextval(pg_get_serial_sequence(${table}, 'id')) + ${count - 1})::int8 as last`.execute(
          db,
        );
        return Number(rows[0]?.last) - count + 1;
      }
      const { rows } = await sql<{
        top: number | null;
      }>`select max(id) as top from ${sql.table(table)}`.execute(db);
      return Number(rows[0]?.top ?? 0) + 1;
    },

    /**
     * PostgreSQL plans by its table statistics, which autovacuum refreshes some time after a bulk
     * load; until then a freshly seeded store would be read with plans made for empty tables.
     */
    async analyze(): Promise<void> {
      if (dialect === 'postgres') await sql`analyze`.execute(db);
    },

    /** Whether the Enterprise's reports count for every community (docs/risk-score.md, "Whose scan it is"). */
    async reportsShared(enterpriseId: number): Promise<boolean> {
      const row = await db
        .selectFrom('enterprises')
        .select('reports_shared')
        .where('id', '=', enterpriseId)
        .executeTakeFirst();
      return row?.reports_shared === 1;
    },

    /** Which of these hardware hashes and accounts the store already knows (seeds must be fresh). */
    async known(hashes: readonly string[], discordIds: readonly string[]): Promise<number> {
      let found = 0;
      for (let i = 0; i < hashes.length; i += 500) {
        const part = hashes.slice(i, i + 500);
        const row = await db
          .selectFrom('hwids')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('hash', 'in', part)
          .executeTakeFirst();
        found += Number(row?.n ?? 0);
      }
      for (let i = 0; i < discordIds.length; i += 500) {
        const part = discordIds.slice(i, i + 500);
        const row = await db
          .selectFrom('scanned_users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('discord_id', 'in', part)
          .executeTakeFirst();
        found += Number(row?.n ?? 0);
      }
      return found;
    },

    async write(rows: SeedRows): Promise<void> {
      await insert('pins', rows.pins);
      await insert('scan_reports', rows.scanReports);
      await insert('pin_timeline', rows.pinTimeline);
      await insert('hwids', rows.hwids);
      await insert('scan_hwids', rows.scanHwids);
      await insert('hwid_detections', rows.hwidDetections);
      await insert('scanned_users', rows.scannedUsers);
      await insert('user_hwids', rows.userHwids);
      await insert('hwid_accounts', rows.hwidAccounts);
      await insert('user_scans', rows.userScans);
      await insert('user_detections', rows.userDetections);
      await insert('user_own_detections', rows.userOwnDetections);
      await insert('user_games', rows.userGames);
      await insert('user_reasons', rows.userReasons);
      await insert('pin_players', rows.pinPlayers);
      await insert('scan_accounts', rows.scanAccounts);
    },
  };
}

export type SeedBatchesRepository = ReturnType<typeof seedBatchesRepository>;

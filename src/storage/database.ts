import { dirname, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { type Driver, Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { createPrivateFile, makePrivateDir } from '../lib/private-files.js';
import { storeFaultOf } from './errors.js';
import { type Dialect, ScanpinMigrations } from './migrations/index.js';
import type { Database } from './schema.js';
import { GroupCommitDriver, type GroupCommitStats } from './sqlite-group-commit.js';
import { withStatementCache } from './sqlite-statement-cache.js';
import { guardStalls } from './stall-guard.js';
import { gatherStatistics } from './statistics.js';

export type Db = Kysely<Database>;

export interface Store {
  db: Db;
  dialect: Dialect;
  /** SQLite only: how many group commits carried how many transactions (sqlite-group-commit.ts). */
  groupCommits?(): GroupCommitStats;
  /** Cheap round trip for /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL only: schema to create and use (tests isolate themselves this way). */
  pgSchema?: string;
  /** PostgreSQL only: once migrated, a query unanswered this long fails and drops its connection. */
  stallTimeoutMs?: number;
}

const PG_INT8_OID = 20;

/**
 * The files a `sqlite:` store keeps on disk: its folder, the database, and the -wal and -shm files
 * SQLite keeps beside it. None for PostgreSQL or an in-memory database.
 */
export function sqliteFilesOf(url: string): string[] {
  if (!url.startsWith('sqlite:')) return [];
  const path = url.slice('sqlite:'.length);
  if (path === '' || path === ':memory:') return [];
  const file = resolve(path);
  return [dirname(file), file, `${file}-wal`, `${file}-shm`];
}

/** Opens `sqlite:<path>` or `postgres://…` and brings the schema up to date. */
export async function openStore(url: string, options: OpenOptions = {}): Promise<Store> {
  const store: Store & { migrated?: () => void } =
    url.startsWith('postgres://') || url.startsWith('postgresql://')
      ? await openPostgres(url, options)
      : openSqlite(url);
  try {
    const ran = await migrate(store);
    if (store.dialect === 'postgres') await gatherStatistics(store.db, ran > 0);
  } catch (err) {
    await store.close();
    throw err;
  }
  store.migrated?.();
  return store;
}

function openSqlite(url: string): Store {
  if (!url.startsWith('sqlite:')) {
    throw new Error('DATABASE_URL must start with sqlite: or postgres://');
  }
  const path = url.slice('sqlite:'.length);
  if (path === '') throw new Error('DATABASE_URL sqlite: needs a file path, e.g. sqlite:./data/scanpin.db');
  if (path !== ':memory:') {
    // Owner only (docs/deployment.md, "File modes"). SQLite makes a new database file 0644 less the
    // umask (0644 under the usual 022), and gives its -wal and -shm files exactly the database file's
    // mode. So an empty file made 0600 here first (SQLite takes an empty file for a new database)
    // makes all three private, without changing the umask of a process whose other threads create
    // files too.
    makePrivateDir(dirname(resolve(path)));
    createPrivateFile(path);
  }
  let sqlite: SqliteDatabase.Database;
  try {
    sqlite = new SqliteDatabase(path);
    sqlite.pragma('journal_mode = WAL');
    // FULL: a commit is on disk before we answer, so an acknowledged write survives a power cut too.
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
  } catch (err) {
    // The driver says only "unable to open database file": name the file and what to do about it.
    if (storeFaultOf(err) === null) throw err;
    throw new Error(
      `The SQLite database ${path} cannot be opened for writing (${err instanceof Error ? err.message : String(err)}): ` +
        'its file or folder is read-only, the disk is full, or this user may not write there. Make the file, ' +
        'its -wal and -shm files and the folder writable, free some space, then start again.',
    );
  }
  const driver = new GroupCommitDriver(sqlite, withStatementCache(sqlite));
  const db = new Kysely<Database>({ dialect: new GroupCommitSqliteDialect(driver) });
  return {
    db,
    dialect: 'sqlite',
    groupCommits: () => driver.stats(),
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      await db.destroy();
    },
  };
}

/** Kysely's SQLite dialect (its SQL, adapter and introspection) on the group-commit driver. */
class GroupCommitSqliteDialect extends SqliteDialect {
  constructor(private readonly driver: GroupCommitDriver) {
    // The driver brings its own connection; SqliteDialect only wants the config to be there.
    super({
      database: () => Promise.reject(new Error('unused: the group-commit driver holds the connection')),
    });
  }

  override createDriver(): Driver {
    return this.driver;
  }
}

async function openPostgres(
  url: string,
  { pgSchema, stallTimeoutMs }: OpenOptions,
): Promise<Store & { migrated(): void }> {
  if (pgSchema !== undefined) {
    if (!/^[a-z_][a-z0-9_]*$/.test(pgSchema)) throw new Error(`bad schema name ${pgSchema}`);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`create schema if not exists ${pgSchema}`);
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Bounded waits while PostgreSQL is away: an unreachable host answers 503 in seconds, not never.
    connectionTimeoutMillis: 5_000,
    // JIT compilation off: our statements are short, and on a store without statistics the planner's
    // cost guesses made PostgreSQL spend most of a second compiling a lookup it then ran in 5 ms
    // (docs/deployment.md, "PostgreSQL").
    options: `-c jit=off${pgSchema === undefined ? '' : ` -c search_path=${pgSchema}`}`,
    // Epoch-millisecond bigints fit in a double; read them as numbers, not strings.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8_OID ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection that PostgreSQL drops (a restart, a failover) is reported here; without a
  // listener it would end the process. The pool discards it and the next query opens a new one, so
  // the service recovers by itself (docs/operations.md, "When things fail").
  pool.on('error', () => {});
  // The same for a connection in use between two statements (a transaction): its next query fails,
  // which the caller sees as a 503, and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  // Migrations may run long; the stall limit applies from the first request on.
  let stallLimit: number | null = null;
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: guardStalls(pool, () => stallLimit) }),
  });
  return {
    db,
    dialect: 'postgres',
    migrated() {
      stallLimit = stallTimeoutMs ?? null;
    },
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      await db.destroy();
    },
  };
}

/** Brings the schema up to date; answers how many migrations ran. */
async function migrate(store: Store): Promise<number> {
  // Unless told a schema, Kysely looks for its bookkeeping tables in every schema of the database, so
  // another schema's copy (another deployment, a parallel test) would make it skip creating ours.
  const migrationTableSchema = store.dialect === 'postgres' ? await currentSchema(store.db) : undefined;
  const migrator = new Migrator({
    db: store.db,
    provider: new ScanpinMigrations(store.dialect),
    ...(migrationTableSchema === undefined ? {} : { migrationTableSchema }),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return results?.filter((r) => r.status === 'Success').length ?? 0;
}

/** The schema unqualified names resolve to (the first existing one on the search_path). */
async function currentSchema(db: Db): Promise<string> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? 'public';
}

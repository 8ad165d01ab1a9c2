import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { type Dialect, ScanpinMigrations } from './migrations/index.js';
import type { Database } from './schema.js';
import { withStatementCache } from './sqlite-statement-cache.js';

export type Db = Kysely<Database>;

export interface Store {
  db: Db;
  dialect: Dialect;
  /** Cheap round trip for /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL only: schema to create and use (tests isolate themselves this way). */
  pgSchema?: string;
}

const PG_INT8_OID = 20;

/** Opens `sqlite:<path>` or `postgres://…` and brings the schema up to date. */
export async function openStore(url: string, options: OpenOptions = {}): Promise<Store> {
  const store =
    url.startsWith('postgres://') || url.startsWith('postgresql://')
      ? await openPostgres(url, options)
      : openSqlite(url);
  try {
    await migrate(store);
  } catch (err) {
    await store.close();
    throw err;
  }
  return store;
}

function openSqlite(url: string): Store {
  if (!url.startsWith('sqlite:')) {
    throw new Error('DATABASE_URL must start with sqlite: or postgres://');
  }
  const path = url.slice('sqlite:'.length);
  if (path === '') throw new Error('DATABASE_URL sqlite: needs a file path, e.g. sqlite:./data/scanpin.db');
  if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
  const sqlite = new SqliteDatabase(path);
  sqlite.pragma('journal_mode = WAL');
  // FULL: a commit is on disk before we answer, so an acknowledged write survives a power cut too.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    db,
    dialect: 'sqlite',
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      await db.destroy();
    },
  };
}

async function openPostgres(url: string, { pgSchema }: OpenOptions): Promise<Store> {
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
    ...(pgSchema === undefined ? {} : { options: `-c search_path=${pgSchema}` }),
    // Epoch-millisecond bigints fit in a double; read them as numbers, not strings.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8_OID ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      await db.destroy();
    },
  };
}

async function migrate(store: Store): Promise<void> {
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
}

/** The schema unqualified names resolve to (the first existing one on the search_path). */
async function currentSchema(db: Db): Promise<string> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? 'public';
}

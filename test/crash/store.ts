import { randomBytes } from 'node:crypto';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { dropStaleDatabases } from '../support/stale-databases.js';

/** Read-only access to the rows a crashed and restarted server left, next to the running server. */
export interface RowReader {
  all<T>(query: string): Promise<T[]>;
  close(): Promise<void>;
}

/** The store one crash run uses: a fresh SQLite file or a fresh PostgreSQL database. */
export interface CrashStore {
  name: 'sqlite' | 'postgres';
  databaseUrl: string;
  reader(): Promise<RowReader>;
  /** Removes what the run created (the PostgreSQL database; the SQLite file goes with its folder). */
  drop(): Promise<void>;
}

export function sqliteStore(dir: string): CrashStore {
  const path = `${dir}/scanpin.db`;
  return {
    name: 'sqlite',
    databaseUrl: `sqlite:${path}`,
    async reader() {
      const db = new SqliteDatabase(path, { readonly: true, fileMustExist: true });
      db.pragma('busy_timeout = 5000');
      return {
        async all<T>(query: string) {
          return db.prepare(query).all() as T[];
        },
        async close() {
          db.close();
        },
      };
    },
    async drop() {},
  };
}

/**
 * A database of its own on the shared PostgreSQL server (never the server itself is stopped: only
 * the scanpin process is killed). Its name starts with scanpin_crash_ so leftovers are easy to spot.
 */
export async function postgresStore(serverUrl: string): Promise<CrashStore> {
  const name = `scanpin_crash_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    // Databases left by runs that were interrupted more than a day ago (the name carries the start).
    await dropStaleDatabases(admin, 'scanpin_crash_', 86_400_000);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    name: 'postgres',
    databaseUrl,
    async reader() {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      // Epoch-millisecond bigints as numbers, as the server reads them.
      const toNumber = (v: string) => Number(v);
      return {
        async all<T>(query: string) {
          const res = await client.query({
            text: query,
            types: {
              getTypeParser: (oid: number) => (oid === 20 ? toNumber : pg.types.getTypeParser(oid)),
            } as never,
          });
          return res.rows as T[];
        },
        async close() {
          await client.end();
        },
      };
    },
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

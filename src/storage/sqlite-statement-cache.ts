import type Database from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Kysely's SQLite driver prepares every query afresh, and preparing costs as much as running a short
 * query: most of the polling hot path. This keeps the most recently used statements. Safe because
 * better-sqlite3 is synchronous and Kysely runs one query at a time on its single connection; we
 * never stream, so no statement is mid-iteration when it is reused.
 */
export function withStatementCache(db: Database.Database, capacity = 256): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    prepare(sql: string): SqliteStatement {
      const hit = cache.get(sql);
      // A statement still being iterated cannot be run again; hand out a fresh one then.
      if (hit !== undefined && !(hit as unknown as Database.Statement).busy) {
        // Re-insert to mark it most recently used (Map keeps insertion order).
        cache.delete(sql);
        cache.set(sql, hit);
        return hit;
      }
      const statement = db.prepare(sql) as unknown as SqliteStatement;
      cache.set(sql, statement);
      if (cache.size > capacity) cache.delete(cache.keys().next().value as string);
      return statement;
    },
    close(): void {
      cache.clear();
      db.close();
    },
  };
}

import { sql } from 'kysely';
import type { TestApp } from '../../support/test-app.js';

/** Columns that change on any authenticated call, not on the write under test. */
const VOLATILE = new Set(['last_used_at']);

/** Every row of every table of a SQLite store, to show a refused write changed nothing. */
export async function dumpSqlite(t: TestApp): Promise<Record<string, unknown[]>> {
  const db = t.deps.store.db;
  const tables = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name
  `.execute(db);
  const dump: Record<string, unknown[]> = {};
  for (const { name } of tables.rows) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)} order by rowid`.execute(
      db,
    );
    dump[name] = rows.rows.map((row) =>
      Object.fromEntries(Object.entries(row).filter(([column]) => !VOLATILE.has(column))),
    );
  }
  return dump;
}

import { sql } from 'kysely';
import type { Db } from './database.js';

/**
 * PostgreSQL plans by its statistics, and a store whose tables were never analysed (a new
 * installation, a restored dump, a schema that migrations just changed) gets plans that can be a
 * thousand times slower (docs/deployment.md, "PostgreSQL"). After migrations ran, every table of our
 * schema is analysed at start-up; otherwise the ones never analysed (`reltuples` is -1 until a table
 * is first analysed or vacuumed, PostgreSQL 14 and later).
 * Only our schema's tables: a bare ANALYZE would walk every schema of a shared database.
 */
export async function gatherStatistics(db: Db, migrationsRan: boolean): Promise<string[]> {
  const { rows } = await sql<{ table: string; never: boolean }>`
    select c.relname as "table",
           (c.reltuples < 0
            or coalesce(s.n_live_tup > 0 and s.last_analyze is null and s.last_autoanalyze is null, false)) as never
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_stat_user_tables s on s.relid = c.oid
     where n.nspname = current_schema() and c.relkind = 'r'`.execute(db);
  const stale = migrationsRan ? rows : rows.filter((r) => r.never);
  for (const { table } of stale) await sql`analyze ${sql.id(table)}`.execute(db);
  return stale.map((r) => r.table);
}

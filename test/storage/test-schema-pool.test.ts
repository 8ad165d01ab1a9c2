import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type Backend, postgresBackend } from '../support/backends.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/*
 * The PostgreSQL test apps take used schemas from a pool (test/support/pg-schema-pool.ts). A used
 * schema must look to the next test exactly like one only migrated, or tests would leak into each other.
 */
// The pool itself is under test: it runs whenever PostgreSQL is there, whichever shapes
// SCANPIN_TEST_BACKENDS chose for the suites.
const postgres = postgresBackend() as Backend;
if (!postgres)
  console.warn('test/storage/test-schema-pool.test.ts: SCANPIN_TEST_PG_URL is not set, so it is SKIPPED.');

async function rowCounts(t: TestApp): Promise<Record<string, number>> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() order by 1`.execute(t.deps.store.db);
  const counts: Record<string, number> = {};
  for (const { name } of rows) {
    const r = await sql<{ n: string }>`select count(*) as n from ${sql.table(name)}`.execute(t.deps.store.db);
    counts[name] = Number(r.rows[0]?.n);
  }
  return counts;
}

describe.skipIf(!postgres)('the pool of PostgreSQL test schemas', () => {
  it('hands a used schema back emptied to what the migrations left, with sequences started again', async () => {
    const first = await startTestApp(postgres);
    const fresh = await rowCounts(first);
    const owner = await first.createOwner();
    await first.createPin(owner.key);
    const schema = first.pgSchema;
    await first.close();

    const second = await startTestApp(postgres);
    try {
      expect(second.pgSchema).toBe(schema);
      expect(await rowCounts(second)).toEqual(fresh);
      expect((await second.createOwner()).accountId).toBe(owner.accountId);
    } finally {
      await second.close();
    }
  });

  it('drops a schema whose definitions a test changed instead of handing it out again', async () => {
    const first = await startTestApp(postgres);
    await sql`create index test_only on pins (created_at)`.execute(first.deps.store.db);
    const schema = first.pgSchema;
    await first.close();

    const second = await startTestApp(postgres);
    try {
      expect(second.pgSchema).not.toBe(schema);
      const { rows } = await sql<{ n: string }>`
        select count(*) as n from pg_namespace where nspname = ${schema}`.execute(second.deps.store.db);
      expect(Number(rows[0]?.n)).toBe(0);
    } finally {
      await second.close();
    }
  });
});

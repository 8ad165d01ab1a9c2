import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatherStatistics } from '../../src/storage/statistics.js';
import { backends } from '../support/backends.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const postgres = backends().find((b) => b.pg && b.redisUrl === undefined);

describe.skipIf(postgres === undefined)('PostgreSQL without planner cliffs (docs/deployment.md)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A schema this start migrates: one from the test pool was migrated, and analysed, by an earlier app.
    if (postgres) t = await startTestApp(postgres, {}, undefined, { freshPgSchema: true });
  });
  afterAll(async () => t?.close());

  it('runs our sessions without JIT compilation', async () => {
    const { rows } = await sql<{ jit: string }>`show jit`.execute(t.deps.store.db);
    expect(rows[0]?.jit).toBe('off');
  });

  it('analysed every table of its schema once the migrations ran', async () => {
    const { rows } = await sql<{ relname: string; last_analyze: Date | null }>`
      select relname, last_analyze from pg_stat_user_tables where schemaname = current_schema()`.execute(
      t.deps.store.db,
    );
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.filter((r) => r.last_analyze === null).map((r) => r.relname)).toEqual([]);
  });

  it('analyses a table with rows that was never analysed (a restored dump), and only then', async () => {
    const db = t.deps.store.db;
    // A table as a restore leaves it: rows, and no statistics.
    await sql`create table restored_copy as select * from scan_rules`.execute(db);
    expect(await gatherStatistics(db, false)).toEqual(['restored_copy']);
    expect(await gatherStatistics(db, false)).toEqual([]);
    await sql`drop table restored_copy`.execute(db);
  });
});
if (postgres === undefined) console.warn('NOT TESTED: PostgreSQL statistics need SCANPIN_TEST_PG_URL.');

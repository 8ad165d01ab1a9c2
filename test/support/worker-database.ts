import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { TEST_SCHEMA_PREFIX, WORKER_DATABASE_URL_VARIABLE, workerDatabaseName } from './backends.js';
import { pooledSchemas } from './pg-schema-pool.js';

/**
 * Loaded before every test file (vitest.config.ts, setupFiles) when SCANPIN_TEST_PG_URL is set: the
 * file's PostgreSQL stores go into a database of its worker's own on that server, and the schemas the
 * file made there are dropped when it ends, except the ones the worker's pool keeps for its next files
 * (test/support/pg-schema-pool.ts).
 *
 * Why: each store migrates its own schema, and Kysely's migrator looks for its tables by listing every
 * table of every schema in the database. In one shared database that list held every schema of every
 * file run so far (and of any other run at the same time), so each start got slower as a run went on.
 * A worker runs one file at a time, so nobody else migrates in its database while the schemas go; the
 * global setup (test/support/global-setup.ts) drops the databases at the end of the run.
 */
const PG_URL = process.env.SCANPIN_TEST_PG_URL;

if (PG_URL) {
  const name = workerDatabaseName(inject('testRunId'), process.env.VITEST_POOL_ID ?? String(process.pid));
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } catch (error) {
    // The worker's earlier files made it already.
    if ((error as { code?: string }).code !== '42P04') throw error;
  } finally {
    await admin.end();
  }
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  process.env[WORKER_DATABASE_URL_VARIABLE] = url.toString();

  afterAll(async () => {
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      // A connection the file left in a transaction would hold its tables; the database goes at the
      // end of the run anyway, so waiting is bounded.
      await client.query(`set lock_timeout = '10s'`);
      const { rows } = await client.query<{ name: string }>(
        'select nspname as name from pg_namespace where starts_with(nspname, $1)',
        [TEST_SCHEMA_PREFIX],
      );
      // The pool's schemas stay for the worker's next files (test/support/pg-schema-pool.ts).
      const pooled = pooledSchemas();
      for (const { name: schema } of rows) {
        if (!pooled.has(schema)) await client.query(`drop schema if exists "${schema}" cascade`);
      }
    } finally {
      await client.end();
    }
  }, 120_000);
}

/*
 * A fresh store per run: a temporary SQLite file, or a new database on the PostgreSQL server of
 * SCANPIN_TEST_PG_URL (dropped at the end), with Redis from SCANPIN_TEST_REDIS_URL. Nothing in
 * Redis needs clearing: the server names its keys by the installation id, new with every database.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { StoreName } from './options.js';
import { writeBuildManifest } from './scan-client.js';

export interface BenchStore {
  name: StoreName;
  label: string;
  /** The server's environment, as an operator would set it (README.md, "Configuration"). */
  env: NodeJS.ProcessEnv;
  /** PostgreSQL only: a statement run on the bench database from this process (not the server's pool). */
  query?: (text: string) => Promise<pg.QueryResult>;
  dispose(): Promise<void>;
}

function serverEnv(dir: string, databaseUrl: string, redisUrl: string | undefined): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    SCANPIN_DATA_DIR: dir,
    SCANPIN_ADMIN_TOKEN: randomBytes(24).toString('hex'),
    SCANPIN_HASH_SECRET: randomBytes(24).toString('hex'),
    // BENCH_LOG_LEVEL=info measures the access log too (its lines go to /dev/null).
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    // Limits far above the load, so the figures measure the work and not the refusals.
    RATE_LIMIT_PER_HOUR: '1000000000',
    MAX_ACTIVE_PINS: '1000000',
    UNAUTHENTICATED_PER_MINUTE: '1000000000',
    SCANNER_START_PER_MINUTE: '1000000000',
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    // The bench's official build is registered from its manifest (bench/scan-client.ts); every kind is
    // accepted, so the same server takes the unsigned calls its signature cost is measured against.
    SCANNER_DOWNLOADS_DIR: join(dir, 'downloads'),
    SCANNER_ACCEPT: 'any',
  };
  writeBuildManifest(join(dir, 'downloads'));
  if (redisUrl !== undefined) env.REDIS_URL = redisUrl;
  return env;
}

/**
 * Keeps autovacuum away from the bench database's tables, so statistics change only when the bench
 * says so: a store measured "never analysed" must not be analysed behind its back halfway through.
 */
export async function holdAutovacuum(store: BenchStore): Promise<void> {
  if (store.query === undefined) return;
  const { rows } = await store.query(
    `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind = 'r'`,
  );
  for (const { relname } of rows as Array<{ relname: string }>)
    await store.query(`alter table "${relname}" set (autovacuum_enabled = false)`);
}

export async function openBenchStore(name: StoreName): Promise<BenchStore> {
  const dir = mkdtempSync(join(tmpdir(), 'scanpin-bench-'));
  if (name === 'sqlite') {
    return {
      name,
      label: 'SQLite',
      env: serverEnv(dir, `sqlite:${dir}/bench.db`, undefined),
      async dispose() {
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.SCANPIN_TEST_PG_URL as string;
  const database = `scanpin_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const redisUrl = process.env.SCANPIN_TEST_REDIS_URL;
  return {
    name,
    label: redisUrl ? 'PostgreSQL + Redis' : 'PostgreSQL',
    env: serverEnv(dir, url.toString(), redisUrl),
    async query(text: string) {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return await client.query(text);
      } finally {
        await client.end();
      }
    },
    async dispose() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${database} with (force)`);
      await client.end();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The stores every HTTP suite runs against: SQLite always, PostgreSQL and Redis when configured. */
export interface Backend {
  name: string;
  databaseUrl: (dir: string) => string;
  pg: boolean;
  redisUrl: string | undefined;
}

const PG_URL = process.env.SCANPIN_TEST_PG_URL;
/** Every PostgreSQL schema and database a test creates starts with this; the global setup drops them. */
export const TEST_SCHEMA_PREFIX = 'scanpin_test_';
/**
 * Set by test/support/worker-database.ts in each test worker: the URL of that worker's own database on
 * the SCANPIN_TEST_PG_URL server, where the stores of the file it runs live.
 */
export const WORKER_DATABASE_URL_VARIABLE = 'SCANPIN_TEST_PG_WORKER_DATABASE_URL';
const REDIS_URL = process.env.SCANPIN_TEST_REDIS_URL;

/** The stores' PostgreSQL: this worker's database when it has one, else the configured one. */
function pgStoreUrl(): string {
  return process.env[WORKER_DATABASE_URL_VARIABLE] ?? (PG_URL as string);
}

/** A test worker's database: its run and its slot (1 to maxWorkers; one file at a time runs in a slot). */
export function workerDatabaseName(runId: string, slot: string): string {
  return `${TEST_SCHEMA_PREFIX}${runId}_w${slot}`;
}

/**
 * The deployment shapes of docs/deployment.md: one node on SQLite, and PostgreSQL with and without
 * Redis. SQLite with Redis is no documented shape (one node shares nothing) and is left out unless
 * asked for: it only ran every suite once more.
 */
const ALL_BACKENDS = ['sqlite', 'postgres', 'sqlite+redis', 'postgres+redis'] as const;
const DEFAULT_BACKENDS = new Set<string>(['sqlite', 'postgres', 'postgres+redis']);

/**
 * `SCANPIN_TEST_BACKENDS=sqlite,postgres+redis` runs the suites on those only (the Node 24 pass of
 * scripts/test-on-node.sh does, docs/deployment.md "Node versions"); `all` adds SQLite with Redis.
 */
function chosenBackends(): Set<string> {
  const asked = process.env.SCANPIN_TEST_BACKENDS?.trim();
  if (!asked) return DEFAULT_BACKENDS;
  if (asked === 'all') return new Set(ALL_BACKENDS);
  const names = asked.split(',').map((n) => n.trim());
  const unknown = names.filter((n) => !(ALL_BACKENDS as readonly string[]).includes(n));
  if (unknown.length > 0)
    throw new Error(
      `SCANPIN_TEST_BACKENDS names ${unknown.join(', ')}; known: ${ALL_BACKENDS.join(', ')}, all`,
    );
  return new Set(names);
}

const SQLITE: Backend = {
  name: 'sqlite',
  databaseUrl: (dir) => `sqlite:${dir}/scanpin.db`,
  pg: false,
  redisUrl: undefined,
};
const POSTGRES: Backend = { name: 'postgres', databaseUrl: pgStoreUrl, pg: true, redisUrl: undefined };

/**
 * SQLite alone, for a test about SQLite itself or one that needs a single store of any kind: always
 * there, whichever shapes SCANPIN_TEST_BACKENDS chose for the suites.
 */
export function sqliteBackend(): Backend {
  return SQLITE;
}

/**
 * PostgreSQL alone when SCANPIN_TEST_PG_URL is set, whichever shapes SCANPIN_TEST_BACKENDS chose: for
 * a test of the PostgreSQL test stores themselves.
 */
export function postgresBackend(): Backend | undefined {
  return PG_URL ? POSTGRES : undefined;
}

export function backends(): Backend[] {
  const chosen = chosenBackends();
  const list: Backend[] = [SQLITE];
  if (PG_URL) list.push(POSTGRES);
  if (REDIS_URL) {
    list.push({
      name: 'sqlite+redis',
      databaseUrl: (dir) => `sqlite:${dir}/scanpin.db`,
      pg: false,
      redisUrl: REDIS_URL,
    });
  }
  if (PG_URL && REDIS_URL) {
    list.push({ name: 'postgres+redis', databaseUrl: pgStoreUrl, pg: true, redisUrl: REDIS_URL });
  }
  return list.filter((b) => chosen.has(b.name));
}

/** In CI both services must be exercised; a missing variable there is a failure, not a skip. */
export function requireServicesInCi(): void {
  if (process.env.CI === 'true' && (!PG_URL || !REDIS_URL)) {
    throw new Error('CI must set SCANPIN_TEST_PG_URL and SCANPIN_TEST_REDIS_URL so no store goes untested.');
  }
}

/**
 * Drops test schemas and databases: this run's (`runId`), or with `olderThanMs` those of runs that
 * started longer ago than that (left by interrupted runs). Another run going on at the same time keeps
 * its own. Schemas in the configured database are what runs made before each worker had a database.
 */
export async function dropTestStores(match: { runId: string } | { olderThanMs: number }): Promise<void> {
  if (!PG_URL) return;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  const dropped = (name: string) => {
    const runId = name.slice(TEST_SCHEMA_PREFIX.length).split('_')[0] ?? '';
    const started = Number.parseInt(runId, 36);
    return 'runId' in match
      ? runId === match.runId
      : !Number.isFinite(started) || Date.now() - started > match.olderThanMs;
  };
  try {
    const schemas = await client.query<{ name: string }>(
      'select schema_name as name from information_schema.schemata where starts_with(schema_name, $1)',
      [TEST_SCHEMA_PREFIX],
    );
    for (const { name } of schemas.rows) {
      if (dropped(name)) await client.query(`drop schema if exists "${name}" cascade`);
    }
    const databases = await client.query<{ name: string }>(
      'select datname as name from pg_database where starts_with(datname, $1)',
      [TEST_SCHEMA_PREFIX],
    );
    for (const { name } of databases.rows) {
      if (dropped(name)) await client.query(`drop database if exists "${name}" with (force)`);
    }
  } finally {
    await client.end();
  }
}

/** The stores every HTTP suite runs against: SQLite always, PostgreSQL and Redis when configured. */
export interface Backend {
  name: string;
  databaseUrl: (dir: string) => string;
  pg: boolean;
  redisUrl: string | undefined;
}

const PG_URL = process.env.SCANPIN_TEST_PG_URL;
/** Every PostgreSQL schema a test creates starts with this; the global setup drops them. */
export const TEST_SCHEMA_PREFIX = 'scanpin_test_';
const REDIS_URL = process.env.SCANPIN_TEST_REDIS_URL;

export function backends(): Backend[] {
  const list: Backend[] = [
    { name: 'sqlite', databaseUrl: (dir) => `sqlite:${dir}/scanpin.db`, pg: false, redisUrl: undefined },
  ];
  if (PG_URL) {
    list.push({ name: 'postgres', databaseUrl: () => PG_URL, pg: true, redisUrl: undefined });
  }
  if (REDIS_URL) {
    list.push({
      name: 'sqlite+redis',
      databaseUrl: (dir) => `sqlite:${dir}/scanpin.db`,
      pg: false,
      redisUrl: REDIS_URL,
    });
  }
  if (PG_URL && REDIS_URL) {
    list.push({ name: 'postgres+redis', databaseUrl: () => PG_URL, pg: true, redisUrl: REDIS_URL });
  }
  return list;
}

/** In CI both services must be exercised; a missing variable there is a failure, not a skip. */
export function requireServicesInCi(): void {
  if (process.env.CI === 'true' && (!PG_URL || !REDIS_URL)) {
    throw new Error('CI must set SCANPIN_TEST_PG_URL and SCANPIN_TEST_REDIS_URL so no store goes untested.');
  }
}

/**
 * Drops test schemas: this run's (`runId`), or with `olderThanMs` those of runs that started longer
 * ago than that (left by interrupted runs). Another run going on at the same time keeps its own.
 */
export async function dropTestSchemas(match: { runId: string } | { olderThanMs: number }): Promise<void> {
  if (!PG_URL) return;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      'select schema_name as name from information_schema.schemata where schema_name like $1',
      [`${TEST_SCHEMA_PREFIX}%`],
    );
    for (const { name } of rows) {
      const runId = name.slice(TEST_SCHEMA_PREFIX.length).split('_')[0] ?? '';
      const started = Number.parseInt(runId, 36);
      const drop =
        'runId' in match
          ? runId === match.runId
          : !Number.isFinite(started) || Date.now() - started > match.olderThanMs;
      if (drop) await client.query(`drop schema if exists "${name}" cascade`);
    }
  } finally {
    await client.end();
  }
}

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

/** Drops every test schema; only safe while no suite is running (global setup and teardown). */
export async function dropTestSchemas(): Promise<void> {
  if (!PG_URL) return;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      'select schema_name as name from information_schema.schemata where schema_name like $1',
      [`${TEST_SCHEMA_PREFIX}%`],
    );
    for (const { name } of rows) await client.query(`drop schema if exists "${name}" cascade`);
  } finally {
    await client.end();
  }
}

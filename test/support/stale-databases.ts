import type pg from 'pg';

/**
 * Drops databases an interrupted run left behind: those named `<prefix><base-36 start time>_…` that
 * started more than `olderThanMs` ago. Runs going on at the same time keep theirs.
 */
export async function dropStaleDatabases(
  client: pg.Client,
  prefix: string,
  olderThanMs: number,
): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    'select datname as name from pg_database where starts_with(datname, $1)',
    [prefix],
  );
  for (const { name } of rows) {
    const started = Number.parseInt(name.slice(prefix.length).split('_')[0] ?? '', 36);
    if (Number.isFinite(started) && Date.now() - started > olderThanMs) {
      await client.query(`drop database if exists ${name} with (force)`);
    }
  }
}

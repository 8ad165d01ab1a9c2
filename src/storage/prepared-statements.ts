import { createHash } from 'node:crypto';

/**
 * Statements PostgreSQL should keep prepared on each pooled connection: parsed and planned once, then
 * run with fresh parameters. Without it every execution is planned again, and planning the player
 * lookup's single statement (a dozen subqueries) cost more than running it: 23 lookups a second
 * instead of hundreds (docs/benchmarks.md, "Profile findings"). Only statements that name their
 * columns are marked: a prepared `select *` fails with "cached plan must not change result type" once
 * another instance's migration adds a column. SQLite keeps its own cache (sqlite-statement-cache.ts).
 */
const names = new Map<string, string>();

/** Marks `text` as worth preparing; its name is derived from the text, so it is stable. */
export function prepareOnPostgres(text: string): void {
  if (!names.has(text))
    names.set(text, `scanpin_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`);
}

/** The prepared statement's name for `text`, if it was marked. */
export function preparedName(text: string): string | undefined {
  return names.get(text);
}

import type { Compilable } from 'kysely';
import type { Db } from './database.js';

/**
 * A query built and compiled once, run with fresh parameters: for the few queries on the polling hot
 * path, where building the query tree again on every request costs more than running it. The query
 * is written with placeholder values; their number is checked so a changed query cannot silently
 * bind parameters in the wrong places.
 */
export function precompile<Row>(db: Db, query: Compilable<Row>, parameterCount: number) {
  const compiled = query.compile();
  if (compiled.parameters.length !== parameterCount) {
    throw new Error(
      `precompiled query has ${compiled.parameters.length} parameters, expected ${parameterCount}`,
    );
  }
  return async (...parameters: unknown[]): Promise<Row[]> =>
    (await db.executeQuery<Row>({ ...compiled, parameters })).rows;
}

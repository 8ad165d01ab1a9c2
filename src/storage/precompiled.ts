import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import type { Db } from './database.js';

/** Stands for a parameter in a query written for precompile. */
export const PARAM = '<parameter>';

/**
 * A query built and compiled once, run with fresh parameters: for the few queries on the polling hot
 * path, where building the query tree again on every request costs more than running it. The query
 * is written with PARAM in place of each value; their number is checked, so keep one parameter per
 * query or mind their order. Reusing one compiled query (and its queryId) is safe while the Kysely
 * instance has no plugins; a plugin that keeps per-query state would need a fresh compile.
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

/**
 * `precompile` for repositories made anew for each transaction (the scanner's writes): the query is
 * compiled the first time a store runs it and reused on that store and all its transactions, which
 * share the store's dialect adapter. Same rules: PARAM for each value, their number checked, and the
 * parameters passed in the order they appear in the compiled SQL.
 */
export function precompiledFor<Row>(build: (db: Db) => Compilable<Row>, parameterCount: number) {
  const compiledBy = new WeakMap<object, CompiledQuery<Row>>();
  return (db: Db, ...parameters: unknown[]): Promise<QueryResult<Row>> => {
    const adapter = db.getExecutor().adapter;
    let compiled = compiledBy.get(adapter);
    if (compiled === undefined) {
      compiled = build(db).compile();
      if (compiled.parameters.length !== parameterCount) {
        throw new Error(
          `precompiled query has ${compiled.parameters.length} parameters, expected ${parameterCount}`,
        );
      }
      compiledBy.set(adapter, compiled);
    }
    return db.executeQuery<Row>({ ...compiled, parameters });
  };
}

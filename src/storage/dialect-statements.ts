import { CompiledQuery, PostgresAdapter, type QueryResult } from 'kysely';
import type { Db } from './database.js';
import type { Dialect } from './migrations/index.js';
import { prepareOnPostgres } from './prepared-statements.js';

/**
 * A statement written once in each dialect's SQL and run as it is: nothing is built per call, and on
 * PostgreSQL it is a named prepared statement on each connection (prepared-statements.ts). For the
 * writes every scan makes (docs/benchmarks.md, "Whole scans, group commit and compiled statements"),
 * where building a Kysely query each time cost more than SQLite took to run it.
 *
 * A list of values is one parameter, so the text never changes with the list's length: on SQLite a
 * JSON array read with `json_each(?)`, on PostgreSQL an array (`unnest($1::bigint[])`,
 * `= any($1::bigint[])`). Pass lists through `list()`, which gives each store its form.
 */
export interface DialectSql {
  sqlite: string;
  postgres: string;
}

export type DialectStatement<Row> = (
  db: Db,
  dialect: Dialect,
  ...parameters: unknown[]
) => Promise<QueryResult<Row>>;

export function dialectStatement<Row = never>(texts: DialectSql): DialectStatement<Row> {
  prepareOnPostgres(texts.postgres);
  return (db, dialect, ...parameters) =>
    db.executeQuery<Row>(CompiledQuery.raw(texts[dialect], parameters as unknown[]));
}

/** A list as one parameter: JSON for SQLite's json_each, the array itself for PostgreSQL. */
export function list(dialect: Dialect, values: readonly (number | string)[]): unknown {
  return dialect === 'sqlite' ? JSON.stringify(values) : values;
}

/** The dialect a Kysely instance (a store's or a transaction's) speaks. */
export function dialectOf(db: Db): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { deferBegin } from './pg-deferred-begin.js';
import { preparedName } from './prepared-statements.js';

/**
 * A PostgreSQL that stalls (frozen, or its packets dropped) rather than refusing would hold a query,
 * and the request waiting on it, forever: node-postgres has no limit on a query already sent. This
 * pool gives every query `limitMs()` to answer; past that the connection is torn down, so the pool
 * drops it, and the query fails with ETIMEDOUT, a 503 like any unreachable store (docs/operations.md,
 * "When things fail"). `limitMs()` is null while no limit applies (migrations may take long).
 */
export function guardStalls(pool: pg.Pool, limitMs: () => number | null): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      const send = deferBegin((...a: unknown[]) =>
        (client.query as (...b: unknown[]) => unknown).apply(client, a),
      );
      const query = ((...args: unknown[]) => {
        // A hot statement runs as a named prepared statement (prepared-statements.ts).
        const [text, values] = args;
        const name = typeof text === 'string' ? preparedName(text) : undefined;
        if (name !== undefined) args = [{ name, text, values }];
        const result = send(...args);
        const limit = limitMs();
        if (limit === null || !(result instanceof Promise)) return result;
        return new Promise((resolve, reject) => {
          const timer = setTimeout(() => {
            // node-postgres has no public way to abort a socket; ending the stream fails the query
            // and marks the client unusable, so the pool discards it when it is released.
            (
              client as unknown as { connection?: { stream?: { destroy(): void } } }
            ).connection?.stream?.destroy();
            reject(
              Object.assign(new Error(`PostgreSQL did not answer within ${limit} ms`), { code: 'ETIMEDOUT' }),
            );
          }, limit);
          result.then(
            (value) => {
              clearTimeout(timer);
              resolve(value);
            },
            (err) => {
              clearTimeout(timer);
              reject(err);
            },
          );
        });
      }) as PostgresPoolClient['query'];
      return { query, release: () => client.release() };
    },
    end: () => pool.end(),
  };
}

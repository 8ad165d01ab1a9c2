import type pg from 'pg';

/*
 * Each statement on PostgreSQL is a round trip, and each round trip costs the server a socket write
 * and a wake-up: on a busy machine that, not the work, was most of a whole scan's CPU time
 * (docs/benchmarks.md, "Whole scans on PostgreSQL"). A transaction's `begin` is therefore not sent
 * on its own: it is held back and sent with the transaction's first statement when that statement has
 * no parameters (the simple query protocol runs several statements in one message, PostgreSQL's
 * documentation, "Multiple Statements in a Simple Query"), as the no-flush `set local` and the
 * finish's lock are. Before a statement with parameters it is sent first, as it would have been.
 * The answer is the held-back statement's own: with `begin` in front, only its result is handed on.
 */

type Query = (...args: unknown[]) => unknown;

const BEGIN = /^\s*begin\s*;?\s*$/i;
const END = /^\s*(commit|rollback)\s*;?\s*$/i;

function isSimple(args: readonly unknown[]): args is [string, ...unknown[]] {
  const [text, values] = args;
  return typeof text === 'string' && (values === undefined || (Array.isArray(values) && values.length === 0));
}

const noResult = (command: string) =>
  ({ command, rowCount: null, rows: [], fields: [] }) as unknown as pg.QueryResult;

/** `client.query`, with each `begin` held back until the transaction's first statement. */
export function deferBegin(send: Query): Query {
  let held = false;
  return (...args) => {
    if (isSimple(args) && args.length <= 2) {
      const [text] = args;
      if (BEGIN.test(text)) {
        held = true;
        return Promise.resolve(noResult('BEGIN'));
      }
      if (held) {
        held = false;
        // A transaction that ran nothing: nothing to begin, commit or roll back.
        if (END.test(text)) return Promise.resolve(noResult(text.trim().toUpperCase()));
        const sent = send(`begin; ${text}`);
        if (!(sent instanceof Promise)) return sent;
        return sent.then((results) => (Array.isArray(results) ? results[results.length - 1] : results));
      }
      return send(...args);
    }
    if (held) {
      held = false;
      const begun = send('begin');
      if (!(begun instanceof Promise)) return send(...args);
      return begun.then(() => send(...args));
    }
    return send(...args);
  };
}

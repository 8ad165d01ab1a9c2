import { describe, expect, it } from 'vitest';
import { deferBegin } from '../../src/storage/pg-deferred-begin.js';

/** A stand-in for node-postgres's `client.query`: records what was sent, answers like the real one. */
function fakeClient() {
  const sent: unknown[][] = [];
  const send = (...args: unknown[]) => {
    sent.push(args);
    const text = String(args[0]);
    const result = (command: string) => ({ command, rowCount: 1, rows: [{ text: command }] });
    // Several statements in one simple query answer with one result each.
    const parts = text.split(';').map((s) => s.trim().split(' ')[0]?.toUpperCase() ?? '');
    return Promise.resolve(parts.length > 1 ? parts.map(result) : result(parts[0] as string));
  };
  return { sent, query: deferBegin(send) };
}

describe('a transaction begun on PostgreSQL', () => {
  it('sends its begin with its first statement when that has no parameters, and answers for that statement', async () => {
    const { sent, query } = fakeClient();
    expect(await query('begin')).toMatchObject({ command: 'BEGIN' });
    expect(await query('set local synchronous_commit = off', [])).toMatchObject({ command: 'SET' });
    await query('update pins set x = $1', [1]);
    await query('commit', []);
    expect(sent).toEqual([
      ['begin; set local synchronous_commit = off'],
      ['update pins set x = $1', [1]],
      ['commit', []],
    ]);
  });

  it('sends its begin first when the first statement has parameters', async () => {
    const { sent, query } = fakeClient();
    await query('begin', []);
    expect(await query('select $1', [7])).toMatchObject({ command: 'SELECT' });
    await query('rollback', []);
    expect(sent).toEqual([['begin'], ['select $1', [7]], ['rollback', []]]);
  });

  it('sends nothing for a transaction that ran nothing', async () => {
    const { sent, query } = fakeClient();
    await query('begin', []);
    await query('commit', []);
    expect(sent).toEqual([]);
  });
});

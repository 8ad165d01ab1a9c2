import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/storage/database.js';
import { type TransactionRepositories, transactions } from '../../src/storage/repositories/index.js';

/*
 * Group commit on SQLite (src/storage/sqlite-group-commit.ts; docs/operations.md, "Durability"):
 * concurrent transactions share one commit, each answers only once that commit is done, a failing
 * one takes only its own writes with it, and a commit that fails fails every member. "Committed" is
 * checked from a second connection to the file, which sees only what was committed.
 */
describe('SQLite group commit', () => {
  let dir: string;
  let store: Store;
  let other: SqliteDatabase.Database;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'scanpin-group-commit-'));
    store = await openStore(`sqlite:${dir}/scanpin.db`);
    await sql`create table probe_parent (id integer primary key)`.execute(store.db);
    // Deferred: a violation is found only by the COMMIT, which is how a commit is made to fail here.
    await sql`create table probe (id integer primary key, parent integer references probe_parent (id) deferrable initially deferred)`.execute(
      store.db,
    );
    other = new SqliteDatabase(`${dir}/scanpin.db`, { readonly: true });
  });

  afterEach(async () => {
    other.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const committed = (id: number): boolean =>
    other.prepare('select 1 from probe where id = ?').get(id) !== undefined;
  const insert = (id: number, parent: number | null = null) =>
    store.db.transaction().execute(async (trx) => {
      await sql`insert into probe (id, parent) values (${id}, ${parent})`.execute(trx);
      return id;
    });

  it('runs concurrent transactions in fewer commits than transactions, each committed when it returns', async () => {
    const before = store.groupCommits?.() ?? { commits: 0, members: 0 };
    const seenAtAnswer: boolean[] = [];
    const n = 20;
    await Promise.all(
      Array.from({ length: n }, (_, i) => insert(i + 1).then((id) => seenAtAnswer.push(committed(id)))),
    );
    const after = store.groupCommits?.() ?? { commits: 0, members: 0 };
    expect(seenAtAnswer).toEqual(Array(n).fill(true));
    expect(after.members - before.members).toBe(n);
    expect(after.commits - before.commits).toBeLessThan(n);
    expect(after.commits - before.commits).toBeGreaterThan(0);
  });

  it('rolls back only the member that fails', async () => {
    const failing = store.db.transaction().execute(async (trx) => {
      await sql`insert into probe (id) values (${100})`.execute(trx);
      throw new Error('the member gives up');
    });
    const results = await Promise.allSettled([insert(1), failing, insert(2), insert(3)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('the member gives up');
    expect([1, 2, 3, 100].map(committed)).toEqual([true, true, true, false]);
  });

  it('fails every member when the commit fails, and keeps none of their writes', async () => {
    const results = await Promise.allSettled([insert(1), insert(2, 999), insert(3)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const r of results) expect(String((r as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect([1, 2, 3].map(committed)).toEqual([false, false, false]);
    // The store goes on: the next transaction commits.
    await insert(4);
    expect(committed(4)).toBe(true);
  });

  it('answers a read made while a group is open only once that group is committed', async () => {
    const writing = insert(1);
    const read = sql<{ n: number }>`select count(*) as n from probe`
      .execute(store.db)
      .then(({ rows }) => ({ n: rows[0]?.n, committed: committed(1) }));
    await writing;
    expect(await read).toEqual({ n: 1, committed: true });
  });

  it('never lets a durable transaction ride a commit that skips the flush', async () => {
    const run = transactions(store);
    const before = store.groupCommits?.() ?? { commits: 0, members: 0 };
    const recorded = (name: string) =>
      other.prepare('select 1 from settings where name = ?').get(name) !== undefined;
    const write = (name: string) => (repos: TransactionRepositories) => repos.settings.recordOnce(name, 'x');
    // A progress-like commit opens a group without the flush; the durable one then needs its own.
    await Promise.all([
      run(write('a'), { durable: false }),
      run(write('b')),
      run(write('c'), { durable: false }),
    ]);
    const after = store.groupCommits?.() ?? { commits: 0, members: 0 };
    expect(['a', 'b', 'c'].map(recorded)).toEqual([true, true, true]);
    expect(after.commits - before.commits).toBe(2);
    const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(store.db);
    // 2 = FULL (https://www.sqlite.org/pragma.html#pragma_synchronous): the lighter setting never lingers.
    expect(rows[0]?.synchronous).toBe(2);
  });
});

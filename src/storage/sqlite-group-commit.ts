import type SqliteDatabase from 'better-sqlite3';
import type {
  CompiledQuery,
  DatabaseConnection,
  Driver,
  QueryResult,
  SqliteDatabase as StatementSource,
} from 'kysely';
import { ConnectionQueue } from './connection-queue.js';

/*
 * Group commit on the one SQLite connection (docs/operations.md, "Durability"; docs/benchmarks.md,
 * "Profile findings"). A flushed commit blocks the event loop for as long as the disk takes, and a
 * whole scan needed three of them. Here every transaction runs as a savepoint of one outer
 * transaction, the group, which is committed, with one flush for all its members, once the event
 * loop has run everything that was ready (or after `maxMembers`). Each member's `execute()` returns
 * only after that commit, so nothing is answered before it is on disk:
 *
 * - a member that fails rolls back to its savepoint: its own writes go, the others' stay;
 * - a commit that fails (full disk, I/O error), or an error after which SQLite rolled the whole
 *   transaction back itself, fails every member of the group with that error;
 * - a statement outside any transaction run while a group is open is inside it too (a read may see
 *   a member's writes), so it also waits for the commit and fails with it: no answer is ever built
 *   on writes that could still be lost.
 *
 * Commits that need not reach the disk (`pragma synchronous = NORMAL` before the transaction, as
 * `durable: false` in repositories/index.ts does) open a group that skips the flush; a durable
 * member never joins one: it commits that group first and opens a flushed one. SQLite refuses to
 * change `synchronous` inside a transaction, so the setting is the group's, taken when it opens.
 */

/** How many group commits carried how many transactions (tests count them). */
export interface GroupCommitStats {
  /** Outer transactions committed. */
  commits: number;
  /** Transactions committed in them. */
  members: number;
}

const SYNCHRONOUS = /^\s*pragma\s+synchronous\s*=\s*(normal|full)\s*;?\s*$/i;

interface Group {
  durable: boolean;
  members: number;
  scheduled: boolean;
  /** Settles when the group is committed, or with the error that lost it. */
  done: Promise<void>;
  settle(error?: unknown): void;
}

function openGroup(durable: boolean): Group {
  let settle!: (error?: unknown) => void;
  const done = new Promise<void>((resolve, reject) => {
    settle = (error) => (error === undefined ? resolve() : reject(error));
  });
  // Members await it; one nobody awaits (a group lost with no member left waiting) is no crash.
  done.catch(() => {});
  return { durable, members: 0, scheduled: false, done, settle };
}

/** One use of the connection, from acquire to release; what Kysely sees as a connection. */
class Lease implements DatabaseConnection {
  /** The group this lease ran statements in: its release waits for that group's commit. */
  group: Group | null = null;
  savepoint: string | null = null;
  durable = true;
  /** The lease's last transaction rolled back: the group's outcome is not its answer. */
  rolledBack = false;

  constructor(private readonly driver: GroupCommitDriver) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const setting = SYNCHRONOUS.exec(compiled.sql);
    if (setting !== null) {
      this.durable = setting[1]?.toLowerCase() === 'full';
      return { rows: [] };
    }
    return this.driver.run<R>(this, compiled.sql, compiled.parameters);
  }

  // biome-ignore lint/correctness/useYield: streaming is not supported; we never stream.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported on the SQLite store');
  }
}

export class GroupCommitDriver implements Driver {
  private readonly queue = new ConnectionQueue();
  private group: Group | null = null;
  private savepoints = 0;
  private readonly counts: GroupCommitStats = { commits: 0, members: 0 };

  constructor(
    private readonly sqlite: SqliteDatabase.Database,
    private readonly statements: StatementSource,
    private readonly maxMembers = 100,
  ) {}

  stats(): GroupCommitStats {
    return { ...this.counts };
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.queue.acquire();
    return new Lease(this);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    lease.rolledBack = false;
    let group = this.group;
    if (group !== null && lease.durable && !group.durable) {
      this.commit(group);
      group = null;
    }
    group ??= this.open(lease.durable);
    group.members++;
    lease.group = group;
    lease.savepoint = `group_member_${++this.savepoints}`;
    this.exec(group, `savepoint ${lease.savepoint}`);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    // Its group lost already (the member went on after the error that lost it): fail as the group did.
    if (lease.group !== this.group) await lease.group?.done;
    this.exec(lease.group, `release ${lease.savepoint}`);
    lease.savepoint = null;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    lease.rolledBack = true;
    // Lost with its group (SQLite rolled everything back itself): nothing left to undo.
    if (lease.group !== this.group || !this.sqlite.inTransaction) return;
    this.exec(lease.group, `rollback to ${lease.savepoint}`);
    this.exec(lease.group, `release ${lease.savepoint}`);
    lease.savepoint = null;
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    const group = lease.group;
    if (group !== null && group === this.group) {
      if (group.members >= this.maxMembers) this.commit(group);
      else this.schedule(group);
    }
    this.queue.release();
    if (group === null) return;
    try {
      await group.done;
    } catch (err) {
      // A member that rolled back answers with its own error; the group's does not concern it.
      if (!lease.rolledBack) throw err;
    }
  }

  async destroy(): Promise<void> {
    await this.queue.acquire();
    try {
      if (this.group !== null) this.commit(this.group);
    } finally {
      this.statements.close();
    }
  }

  /** A statement from a lease: inside the open group if there is one, else on its own. */
  run<R>(lease: Lease, sql: string, parameters: readonly unknown[]): QueryResult<R> {
    const group = this.group;
    if (group !== null) lease.group = group;
    const statement = this.statements.prepare(sql) as unknown as SqliteDatabase.Statement;
    try {
      if (statement.reader) return { rows: statement.all(parameters) as R[] };
      const { changes, lastInsertRowid } = statement.run(parameters);
      return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
    } catch (err) {
      if (group !== null) this.checkAlive(group, err);
      throw err;
    }
  }

  private open(durable: boolean): Group {
    if (!durable) this.sqlite.pragma('synchronous = NORMAL');
    try {
      // IMMEDIATE: the write lock now, so a member's write never finds another process's snapshot
      // newer than the group's reads (SQLITE_BUSY_SNAPSHOT cannot be waited out).
      this.sqlite.exec('begin immediate');
    } catch (err) {
      if (!durable) this.sqlite.pragma('synchronous = FULL');
      throw err;
    }
    this.group = openGroup(durable);
    return this.group;
  }

  /** Once the event loop has run what was ready: every member that could join has. */
  private schedule(group: Group): void {
    if (group.scheduled) return;
    group.scheduled = true;
    setImmediate(() => {
      void this.queue.acquire().then(() => {
        try {
          if (this.group === group) this.commit(group);
        } finally {
          this.queue.release();
        }
      });
    });
  }

  /** Commits the group (called while holding the connection); every member learns the outcome. */
  private commit(group: Group): void {
    this.group = null;
    let failure: unknown;
    try {
      this.sqlite.exec('commit');
    } catch (err) {
      failure = err;
      try {
        if (this.sqlite.inTransaction) this.sqlite.exec('rollback');
      } catch {
        // The commit's error is the one to report; the connection is closed or unusable either way.
      }
    } finally {
      if (!group.durable) this.sqlite.pragma('synchronous = FULL');
    }
    if (failure === undefined) {
      this.counts.commits++;
      this.counts.members += group.members;
    }
    group.settle(failure);
  }

  private exec(group: Group | null, sql: string): void {
    try {
      this.sqlite.exec(sql);
    } catch (err) {
      if (group !== null) this.checkAlive(group, err);
      throw err;
    }
  }

  /**
   * On a full disk, an I/O error or a read-only file SQLite may roll the whole transaction back
   * itself: every member's writes are gone, so every member fails with the error that did it.
   */
  private checkAlive(group: Group, err: unknown): void {
    if (this.group !== group || this.sqlite.inTransaction) return;
    this.group = null;
    if (!group.durable) this.sqlite.pragma('synchronous = FULL');
    group.settle(err);
  }
}

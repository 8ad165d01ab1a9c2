import type { Db } from '../database.js';
import { dialectOf, dialectStatement, list } from '../dialect-statements.js';

/**
 * Who hears which players' documents were outdated, once the change is committed: every instance's
 * memory of players' facts (application/players/player-facts-cache.ts) forgets them. Set per store
 * at start-up (wiring.ts); keyed by the store's own `db`, not a transaction's.
 */
type Announce = (userIds: readonly number[]) => void;
const announcers = new WeakMap<Db, Announce>();
/**
 * The players each running transaction outdated, announced only if it commits; keyed by the
 * transaction's own `db`, which its repositories pass down. Not an AsyncLocalStorage: on Node 20
 * one in use turns on promise hooks for every promise of every request, which showed in the profile
 * of a status poll (docs/benchmarks.md, "Profile findings").
 */
const outdatedBy = new WeakMap<Db, Set<number>>();

/** Registers a transaction as one whose outdated players are announced; returns it. */
export type TrackOutdated = <D extends Db>(trx: D) => D;

export function announceOutdatedPlayers(storeDb: Db, announce: Announce): void {
  announcers.set(storeDb, announce);
}

/**
 * Runs `work` (a whole transaction on `storeDb`) and announces the players it outdated once it has
 * committed, never before: a notice heard before the commit would let another instance read and keep
 * the old facts. A transaction that fails announces nothing, since it changed nothing.
 */
export async function announcingOutdated<T>(
  storeDb: Db,
  work: (track: TrackOutdated) => Promise<T>,
): Promise<T> {
  const ids = new Set<number>();
  const result = await work((trx) => {
    outdatedBy.set(trx, ids);
    return trx;
  });
  if (ids.size > 0) announcers.get(storeDb)?.([...ids]);
  return result;
}

/*
 * What keeps a player's document honest (docs/benchmarks.md, "Player documents"): every write that
 * changes what a player's lookup or risk score says bumps their facts_version in its own transaction,
 * so a document computed before it is never served again. A lookup also shows each related account's
 * own facts, so a change to a player is a change for everyone sharing hardware with them too; with
 * hubs linking nobody, that is a bounded number of players (docs/risk-score.md).
 */

/** Who hears of the players outdated by `db`'s work; throws for a transaction that would not announce them. */
function outdatedSink(db: Db): (ids: readonly number[]) => void {
  const inTransaction = outdatedBy.get(db);
  if (inTransaction === undefined && db.isTransaction) {
    // Every transaction that can reach here runs under announcingOutdated (repositories/index.ts,
    // scans.ts); one that did not would leave kept facts stale on every instance for up to 10 s.
    throw new Error('player documents outdated in a transaction that does not announce them');
  }
  if (inTransaction !== undefined) {
    return (ids) => {
      for (const id of ids) inTransaction.add(id);
    };
  }
  // Outside a transaction each statement has committed already.
  return (ids) => announcers.get(db)?.(ids);
}

/**
 * Marks these players' documents out of date and removes them: a document may name other people
 * (related accounts), and what an erasure or a retention run removed must not live on in one.
 */
async function outdate(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const sink = outdatedSink(db);
  for (let i = 0; i < ids.length; i += 500) {
    const part = ids.slice(i, i + 500);
    await db
      .updateTable('scanned_users')
      .set((eb) => ({ facts_version: eb('facts_version', '+', 1) }))
      .where('id', 'in', part)
      .execute();
    await db.deleteFrom('player_documents').where('user_id', 'in', part).execute();
  }
  sink(ids);
}

/*
 * Every finish outdates the players it counted a scan for and everyone sharing hardware with them,
 * so this is written once per dialect (dialect-statements.ts); on PostgreSQL it is one statement,
 * one round trip inside the finish's turn. Versions are bumped in id order (`= any` of a sorted
 * array is read in key order), as the chunked statements above do, so writers lock rows in one order.
 */
const SHARING = `select theirs.user_id from user_hwids mine
  join user_hwids theirs on theirs.hwid_id = mine.hwid_id`;
const outdateSharing = dialectStatement<{ id: number }>({
  sqlite: `update scanned_users set facts_version = facts_version + 1
    where id in (select value from json_each(?))
      or id in (${SHARING} where mine.user_id in (select value from json_each(?)))
    returning id`,
  postgres: `with outdated as (
      select array(select id from (select unnest($1::bigint[]) as id
        union ${SHARING} where mine.user_id = any($2::bigint[])) ids order by id) as ids
    ), gone as (
      delete from player_documents where user_id = any((select ids from outdated)::bigint[])
    )
    update scanned_users set facts_version = facts_version + 1
    where id = any((select ids from outdated)::bigint[]) returning id`,
});
const dropDocuments = dialectStatement({
  sqlite: 'delete from player_documents where user_id in (select value from json_each(?))',
  postgres: 'delete from player_documents where user_id = any($1::bigint[])',
});

/** Marks the documents of `userIds`, and of everyone sharing hardware with them, as out of date. */
export async function invalidatePlayers(db: Db, userIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  const sink = outdatedSink(db);
  const dialect = dialectOf(db);
  const bumped = await outdateSharing(db, dialect, list(dialect, ids), list(dialect, ids));
  const outdated = bumped.rows.map((r) => r.id);
  if (dialect === 'sqlite' && outdated.length > 0) await dropDocuments(db, dialect, list(dialect, outdated));
  sink(outdated);
}

/** The same for everyone linked to `hwidIds` (a ban, a profile's counters). */
export async function invalidatePlayersOn(db: Db, hwidIds: readonly number[]): Promise<void> {
  if (hwidIds.length === 0) return;
  const users = await db
    .selectFrom('user_hwids')
    .select('user_id')
    .distinct()
    .where('hwid_id', 'in', [...hwidIds])
    .execute();
  await invalidatePlayers(
    db,
    users.map((u) => u.user_id),
  );
}

/** Only this player's own document: a change nobody else's answer shows (a staff note). */
export async function invalidatePlayer(db: Db, userId: number): Promise<void> {
  await outdate(db, [userId]);
}

/**
 * Not a player: the notice that some Enterprise's own reports of a person changed (a scan recorded
 * accounts that count only inside its Enterprise, an erasure, retention, an operator's trust
 * setting). Those reports are no player's document (report-provenance.ts); every instance drops what
 * it kept of them (application/players/enterprise-reports-cache.ts). Scanned users' ids start at 1.
 */
export const ENTERPRISE_REPORTS_CHANGED = 0;

/** Announces, once `db`'s work has committed, that Enterprises' own reports changed. */
export function announceEnterpriseReports(db: Db): void {
  outdatedSink(db)([ENTERPRISE_REPORTS_CHANGED]);
}

import { CompiledQuery } from 'kysely';
import { PLAYER_LIST_LIMITS } from '../../domain/player-list-limits.js';
import type { Db } from '../database.js';
import type { Dialect } from '../migrations/index.js';
import { prepareOnPostgres } from '../prepared-statements.js';
import type { BanRow, HwidRow, ScannedUserRow } from '../schema.js';

/**
 * The risk score and the lookup sit in the path of a player joining a server. Both answer from the
 * player's document (docs/benchmarks.md, "Player documents"): one row, kept as long as no write
 * changed the player's facts (player-documents.ts). A missing or outdated document is computed in ONE
 * statement that returns the whole lookup's facts as JSON (docs/benchmarks.md, "Profile findings"):
 * one round trip on PostgreSQL instead of ten, no query building per request, and, being a single
 * statement, a consistent snapshot on both stores without a transaction, its version included. The
 * statement is written once below and rendered for each dialect's JSON functions.
 */

/** What both answers start from (application/players/player-snapshot.ts). */
export interface PlayerFacts {
  user: ScannedUserRow;
  profiles: HwidRow[];
  /** Every ban or warning on the user's hardware, once each, oldest first, with the IDs it covers there. */
  bans: Array<FactsBan & { hwid_ids: number[] }>;
  /** Detections over every scan on the user's hardware (the risk score's uniqueCheatsDetected), the first by name. */
  detections: string[];
  detectionsTotal: number;
}

/** The lookup's extra facts: the person's own scans, staff notes and the accounts on their hardware. */
export interface LookupFacts extends PlayerFacts {
  /** The player's facts_version these facts were read at (player-documents.ts). */
  version: number;
  ownDetections: string[];
  ownDetectionsTotal: number;
  games: string[];
  /** The most recent notes, oldest first. */
  reasons: Array<{ reason: string; category: string; evidence: string | null; added_at: number }>;
  reasonsTotal: number;
  relatedTotal: number;
  related: Array<{
    user: ScannedUserRow;
    sharedHwidIds: number[];
    sharedHwidsTotal: number;
    bans: Array<Pick<BanRow, 'id' | 'status' | 'expires_at' | 'lifted_at'>>;
    detections: string[];
    detectionsTotal: number;
  }>;
}

const USER_COLUMNS = [
  'id',
  'discord_id',
  'username',
  'created_at',
  'scans',
  'cheating_scans',
  'suspicious_scans',
  'clean_scans',
  'detections',
  'first_scan_at',
  'last_scan_at',
  'last_cheating_at',
  'own_scans',
  'own_cheating_scans',
  'own_suspicious_scans',
  'own_detections',
  'own_first_scan_at',
  'own_last_scan_at',
] as const satisfies ReadonlyArray<keyof ScannedUserRow>;

const HWID_COLUMNS = [
  'id',
  'hash',
  'created_at',
  'total_scans',
  'cheating_scans',
  'suspicious_scans',
  'total_detections',
  'unique_detections',
  'suspicious_findings',
] as const satisfies ReadonlyArray<keyof HwidRow>;

const BAN_COLUMNS = [
  'id',
  'user_id',
  'status',
  'reason',
  'expires_at',
  'created_at',
  'lifted_at',
] as const satisfies ReadonlyArray<keyof BanRow>;

/** A ban as the facts hold it: who issued it (an operator, an Enterprise) is not among them. */
export type FactsBan = Pick<BanRow, (typeof BAN_COLUMNS)[number]>;

/** The few JSON building blocks the statement needs, per dialect. */
interface JsonSql {
  object(pairs: Array<[string, string]>): string;
  /** A JSON array of `value` over `from` in `order`; [] when there are no rows. */
  array(value: string, from: string, order: string): string;
  /** Parameter `n` (1-based), whatever its place in the text: see `render`. */
  param(n: number): string;
  /** `column` is one of the keys `subquery` selects: see POSTGRES. */
  keysIn(column: string, subquery: string): string;
}

const SQLITE: JsonSql = {
  object: (pairs) => `json_object(${pairs.map(([k, v]) => `'${k}', ${v}`).join(', ')})`,
  // json(...) keeps a nested array JSON rather than a string inside the outer object.
  array: (value, from, order) => `json((select json_group_array(${value} order by ${order}) from ${from}))`,
  param: (n) => `{{${n}}}`,
  keysIn: (column, subquery) => `${column} in (${subquery})`,
};

const POSTGRES: JsonSql = {
  object: (pairs) => `json_build_object(${pairs.map(([k, v]) => `'${k}', ${v}`).join(', ')})`,
  array: (value, from, order) =>
    `(select coalesce(json_agg(${value} order by ${order}), '[]'::json) from ${from})`,
  param: (n) => `{{${n}}}`,
  /*
   * One player's few keys, then an index read per key, whatever the statistics say. Written as a join
   * or `in`, PostgreSQL on tables never analysed since their data arrived (a new store filling up)
   * guessed hundreds of rows per player and hashed whole tables instead: the lookup read every
   * user_hwids, hwids and scanned_users row, 74 ms at 100 000 scans (docs/deployment.md, "PostgreSQL
   * and Redis"). `= any(array(...))` runs the subquery first and probes the index with its result.
   */
  keysIn: (column, subquery) => `${column} = any(array(${subquery}))`,
};

const columns = (alias: string, names: readonly string[]): Array<[string, string]> =>
  names.map((c) => [c, `${alias}.${c}`]);

/** Bans reaching user `userRef` through its hardware, with the hardware IDs each covers there. */
function bansOf(j: JsonSql, userRef: string, withColumns: readonly string[]): string {
  const covered = j.array(
    'bh2.hwid_id',
    `ban_hwids bh2 join user_hwids uh2 on uh2.hwid_id = bh2.hwid_id and uh2.user_id = ${userRef} where bh2.ban_id = b.id`,
    'bh2.hwid_id',
  );
  const hwids = `select uh.hwid_id from user_hwids uh where uh.user_id = ${userRef}`;
  const banIds = `select bh.ban_id from ban_hwids bh where ${j.keysIn('bh.hwid_id', hwids)}`;
  return j.array(
    j.object([...columns('b', withColumns), ['hwid_ids', covered]]),
    `bans b where ${j.keysIn('b.id', banIds)}`,
    'b.created_at, b.id',
  );
}

/** The first `limit` names of `table` for user `userRef`, by name. */
const names = (j: JsonSql, table: string, userRef: string, limit: number) =>
  j.array(
    'n.name',
    `(select name from ${table} where user_id = ${userRef} order by name limit ${limit}) n`,
    'n.name',
  );

const count = (from: string) => `(select count(*) from ${from})`;

/** What both answers read about user `u` (PlayerFacts). */
function playerFacts(j: JsonSql): Array<[string, string]> {
  return [
    ['user', j.object(columns('u', USER_COLUMNS))],
    [
      'profiles',
      j.array(
        j.object(columns('h', HWID_COLUMNS)),
        `hwids h where ${j.keysIn('h.id', 'select uh.hwid_id from user_hwids uh where uh.user_id = u.id')}`,
        'h.id',
      ),
    ],
    ['bans', bansOf(j, 'u.id', BAN_COLUMNS)],
    ['detections', names(j, 'user_detections', 'u.id', PLAYER_LIST_LIMITS.detections)],
    ['detectionsTotal', count('user_detections n where n.user_id = u.id')],
  ];
}

function lookupStatement(j: JsonSql): string {
  // Everyone on any of the user's hardware but the user: counted in full, listed up to the limit.
  const mine = 'select mine.hwid_id from user_hwids mine where mine.user_id = u.id';
  const othersSelect = `select distinct theirs.user_id from user_hwids theirs where ${j.keysIn('theirs.hwid_id', mine)} and theirs.user_id <> u.id`;
  const others = `(${othersSelect})`;
  const sharedFrom =
    'user_hwids mine join user_hwids theirs on theirs.hwid_id = mine.hwid_id where mine.user_id = u.id and theirs.user_id = r.id';
  const shared = j.array(
    's.hwid_id',
    `(select theirs.hwid_id from ${sharedFrom} order by theirs.hwid_id limit ${PLAYER_LIST_LIMITS.sharedHwidIds}) s`,
    's.hwid_id',
  );
  const related = j.array(
    j.object([
      ['user', j.object(columns('r', USER_COLUMNS))],
      ['sharedHwidIds', shared],
      ['sharedHwidsTotal', count(sharedFrom)],
      ['bans', bansOf(j, 'r.id', ['id', 'status', 'expires_at', 'lifted_at'])],
      ['detections', names(j, 'user_own_detections', 'r.id', PLAYER_LIST_LIMITS.relatedDetections)],
      ['detectionsTotal', count('user_own_detections n where n.user_id = r.id')],
    ]),
    // The most recently seen first (as the lookup lists them), then by id.
    `(select s.* from scanned_users s where ${j.keysIn('s.id', othersSelect)} order by s.own_last_scan_at desc, s.id limit ${j.param(2)}) r`,
    'r.own_last_scan_at desc, r.id',
  );
  return `select ${j.object([
    ...playerFacts(j),
    ['version', 'u.facts_version'],
    ['ownDetections', names(j, 'user_own_detections', 'u.id', PLAYER_LIST_LIMITS.detections)],
    ['ownDetectionsTotal', count('user_own_detections n where n.user_id = u.id')],
    // Game types are a short fixed list: never more than there are types.
    ['games', j.array('n.name', 'user_games n where n.user_id = u.id', 'n.name')],
    [
      'reasons',
      j.array(
        j.object(columns('ur', ['reason', 'category', 'evidence', 'added_at'])),
        `(select * from user_reasons where user_id = u.id order by added_at desc, id desc limit ${PLAYER_LIST_LIMITS.reasons}) ur`,
        'ur.added_at, ur.id',
      ),
    ],
    ['reasonsTotal', count('user_reasons ur where ur.user_id = u.id')],
    ['relatedTotal', `(select count(*) from ${others} o)`],
    ['related', related],
  ])} as facts from scanned_users u where u.discord_id = ${j.param(1)}`;
}

/** A statement ready to run: its text, and which parameter each placeholder takes, in text order. */
interface Statement {
  text: string;
  order: number[];
}

/**
 * PostgreSQL numbers its placeholders ($1); SQLite's `?` are bound in the order they appear in the
 * text, which is not the order of the parameters here (the lookup's limit comes before the user).
 */
function render(dialect: Dialect, text: string): Statement {
  const order: number[] = [];
  const rendered = text.replace(/\{\{(\d+)\}\}/g, (_, n: string) => {
    order.push(Number(n));
    return dialect === 'postgres' ? `$${n}` : '?';
  });
  return { text: rendered, order: dialect === 'postgres' ? [...new Set(order)].sort() : order };
}

// Rendered once per dialect: the text never changes, only the parameters.
const STATEMENTS: Record<Dialect, { lookup: Statement }> = {
  sqlite: { lookup: render('sqlite', lookupStatement(SQLITE)) },
  postgres: { lookup: render('postgres', lookupStatement(POSTGRES)) },
};

prepareOnPostgres(STATEMENTS.postgres.lookup.text);

/**
 * The read of a player's document, written out rather than built per request: building it with the
 * query builder took 12 of the read's 32 µs, measured in process on SQLite (docs/benchmarks.md,
 * "Player documents").
 */
const DOCUMENT_READ: Record<Dialect, string> = {
  sqlite:
    'select u.facts_version, d.version, d.facts from scanned_users u left join player_documents d on d.user_id = u.id where u.discord_id = ?',
  postgres:
    'select u.facts_version, d.version, d.facts from scanned_users u left join player_documents d on d.user_id = u.id where u.discord_id = $1',
};
prepareOnPostgres(DOCUMENT_READ.postgres);

interface DocumentRow {
  facts_version: number;
  version: number | null;
  facts: string | null;
}

export function playerSnapshotsRepository(db: Db, dialect: Dialect) {
  const { lookup } = STATEMENTS[dialect];

  async function run<T>(statement: Statement, parameters: unknown[]): Promise<T | undefined> {
    const bound = statement.order.map((n) => parameters[n - 1]);
    const { rows } = await db.executeQuery<{ facts: string | T }>(CompiledQuery.raw(statement.text, bound));
    const facts = rows[0]?.facts;
    if (facts === undefined) return undefined;
    // SQLite answers JSON as text; node-postgres parses json columns itself.
    return typeof facts === 'string' ? (JSON.parse(facts) as T) : facts;
  }

  /** count(*) is a bigint on PostgreSQL, which JSON carries as a number anyway; kept explicit. */
  function numbered(facts: LookupFacts): LookupFacts {
    return {
      ...facts,
      version: Number(facts.version),
      relatedTotal: Number(facts.relatedTotal),
      reasonsTotal: Number(facts.reasonsTotal),
      detectionsTotal: Number(facts.detectionsTotal),
      ownDetectionsTotal: Number(facts.ownDetectionsTotal),
    };
  }

  /** The facts computed from the store now, in one statement: what a document must always equal. */
  async function computed(discordId: string): Promise<LookupFacts | undefined> {
    const facts = await run<LookupFacts>(lookup, [discordId, PLAYER_LIST_LIMITS.relatedAccounts]);
    return facts === undefined ? undefined : numbered(facts);
  }

  /**
   * The player's facts from their document when it is of their current version (one row), else
   * computed and kept as the new document. Keeping it is best effort: a document that could not be
   * written (a read-only or full store) is computed again next time, and the answer is the same.
   */
  async function current(discordId: string): Promise<LookupFacts | undefined> {
    const { rows } = await db.executeQuery<DocumentRow>(
      CompiledQuery.raw(DOCUMENT_READ[dialect], [discordId]),
    );
    const row = rows[0];
    if (row === undefined) return undefined;
    if (row.facts !== null && row.version === row.facts_version) {
      return JSON.parse(row.facts) as LookupFacts;
    }
    const facts = await computed(discordId);
    if (facts === undefined) return undefined;
    await db
      .insertInto('player_documents')
      .values({ user_id: facts.user.id, version: facts.version, facts: JSON.stringify(facts) })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet((eb) => ({ version: eb.ref('excluded.version'), facts: eb.ref('excluded.facts') }))
          .where('player_documents.version', '<', facts.version),
      )
      .execute()
      .catch(() => {});
    return facts;
  }

  return {
    /** The facts behind the risk score, or undefined for a user never scanned. */
    riskFacts: (discordId: string): Promise<PlayerFacts | undefined> => current(discordId),

    /** The facts behind the lookup (related accounts up to their limit), or undefined. */
    lookupFacts: current,

    /** The same facts computed afresh, never from a document: for checking documents. */
    computedFacts: computed,
  };
}

export type PlayerSnapshotsRepository = ReturnType<typeof playerSnapshotsRepository>;

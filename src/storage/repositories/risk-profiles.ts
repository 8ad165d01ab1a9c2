import { isHardwareHub } from '../../domain/hardware-id.js';
import type { Db } from '../database.js';
import { dialectStatement, list } from '../dialect-statements.js';
import type { Dialect } from '../migrations/index.js';
import { hardwareHubsRepository } from './hardware-hubs.js';
import { invalidatePlayers } from './player-documents.js';
import type { FinishedScan, FinishHook } from './scans.js';

/*
 * Keeps the player-risk aggregates current when a scan finishes, inside the finish transaction
 * (docs/risk-score.md): hardware-ID profiles, users (latest username wins), user↔hardware links, each
 * user's counters over every scan on their linked hardware (each scan once) for the risk score, their
 * counters over the scans that named them for the lookup, and alt-account notes when a new link makes
 * two users share hardware for the first time.
 *
 * Set-based: one statement covers all of a scan's hardware IDs or accounts, not one per row, and the
 * statements every finish runs are written once per dialect (dialect-statements.ts), so nothing is
 * built per finish. Lists are one parameter: a JSON array read by `json_each` on SQLite, an array on
 * PostgreSQL, so no list is bounded by SQLite's limit on parameters. SQLite needs `where true` before
 * an `on conflict` that follows a `select` with no `where` (SQLite's documentation, "The UPSERT
 * clause", parsing ambiguity).
 */

/** The parts of a scan that the per-user counters need. */
type ScanFacts = Pick<FinishedScan, 'pinId' | 'gameType' | 'verdict' | 'detections' | 'finishedAt'>;

const flag = (b: boolean) => (b ? 1 : 0);

const hwidsOfScan = dialectStatement<{ hwid_id: number }>({
  sqlite: 'select hwid_id from scan_hwids where pin_id = ? order by hwid_id',
  postgres: 'select hwid_id from scan_hwids where pin_id = $1 order by hwid_id',
});

const upsertUser = dialectStatement<{ id: number }>({
  sqlite: `insert into scanned_users (discord_id, username, created_at) values (?, ?, ?)
    on conflict (discord_id) do update set username = excluded.username returning id`,
  postgres: `insert into scanned_users (discord_id, username, created_at) values ($1, $2, $3)
    on conflict (discord_id) do update set username = excluded.username returning id`,
});

/** Every (ID, name) pair not there yet; returns one row per pair added. Parameters: IDs, names. */
function pairsStatement(table: 'hwid_detections' | 'user_detections' | 'user_own_detections' | 'user_games') {
  const id = table === 'hwid_detections' ? 'hwid_id' : 'user_id';
  return dialectStatement<{ owner: number }>({
    sqlite: `insert into ${table} (${id}, name) select o.value, n.value from json_each(?) o, json_each(?) n
      where true on conflict (${id}, name) do nothing returning ${id} as owner`,
    postgres: `insert into ${table} (${id}, name) select o, n from unnest($1::bigint[]) o, unnest($2::text[]) n
      on conflict (${id}, name) do nothing returning ${id} as owner`,
  });
}
const addNames = {
  hwid_detections: pairsStatement('hwid_detections'),
  user_detections: pairsStatement('user_detections'),
  user_own_detections: pairsStatement('user_own_detections'),
  user_games: pairsStatement('user_games'),
};

/** Each new (hardware ID, account) pair; returns one row per pair added. Parameters: when, IDs, accounts. */
const recordSightings = dialectStatement<{ hwid_id: number }>({
  sqlite: `insert into hwid_accounts (hwid_id, user_id, seen_at)
    select h.value, u.value, t.at from (select ? as at) t, json_each(?) h, json_each(?) u where true
    on conflict (hwid_id, user_id) do nothing returning hwid_id`,
  postgres: `insert into hwid_accounts (hwid_id, user_id, seen_at)
    select h, u, $1::bigint from unnest($2::bigint[]) h, unnest($3::bigint[]) u
    on conflict (hwid_id, user_id) do nothing returning hwid_id`,
});

/**
 * One more scan on each profile, and the profile's new names and accounts. Parameters: cheating,
 * suspicious, detections, new unique names, findings, new accounts, IDs. Returns what decides hubs.
 */
const countOnProfiles = dialectStatement<{ id: number; accounts_seen: number; hub_since: number | null }>({
  sqlite: `update hwids set total_scans = total_scans + 1, cheating_scans = cheating_scans + ?,
    suspicious_scans = suspicious_scans + ?, total_detections = total_detections + ?,
    unique_detections = unique_detections + ?, suspicious_findings = suspicious_findings + ?,
    accounts_seen = accounts_seen + ?
    where id in (select value from json_each(?)) returning id, accounts_seen, hub_since`,
  postgres: `update hwids set total_scans = total_scans + 1, cheating_scans = cheating_scans + $1,
    suspicious_scans = suspicious_scans + $2, total_detections = total_detections + $3,
    unique_detections = unique_detections + $4, suspicious_findings = suspicious_findings + $5,
    accounts_seen = accounts_seen + $6
    where id = any($7::bigint[]) returning id, accounts_seen, hub_since`,
});

/** The scan, for the accounts it named. Parameters: cheating, suspicious, detections, when, accounts. */
const countOwnScan = dialectStatement({
  sqlite: `update scanned_users set own_scans = own_scans + 1,
    own_cheating_scans = own_cheating_scans + ?, own_suspicious_scans = own_suspicious_scans + ?,
    own_detections = own_detections + ?,
    own_first_scan_at = case when own_first_scan_at is null or own_first_scan_at > t.at then t.at else own_first_scan_at end,
    own_last_scan_at = case when own_last_scan_at is null or own_last_scan_at < t.at then t.at else own_last_scan_at end
    from (select ? as at) t where scanned_users.id in (select value from json_each(?))`,
  postgres: `update scanned_users set own_scans = own_scans + 1,
    own_cheating_scans = own_cheating_scans + $1, own_suspicious_scans = own_suspicious_scans + $2,
    own_detections = own_detections + $3,
    own_first_scan_at = case when own_first_scan_at is null or own_first_scan_at > $4::bigint then $4::bigint else own_first_scan_at end,
    own_last_scan_at = case when own_last_scan_at is null or own_last_scan_at < $4::bigint then $4::bigint else own_last_scan_at end
    where id = any($5::bigint[])`,
});

/**
 * Scans newly counted for accounts (user_scans). Parameters: scans, cheating, suspicious, clean,
 * detections, first and last time, last cheating time (null: none), accounts.
 */
const countScans = dialectStatement({
  sqlite: `update scanned_users set scans = scans + ?, cheating_scans = cheating_scans + ?,
    suspicious_scans = suspicious_scans + ?, clean_scans = clean_scans + ?, detections = detections + ?,
    first_scan_at = case when first_scan_at is null or first_scan_at > t.first_at then t.first_at else first_scan_at end,
    last_scan_at = case when last_scan_at is null or last_scan_at < t.last_at then t.last_at else last_scan_at end,
    last_cheating_at = case when t.cheating_at is null then last_cheating_at
      when last_cheating_at is null or last_cheating_at < t.cheating_at then t.cheating_at else last_cheating_at end
    from (select ? as first_at, ? as last_at, ? as cheating_at) t
    where scanned_users.id in (select value from json_each(?))`,
  postgres: `update scanned_users set scans = scans + $1, cheating_scans = cheating_scans + $2,
    suspicious_scans = suspicious_scans + $3, clean_scans = clean_scans + $4, detections = detections + $5,
    first_scan_at = case when first_scan_at is null or first_scan_at > $6::bigint then $6::bigint else first_scan_at end,
    last_scan_at = case when last_scan_at is null or last_scan_at < $7::bigint then $7::bigint else last_scan_at end,
    last_cheating_at = case when $8::bigint is null then last_cheating_at
      when last_cheating_at is null or last_cheating_at < $8::bigint then $8::bigint else last_cheating_at end
    where id = any($9::bigint[])`,
});

/** Links an account to hardware IDs; returns the IDs newly linked. Parameters: account, when, IDs. */
const linkAccount = dialectStatement<{ hwid_id: number }>({
  sqlite: `insert into user_hwids (user_id, hwid_id, linked_at)
    select t.user_id, h.value, t.at from (select ? as user_id, ? as at) t, json_each(?) h where true
    on conflict (user_id, hwid_id) do nothing returning hwid_id`,
  postgres: `insert into user_hwids (user_id, hwid_id, linked_at)
    select $1::bigint, h, $2::bigint from unnest($3::bigint[]) h
    on conflict (user_id, hwid_id) do nothing returning hwid_id`,
});

/** Of these hardware IDs, those linked to any account but this one. Parameters: IDs, account. */
const sharedWithOthers = dialectStatement<{ hwid_id: number }>({
  sqlite: `select distinct hwid_id from user_hwids
    where hwid_id in (select value from json_each(?)) and user_id != ?`,
  postgres: 'select distinct hwid_id from user_hwids where hwid_id = any($1::bigint[]) and user_id <> $2',
});

/**
 * Counts for an account every finished scan on these hardware IDs it did not have; returns the
 * scans added. Parameters: account, IDs.
 */
const countScansOnHwids = dialectStatement<{ pin_id: number }>({
  sqlite: `insert into user_scans (user_id, pin_id)
    select distinct t.user_id, sh.pin_id from (select ? as user_id) t, scan_hwids sh
      join scan_reports r on r.pin_id = sh.pin_id
    where sh.hwid_id in (select value from json_each(?))
    on conflict (user_id, pin_id) do nothing returning pin_id`,
  postgres: `insert into user_scans (user_id, pin_id)
    select distinct $1::bigint, sh.pin_id from scan_hwids sh join scan_reports r on r.pin_id = sh.pin_id
    where sh.hwid_id = any($2::bigint[])
    on conflict (user_id, pin_id) do nothing returning pin_id`,
});

/** Counts one scan for every account linked to these hardware IDs; returns the accounts it was new to. */
const countScanOnHwids = dialectStatement<{ user_id: number }>({
  sqlite: `insert into user_scans (user_id, pin_id)
    select distinct uh.user_id, t.pin_id from (select ? as pin_id) t, user_hwids uh
    where uh.hwid_id in (select value from json_each(?))
    on conflict (user_id, pin_id) do nothing returning user_id`,
  postgres: `insert into user_scans (user_id, pin_id)
    select distinct user_id, $1::bigint from user_hwids where hwid_id = any($2::bigint[])
    on conflict (user_id, pin_id) do nothing returning user_id`,
});

/** What the counters need of finished scans, by their PIN ids. */
const scanFacts = dialectStatement<{
  id: number;
  type: string;
  result: FinishedScan['verdict'] | null;
  finished_at: number | null;
  detections: string;
}>({
  sqlite: `select p.id, p.type, p.result, p.finished_at, r.detections from pins p
    join scan_reports r on r.pin_id = p.id where p.id in (select value from json_each(?)) order by p.id`,
  postgres: `select p.id, p.type, p.result, p.finished_at, r.detections from pins p
    join scan_reports r on r.pin_id = p.id where p.id = any($1::bigint[]) order by p.id`,
});

type ProfileState = { id: number; accounts_seen: number; hub_since: number | null };

/**
 * One more scan on each of these profiles, with the names new to each and (for hub decisions) the
 * accounts each was newly seen with. Grouped by what differs between IDs, usually one statement.
 */
async function countOnProfilesOf(
  trx: Db,
  dialect: Dialect,
  hwidIds: readonly number[],
  scan: FinishedScan,
  newAccounts: ReadonlyMap<number, number> = new Map(),
): Promise<ProfileState[]> {
  if (hwidIds.length === 0) return [];
  const unique = [...new Set(scan.detections)];
  const newNames = new Map<number, number>();
  if (unique.length > 0) {
    const added = await addNames.hwid_detections(trx, dialect, list(dialect, hwidIds), list(dialect, unique));
    for (const { owner } of added.rows) newNames.set(owner, (newNames.get(owner) ?? 0) + 1);
  }
  const groups = new Map<string, { names: number; accounts: number; ids: number[] }>();
  for (const id of hwidIds) {
    const names = newNames.get(id) ?? 0;
    const accounts = newAccounts.get(id) ?? 0;
    const key = `${names}:${accounts}`;
    const group = groups.get(key) ?? { names, accounts, ids: [] };
    group.ids.push(id);
    groups.set(key, group);
  }
  const states: ProfileState[] = [];
  for (const group of groups.values()) {
    const { rows } = await countOnProfiles(
      trx,
      dialect,
      flag(scan.verdict === 'cheating'),
      flag(scan.verdict === 'suspicious'),
      scan.detections.length,
      group.names,
      scan.suspiciousFindings,
      group.accounts,
      list(dialect, group.ids),
    );
    states.push(...rows);
  }
  return states.sort((a, b) => a.id - b.id);
}

const dropScanHwids = dialectStatement({
  sqlite: 'delete from scan_hwids where pin_id = ?',
  postgres: 'delete from scan_hwids where pin_id = $1',
});

/** Upserts the users the report named (latest username wins). Returns their ids. */
async function upsertReportedUsers(trx: Db, dialect: Dialect, scan: FinishedScan): Promise<number[]> {
  // One entry per account; if a report names an account twice, its last username wins.
  const accounts = new Map(scan.discord.map((d) => [d.id, d.username]));
  const ids: number[] = [];
  for (const [discordId, username] of [...accounts].sort(([a], [b]) => a.localeCompare(b))) {
    const { rows } = await upsertUser(trx, dialect, discordId, username, scan.finishedAt);
    ids.push((rows[0] as { id: number }).id);
  }
  return ids;
}

/** Counts scans newly counted for `userIds` (each once per user, which user_scans has recorded). */
async function addToCounters(
  trx: Db,
  dialect: Dialect,
  userIds: readonly number[],
  scans: readonly ScanFacts[],
): Promise<void> {
  if (userIds.length === 0 || scans.length === 0) return;
  const count = (verdict: FinishedScan['verdict']) => scans.filter((s) => s.verdict === verdict).length;
  const times = scans.map((s) => s.finishedAt);
  const cheating = scans.filter((s) => s.verdict === 'cheating').map((s) => s.finishedAt);
  await countScans(
    trx,
    dialect,
    scans.length,
    count('cheating'),
    count('suspicious'),
    count('legit'),
    scans.reduce((n, s) => n + s.detections.length, 0),
    Math.min(...times),
    Math.max(...times),
    cheating.length === 0 ? null : Math.max(...cheating),
    list(dialect, userIds),
  );
  const names = [...new Set(scans.flatMap((s) => s.detections))];
  if (names.length > 0)
    await addNames.user_detections(trx, dialect, list(dialect, userIds), list(dialect, names));
}

/** The facts of finished scans by PIN id; the scan being finished is known already. */
async function factsOf(
  trx: Db,
  dialect: Dialect,
  pinIds: readonly number[],
  scan: ScanFacts,
): Promise<ScanFacts[]> {
  if (pinIds.length === 1 && pinIds[0] === scan.pinId) return [scan];
  const { rows } = await scanFacts(trx, dialect, list(dialect, pinIds));
  return rows.map((r) => ({
    pinId: r.id,
    gameType: r.type,
    verdict: r.result ?? 'legit',
    detections: JSON.parse(r.detections) as string[],
    finishedAt: r.finished_at ?? 0,
  }));
}

/**
 * When a new link puts a user on a hardware ID, every other user there who shared no hardware with
 * them before is joined to them for the first time: both get an alt_account note (docs/risk-score.md).
 * Set-based, so the cost is a few queries however many users the hardware already has.
 */
async function noteAltAccounts(
  trx: Db,
  userId: number,
  hwidId: number,
  now: number,
  /** IDs this finish links the user to after this one: not shared with anyone yet, as far as this link knows. */
  linkedLater: readonly number[] = [],
): Promise<void> {
  // Lists of ids from one step to the next, not joins: joined, PostgreSQL without statistics (a new
  // store filling up) hashed every user_hwids or scanned_users row for this, 28 ms per new link at
  // 100 000 scans (docs/deployment.md, "PostgreSQL and Redis").
  let query = trx
    .selectFrom('user_hwids as theirs')
    .select('theirs.user_id')
    .where('theirs.hwid_id', '=', hwidId)
    .where('theirs.user_id', '!=', userId);
  // Most new links are to hardware nobody else used: one statement says so.
  if ((await query.limit(1).execute()).length === 0) return;
  const before = (
    await trx
      .selectFrom('user_hwids')
      .select('hwid_id')
      .where('user_id', '=', userId)
      .where('hwid_id', 'not in', [hwidId, ...linkedLater])
      .execute()
  ).map((r) => r.hwid_id);
  // A user has a handful of hardware IDs; chunked all the same, below SQLite's limit on parameters.
  for (let i = 0; i < before.length; i += 500) {
    const part = before.slice(i, i + 500);
    query = query.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('user_hwids as b')
            .select('b.hwid_id')
            .whereRef('b.user_id', '=', 'theirs.user_id')
            .where('b.hwid_id', 'in', part),
        ),
      ),
    );
  }
  const newlyJoined = (await query.orderBy('theirs.user_id').execute()).map((r) => r.user_id);
  const joined: Array<{ id: number; discord_id: string; username: string }> = [];
  for (let i = 0; i < newlyJoined.length; i += 500) {
    joined.push(
      ...(await trx
        .selectFrom('scanned_users')
        .select(['id', 'discord_id', 'username'])
        .where('id', 'in', newlyJoined.slice(i, i + 500))
        .orderBy('id')
        .execute()),
    );
  }
  if (joined.length === 0) return;
  const me = await trx
    .selectFrom('scanned_users')
    .select(['discord_id', 'username'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const note = (u: { username: string; discord_id: string }) =>
    `Possible alt account detected: ${u.username} (${u.discord_id})`;
  const rows = joined.flatMap((other) => [
    { user_id: userId, reason: note(other), category: 'alt_account', evidence: null, added_at: now },
    { user_id: other.id, reason: note(me), category: 'alt_account', evidence: null, added_at: now },
  ]);
  // Chunked to stay far below SQLite's limit on bound parameters.
  for (let i = 0; i < rows.length; i += 500) {
    await trx
      .insertInto('user_reasons')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

/** How hubs are decided: the number of accounts an ID may be seen with and still link them. */
export interface HubPolicy {
  threshold: number;
}

/**
 * The finish hook: every aggregate a risk score or lookup reads, brought up to date. Its cost grows
 * with the accounts and hardware IDs the report names and with the threshold, never with how many
 * accounts a shared ID has reached: hubs link nobody (docs/risk-score.md, "Placeholders and hubs").
 */
export function finishedScanRecorder(dialect: Dialect, policy: HubPolicy): FinishHook {
  return async (trx, scan) => {
    // A scan tied to nobody (no account proven, or named and found on the machine, from an
    // Enterprise whose reports are shared) counts only inside its Enterprise: it changes nothing
    // that other communities see, not even through hardware (docs/risk-score.md, "Whose scan it is").
    // Its hardware rows go too, so no later recount, hub conversion or new link finds it there.
    if (scan.discord.length === 0) {
      await dropScanHwids(trx, dialect, scan.pinId);
      return;
    }
    const hubs = hardwareHubsRepository(trx, dialect);
    const reported = (await hwidsOfScan(trx, dialect, scan.pinId)).rows.map((r) => r.hwid_id);
    const userIds = await upsertReportedUsers(trx, dialect, scan);

    // Every account reported with an ID counts towards making it a hub, linked or not.
    const newAccounts = new Map<number, number>();
    if (userIds.length > 0 && reported.length > 0) {
      const seen = await recordSightings(
        trx,
        dialect,
        scan.finishedAt,
        list(dialect, reported),
        list(dialect, userIds),
      );
      for (const { hwid_id } of seen.rows) newAccounts.set(hwid_id, (newAccounts.get(hwid_id) ?? 0) + 1);
    }
    // Hubs first: converting one recounts the accounts it had linked from what is stored, which
    // does not include this scan yet.
    const hwidIds: number[] = [];
    for (const state of await countOnProfilesOf(trx, dialect, reported, scan, newAccounts)) {
      if (state.hub_since !== null) continue;
      if (isHardwareHub(state.accounts_seen, policy.threshold)) {
        await hubs.convert(state.id, scan.finishedAt, scan.pinId);
      } else {
        hwidIds.push(state.id);
      }
    }
    if (userIds.length > 0) {
      const named = list(dialect, userIds);
      await countOwnScan(
        trx,
        dialect,
        flag(scan.verdict === 'cheating'),
        flag(scan.verdict === 'suspicious'),
        scan.detections.length,
        scan.finishedAt,
        named,
      );
      const unique = [...new Set(scan.detections)];
      if (unique.length > 0) await addNames.user_own_detections(trx, dialect, named, list(dialect, unique));
      await addNames.user_games(trx, dialect, named, list(dialect, [scan.gameType]));
    }
    // Every ID it reported is shared by many machines: the scan stands on a profile of its own.
    if (hwidIds.length === 0 && reported.length > 0) {
      const own = await hubs.ownProfile(scan.pinId, scan.finishedAt);
      await countOnProfilesOf(trx, dialect, [own], scan);
      hwidIds.push(own);
    }

    if (hwidIds.length > 0) {
      for (const userId of userIds) {
        // Linked in the order of the IDs: an alt-account note is made at the first ID the two
        // accounts share, as if each link were made on its own.
        const linked = new Set(
          (await linkAccount(trx, dialect, userId, scan.finishedAt, list(dialect, hwidIds))).rows.map(
            (r) => r.hwid_id,
          ),
        );
        if (linked.size === 0) continue;
        const newLinks = hwidIds.filter((id) => linked.has(id));
        // Most new links are to hardware nobody else used: one statement says so for all of them.
        const shared = new Set(
          (await sharedWithOthers(trx, dialect, list(dialect, newLinks), userId)).rows.map((r) => r.hwid_id),
        );
        for (const [i, hwidId] of newLinks.entries()) {
          if (shared.has(hwidId))
            await noteAltAccounts(trx, userId, hwidId, scan.finishedAt, newLinks.slice(i + 1));
        }
        const added = (await countScansOnHwids(trx, dialect, userId, list(dialect, newLinks))).rows.map(
          (r) => r.pin_id,
        );
        await addToCounters(trx, dialect, [userId], await factsOf(trx, dialect, added, scan));
      }
    }

    // This scan counts for everyone whose hardware it touched, reported in it or not. The reported
    // accounts are linked to all of it; those it was not new to counted it through a new link above.
    const counted =
      hwidIds.length === 0
        ? []
        : (await countScanOnHwids(trx, dialect, scan.pinId, list(dialect, hwidIds))).rows.map(
            (r) => r.user_id,
          );
    await addToCounters(trx, dialect, counted, [scan]);
    await invalidatePlayers(trx, [...userIds, ...counted]);
  };
}

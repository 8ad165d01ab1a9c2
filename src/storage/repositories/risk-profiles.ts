import { type RawBuilder, sql } from 'kysely';
import { isHardwareHub } from '../../domain/hardware-id.js';
import type { Db } from '../database.js';
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
 */

/** The parts of a scan that the per-user counters need. */
type ScanFacts = Pick<FinishedScan, 'pinId' | 'gameType' | 'verdict' | 'detections' | 'finishedAt'>;

const flag = (b: boolean) => (b ? 1 : 0);

function later(column: string, value: number): RawBuilder<number> {
  return sql<number>`case when ${sql.ref(column)} is null or ${sql.ref(column)} < ${value} then ${value} else ${sql.ref(column)} end`;
}

function earlier(column: string, value: number): RawBuilder<number> {
  return sql<number>`case when ${sql.ref(column)} is null or ${sql.ref(column)} > ${value} then ${value} else ${sql.ref(column)} end`;
}

async function inserted(
  promise: Promise<{ numInsertedOrUpdatedRows?: bigint | undefined }>,
): Promise<number> {
  return Number((await promise).numInsertedOrUpdatedRows ?? 0n);
}

async function updateProfiles(trx: Db, hwidIds: readonly number[], scan: FinishedScan): Promise<void> {
  const unique = [...new Set(scan.detections)];
  for (const hwidId of hwidIds) {
    const newUnique =
      unique.length === 0
        ? 0
        : await inserted(
            trx
              .insertInto('hwid_detections')
              .values(unique.map((name) => ({ hwid_id: hwidId, name })))
              .onConflict((oc) => oc.columns(['hwid_id', 'name']).doNothing())
              .executeTakeFirst(),
          );
    await trx
      .updateTable('hwids')
      .set((eb) => ({
        total_scans: eb('total_scans', '+', 1),
        cheating_scans: eb('cheating_scans', '+', flag(scan.verdict === 'cheating')),
        suspicious_scans: eb('suspicious_scans', '+', flag(scan.verdict === 'suspicious')),
        total_detections: eb('total_detections', '+', scan.detections.length),
        unique_detections: eb('unique_detections', '+', newUnique),
        suspicious_findings: eb('suspicious_findings', '+', scan.suspiciousFindings),
      }))
      .where('id', '=', hwidId)
      .execute();
  }
}

/** Upserts the users the report named (latest username wins). Returns their ids. */
async function upsertReportedUsers(trx: Db, scan: FinishedScan): Promise<number[]> {
  // One entry per account; if a report names an account twice, its last username wins.
  const accounts = new Map(scan.discord.map((d) => [d.id, d.username]));
  const ids: number[] = [];
  for (const [discordId, username] of [...accounts].sort(([a], [b]) => a.localeCompare(b))) {
    const { id } = await trx
      .insertInto('scanned_users')
      .values({ discord_id: discordId, username, created_at: scan.finishedAt })
      .onConflict((oc) => oc.column('discord_id').doUpdateSet({ username }))
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(id);
  }
  return ids;
}

/** Counts a scan for a user, once however many of the user's hardware IDs it touched. */
async function countScan(trx: Db, userId: number, scan: ScanFacts): Promise<void> {
  const added = await inserted(
    trx
      .insertInto('user_scans')
      .values({ user_id: userId, pin_id: scan.pinId })
      .onConflict((oc) => oc.columns(['user_id', 'pin_id']).doNothing())
      .executeTakeFirst(),
  );
  if (added === 0) return;
  const cheating = scan.verdict === 'cheating';
  await trx
    .updateTable('scanned_users')
    .set((eb) => ({
      scans: eb('scans', '+', 1),
      cheating_scans: eb('cheating_scans', '+', flag(cheating)),
      suspicious_scans: eb('suspicious_scans', '+', flag(scan.verdict === 'suspicious')),
      clean_scans: eb('clean_scans', '+', flag(scan.verdict === 'legit')),
      detections: eb('detections', '+', scan.detections.length),
      first_scan_at: earlier('first_scan_at', scan.finishedAt),
      last_scan_at: later('last_scan_at', scan.finishedAt),
      ...(cheating ? { last_cheating_at: later('last_cheating_at', scan.finishedAt) } : {}),
    }))
    .where('id', '=', userId)
    .execute();
  await addNames(trx, 'user_detections', userId, scan.detections);
}

async function addNames(
  trx: Db,
  table: 'user_detections' | 'user_own_detections' | 'user_games',
  userId: number,
  names: readonly string[],
): Promise<void> {
  const unique = [...new Set(names)];
  if (unique.length === 0) return;
  await trx
    .insertInto(table)
    .values(unique.map((name) => ({ user_id: userId, name })))
    .onConflict((oc) => oc.columns(['user_id', 'name']).doNothing())
    .execute();
}

/** Counts a scan for a user its report named: what the lookup shows of the person. */
async function countOwnScan(trx: Db, userId: number, scan: ScanFacts): Promise<void> {
  await trx
    .updateTable('scanned_users')
    .set((eb) => ({
      own_scans: eb('own_scans', '+', 1),
      own_cheating_scans: eb('own_cheating_scans', '+', flag(scan.verdict === 'cheating')),
      own_suspicious_scans: eb('own_suspicious_scans', '+', flag(scan.verdict === 'suspicious')),
      own_detections: eb('own_detections', '+', scan.detections.length),
      own_first_scan_at: earlier('own_first_scan_at', scan.finishedAt),
      own_last_scan_at: later('own_last_scan_at', scan.finishedAt),
    }))
    .where('id', '=', userId)
    .execute();
  await addNames(trx, 'user_own_detections', userId, scan.detections);
  await addNames(trx, 'user_games', userId, [scan.gameType]);
}

/**
 * The finished scans on one hardware ID, for a user newly linked to it. Their ids first, then the
 * scans by those ids: as one join, PostgreSQL without statistics on the tables (a new store filling
 * up) read every PIN to hash them, 58 ms per link at 100 000 scans; an id list is planned as index
 * reads whatever the statistics say (docs/deployment.md, "PostgreSQL and Redis").
 */
async function scansOnHwid(trx: Db, hwidId: number): Promise<ScanFacts[]> {
  const pinIds = (
    await trx
      .selectFrom('scan_hwids')
      .select('pin_id')
      .where('hwid_id', '=', hwidId)
      .orderBy('pin_id')
      .execute()
  ).map((r) => r.pin_id);
  const byIds = (ids: number[]) =>
    trx
      .selectFrom('pins')
      .innerJoin('scan_reports', 'scan_reports.pin_id', 'pins.id')
      .select(['pins.id', 'pins.type', 'pins.result', 'pins.finished_at', 'scan_reports.detections'])
      .where('pins.id', 'in', ids)
      .orderBy('pins.id')
      .execute();
  const rows: Awaited<ReturnType<typeof byIds>> = [];
  for (let i = 0; i < pinIds.length; i += 500) rows.push(...(await byIds(pinIds.slice(i, i + 500))));
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
async function noteAltAccounts(trx: Db, userId: number, hwidId: number, now: number): Promise<void> {
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
      .where('hwid_id', '!=', hwidId)
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
    const hubs = hardwareHubsRepository(trx, dialect);
    const reported = (
      await trx
        .selectFrom('scan_hwids')
        .select('hwid_id')
        .where('pin_id', '=', scan.pinId)
        .orderBy('hwid_id')
        .execute()
    ).map((r) => r.hwid_id);
    await updateProfiles(trx, reported, scan);
    const userIds = await upsertReportedUsers(trx, scan);

    // Hubs first: converting one recounts the accounts it had linked from what is stored, which
    // does not include this scan yet.
    await hubs.recordSightings(reported, userIds, scan.finishedAt);
    const hwidIds: number[] = [];
    for (const state of await hubs.states(reported)) {
      if (state.hub_since !== null) continue;
      if (isHardwareHub(state.accounts_seen, policy.threshold)) {
        await hubs.convert(state.id, scan.finishedAt, scan.pinId);
      } else {
        hwidIds.push(state.id);
      }
    }
    for (const userId of userIds) await countOwnScan(trx, userId, scan);
    // Every ID it reported is shared by many machines: the scan stands on a profile of its own.
    if (hwidIds.length === 0 && reported.length > 0) {
      const own = await hubs.ownProfile(scan.pinId, scan.finishedAt);
      await updateProfiles(trx, [own], scan);
      hwidIds.push(own);
    }

    for (const userId of userIds) {
      for (const hwidId of hwidIds) {
        const linked = await inserted(
          trx
            .insertInto('user_hwids')
            .values({ user_id: userId, hwid_id: hwidId, linked_at: scan.finishedAt })
            .onConflict((oc) => oc.columns(['user_id', 'hwid_id']).doNothing())
            .executeTakeFirst(),
        );
        if (linked === 0) continue;
        await noteAltAccounts(trx, userId, hwidId, scan.finishedAt);
        for (const past of await scansOnHwid(trx, hwidId)) await countScan(trx, userId, past);
      }
    }

    // This scan counts for everyone whose hardware it touched, reported in it or not.
    const everyone =
      hwidIds.length === 0
        ? []
        : await trx
            .selectFrom('user_hwids')
            .select('user_id')
            .distinct()
            .where('hwid_id', 'in', hwidIds)
            .orderBy('user_id')
            .execute();
    for (const { user_id } of everyone) await countScan(trx, user_id, scan);
    await invalidatePlayers(trx, [...userIds, ...everyone.map((e) => e.user_id)]);
  };
}

import { describe, expect, it } from 'vitest';
import { groupScans } from '../../bench/population.js';
import {
  SEEDED_CLIENT_NAME,
  SeedNotFresh,
  type SeedScan,
  seedFinishedScans,
  settleSeededStore,
} from '../../src/application/scans/seed-finished-scans.js';
import type { Db } from '../../src/storage/database.js';
import { backends } from '../support/backends.js';
import { proveFor, scanner } from '../support/scan.js';
import { registerScannerClient } from '../support/scanner-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/*
 * Bulk seeding (the benchmark's, docs/benchmarks.md) must leave the store exactly as the scanner
 * API would have: the same rows, the same player-risk aggregates, the same answers. One store is
 * seeded in bulk, the other scan by scan through the API with the clock set to each scan's times,
 * and everything but the row ids is compared.
 */

const SECRET = {
  SCANPIN_HASH_SECRET: 'seed-test-hash-secret-0123456789',
  SCANNER_START_PER_MINUTE: '100000',
  RATE_LIMIT_PER_HOUR: '100000',
  MAX_ACTIVE_PINS: '100000',
};
const BASE = Date.UTC(2026, 5, 1);
/** Group 0 (the benchmark's hot player: alt, relatives on shared hardware) and a spread of others. */
const groups = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, g) => groupScans(from + g, BASE)).flat();
const FIRST = groups(0, 20);
const HOT = FIRST[0] as SeedScan;
/**
 * And a cheating scan tied to nobody (its report names no account, so none is proven) on the hot
 * player's machine and a new one, after all of the first batch: its hardware's profiles exist, but it
 * counts for no one, there or later (docs/risk-score.md, "Whose scan it is").
 */
const NOBODY: SeedScan = {
  ...HOT,
  code: 'ZZZZZZZZ',
  hwids: [...HOT.hwids, 'SEED-NOBODY-1'],
  report: { ...HOT.report, discord: [], detections: ['Eulen'] },
  createdAt: Math.max(...FIRST.map((x) => x.finishedAt)) + 60_000,
};
NOBODY.startedAt = NOBODY.createdAt + 30_000;
NOBODY.finishedAt = NOBODY.createdAt + 60_000;
/** The first batch (groups 0 to 19 and the scan tied to nobody), then the second. */
const BATCHES: SeedScan[][] = [[...FIRST, NOBODY], groups(20, 40)];
const SCANS: SeedScan[] = BATCHES.flat();

/** Every row the seeding writes, with ids replaced by what they stand for (PIN ordinal, hash, Discord ID). */
async function snapshot(db: Db) {
  const pins = await db
    .selectFrom('pins')
    .select(['id', 'code', 'session_token_hash'])
    .orderBy('id')
    .execute();
  const ordinal = new Map(pins.map((p, i) => [p.id, i]));
  const session = new Map(pins.map((p) => [p.id, p.session_token_hash]));
  const hwids = await db.selectFrom('hwids').selectAll().execute();
  const hash = new Map(hwids.map((h) => [h.id, h.hash]));
  const users = await db.selectFrom('scanned_users').selectAll().execute();
  const discord = new Map(users.map((u) => [u.id, u.discord_id]));
  const sorted = <T>(rows: T[]) => rows.map((r) => JSON.stringify(r)).sort();
  const pinOf = (id: number) => ordinal.get(id);
  const names = async (table: 'user_detections' | 'user_own_detections' | 'user_games') =>
    sorted((await db.selectFrom(table).selectAll().execute()).map((r) => [discord.get(r.user_id), r.name]));
  return {
    // scanner_client_id is the row id of the build that signed the scan: seeded scans stand for an
    // official build's (client_kind) but no registered row stands behind them.
    pins: (await db.selectFrom('pins').selectAll().orderBy('id').execute()).map(
      ({ id, code, session_token_hash, revision, scanner_client_id, ...rest }) => rest,
    ),
    reports: (await db.selectFrom('scan_reports').selectAll().orderBy('pin_id').execute()).map(
      ({ pin_id, ...rest }) => ({ pin: pinOf(pin_id), ...rest }),
    ),
    timeline: sorted(
      (await db.selectFrom('pin_timeline').selectAll().execute()).map(({ id, pin_id, ...rest }) => ({
        pin: pinOf(pin_id),
        ...rest,
      })),
    ),
    hwids: sorted(hwids.map(({ id, ...rest }) => rest)),
    scanHwids: sorted(
      (await db.selectFrom('scan_hwids').selectAll().execute()).map((r) => [
        pinOf(r.pin_id),
        hash.get(r.hwid_id),
      ]),
    ),
    hwidDetections: sorted(
      (await db.selectFrom('hwid_detections').selectAll().execute()).map((r) => [
        hash.get(r.hwid_id),
        r.name,
      ]),
    ),
    // facts_version only says when a player's document is out of date: a cache's, not the data's.
    users: sorted(users.map(({ id, facts_version, ...rest }) => rest)),
    userHwids: sorted(
      (await db.selectFrom('user_hwids').selectAll().execute()).map((r) => [
        discord.get(r.user_id),
        hash.get(r.hwid_id),
        r.linked_at,
      ]),
    ),
    userScans: sorted(
      (await db.selectFrom('user_scans').selectAll().execute()).map((r) => [
        discord.get(r.user_id),
        pinOf(r.pin_id),
      ]),
    ),
    hwidAccounts: sorted(
      (await db.selectFrom('hwid_accounts').selectAll().execute()).map((r) => [
        hash.get(r.hwid_id),
        discord.get(r.user_id),
        r.seen_at,
      ]),
    ),
    userDetections: await names('user_detections'),
    userOwnDetections: await names('user_own_detections'),
    userGames: await names('user_games'),
    // A proof counts only through its scan's own session: whether it did, not the session's hash.
    pinPlayers: sorted(
      (await db.selectFrom('pin_players').selectAll().execute()).map(
        ({ pin_id, proven_session_hash, ...rest }) => ({
          pin: pinOf(pin_id),
          ...rest,
          provenThroughItsSession:
            proven_session_hash !== null && proven_session_hash === session.get(pin_id),
        }),
      ),
    ),
    scanAccounts: sorted(
      (await db.selectFrom('scan_accounts').selectAll().execute()).map(
        ({ pin_id, enterprise_id, ...rest }) => ({
          pin: pinOf(pin_id),
          ...rest,
        }),
      ),
    ),
    reasons: sorted(
      (await db.selectFrom('user_reasons').selectAll().execute()).map(({ id, user_id, ...rest }) => ({
        user: discord.get(user_id),
        ...rest,
      })),
    ),
  };
}

/** The published answers for every seeded account, internal hardware ids reduced to their count. */
async function answers(t: TestApp, key: string) {
  const ids = [...new Set(SCANS.flatMap((s) => s.report.discord.map((d) => d.id)))].sort();
  const out: unknown[] = [];
  for (const id of ids) {
    const risk = await t.api('GET', `/v1/users/${id}/risk-score`, { key });
    const lookup = await t.api('GET', `/v1/scanned-users/lookup/${id}`, { key });
    expect(risk.statusCode).toBe(200);
    expect(lookup.statusCode).toBe(200);
    // Notes written by one scan share a timestamp; their order among themselves is the store's
    // (SQLite and PostgreSQL differ on the finish path too), so they are compared as a set.
    const tidy = (name: string, value: unknown) =>
      name === 'sharedHwidIds'
        ? (value as unknown[]).length
        : name === 'reasons'
          ? (value as unknown[]).map((r) => JSON.stringify(r)).sort()
          : value;
    out.push(risk.json(), JSON.parse(lookup.body, tidy) as unknown);
  }
  return out;
}

describe.each(backends().filter((b) => !b.redisUrl))('bulk seeding of finished scans ($name)', (backend) => {
  it('stores what the scanner API stores for the same scans, aggregates and answers included', async () => {
    let now = BASE;
    const live = await startTestApp(backend, SECRET, () => now);
    const seeded = await startTestApp(backend, SECRET);
    try {
      const liveOwner = await live.createOwner();
      const seededOwner = await seeded.createOwner();
      // Seeded scans stand for an official build's, so the live ones are signed by one, registered under
      // the name the seeded assurance gives (docs/scan-client.md, "Trust").
      const sc = scanner(live, {
        client: await registerScannerClient(live, { name: SEEDED_CLIENT_NAME, kind: 'third-party' }),
      });
      for (const scan of SCANS) {
        now = scan.createdAt;
        const pin = await live.createPin(liveOwner.key, { type: scan.type });
        // The first account is the player, proven on the /scan page; the others are only claimed.
        const player = scan.report.discord[0];
        now = scan.startedAt;
        const token = await sc.startOk(pin, [...scan.hwids]);
        if (player !== undefined) await proveFor(live, pin, player);
        now = scan.finishedAt;
        const res = await sc.finish(token, scan.report);
        expect(res.statusCode).toBe(200);
      }

      // Two batches, split between groups: the second adds to what the first stored.
      const input = { accountId: seededOwner.accountId, enterpriseId: seededOwner.enterpriseId };
      for (const batch of BATCHES)
        expect(await seedFinishedScans(seeded.deps, { ...input, scans: batch })).toBe(batch.length);

      await settleSeededStore(seeded.deps);

      const [a, b] = [await snapshot(live.deps.store.db), await snapshot(seeded.deps.store.db)];
      expect(b.reasons.length).toBeGreaterThan(0);
      expect(b.users.length).toBeGreaterThan(40);
      for (const part of Object.keys(a) as Array<keyof typeof a>) expect(b[part], part).toEqual(a[part]);
      expect(await answers(seeded, seededOwner.key)).toEqual(await answers(live, liveOwner.key));

      // The seeded PINs answer like any other, and a new scan after seeding links as usual.
      const code = HOT.code;
      const status = await seeded.api('GET', `/v1/pins/${code}/status`, { key: seededOwner.key });
      expect(status.statusCode).toBe(200);
      expect(status.json()).toMatchObject({ status: 'finished' });
      const newcomer = { id: '290000000000000001', username: 'Newcomer' };
      await scanner(seeded).scan(seededOwner.key, { ...HOT.report, discord: [newcomer] }, [...HOT.hwids]);
      const lookup = await seeded.api('GET', `/v1/scanned-users/lookup/${newcomer.id}`, {
        key: seededOwner.key,
      });
      expect(lookup.json<{ relatedAccounts: unknown[] }>().relatedAccounts.length).toBeGreaterThan(0);
    } finally {
      await live.close();
      await seeded.close();
    }
  }, 120_000);

  it('refuses scans whose hardware or accounts are already stored, writing nothing', async () => {
    const t = await startTestApp(backend, SECRET);
    try {
      const owner = await t.createOwner();
      const input = { accountId: owner.accountId, enterpriseId: owner.enterpriseId };
      const scans = groupScans(1000, BASE);
      await seedFinishedScans(t.deps, { ...input, scans });
      const again = scans.map((s) => ({ ...s, code: `Z${s.code.slice(1)}` }));
      await expect(seedFinishedScans(t.deps, { ...input, scans: again })).rejects.toBeInstanceOf(
        SeedNotFresh,
      );
      const { n } = await t.deps.store.db
        .selectFrom('pins')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(n)).toBe(scans.length);
    } finally {
      await t.close();
    }
  });
});

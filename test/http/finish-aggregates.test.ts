import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/storage/database.js';
import { backends } from '../support/backends.js';
import { report, scanner } from '../support/scan.js';
import { startTestApp } from '../support/test-app.js';

/*
 * A finish keeps the player-risk aggregates current with a few set-based statements
 * (storage/repositories/risk-profiles.ts). Whatever the history of scans (several accounts per
 * report, hardware shared in every way, detections, suspicious findings, game types), every counter
 * and name set equals a recount from the stored scans (the recounts retention and hubs use), and
 * each account has exactly one alt-account note for each other account it shares hardware with.
 */

const SCALE = Number(process.env.SCANPIN_FUZZ_SCALE ?? 1);
const ACCOUNTS = Array.from({ length: 4 }, (_, i) => ({ id: `81000000000000000${i}`, username: `Agg${i}` }));
const HWIDS = ['AGG-A', 'AGG-B', 'AGG-C', 'AGG-D'];

const scanStep = fc.record({
  accounts: fc.uniqueArray(fc.integer({ min: 0, max: ACCOUNTS.length - 1 }), { minLength: 0, maxLength: 3 }),
  hwids: fc.uniqueArray(fc.constantFrom(...HWIDS), { minLength: 1, maxLength: 3 }),
  detections: fc.subarray(['Eulen', 'RedEngine', 'Wurst']),
  suspicious: fc.subarray(['odd.dll', 'injector.exe']),
  type: fc.constantFrom('FiveM', 'Java'),
});

/** Every aggregate a finish writes, in a stable order. */
async function aggregates(db: Db) {
  const users = await db
    .selectFrom('scanned_users')
    .select([
      'discord_id',
      'username',
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
    ])
    .orderBy('discord_id')
    .execute();
  const names = async (table: 'user_detections' | 'user_own_detections' | 'user_games') =>
    db
      .selectFrom(`${table} as n`)
      .innerJoin('scanned_users as u', 'u.id', 'n.user_id')
      .select(['u.discord_id', 'n.name'])
      .orderBy('u.discord_id')
      .orderBy('n.name')
      .execute();
  const profiles = await db
    .selectFrom('hwids')
    .select([
      'id',
      'total_scans',
      'cheating_scans',
      'suspicious_scans',
      'total_detections',
      'unique_detections',
      'suspicious_findings',
      'accounts_seen',
    ])
    .orderBy('id')
    .execute();
  const profileNames = await db
    .selectFrom('hwid_detections')
    .select(['hwid_id', 'name'])
    .orderBy('hwid_id')
    .orderBy('name')
    .execute();
  return {
    users,
    detections: await names('user_detections'),
    own: await names('user_own_detections'),
    games: await names('user_games'),
    profiles,
    profileNames,
  };
}

describe.each(backends())('finish aggregates on $name', (backend) => {
  it('equal a recount from the stored scans, with one alt-account note per pair sharing hardware', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(scanStep, { minLength: 1, maxLength: 10 }), async (steps) => {
        let now = Date.UTC(2026, 10, 1);
        const t = await startTestApp(backend, {}, () => now);
        try {
          const owner = await t.createOwner();
          const sc = scanner(t);
          for (const s of steps) {
            now += 60_000;
            const discord = s.accounts.map((i) => ACCOUNTS[i] as (typeof ACCOUNTS)[0]);
            await sc.scan(
              owner.key,
              report({ discord, detections: s.detections, suspicious: s.suspicious }),
              s.hwids,
              s.type,
            );
          }
          const { db } = t.deps.store;
          const maintained = await aggregates(db);
          const privacy = t.deps.repos.privacy;
          for (const { id } of await db.selectFrom('hwids').select('id').execute()) {
            await privacy.recountProfile(id);
          }
          for (const { id } of await db.selectFrom('scanned_users').select('id').execute()) {
            await privacy.recountUser(id);
          }
          expect(maintained).toEqual(await aggregates(db));

          const sharing = await db
            .selectFrom('user_hwids as mine')
            .innerJoin('user_hwids as theirs', 'theirs.hwid_id', 'mine.hwid_id')
            .innerJoin('scanned_users as me', 'me.id', 'mine.user_id')
            .innerJoin('scanned_users as other', 'other.id', 'theirs.user_id')
            .select(['me.discord_id as me', 'other.discord_id as other'])
            .distinct()
            .whereRef('mine.user_id', '!=', 'theirs.user_id')
            .orderBy('me')
            .orderBy('other')
            .execute();
          const notes = await db
            .selectFrom('user_reasons as r')
            .innerJoin('scanned_users as u', 'u.id', 'r.user_id')
            .select(['u.discord_id as me', 'r.reason'])
            .where('r.category', '=', 'alt_account')
            .execute();
          const noted = notes
            .map((n) => ({ me: n.me, other: /\((\d+)\)$/.exec(n.reason)?.[1] }))
            .sort((a, b) => `${a.me} ${a.other}`.localeCompare(`${b.me} ${b.other}`));
          expect(noted).toEqual(sharing);
        } finally {
          await t.close();
        }
      }),
      { numRuns: Math.max(3, Math.round((backend.pg ? 4 : 12) * SCALE)), endOnFailure: true },
    );
  }, 600_000);
});

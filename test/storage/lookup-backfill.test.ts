import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { playerOwnScans } from '../../src/storage/migrations/0007-player-own-scans.js';
import { backends } from '../support/backends.js';
import { report, scanner } from '../support/scan.js';
import { startTestApp } from '../support/test-app.js';

const CHEATER = { id: '100000000000000802', username: 'Cheater' };
const ALT = { id: '100000000000000803', username: 'Alt' };

/**
 * An installation upgraded with scans already on record: the migration that gives the lookup its
 * own-scope counters fills them from the stored reports, to the same answers as counting live.
 */
describe.each(backends().filter((b) => !b.redisUrl))(
  'lookup counters filled on upgrade ($name)',
  (backend) => {
    it('gives the same lookups after the backfill as when counted live', async () => {
      const t = await startTestApp(backend);
      try {
        const owner = await t.createOwner();
        const sc = scanner(t);
        await sc.scan(owner.key, report({ discord: [CHEATER], detections: ['Eulen', 'RedEngine'] }), [
          'HW-B1',
          'HW-B2',
        ]);
        await sc.scan(owner.key, report({ discord: [CHEATER], detections: ['Eulen'] }), ['HW-B1'], 'RedM');
        await sc.scan(owner.key, report({ discord: [ALT] }), ['HW-B2']);
        const lookup = async (app: { inject: typeof t.app.inject }, id: string) =>
          (
            await app.inject({
              method: 'GET',
              url: `/v1/scanned-users/lookup/${id}`,
              headers: { 'x-api-key': owner.key },
            })
          ).json();
        const live = [await lookup(t.app, CHEATER.id), await lookup(t.app, ALT.id)];
        expect(live[0]).toMatchObject({ totalScans: 2, totalDetections: 3, gamesScanned: ['FiveM', 'RedM'] });

        // Back to the schema before the migration, with the games set as it was then (hardware scope).
        const db = t.deps.store.db;
        for (const column of [
          'own_scans',
          'own_cheating_scans',
          'own_suspicious_scans',
          'own_detections',
          'own_first_scan_at',
          'own_last_scan_at',
        ]) {
          await db.schema.alterTable('scanned_users').dropColumn(column).execute();
        }
        await db.schema.dropTable('user_own_detections').execute();
        await sql`insert into user_games (user_id, name) select id, 'Rust' from scanned_users`.execute(db);
        // Run the migration itself on the rewound store (later migrations have already run, so the
        // migrator would refuse to go back), then read through the same server.
        await playerOwnScans().up(db as never);
        expect([await lookup(t.app, CHEATER.id), await lookup(t.app, ALT.id)]).toEqual(live);
      } finally {
        await t.close();
      }
    });
  },
);

import { describe, expect, it, vi } from 'vitest';
import { backends } from '../support/backends.js';
import { asPerson, signIn } from '../support/person.js';
import { report, scanner } from '../support/scan.js';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../support/test-app.js';
import { startSibling } from '../support/with-app.js';

const shared = backends().filter((b) => b.pg);
if (shared.length === 0) {
  console.warn('SKIPPED: moderation across two instances needs PostgreSQL; set SCANPIN_TEST_PG_URL.');
  it.skip('needs PostgreSQL: set SCANPIN_TEST_PG_URL', () => {});
}

/**
 * Each instance keeps players' facts and Enterprises' own records in memory (docs/benchmarks.md,
 * "Player documents"): a ban, warning, lift or note made on one instance, or an operator withdrawing
 * an Enterprise's bans, must reach lookups the other answers from memory at once, not after the ten
 * seconds a kept answer may live unannounced.
 */
describe.each(shared)('moderation across two instances on $name', (backend) => {
  it('what one instance’s staff do shows in the other’s kept lookups and risk scores at once', async () => {
    const t = await startTestApp(backend, { MAX_ACTIVE_PINS: '100' });
    const sibling = await startSibling(t, backend);
    try {
      const a = await t.createOwner('Alpha');
      const b = await t.createOwner('Bravo');
      await vi.waitFor(() => expect(t.deps.pinChanges.listening()).toBe(true), { timeout: 5_000 });
      // Alpha's staff work on the other instance, with the same session.
      const staff = asPerson({ ...t, app: sibling } as TestApp, (await signIn(t, a.accountId)).cookie);
      const unproven = { id: '913968172634000001', username: 'unproven' };
      const proven = { id: '913968172634000002', username: 'proven' };
      await scanner(t).scan(a.key, report({ discord: [unproven] }), ['HW-INST-1'], 'FiveM', {
        proven: false,
      });
      await scanner(t).scan(a.key, report({ discord: [proven] }), ['HW-INST-2']);
      const lookup = async (key: string, id: string) =>
        (await t.api('GET', `/v1/scanned-users/lookup/${id}`, { key })).json<{
          found: boolean;
          isBanned?: boolean;
          isWarned?: boolean;
          reasons?: Array<{ reason: string }>;
        }>();
      const score = async (key: string, id: string) =>
        (await t.api('GET', `/v1/users/${id}/risk-score`, { key })).json<{ riskScore?: number }>();
      // Well inside the ten seconds a kept answer may go unannounced: the notice, not the age, does it.
      const soon = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 3_000, interval: 50 });

      // Read on this instance first, so what it answers is kept.
      expect(await lookup(a.key, unproven.id)).toMatchObject({ found: true, isBanned: false });
      expect(await lookup(b.key, proven.id)).toMatchObject({ found: true, isBanned: false });
      expect((await score(a.key, unproven.id)).riskScore).toBeLessThan(76);

      // A ban only Alpha sees, made on the sibling.
      const own = await staff.call('POST', `/players/${unproven.id}/bans`, {
        kind: 'ban',
        reason: 'Alpha only',
      });
      expect(own.statusCode, own.body).toBe(201);
      await soon(async () => expect(await lookup(a.key, unproven.id)).toMatchObject({ isBanned: true }));
      await soon(async () => expect((await score(a.key, unproven.id)).riskScore).toBeGreaterThanOrEqual(76));
      // A note, made on the sibling.
      expect(
        (await staff.call('POST', `/players/${unproven.id}/notes`, { text: 'Seen twice' })).statusCode,
      ).toBe(201);
      await soon(async () =>
        expect((await lookup(a.key, unproven.id)).reasons).toContainEqual(
          expect.objectContaining({ reason: 'Seen twice' }),
        ),
      );
      // Lifted on the sibling.
      const ownId = own.json<{ id: number }>().id;
      expect((await staff.call('POST', `/bans/${ownId}/lift`)).statusCode).toBe(200);
      await soon(async () => expect(await lookup(a.key, unproven.id)).toMatchObject({ isBanned: false }));

      // A shared warning, made on the sibling: Bravo's kept lookup on this instance shows it.
      const warned = await staff.call('POST', `/players/${proven.id}/bans`, {
        kind: 'warning',
        reason: 'Shared',
      });
      expect(warned.json()).toMatchObject({ reach: 'shared' });
      await soon(async () => expect(await lookup(b.key, proven.id)).toMatchObject({ isWarned: true }));
      // The operator keeps Alpha's reports inside it, through the sibling: withdrawn here too.
      const res = await sibling.inject({
        method: 'PATCH',
        url: `/admin/v1/enterprises/${a.enterpriseId}`,
        headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'application/json' },
        payload: JSON.stringify({ reportsShared: false }),
      });
      expect(res.statusCode, res.body).toBe(200);
      await soon(async () => expect(await lookup(b.key, proven.id)).toMatchObject({ isWarned: false }));
      expect(await lookup(a.key, proven.id)).toMatchObject({ isWarned: true });
    } finally {
      await sibling.close();
      await t.close();
    }
  });
});

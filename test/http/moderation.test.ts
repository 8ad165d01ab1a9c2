import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRetention } from '../../src/application/privacy/retention.js';
import { DAY_MS } from '../../src/domain/time.js';
import { backends } from '../support/backends.js';
import { expectProblem, type FakeClock, fakeClock, ISO_MS } from '../support/http.js';
import { type Person, signIn } from '../support/person.js';
import { report, scanner } from '../support/scan.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

type Role = 'owner' | 'admin' | 'moderator' | 'viewer';
const ROLES: Role[] = ['owner', 'admin', 'moderator', 'viewer'];
const MODERATORS: Role[] = ['owner', 'admin', 'moderator'];

let ids = 0;
/** A Discord account no other test in this app has used. */
function player(username = 'player') {
  return { id: String(513968172634000000n + BigInt(++ids)), username: `${username}${ids}` };
}
type Player = ReturnType<typeof player>;

type Lookup = {
  found: boolean;
  isBanned?: boolean;
  isWarned?: boolean;
  overallStatus?: string;
  bans?: Array<{ status: string; reason: string; isExpired: boolean }>;
  reasons?: Array<{ reason: string; category: string }>;
};
type Risk = { found: boolean; riskScore?: number; isBanned?: boolean };
type Entry = {
  id: number;
  kind: string;
  reason: string;
  reach: string;
  status: string;
  createdAt: string;
  expiresAt: string | null;
  liftedAt: string | null;
  createdBy: string | null;
};

/**
 * Moderation by an Enterprise's staff (docs/roles.md, "Moderation"; docs/dashboard.md): who may ban,
 * warn, lift and note, where each reaches (every community for a proven player of a sharing
 * Enterprise, else only the Enterprise), and a ban shared when the player later proves their account.
 */
describe.each(backends())('moderation on $name', (backend) => {
  let t: TestApp;
  let clock: FakeClock;
  let a: Owner;
  let b: Owner;
  let licensed: string;
  const staff = {} as Record<Role, Person>;
  const accounts = {} as Record<Role, number>;
  let ownerB: Person;

  beforeAll(async () => {
    clock = fakeClock();
    t = await startTestApp(backend, { MAX_ACTIVE_PINS: '100' }, clock);
    a = await t.createOwner('Alpha');
    b = await t.createOwner('Bravo');
    staff.owner = await signIn(t, a.accountId);
    accounts.owner = a.accountId;
    ownerB = await signIn(t, b.accountId);
    for (const role of ['admin', 'moderator', 'viewer'] as const) {
      const id = await t.createAccount(`Alpha ${role}`);
      await t.admin('POST', `/admin/v1/enterprises/${a.enterpriseId}/members`, { accountId: id });
      const set = await staff.owner.call('PUT', `/enterprises/${a.enterpriseId}/members/${id}/role`, {
        role,
      });
      expect(set.statusCode, set.body).toBe(200);
      accounts[role] = id;
      staff[role] = await signIn(t, id);
    }
    const licensee = await t.createAccount('Licensee', { licenceExpiresAt: '2099-01-01T00:00:00.000Z' });
    licensed = await t.issueKey(licensee, ['user:risk-score', 'scanned-users:lookup']);
  });
  afterAll(async () => t.close());

  /** A scan that proved the player's account (a shared profile), by `owner`'s Enterprise. */
  const provenScan = (owner: Owner, p: Player, hwid: string, detections: string[] = []) =>
    scanner(t).scan(owner.key, report({ detections, discord: [p] }), [hwid]);
  /** A scan that only claims the player: it counts inside `owner`'s Enterprise alone. */
  const claimedScan = (owner: Owner, p: Player, hwid: string, detections: string[] = ['Wurst']) =>
    scanner(t).scan(owner.key, report({ detections, discord: [p] }), [hwid], 'FiveM', { proven: false });

  const lookup = async (key: string, p: Player): Promise<Lookup> => {
    const res = await t.api('GET', `/v1/scanned-users/lookup/${p.id}`, { key });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Lookup>();
  };
  const risk = async (key: string, p: Player): Promise<Risk> => {
    const res = await t.api('GET', `/v1/users/${p.id}/risk-score`, { key });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Risk>();
  };
  const ban = (who: Person, p: Player | string, body: Record<string, unknown>, query = '') =>
    who.call('POST', `/players/${typeof p === 'string' ? p : p.id}/bans${query}`, body);
  const note = (who: Person, p: Player | string, text: unknown, query = '') =>
    who.call('POST', `/players/${typeof p === 'string' ? p : p.id}/notes${query}`, { text });
  const moderation = async (who: Person, p: Player, query = '') => {
    const res = await who.get(`/players/${p.id}/moderation${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{
      enterpriseId: number;
      enterpriseName: string;
      mayModerate: boolean;
      known: boolean;
      reach: string;
      reachReason: string | null;
      entries: Entry[];
    }>();
  };
  const created = (res: LightMyRequestResponse): Entry => {
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Entry>();
  };
  const count = async (table: 'moderation_entries' | 'bans' | 'ban_hwids') =>
    Number(
      (
        await t.deps.store.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('who may moderate', () => {
    let target: Player;
    beforeAll(async () => {
      target = player('matrix');
      await provenScan(a, target, 'HW-MATRIX');
    });

    it.each(ROLES)('a %s reads the entries; only staff above viewer may add them', async (role) => {
      const read = await moderation(staff[role], target);
      expect(read).toMatchObject({
        enterpriseId: a.enterpriseId,
        enterpriseName: "Alpha's Enterprise",
        mayModerate: MODERATORS.includes(role),
        known: true,
        reach: 'shared',
        reachReason: null,
      });
      const warned = await ban(staff[role], target, { kind: 'warning', reason: `by the ${role}` });
      const noted = await note(staff[role], target, `noted by the ${role}`);
      if (MODERATORS.includes(role)) {
        expect(created(warned)).toMatchObject({
          kind: 'warning',
          reason: `by the ${role}`,
          reach: 'shared',
          status: 'active',
          createdBy: `Alpha ${role}`.replace('Alpha owner', 'Alpha'),
        });
        expect(created(noted)).toMatchObject({ kind: 'note', reach: 'enterprise', status: 'active' });
      } else {
        expectProblem(warned, 403, 'role_not_allowed');
        expectProblem(noted, 403, 'role_not_allowed');
      }
    });

    it.each(ROLES)('a %s may lift the Enterprise’s ban only as staff above viewer', async (role) => {
      const made = created(
        await ban(staff.owner, target, { kind: 'ban', reason: `for the ${role} to lift` }),
      );
      const res = await staff[role].call('POST', `/bans/${made.id}/lift`);
      if (MODERATORS.includes(role)) {
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json<Entry>()).toMatchObject({
          id: made.id,
          status: 'lifted',
          liftedAt: expect.stringMatching(ISO_MS),
        });
      } else {
        expectProblem(res, 403, 'role_not_allowed');
        expect((await staff.owner.call('POST', `/bans/${made.id}/lift`)).statusCode).toBe(200);
      }
    });

    it('a refused ban, warning, note or lift is in the audit trail, with its code', async () => {
      const made = created(await ban(staff.owner, target, { kind: 'ban', reason: 'for the viewer to try' }));
      const refusals = async (account: number) =>
        (
          await t.admin<{ data: Array<Record<string, unknown>> }>(
            'GET',
            `/admin/v1/audit?outcome=refused&actorAccountId=${account}&limit=200`,
          )
        ).data;
      const before = (await refusals(accounts.viewer)).length;
      expectProblem(await ban(staff.viewer, target, { kind: 'ban', reason: 'no' }), 403, 'role_not_allowed');
      expectProblem(
        await ban(staff.viewer, target, { kind: 'warning', reason: 'no' }),
        403,
        'role_not_allowed',
      );
      expectProblem(await note(staff.viewer, target, 'no'), 403, 'role_not_allowed');
      expectProblem(await staff.viewer.call('POST', `/bans/${made.id}/lift`), 403, 'role_not_allowed');
      const after = await refusals(accounts.viewer);
      const seen = after.slice(0, after.length - before);
      expect(seen.map((e) => [e.action, e.resource, e.code])).toEqual([
        ['ban.lift', { type: 'moderation_entry', id: made.id }, 'role_not_allowed'],
        ['reason.create', { type: 'moderation_entry', id: null }, 'role_not_allowed'],
        ['ban.create', { type: 'moderation_entry', id: null }, 'role_not_allowed'],
        ['ban.create', { type: 'moderation_entry', id: null }, 'role_not_allowed'],
      ]);
      expect(seen[0]).toMatchObject({ actor: { kind: 'session', accountId: accounts.viewer } });
      // Lifting what does not exist, or another community's, is refused and recorded too.
      expectProblem(await staff.owner.call('POST', '/bans/999998/lift'), 404, 'ban_not_found');
      expectProblem(await ownerB.call('POST', `/bans/${made.id}/lift`), 404, 'ban_not_found');
      expect((await refusals(accounts.owner))[0]).toMatchObject({
        action: 'ban.lift',
        resource: { type: 'moderation_entry', id: 999998 },
        code: 'ban_not_found',
      });
      expect((await refusals(b.accountId))[0]).toMatchObject({ action: 'ban.lift', code: 'ban_not_found' });
      // The viewer's refused attempts changed nothing.
      expect((await moderation(staff.owner, target)).entries.find((e) => e.id === made.id)).toMatchObject({
        status: 'active',
      });
      expect((await staff.owner.call('POST', `/bans/${made.id}/lift`)).statusCode).toBe(200);
    });

    it('someone outside the Enterprise is refused as if it did not exist', async () => {
      const stranger = await signIn(t, await t.createAccount('Stranger'));
      expectProblem(await stranger.get(`/players/${target.id}/moderation`), 404, 'enterprise_not_found');
      expectProblem(
        await ban(stranger, target, { kind: 'ban', reason: 'nope' }),
        404,
        'enterprise_not_found',
      );
      expectProblem(
        await ban(ownerB, target, { kind: 'ban', reason: 'nope' }, `?enterpriseId=${a.enterpriseId}`),
        404,
        'enterprise_not_found',
      );
      const [first] = (await moderation(staff.owner, target)).entries;
      expectProblem(await stranger.call('POST', `/bans/${first?.id}/lift`), 404, 'ban_not_found');
    });
  });

  describe('reach', () => {
    it('a proven player’s ban shows in every community’s lookup and risk score, audited', async () => {
      const p = player('proven');
      await provenScan(a, p, 'HW-PROVEN');
      // Read before the ban: what is kept of the player must not outlive it.
      expect((await lookup(b.key, p)).isBanned).toBe(false);
      const made = created(await ban(staff.moderator, p, { kind: 'ban', reason: 'Aimbot in ranked' }));
      expect(made).toMatchObject({ reach: 'shared', status: 'active', expiresAt: null, liftedAt: null });
      for (const key of [b.key, licensed, a.key]) {
        const seen = await lookup(key, p);
        expect(seen).toMatchObject({ isBanned: true, overallStatus: 'banned' });
        expect(seen.bans).toContainEqual(
          expect.objectContaining({ status: 'banned', reason: 'Aimbot in ranked', isExpired: false }),
        );
        const score = await risk(key, p);
        expect(score.isBanned).toBe(true);
        expect(score.riskScore).toBeGreaterThanOrEqual(76);
      }
      const audit = await staff.owner.get(`/enterprises/${a.enterpriseId}/audit?action=ban.create`);
      expect(audit.statusCode, audit.body).toBe(200);
      const entry = audit
        .json<{ data: Array<Record<string, unknown> & { resource: { id: number } }> }>()
        .data.find((e) => e.resource.id === made.id);
      expect(entry).toMatchObject({
        action: 'ban.create',
        outcome: 'succeeded',
        // The entry's id, under a type of its own: the shared `bans` row is numbered apart.
        resource: { type: 'moderation_entry', id: made.id },
        detail: { status: 'banned', reach: 'shared', hardwareCovered: 1 },
      });
      expect(JSON.stringify(entry)).not.toContain(p.id);
      expect(JSON.stringify(entry)).not.toContain('Aimbot');
      expect(JSON.stringify(entry)).toContain(String(accounts.moderator));
      // The shared ban is a ban row that names its Enterprise and the staff account.
      const row = await t.deps.store.db
        .selectFrom('bans')
        .select(['enterprise_id', 'account_id'])
        .where('reason', '=', 'Aimbot in ranked')
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ enterprise_id: a.enterpriseId, account_id: accounts.moderator });
    });

    it('a player known only from the Enterprise’s own reports can be banned: its members see it, no one else', async () => {
      const p = player('unproven');
      await claimedScan(a, p, 'HW-UNPROVEN');
      expect(await lookup(a.key, p)).toMatchObject({
        found: true,
        isBanned: false,
        overallStatus: 'cheating',
      });
      const read = await moderation(staff.owner, p);
      expect(read).toMatchObject({ known: true, reach: 'enterprise', reachReason: 'unproven', entries: [] });
      const made = created(await ban(staff.admin, p, { kind: 'ban', reason: 'Cheating in our server' }));
      expect(made).toMatchObject({ reach: 'enterprise', status: 'active', createdBy: 'Alpha admin' });
      const own = await lookup(a.key, p);
      expect(own).toMatchObject({ found: true, isBanned: true, overallStatus: 'banned' });
      expect(own.bans).toEqual([
        expect.objectContaining({ status: 'banned', reason: 'Cheating in our server', isExpired: false }),
      ]);
      const score = await risk(a.key, p);
      expect(score).toMatchObject({ found: true, isBanned: true });
      expect(score.riskScore).toBeGreaterThanOrEqual(76);
      // The player page of a member (a viewer too) shows it.
      const page = await staff.viewer.get(`/players/${p.id}`);
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json()).toMatchObject({
        lookup: { isBanned: true, overallStatus: 'banned' },
        riskScore: { isBanned: true },
      });
      // Another community, and a licensed reader with no Enterprise, never hear of it.
      for (const key of [b.key, licensed]) {
        expect(await lookup(key, p)).toMatchObject({ found: false });
        expect(await risk(key, p)).toMatchObject({ found: false });
      }
      const audit = await staff.owner.get(`/enterprises/${a.enterpriseId}/audit?action=ban.create`);
      const entry = audit
        .json<{ data: Array<{ resource: { id: number }; detail: unknown }> }>()
        .data.find((e) => e.resource.id === made.id);
      expect(entry?.detail).toEqual({ status: 'banned', reach: 'enterprise', hardwareCovered: 0 });
    });

    it('a warning that reaches only the Enterprise makes its members’ player suspicious, not banned', async () => {
      const p = player('warned');
      await claimedScan(a, p, 'HW-WARNED', []);
      created(await ban(staff.owner, p, { kind: 'warning', reason: 'Toxic in chat' }));
      expect(await lookup(a.key, p)).toMatchObject({
        isBanned: false,
        isWarned: true,
        overallStatus: 'suspicious',
      });
      const score = await risk(a.key, p);
      expect(score.riskScore).toBeGreaterThanOrEqual(15);
      expect(score.riskScore).toBeLessThanOrEqual(50);
    });

    it('refuses a player the Enterprise cannot see, saying what to do, and changes nothing', async () => {
      const p = player('stranger');
      const before = await count('moderation_entries');
      const res = await ban(staff.owner, p, { kind: 'ban', reason: 'who?' });
      expectProblem(res, 404, 'scanned_user_not_found');
      expect(res.json<{ detail: string }>().detail).toMatch(/Scan the player first/);
      expectProblem(await note(staff.owner, p, 'who?'), 404, 'scanned_user_not_found');
      // Another community's own report is not this one's to act on.
      const theirs = player('theirs');
      await claimedScan(b, theirs, 'HW-THEIRS');
      expectProblem(
        await ban(staff.owner, theirs, { kind: 'ban', reason: 'not ours' }),
        404,
        'scanned_user_not_found',
      );
      expect(await moderation(staff.owner, theirs)).toMatchObject({ known: false, entries: [] });
      expect(await count('moderation_entries')).toBe(before);
    });

    it('notes are the Enterprise’s own: its lookups list them, other communities never see them', async () => {
      const p = player('noted');
      await provenScan(a, p, 'HW-NOTED');
      created(await note(staff.moderator, p, '  Asked for a second scan  '));
      const own = await lookup(a.key, p);
      expect(own.reasons).toContainEqual(
        expect.objectContaining({ reason: 'Asked for a second scan', category: 'staff-note' }),
      );
      for (const key of [b.key, licensed]) {
        const theirs = await lookup(key, p);
        expect(theirs.found).toBe(true);
        expect(JSON.stringify(theirs)).not.toContain('second scan');
      }
      const entries = (await moderation(staff.viewer, p)).entries;
      expect(entries).toEqual([
        expect.objectContaining({ kind: 'note', reason: 'Asked for a second scan', reach: 'enterprise' }),
      ]);
      // Notes on a player known only from own reports show too.
      const q = player('noted-own');
      await claimedScan(a, q, 'HW-NOTED-OWN');
      created(await note(staff.owner, q, 'Unproven, watch'));
      expect((await lookup(a.key, q)).reasons).toEqual([
        expect.objectContaining({ reason: 'Unproven, watch', category: 'staff-note' }),
      ]);
    });
  });

  describe('a later proof shares the Enterprise’s bans', () => {
    it('an active ban and warning become shared at the scan that proves the player, covering its hardware', async () => {
      const p = player('later');
      await claimedScan(a, p, 'HW-LATER-1');
      const banned = created(await ban(staff.owner, p, { kind: 'ban', reason: 'Ban before proof' }));
      const lifted = created(await ban(staff.owner, p, { kind: 'warning', reason: 'Lifted before proof' }));
      expect((await staff.owner.call('POST', `/bans/${lifted.id}/lift`)).statusCode).toBe(200);
      const before = await count('bans');
      // Bravo scans the player, who proves their account this time.
      await provenScan(b, p, 'HW-LATER-2');
      expect(await count('bans')).toBe(before + 1);
      const seen = await lookup(b.key, p);
      expect(seen).toMatchObject({ found: true, isBanned: true, overallStatus: 'banned' });
      expect(seen.bans?.map((x) => x.reason)).toEqual(['Ban before proof']);
      expect((await risk(licensed, p)).riskScore).toBeGreaterThanOrEqual(76);
      const entries = (await moderation(staff.owner, p)).entries;
      expect(entries.find((e) => e.id === banned.id)).toMatchObject({ reach: 'shared', status: 'active' });
      expect(entries.find((e) => e.id === lifted.id)).toMatchObject({
        reach: 'enterprise',
        status: 'lifted',
      });
      expect((await moderation(staff.owner, p)).reach).toBe('shared');
      // The sharing is audited for Alpha, by the system (the operator's setting), naming no player.
      const shares = await t.admin<{ data: Array<Record<string, unknown>> }>(
        'GET',
        `/admin/v1/audit?action=ban.share&enterpriseId=${a.enterpriseId}`,
      );
      const share = shares.data.find((e) => (e.resource as { id: number }).id === banned.id);
      expect(share).toMatchObject({
        actor: { kind: 'operator' },
        outcome: 'succeeded',
        resource: { type: 'moderation_entry', id: banned.id },
        enterpriseId: a.enterpriseId,
        detail: { status: 'banned', reach: 'shared', hardwareCovered: 1 },
      });
      expect(JSON.stringify(shares.data)).not.toContain(p.id);
      expect(JSON.stringify(shares.data)).not.toContain('Ban before proof');
      expect(shares.data.filter((e) => (e.resource as { id: number }).id === lifted.id)).toEqual([]);
      // Alpha's own answers show the ban once, not twice.
      expect((await lookup(a.key, p)).bans?.filter((x) => x.reason === 'Ban before proof')).toHaveLength(1);
      // It covers the hardware of that moment: the proving scan's.
      const covered = await t.deps.store.db
        .selectFrom('ban_hwids')
        .innerJoin('moderation_entries', 'moderation_entries.ban_id', 'ban_hwids.ban_id')
        .select('ban_hwids.hwid_id')
        .where('moderation_entries.id', '=', banned.id)
        .execute();
      expect(covered).toHaveLength(1);
      // Lifting it from the player page lifts it everywhere.
      expect((await staff.admin.call('POST', `/bans/${banned.id}/lift`)).statusCode).toBe(200);
      expect(await lookup(b.key, p)).toMatchObject({ isBanned: false });
    });

    it('an Enterprise whose reports an operator keeps inside it keeps its bans inside it too', async () => {
      const c = await t.createOwner('Charlie');
      await t.admin('PATCH', `/admin/v1/enterprises/${c.enterpriseId}`, { reportsShared: false });
      const ownerC = await signIn(t, c.accountId);
      const p = player('kept');
      await provenScan(c, p, 'HW-KEPT-1');
      // Proven, but Charlie's word stays with Charlie.
      expect(await moderation(ownerC, p)).toMatchObject({
        known: true,
        reach: 'enterprise',
        reachReason: 'not-shared',
      });
      created(await ban(ownerC, p, { kind: 'ban', reason: 'Charlie only' }));
      await provenScan(b, p, 'HW-KEPT-2');
      expect(await lookup(b.key, p)).toMatchObject({ found: true, isBanned: false });
      expect(await lookup(c.key, p)).toMatchObject({ isBanned: true });
      // An unproven player of Charlie's: the reason given is the one a proof would not change.
      const q = player('kept-unproven');
      await claimedScan(c, q, 'HW-KEPT-3');
      expect(await moderation(ownerC, q)).toMatchObject({ reach: 'enterprise', reachReason: 'not-shared' });
    });
  });

  describe('lifting', () => {
    it('lifts only the Enterprise’s own, twice harmlessly, audited', async () => {
      const p = player('lift');
      await provenScan(a, p, 'HW-LIFT');
      const made = created(await ban(staff.owner, p, { kind: 'ban', reason: 'To be lifted' }));
      const first = await staff.moderator.call('POST', `/bans/${made.id}/lift`);
      expect(first.statusCode, first.body).toBe(200);
      const again = await staff.moderator.call('POST', `/bans/${made.id}/lift`);
      expect(again.json()).toEqual(first.json());
      const seen = await lookup(b.key, p);
      expect(seen).toMatchObject({ isBanned: false });
      expect(seen.bans).toContainEqual(expect.objectContaining({ status: 'expired', isExpired: true }));
      // Bravo cannot lift Alpha's; nobody lifts an operator's ban or a note here.
      expectProblem(await ownerB.call('POST', `/bans/${made.id}/lift`), 404, 'ban_not_found');
      // An operator's ban on the same player is no entry of Alpha's, and lifting Alpha's leaves it.
      const operators = await t.admin<{ id: number }>('POST', `/admin/v1/scanned-users/${p.id}/bans`, {
        status: 'banned',
        reason: 'Operator ban',
      });
      expect((await moderation(staff.owner, p)).entries.map((e) => e.id)).toEqual([made.id]);
      expect((await staff.owner.call('POST', `/bans/${made.id}/lift`)).statusCode).toBe(200);
      const noted = created(await note(staff.owner, p, 'a note'));
      expectProblem(await staff.owner.call('POST', `/bans/${noted.id}/lift`), 404, 'ban_not_found');
      expectProblem(await staff.owner.call('POST', '/bans/999999/lift'), 404, 'ban_not_found');
      expect((await lookup(b.key, p)).isBanned).toBe(true);
      await t.admin('DELETE', `/admin/v1/bans/${operators.id}`);
      const audit = await staff.owner.get(`/enterprises/${a.enterpriseId}/audit?action=ban.lift`);
      const lifts = audit
        .json<{ data: Array<{ resource: { id: number }; outcome: string }> }>()
        .data.filter((e) => e.resource.id === made.id);
      expect(lifts).toEqual([expect.objectContaining({ outcome: 'succeeded' })]);
    });

    it('an operator lifting a shared staff ban shows it lifted on the player page', async () => {
      const p = player('oplift');
      await provenScan(a, p, 'HW-OPLIFT');
      const made = created(await ban(staff.owner, p, { kind: 'ban', reason: 'Lifted by the operator' }));
      const row = await t.deps.store.db
        .selectFrom('moderation_entries')
        .select('ban_id')
        .where('id', '=', made.id)
        .executeTakeFirstOrThrow();
      await t.admin('DELETE', `/admin/v1/bans/${row.ban_id}`);
      expect((await moderation(staff.owner, p)).entries[0]).toMatchObject({ id: made.id, status: 'lifted' });
    });

    it('a ban with an expiry runs out: expired on the page, no longer banned', async () => {
      const p = player('expiring');
      await claimedScan(a, p, 'HW-EXPIRING');
      const expiresAt = new Date(clock() + 3_600_000).toISOString();
      const made = created(await ban(staff.owner, p, { kind: 'ban', reason: 'One hour', expiresAt }));
      expect(made.expiresAt).toBe(expiresAt);
      expect((await lookup(a.key, p)).isBanned).toBe(true);
      clock.advance(3_600_001);
      expect(await lookup(a.key, p)).toMatchObject({ isBanned: false, overallStatus: 'cheating' });
      expect((await moderation(staff.owner, p)).entries[0]).toMatchObject({ status: 'expired' });
      expect((await lookup(a.key, p)).bans?.[0]).toMatchObject({ status: 'expired', isExpired: true });
    });
  });

  it('a ban on a proven player that only the Enterprise sees runs out: banned until then, not after', async () => {
    const c = await t.createOwner('Keeps inside');
    await t.admin('PATCH', `/admin/v1/enterprises/${c.enterpriseId}`, { reportsShared: false });
    const ownerC = await signIn(t, c.accountId);
    const p = player('proven-expiring');
    // Bravo's proven scan makes the shared profile that Charlie's ban, kept inside, is added to.
    await provenScan(b, p, 'HW-PROVEN-EXPIRING');
    const expiresAt = new Date(clock() + 3_600_000).toISOString();
    const made = created(await ban(ownerC, p, { kind: 'ban', reason: 'An hour, ours', expiresAt }));
    expect(made.reach).toBe('enterprise');
    // Read, and so kept, while it is in force.
    expect(await lookup(c.key, p)).toMatchObject({ found: true, isBanned: true, overallStatus: 'banned' });
    expect((await risk(c.key, p)).riskScore).toBeGreaterThanOrEqual(76);
    expect(await lookup(b.key, p)).toMatchObject({ found: true, isBanned: false });
    clock.advance(3_600_001);
    const after = await lookup(c.key, p);
    expect(after).toMatchObject({ isBanned: false, overallStatus: 'clean' });
    expect(after.bans).toEqual([expect.objectContaining({ reason: 'An hour, ours', isExpired: true })]);
    const score = await risk(c.key, p);
    expect(score).toMatchObject({ isBanned: false });
    expect(score.riskScore).toBeLessThan(76);
  });

  describe('bad input', () => {
    let p: Player;
    beforeAll(async () => {
      p = player('bad');
      await provenScan(a, p, 'HW-BAD');
    });

    it.each([
      ['a reason of spaces only', { kind: 'ban', reason: '   ' }],
      ['an empty reason', { kind: 'ban', reason: '' }],
      ['a reason over 500 characters', { kind: 'ban', reason: 'x'.repeat(501) }],
      ['an unknown kind', { kind: 'kick', reason: 'r' }],
      ['no reason', { kind: 'ban' }],
      ['an expiry that is no time', { kind: 'ban', reason: 'r', expiresAt: 'tomorrow' }],
      ['an unknown field', { kind: 'ban', reason: 'r', hwid: 'x' }],
    ])('a ban with %s is 400 invalid_body and changes nothing', async (_, body) => {
      const before = [await count('moderation_entries'), await count('bans')];
      expectProblem(await ban(staff.owner, p, body), 400, 'invalid_body');
      expect([await count('moderation_entries'), await count('bans')]).toEqual(before);
    });

    it('counts a reason’s characters as the schema does: 500 emoji are a reason, 501 are not', async () => {
      const kept = created(await ban(staff.owner, p, { kind: 'warning', reason: '🎯'.repeat(500) }));
      expect(kept.reason).toBe('🎯'.repeat(500));
      expect((await staff.owner.call('POST', `/bans/${kept.id}/lift`)).statusCode).toBe(200);
      const before = await count('moderation_entries');
      expectProblem(
        await ban(staff.owner, p, { kind: 'ban', reason: '🎯'.repeat(501) }),
        400,
        'invalid_body',
      );
      expect(created(await note(staff.owner, p, '📝'.repeat(2000))).reason).toHaveLength(4000);
      expectProblem(await note(staff.owner, p, '📝'.repeat(2001)), 400, 'invalid_body');
      expect(await count('moderation_entries')).toBe(before + 1);
    });

    it.each([
      ['NUL', 'Aimbot\u0000'],
      ['an escape', '\u001b[31mred'],
      ['DEL', 'x\u007fy'],
      ['a C1 control', 'x\u0085y'],
    ])('a reason or note holding %s is 400 invalid_body and changes nothing', async (_, text) => {
      const before = await count('moderation_entries');
      expectProblem(await ban(staff.owner, p, { kind: 'ban', reason: text }), 400, 'invalid_body');
      expectProblem(await note(staff.owner, p, text), 400, 'invalid_body');
      expect(await count('moderation_entries')).toBe(before);
    });

    it('says the rule a reason broke in words, not as the expression that checks it', async () => {
      const res = await ban(staff.owner, p, { kind: 'ban', reason: '   ' });
      expectProblem(res, 400, 'invalid_body');
      const { detail } = res.json() as { detail: string };
      expect(detail).toMatch(/reason must hold something other than white space/);
      expect(detail).not.toMatch(/pattern|\\u/);
    });

    it('keeps line breaks and tabs: staff write paragraphs', async () => {
      const made = created(await note(staff.owner, p, 'First\r\n\tthen second'));
      expect(made.reason).toBe('First\r\n\tthen second');
    });

    it('an expiry that is not in the future is 400 invalid_expiry and changes nothing', async () => {
      const before = [await count('moderation_entries'), await count('bans')];
      for (const expiresAt of ['2001-01-01T00:00:00.000Z', new Date(clock()).toISOString()]) {
        const res = await ban(staff.owner, p, { kind: 'warning', reason: 'r', expiresAt });
        expectProblem(res, 400, 'invalid_expiry');
        expect(res.json<{ detail: string }>().detail).toMatch(/not in the future/);
      }
      expect([await count('moderation_entries'), await count('bans')]).toEqual(before);
    });

    it('a malformed Discord ID, note or Enterprise is refused and changes nothing', async () => {
      const before = await count('moderation_entries');
      expectProblem(await ban(staff.owner, '12345', { kind: 'ban', reason: 'r' }), 400, 'invalid_discord_id');
      expectProblem(await staff.owner.get('/players/abc/moderation'), 400, 'invalid_discord_id');
      expectProblem(await note(staff.owner, p, '  '), 400, 'invalid_body');
      expectProblem(await note(staff.owner, p, 'x'.repeat(2001)), 400, 'invalid_body');
      expectProblem(await note(staff.owner, p, 42), 400, 'invalid_body');
      expectProblem(
        await ban(staff.owner, p, { kind: 'ban', reason: 'r' }, '?enterpriseId=x'),
        400,
        'invalid_parameter',
      );
      expectProblem(await staff.owner.call('POST', '/bans/abc/lift'), 400, 'invalid_parameter');
      expect(await count('moderation_entries')).toBe(before);
    });
  });

  it('erasing the player removes every Enterprise’s entries on them, shared or not', async () => {
    const p = player('erased');
    await claimedScan(a, p, 'HW-ERASED');
    created(await ban(staff.owner, p, { kind: 'ban', reason: 'Before erasure' }));
    created(await note(staff.owner, p, 'Note before erasure'));
    await provenScan(b, p, 'HW-ERASED-2');
    created(await ban(ownerB, p, { kind: 'warning', reason: 'Bravo warning' }));
    // The export holds every Enterprise's entries on them, without who made them.
    const exported = await t.admin<{ enterpriseEntries: Array<Record<string, unknown>>; bans: unknown[] }>(
      'GET',
      `/admin/v1/scanned-users/${p.id}/export`,
    );
    expect(exported.enterpriseEntries).toEqual([
      expect.objectContaining({
        enterpriseId: a.enterpriseId,
        kind: 'ban',
        reason: 'Before erasure',
        reach: 'shared',
      }),
      expect.objectContaining({ enterpriseId: a.enterpriseId, kind: 'note', reason: 'Note before erasure' }),
      expect.objectContaining({ enterpriseId: b.enterpriseId, kind: 'warning', reach: 'shared' }),
    ]);
    expect(JSON.stringify(exported.enterpriseEntries)).not.toContain('createdBy');
    expect(exported.bans).toHaveLength(2);
    const erased = await t.admin<{ bans: number; reasons: number }>(
      'POST',
      `/admin/v1/scanned-users/${p.id}/erase`,
    );
    expect(erased).toMatchObject({ bans: 2, reasons: 1 });
    const left = await t.deps.store.db
      .selectFrom('moderation_entries')
      .select('id')
      .where('discord_id', '=', p.id)
      .execute();
    expect(left).toEqual([]);
    expect(await lookup(a.key, p)).toMatchObject({ found: false });
    // Only entries left (the reports went by retention): still erased.
    const q = player('entries-only');
    await claimedScan(a, q, 'HW-ENTRIES-ONLY');
    created(await note(staff.owner, q, 'Only this is left'));
    await t.deps.store.db.deleteFrom('scan_accounts').where('discord_id', '=', q.id).execute();
    const alone = await t.admin<{ enterpriseEntries: unknown[] }>(
      'GET',
      `/admin/v1/scanned-users/${q.id}/export`,
    );
    expect(alone.enterpriseEntries).toHaveLength(1);
    await t.admin('POST', `/admin/v1/scanned-users/${q.id}/erase`);
    expect(
      await t.deps.store.db
        .selectFrom('moderation_entries')
        .select('id')
        .where('discord_id', '=', q.id)
        .execute(),
    ).toEqual([]);
  });
});

/**
 * The third reason a ban stays the Enterprise's own (docs/roles.md, "Moderation"): a proven player
 * with no hardware left. It happens when the one hardware ID a kept profile had turns out to be
 * shared by many machines after retention removed the scan that linked it, so no scan of the player
 * is left to link a machine of their own. An app of its own: it lowers the hub threshold and moves
 * the clock a year on.
 */
describe.each(backends())('moderation of a player with no hardware left on $name', (backend) => {
  let t: TestApp;
  let clock: FakeClock;
  let a: Owner;
  let b: Owner;

  beforeAll(async () => {
    clock = fakeClock();
    t = await startTestApp(backend, { MAX_ACTIVE_PINS: '100', HWID_HUB_THRESHOLD: '3' }, clock);
    a = await t.createOwner('Alpha');
    b = await t.createOwner('Bravo');
  });
  afterAll(async () => t.close());

  const provenScan = (owner: Owner, p: { id: string; username: string }, hwid: string) =>
    scanner(t).scan(owner.key, report({ discord: [p] }), [hwid]);

  it('says why a new ban stays the Enterprise’s own, and shares it once a proven scan links hardware', async () => {
    const p = { id: '513968172635000001', username: 'hubbed' };
    await provenScan(a, p, 'HW-SHARED-SERIAL');
    let owner = await signIn(t, a.accountId);
    // A shared ban keeps the profile through retention.
    const first = await owner.call('POST', `/players/${p.id}/bans`, { kind: 'ban', reason: 'First ban' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ reach: 'shared' });
    clock.advance(366 * DAY_MS);
    expect((await applyRetention(t.deps)).pinsRemoved).toBe(1);
    // Three more players on the same serial: it links nobody from now on.
    for (let i = 2; i <= 4; i++)
      await provenScan(b, { id: `51396817263500000${i}`, username: `other${i}` }, 'HW-SHARED-SERIAL');
    owner = await signIn(t, a.accountId);
    const read = await owner.get(`/players/${p.id}/moderation`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ known: true, reach: 'enterprise', reachReason: 'no-hardware' });
    const made = await owner.call('POST', `/players/${p.id}/bans`, { kind: 'warning', reason: 'Second' });
    expect(made.statusCode, made.body).toBe(201);
    const warning = made.json<{ id: number; reach: string }>();
    expect(warning.reach).toBe('enterprise');
    // A scan the player proves links a machine of theirs: the warning is shared then, as promised.
    await provenScan(b, p, 'HW-OWN-MACHINE');
    const after = await owner.get(`/players/${p.id}/moderation`);
    expect(after.json()).toMatchObject({ reach: 'shared', reachReason: null });
    expect(after.json<{ entries: Array<{ id: number; reach: string }> }>().entries).toContainEqual(
      expect.objectContaining({ id: warning.id, reach: 'shared' }),
    );
    const seen = await t.api('GET', `/v1/scanned-users/lookup/${p.id}`, { key: b.key });
    expect(seen.json()).toMatchObject({ isWarned: true });
  });
});

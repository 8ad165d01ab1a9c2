import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { expectProblem } from '../support/http.js';
import { type Person, signIn } from '../support/person.js';
import { report, scanner } from '../support/scan.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

let ids = 0;
function player(username = 'withdrawn') {
  return { id: String(613968172634000000n + BigInt(++ids)), username: `${username}${ids}` };
}
type Player = ReturnType<typeof player>;
type Lookup = {
  found: boolean;
  isBanned?: boolean;
  isWarned?: boolean;
  overallStatus?: string;
  bans?: Array<{ status: string; reason: string; isExpired: boolean }>;
};
type Entry = { id: number; kind: string; reach: string; status: string };

/**
 * What an operator's trust decisions do to an Enterprise's bans (docs/roles.md, "Moderation"):
 * deactivating it, or keeping its reports inside it, withdraws its shared bans and warnings from every
 * community at once, and a deactivated Enterprise's bans are shared by no proof.
 */
describe.each(backends())('an operator withdrawing an Enterprise’s bans on $name', (backend) => {
  let t: TestApp;
  let others: Owner;

  beforeAll(async () => {
    t = await startTestApp(backend, { MAX_ACTIVE_PINS: '100' });
    others = await t.createOwner('Others');
  });
  afterAll(async () => t.close());

  const provenScan = (owner: Owner, p: Player, hwid: string) =>
    scanner(t).scan(owner.key, report({ discord: [p] }), [hwid]);
  const claimedScan = (owner: Owner, p: Player, hwid: string) =>
    scanner(t).scan(owner.key, report({ detections: ['Wurst'], discord: [p] }), [hwid], 'FiveM', {
      proven: false,
    });
  const lookup = async (key: string, p: Player): Promise<Lookup> => {
    const res = await t.api('GET', `/v1/scanned-users/lookup/${p.id}`, { key });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Lookup>();
  };
  const risk = async (key: string, p: Player) => {
    const res = await t.api('GET', `/v1/users/${p.id}/risk-score`, { key });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ found: boolean; riskScore?: number; isBanned?: boolean }>();
  };
  const sanction = async (who: Person, p: Player, kind: 'ban' | 'warning', reason: string) => {
    const res = await who.call('POST', `/players/${p.id}/bans`, { kind, reason });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Entry>();
  };
  const entries = async (who: Person, p: Player) => {
    const res = await who.get(`/players/${p.id}/moderation`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ entries: Entry[] }>().entries;
  };
  const patch = (owner: Owner, body: Record<string, unknown>) =>
    t.admin('PATCH', `/admin/v1/enterprises/${owner.enterpriseId}`, body);
  const bansRows = async () => (await t.deps.store.db.selectFrom('bans').select('id').execute()).length;
  const updates = async (owner: Owner) =>
    (
      await t.admin<{ data: Array<{ detail: Record<string, unknown> }> }>(
        'GET',
        `/admin/v1/audit?action=enterprise.update&enterpriseId=${owner.enterpriseId}`,
      )
    ).data;

  it('keeping its reports inside it withdraws its shared bans and warnings; its own readers still see them, once', async () => {
    const d = await t.createOwner('Delta');
    const staff = await signIn(t, d.accountId);
    const p = player();
    const q = player();
    await provenScan(d, p, 'HW-W-1');
    await provenScan(d, q, 'HW-W-2');
    const banned = await sanction(staff, p, 'ban', 'Aimbot, Delta says');
    const warned = await sanction(staff, q, 'warning', 'Toxic, Delta says');
    expect([banned.reach, warned.reach]).toEqual(['shared', 'shared']);
    // Read, so every answer about them is kept, before the operator acts.
    expect(await lookup(others.key, p)).toMatchObject({ isBanned: true, overallStatus: 'banned' });
    expect(await lookup(others.key, q)).toMatchObject({ isWarned: true });
    expect((await risk(others.key, p)).riskScore).toBeGreaterThanOrEqual(76);

    await patch(d, { reportsShared: false });

    // Every other community: lifted (shown as expired), at once.
    const theirs = await lookup(others.key, p);
    expect(theirs).toMatchObject({ isBanned: false, overallStatus: 'clean' });
    expect(theirs.bans).toEqual([expect.objectContaining({ reason: 'Aimbot, Delta says', isExpired: true })]);
    expect(await lookup(others.key, q)).toMatchObject({ isWarned: false });
    expect(await risk(others.key, p)).toMatchObject({ isBanned: false });
    // Delta's own readers: still in force, listed once, and the entries reach Delta alone now.
    const own = await lookup(d.key, p);
    expect(own).toMatchObject({ isBanned: true, overallStatus: 'banned' });
    expect(own.bans).toEqual([expect.objectContaining({ reason: 'Aimbot, Delta says', isExpired: false })]);
    expect((await risk(d.key, p)).riskScore).toBeGreaterThanOrEqual(76);
    expect(await lookup(d.key, q)).toMatchObject({ isWarned: true });
    expect((await entries(staff, p))[0]).toMatchObject({
      id: banned.id,
      reach: 'enterprise',
      status: 'active',
    });
    // Audited with the operator's change.
    expect((await updates(d))[0]?.detail).toMatchObject({ reportsShared: false, sanctionsWithdrawn: 2 });

    // Sharing again shares nothing by itself: as for any ban of Delta's own, the player's next proof does.
    const rows = await bansRows();
    await patch(d, { reportsShared: true });
    expect((await updates(d))[0]?.detail).not.toHaveProperty('sanctionsWithdrawn');
    expect(await lookup(others.key, p)).toMatchObject({ isBanned: false });
    await provenScan(others, p, 'HW-W-1');
    // Through its own row again: every community sees one ban, in force.
    expect(await bansRows()).toBe(rows);
    expect(await lookup(others.key, p)).toMatchObject({ isBanned: true });
    expect((await entries(staff, p))[0]).toMatchObject({ id: banned.id, reach: 'shared', status: 'active' });
    // Delta still lists it once: the withdrawn row is not shown beside the shared one.
    expect((await lookup(d.key, p)).bans?.filter((x) => !x.isExpired)).toHaveLength(1);
    expect((await lookup(d.key, p)).bans).toHaveLength(1);
    // Lifting it now lifts the new row for everyone.
    expect((await staff.call('POST', `/bans/${banned.id}/lift`)).statusCode).toBe(200);
    expect(await lookup(others.key, p)).toMatchObject({ isBanned: false });
    expect(await lookup(d.key, p)).toMatchObject({ isBanned: false });
  });

  it('deactivating it withdraws them; a proof shares no ban of a deactivated Enterprise; active again, the next proof does', async () => {
    const e = await t.createOwner('Echo');
    const staff = await signIn(t, e.accountId);
    const shared = player();
    const unproven = player();
    await provenScan(e, shared, 'HW-D-1');
    await claimedScan(e, unproven, 'HW-D-2');
    expect((await sanction(staff, shared, 'ban', 'Echo shared')).reach).toBe('shared');
    expect((await sanction(staff, unproven, 'ban', 'Echo only')).reach).toBe('enterprise');
    expect(await lookup(others.key, shared)).toMatchObject({ isBanned: true });

    await patch(e, { active: false });

    expect(await lookup(others.key, shared)).toMatchObject({ isBanned: false });
    expect((await updates(e))[0]?.detail).toMatchObject({ active: false, sanctionsWithdrawn: 1 });
    // Its staff can no longer act, and nothing of theirs shows anywhere.
    expectProblem(await staff.get(`/players/${shared.id}/moderation`), 404, 'enterprise_not_found');
    // A proof of either player now shares nothing of Echo's.
    const rows = await bansRows();
    await provenScan(others, shared, 'HW-D-1');
    await provenScan(others, unproven, 'HW-D-3');
    expect(await bansRows()).toBe(rows);
    expect(await lookup(others.key, shared)).toMatchObject({ isBanned: false });
    expect(await lookup(others.key, unproven)).toMatchObject({ found: true, isBanned: false });
    expect((await risk(others.key, unproven)).riskScore).toBeLessThan(76);
    // Active again: still Echo's own until the next proof.
    await patch(e, { active: true });
    expect(await lookup(others.key, unproven)).toMatchObject({ isBanned: false });
    expect(await lookup(e.key, unproven)).toMatchObject({ isBanned: true });
    await provenScan(others, unproven, 'HW-D-3');
    expect(await bansRows()).toBe(rows + 1);
    expect(await lookup(others.key, unproven)).toMatchObject({ isBanned: true });
    expect(await lookup(others.key, shared)).toMatchObject({ isBanned: false });
    // The withdrawn ban is shared again through its own row, listed once.
    await provenScan(others, shared, 'HW-D-1');
    expect(await bansRows()).toBe(rows + 1);
    const again = await lookup(others.key, shared);
    expect(again).toMatchObject({ isBanned: true });
    expect(again.bans).toEqual([expect.objectContaining({ reason: 'Echo shared', isExpired: false })]);
  });

  it('renaming an Enterprise, or changing nothing, withdraws nothing', async () => {
    const f = await t.createOwner('Foxtrot');
    const staff = await signIn(t, f.accountId);
    const p = player();
    await provenScan(f, p, 'HW-R-1');
    await sanction(staff, p, 'ban', 'Foxtrot ban');
    await patch(f, { name: 'Foxtrot renamed' });
    await patch(f, { active: true, reportsShared: true });
    expect(await lookup(others.key, p)).toMatchObject({ isBanned: true });
    expect((await updates(f))[0]?.detail).not.toHaveProperty('sanctionsWithdrawn');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRetention } from '../../src/application/privacy/retention.js';
import { DAY_MS } from '../../src/domain/time.js';
import { backends } from '../support/backends.js';
import { type FakeClock, fakeClock } from '../support/http.js';
import { type Person, signIn } from '../support/person.js';
import { report, scanner } from '../support/scan.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

let ids = 0;
function player(username = 'answered') {
  return { id: String(713968172634000000n + BigInt(++ids)), username: `${username}${ids}` };
}
type Player = ReturnType<typeof player>;
type Lookup = {
  found: boolean;
  username?: string;
  isBanned?: boolean;
  isWarned?: boolean;
  overallStatus?: string;
  bans?: Array<{ status: string; reason: string; isExpired: boolean }>;
  reasons?: Array<{ reason: string; category: string }>;
  relatedAccounts?: Array<{ discordId: string; overallStatus: string }>;
};
type Risk = { found: boolean; riskScore?: number; riskLevel?: string; isBanned?: boolean };

/**
 * What the readers through an Enterprise are told of its bans, warnings and notes when nothing else
 * of the player is left to them, and on the accounts a lookup lists as related (docs/roles.md,
 * "Moderation"; docs/risk-score.md; docs/privacy.md, "Retention").
 */
describe.each(backends())('an Enterprise’s bans in its readers’ answers on $name', (backend) => {
  let t: TestApp;
  let clock: FakeClock;
  let a: Owner;
  let b: Owner;
  let staffA: Person;

  beforeAll(async () => {
    clock = fakeClock();
    t = await startTestApp(backend, { MAX_ACTIVE_PINS: '100' }, clock);
    a = await t.createOwner('Alpha');
    b = await t.createOwner('Bravo');
    staffA = await signIn(t, a.accountId);
  });
  afterAll(async () => t.close());

  const provenScan = (owner: Owner, p: Player, hwid: string) =>
    scanner(t).scan(owner.key, report({ discord: [p] }), [hwid]);
  const claimedScan = (owner: Owner, p: Player, hwid: string, detections: string[] = []) =>
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
  const post = async (who: Person, path: string, body: Record<string, unknown>) => {
    const res = await who.call('POST', path, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>();
  };

  it('an unproven player’s ban, warning or note outlives the reports that named them', async () => {
    const banned = player('banned');
    const warned = player('warned');
    const noted = player('noted');
    const expiring = player('expiring');
    const lifted = player('lifted');
    for (const [i, p] of [banned, warned, noted, expiring, lifted].entries())
      await claimedScan(a, p, `HW-RETAINED-${i}`);
    await post(staffA, `/players/${banned.id}/bans`, { kind: 'ban', reason: 'Kept ban' });
    await post(staffA, `/players/${warned.id}/bans`, { kind: 'warning', reason: 'Kept warning' });
    await post(staffA, `/players/${noted.id}/notes`, { text: 'Kept note' });
    await post(staffA, `/players/${expiring.id}/bans`, {
      kind: 'ban',
      reason: 'Two years',
      expiresAt: new Date(clock() + 2 * 365 * DAY_MS).toISOString(),
    });
    const liftedBan = await post(staffA, `/players/${lifted.id}/bans`, { kind: 'ban', reason: 'Lifted' });
    expect((await staffA.call('POST', `/bans/${liftedBan.id}/lift`)).statusCode).toBe(200);
    // Read, and so kept, while the reports are there.
    expect(await lookup(a.key, banned)).toMatchObject({ found: true, isBanned: true });

    clock.advance(366 * DAY_MS);
    expect((await applyRetention(t.deps)).pinsRemoved).toBeGreaterThanOrEqual(5);

    // The ban: still banned for Alpha's readers, at least 76, named by the Discord ID it is kept under.
    const ban = await lookup(a.key, banned);
    expect(ban).toMatchObject({
      found: true,
      username: banned.id,
      isBanned: true,
      overallStatus: 'banned',
      bans: [expect.objectContaining({ reason: 'Kept ban', isExpired: false })],
    });
    const banScore = await risk(a.key, banned);
    expect(banScore).toMatchObject({ found: true, isBanned: true });
    expect(banScore.riskScore).toBeGreaterThanOrEqual(76);
    // Only a warning: suspicious, with the score a warning gives.
    expect(await lookup(a.key, warned)).toMatchObject({
      found: true,
      isWarned: true,
      overallStatus: 'suspicious',
    });
    const warnScore = await risk(a.key, warned);
    expect(warnScore).toMatchObject({ found: true, isBanned: false });
    expect(warnScore.riskScore).toBeGreaterThanOrEqual(15);
    expect(warnScore.riskScore).toBeLessThanOrEqual(50);
    // Only a note: the note, and a clean score.
    expect(await lookup(a.key, noted)).toMatchObject({
      found: true,
      overallStatus: 'clean',
      reasons: [expect.objectContaining({ reason: 'Kept note', category: 'staff-note' })],
    });
    expect(await risk(a.key, noted)).toMatchObject({ found: true, riskScore: 0 });
    // A ban lifted before: nothing left to tell.
    expect(await lookup(a.key, lifted)).toMatchObject({ found: false, discordId: lifted.id });
    expect(await risk(a.key, lifted)).toMatchObject({ found: false, discordId: lifted.id });
    // Nobody else hears of any of them.
    for (const p of [banned, warned, noted]) {
      expect(await lookup(b.key, p)).toMatchObject({ found: false });
      expect(await risk(b.key, p)).toMatchObject({ found: false });
    }
    // A ban with an expiry: found until it runs out, not after.
    expect(await lookup(a.key, expiring)).toMatchObject({ found: true, isBanned: true });
    clock.advance(365 * DAY_MS);
    expect(await lookup(a.key, expiring)).toMatchObject({ found: false, discordId: expiring.id });
    expect(await risk(a.key, expiring)).toMatchObject({ found: false, discordId: expiring.id });
  });

  it('a player known only from the Enterprise’s own entries after retention can still be moderated', async () => {
    type Panel = {
      known: boolean;
      reach: string;
      entries: Array<{ id: number; kind: string; status: string }>;
    };
    const panel = async (who: Person, p: Player): Promise<Panel> => {
      const res = await who.get(`/players/${p.id}/moderation`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Panel>();
    };
    // Signed in here: an earlier test's clock is past the first session.
    const staff = await signIn(t, a.accountId);
    const banned = player('keptbanned');
    const lifted = player('keptlifted');
    await claimedScan(a, banned, 'HW-KNOWN-0');
    await claimedScan(a, lifted, 'HW-KNOWN-1');
    await post(staff, `/players/${banned.id}/bans`, { kind: 'ban', reason: 'Still in force' });
    const liftedBan = await post(staff, `/players/${lifted.id}/bans`, { kind: 'ban', reason: 'Lifted' });
    expect((await staff.call('POST', `/bans/${liftedBan.id}/lift`)).statusCode).toBe(200);

    clock.advance(366 * DAY_MS);
    expect((await applyRetention(t.deps)).pinsRemoved).toBeGreaterThanOrEqual(2);
    // Signed in again: a year is past every session.
    const alpha = await signIn(t, a.accountId);
    const staffB = await signIn(t, b.accountId);

    // No report of either is left: their entries alone make Alpha know them.
    expect(await panel(alpha, banned)).toMatchObject({ known: true, reach: 'enterprise' });
    expect(await panel(alpha, lifted)).toMatchObject({ known: true, reach: 'enterprise' });
    // A warning and a note follow the ban in force; the panel lists all three.
    await post(alpha, `/players/${banned.id}/bans`, { kind: 'warning', reason: 'And a warning' });
    await post(alpha, `/players/${banned.id}/notes`, { text: 'Seen again on another server' });
    expect((await panel(alpha, banned)).entries.map((e) => [e.kind, e.status])).toEqual([
      ['note', 'active'],
      ['warning', 'active'],
      ['ban', 'active'],
    ]);
    expect(await lookup(a.key, banned)).toMatchObject({
      found: true,
      isBanned: true,
      isWarned: true,
      reasons: [expect.objectContaining({ reason: 'Seen again on another server', category: 'staff-note' })],
    });
    // Only a lifted ban was left, and the lookup had nothing to tell: banned again, it tells it.
    expect(await lookup(a.key, lifted)).toMatchObject({ found: false });
    await post(alpha, `/players/${lifted.id}/bans`, { kind: 'ban', reason: 'Back at it' });
    expect(await lookup(a.key, lifted)).toMatchObject({ found: true, isBanned: true });

    // Bravo never scanned nor moderated them: it still cannot see them, nor add anything.
    expect(await panel(staffB, banned)).toMatchObject({ known: false, entries: [] });
    const refused = await staffB.call('POST', `/players/${banned.id}/bans`, { kind: 'ban', reason: 'No' });
    expect(refused.statusCode, refused.body).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'scanned_user_not_found' });
    const noNote = await staffB.call('POST', `/players/${banned.id}/notes`, { text: 'No' });
    expect(noNote.statusCode, noNote.body).toBe(404);
    expect(noNote.json()).toMatchObject({ code: 'scanned_user_not_found' });
    expect(await lookup(b.key, banned)).toMatchObject({ found: false });
  });

  it('a related account shows the status of the reader’s own ban on it, as its own lookup does', async () => {
    // Charlie's reports, and so its bans, stay inside it.
    const c = await t.createOwner('Charlie');
    await t.admin('PATCH', `/admin/v1/enterprises/${c.enterpriseId}`, { reportsShared: false });
    const staffC = await signIn(t, c.accountId);
    const main = player('main');
    const alt = player('alt');
    const other = player('other');
    // Two proven accounts on one machine, scanned by Bravo: related for everyone.
    await provenScan(b, main, 'HW-RELATED-SHARED');
    await provenScan(b, alt, 'HW-RELATED-SHARED');
    await provenScan(b, other, 'HW-RELATED-SHARED');
    const before = await lookup(c.key, main);
    expect(before.relatedAccounts?.find((r) => r.discordId === alt.id)).toMatchObject({
      overallStatus: 'clean',
    });

    await post(staffC, `/players/${alt.id}/bans`, { kind: 'ban', reason: 'Charlie bans the alt' });
    await post(staffC, `/players/${other.id}/bans`, { kind: 'warning', reason: 'Charlie warns' });

    expect(await lookup(c.key, alt)).toMatchObject({ isBanned: true, overallStatus: 'banned' });
    const related = (await lookup(c.key, main)).relatedAccounts ?? [];
    expect(related.find((r) => r.discordId === alt.id)).toMatchObject({ overallStatus: 'banned' });
    expect(related.find((r) => r.discordId === other.id)).toMatchObject({ overallStatus: 'suspicious' });
    // The main account itself is not banned by its alt's ban that only Charlie sees.
    expect(await lookup(c.key, main)).toMatchObject({ isBanned: false });
    // Other communities see the accounts as they were.
    const theirs = (await lookup(b.key, main)).relatedAccounts ?? [];
    expect(theirs.find((r) => r.discordId === alt.id)).toMatchObject({ overallStatus: 'clean' });
    expect(theirs.find((r) => r.discordId === other.id)).toMatchObject({ overallStatus: 'clean' });
    // Lifted: clean again under the main account at once.
    const entries = await staffC.get(`/players/${alt.id}/moderation`);
    const [entry] = entries.json<{ entries: Array<{ id: number }> }>().entries;
    expect((await staffC.call('POST', `/bans/${entry?.id}/lift`)).statusCode).toBe(200);
    const after = (await lookup(c.key, main)).relatedAccounts ?? [];
    expect(after.find((r) => r.discordId === alt.id)).toMatchObject({ overallStatus: 'clean' });
  });
});

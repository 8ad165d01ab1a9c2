import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertHubsOverThreshold } from '../../src/application/players/hardware-hubs.js';
import { backends } from '../support/backends.js';
import { type Report, report, scanner } from '../support/scan.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

/*
 * Hardware IDs that many machines share (docs/risk-score.md, "Placeholders and hubs"). A junk serial
 * nobody listed links accounts until more than HWID_HUB_THRESHOLD of them were seen with it; from then
 * on it links nobody, and the store answers exactly as if it had been a known placeholder all along:
 * the same scans are replayed in a second store with the junk value replaced by `Default string`, and
 * every risk score and lookup must agree.
 */

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 9, 1);
const THRESHOLD = 3;
const JUNK = 'JUNK-SERIAL-7';

const A = Array.from({ length: 7 }, (_, i) => ({
  id: `50000000000000000${i + 1}`,
  username: `Player${i + 1}`,
}));
const [A1, A2, A3, A4, A5, A6, A7] = A as [
  (typeof A)[0],
  (typeof A)[0],
  (typeof A)[0],
  (typeof A)[0],
  (typeof A)[0],
  (typeof A)[0],
  (typeof A)[0],
];

interface Step {
  report: Report;
  /** `J` stands for the shared value, replaced per world. */
  hwids: string[];
}

const BEFORE_HUB: Step[] = [
  { report: report({ discord: [A1], detections: ['Eulen'] }), hwids: ['J'] },
  { report: report({ discord: [A2] }), hwids: ['J', 'M-2'] },
];
const BAN_THEN: Step[] = [{ report: report({ discord: [A3] }), hwids: ['J'] }];
/** The fourth account: the value becomes a hub. */
const CROSSING: Step[] = [
  { report: report({ discord: [A4], suspicious: ['Unsigned driver'] }), hwids: ['J', 'M-4'] },
];
const AFTER_HUB: Step[] = [
  { report: report({ discord: [A5], detections: ['RedEngine'] }), hwids: ['J'] },
  { report: report({ discord: [A2] }), hwids: ['J', 'M-2'] },
  // A6 proves the account; A7 is only claimed (docs/risk-score.md, "Whose scan it is").
  { report: report({ discord: [A6, A7] }), hwids: ['J'] },
];

describe.each(backends())('hardware hubs on $name', (backend) => {
  /** World J: the junk value as it is. World P: the same scans with a known placeholder instead. */
  const worlds: Record<'J' | 'P', { t: TestApp; owner: Owner; now: number }> = {} as never;

  async function play(world: 'J' | 'P', steps: Step[]): Promise<void> {
    const w = worlds[world];
    const sc = scanner(w.t);
    for (const step of steps) {
      w.now += HOUR;
      const hwids = step.hwids.map((h) => (h === 'J' ? (world === 'J' ? JUNK : 'Default string') : h));
      await sc.scan(w.owner.key, step.report, hwids);
    }
  }
  const both = async (steps: Step[]) => {
    await play('J', steps);
    await play('P', steps);
  };
  const get = (world: 'J' | 'P', path: string) =>
    worlds[world].t.api('GET', path, { key: worlds[world].owner.key }).then((r) => {
      expect(r.statusCode).toBe(200);
      return r.json();
    });
  const lookup = (world: 'J' | 'P', id: string) => get(world, `/v1/scanned-users/lookup/${id}`);
  const risk = (world: 'J' | 'P', id: string) => get(world, `/v1/users/${id}/risk-score`);
  const hubs = async (world: 'J' | 'P', query = '') =>
    worlds[world].t.admin<{ data: Array<Record<string, unknown>>; total: number }>(
      'GET',
      `/admin/v1/hwid-hubs${query}`,
    );

  beforeAll(async () => {
    for (const world of ['J', 'P'] as const) {
      const w = { now: T0 } as { t: TestApp; owner: Owner; now: number };
      w.t = await startTestApp(backend, { HWID_HUB_THRESHOLD: String(THRESHOLD) }, () => w.now);
      w.owner = await w.t.createOwner();
      worlds[world] = w;
    }
  });
  afterAll(async () => {
    await worlds.J?.t.close();
    await worlds.P?.t.close();
  });

  it('links accounts through a shared ID while it is seen with at most the threshold', async () => {
    await both(BEFORE_HUB);
    for (const world of ['J', 'P'] as const) {
      worlds[world].now += HOUR;
      await worlds[world].t.admin('POST', `/admin/v1/scanned-users/${A1.id}/bans`, {
        status: 'banned',
        reason: 'Cheating',
      });
    }
    await both(BAN_THEN);
    const l = await lookup('J', A2.id);
    expect(l.relatedAccounts.map((r: { discordId: string }) => r.discordId).sort()).toEqual([A1.id, A3.id]);
    expect(l).toMatchObject({ isBanned: true, overallStatus: 'banned' });
    expect((await risk('J', A3.id)).riskLevel).toBe('critical');
    expect(await hubs('J')).toEqual({ data: [], total: 0 });
  });

  it('stops linking past the threshold and takes back the links, notes and risk it gave', async () => {
    await both(CROSSING);
    for (const who of [A2, A3, A4]) {
      const l = await lookup('J', who.id);
      expect(l).toMatchObject({ totalRelatedAccounts: 0, relatedAccounts: [], isBanned: false, reasons: [] });
      expect(l.overallStatus).not.toBe('banned');
    }
    expect(await risk('J', A3.id)).toMatchObject({ riskScore: 0, isBanned: false, linkedProfiles: 1 });
    expect((await risk('J', A2.id)).stats.totalScans).toBe(1);
    // The cheater keeps their own record and their ban, on a profile of their own.
    expect(await risk('J', A1.id)).toMatchObject({
      isBanned: true,
      riskLevel: 'critical',
      linkedProfiles: 1,
    });
    expect(await lookup('J', A1.id)).toMatchObject({ isBanned: true, totalScans: 1, detections: ['Eulen'] });
    const listed = await hubs('J');
    expect(listed.total).toBe(1);
    expect(listed.data).toEqual([
      {
        id: expect.any(Number),
        accounts: 4,
        scans: 4,
        firstSeenAt: new Date(T0 + HOUR).toISOString(),
        hubSince: new Date(worlds.J.now).toISOString(),
      },
    ]);
    expect(JSON.stringify(listed)).not.toMatch(/JUNK|[0-9a-f]{64}/);
    // An export still tells the person which shared value they were seen with, by its number.
    const exported = await worlds.J.t.admin<{
      hardwareProfiles: Array<{ id: number }>;
      sharedHardware: Array<{ id: number }>;
    }>('GET', `/admin/v1/scanned-users/${A2.id}/export`);
    expect(exported.sharedHardware).toEqual([
      {
        id: listed.data[0]?.id,
        seenAt: new Date(T0 + 2 * HOUR).toISOString(),
        hubSince: listed.data[0]?.hubSince,
      },
    ]);
    expect(exported.hardwareProfiles.map((h) => h.id)).not.toContain(listed.data[0]?.id);
  });

  it('a scan whose every ID is a hub still counts for the account it is tied to, and links no other', async () => {
    await both(AFTER_HUB);
    expect(await risk('J', A5.id)).toMatchObject({ riskLevel: expect.stringMatching(/high|critical/) });
    expect((await risk('J', A5.id)).riskScore).toBeGreaterThanOrEqual(51);
    // A scan is tied to one account at most, so the other account it names is no one's alt: it
    // counts only inside the Enterprise that ran the scan (docs/risk-score.md, "Whose scan it is").
    const six = await lookup('J', A6.id);
    expect(six).toMatchObject({ totalScans: 1, totalRelatedAccounts: 0 });
    expect(await risk('J', A6.id)).toMatchObject({ linkedProfiles: 1, stats: { totalScans: 1 } });
    expect(await lookup('J', A7.id)).toMatchObject({
      totalRelatedAccounts: 0,
      scansByReach: { shared: 0, enterpriseOnly: 1 },
    });
    expect((await hubs('J')).data[0]).toMatchObject({ accounts: 6, scans: 7 });
  });

  it('answers exactly as if the shared value had been a known placeholder all along', async () => {
    // Internal hardware ids differ between the two stores; their count is what must agree.
    const tidy = (body: Record<string, unknown>) =>
      JSON.parse(JSON.stringify(body), (key, value) =>
        key === 'sharedHwidIds' ? (value as unknown[]).length : value,
      );
    for (const who of A) {
      expect(tidy(await risk('J', who.id))).toEqual(tidy(await risk('P', who.id)));
      expect(tidy(await lookup('J', who.id))).toEqual(tidy(await lookup('P', who.id)));
    }
  });

  it('an erased account no longer counts among a hub’s accounts; the value stays a hub', async () => {
    const res = await worlds.J.t.adminRaw('POST', `/admin/v1/scanned-users/${A6.id}/erase`);
    expect(res.statusCode).toBe(200);
    expect((await hubs('J')).data[0]).toMatchObject({ accounts: 5 });
    expect((await hubs('J', '?limit=1')).total).toBe(1);
    const bad = await worlds.J.t.adminRaw('GET', '/admin/v1/hwid-hubs?limit=0');
    expect(bad.statusCode).toBe(400);
  });
});

describe.each(backends())('hubs found at start-up on $name', (backend) => {
  let t: TestApp;
  let now = T0;
  afterAll(async () => t?.close());

  it('a store holding IDs over a lowered threshold has them converted, once', async () => {
    t = await startTestApp(backend, { HWID_HUB_THRESHOLD: '10' }, () => now);
    const owner = await t.createOwner();
    const sc = scanner(t);
    for (const who of A.slice(0, 5)) {
      now += HOUR;
      await sc.scan(owner.key, report({ discord: [who] }), ['SHARED-BOARD', `OWN-${who.id}`]);
    }
    expect(
      (await t.api('GET', `/v1/scanned-users/lookup/${A1.id}`, { key: owner.key })).json(),
    ).toMatchObject({
      totalRelatedAccounts: 4,
    });
    // As a restart with HWID_HUB_THRESHOLD=3 would run it.
    const lowered = { ...t.deps, config: { ...t.deps.config, hwidHubThreshold: 3 } };
    expect(await convertHubsOverThreshold(lowered)).toBe(1);
    expect(await convertHubsOverThreshold(lowered)).toBe(0);
    const l = (await t.api('GET', `/v1/scanned-users/lookup/${A1.id}`, { key: owner.key })).json();
    expect(l).toMatchObject({ totalRelatedAccounts: 0, reasons: [], totalHwids: 1 });
    const listed = await t.admin<{ data: Array<{ accounts: number }> }>('GET', '/admin/v1/hwid-hubs');
    expect(listed.data.map((h) => h.accounts)).toEqual([5]);
  });
});

describe.each(backends())('lookup lists are capped on $name', (backend) => {
  let t: TestApp;
  afterAll(async () => t?.close());

  it('the most recent notes are listed, and all of them counted', async () => {
    let now = T0;
    t = await startTestApp(backend, {}, () => now);
    const owner = await t.createOwner();
    await scanner(t).scan(owner.key, report({ discord: [A1] }), ['CAP-1']);
    for (let i = 1; i <= 105; i++) {
      now += 1000;
      await t.admin('POST', `/admin/v1/scanned-users/${A1.id}/reasons`, {
        reason: `Note ${i}`,
        category: 'staff',
      });
    }
    const l = (await t.api('GET', `/v1/scanned-users/lookup/${A1.id}`, { key: owner.key })).json();
    expect(l.totalReasons).toBe(105);
    expect(l.reasons).toHaveLength(100);
    expect(l.reasons[0].reason).toBe('Note 6');
    expect(l.reasons[99].reason).toBe('Note 105');
  });
});

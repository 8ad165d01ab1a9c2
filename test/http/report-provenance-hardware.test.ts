import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRetention } from '../../src/application/privacy/retention.js';
import { DAY_MS } from '../../src/domain/time.js';
import { backends } from '../support/backends.js';
import { evidence, jar, uploadEvidence } from '../support/evidence.js';
import { proveFor, type Report, report, scanner } from '../support/scan.js';
import { integrationClient } from '../support/scanner-client.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

/*
 * Whose scan it is (docs/risk-score.md, "Whose scan it is"), through hardware and recounts: a scan
 * tied to nobody changes nothing other communities see, not even through the hardware it reported,
 * whatever happens after it (an account linked to that hardware later, a hub conversion, retention's
 * recount); and a recount counts as a player's own scans only those that counted for them when they
 * finished: the reports that proved them, not the ones that only claimed them.
 */

let ids = 0;
const person = (username: string) => ({ id: String(406968172634000000n + BigInt(++ids)), username });

type Body = Record<string, unknown>;

describe.each(backends())('whose scan it is, through hardware, on $name', (backend) => {
  let now = Date.UTC(2026, 0, 1);
  let t: TestApp;
  let a: Owner;
  let licensed: string;

  beforeAll(async () => {
    t = await startTestApp(
      backend,
      {
        MAX_ACTIVE_PINS: '100',
        SCANNER_START_PER_MINUTE: '1000',
        HWID_HUB_THRESHOLD: '2',
        IP_RETENTION_DAYS: '0',
        REPORT_RETENTION_DAYS: '365',
      },
      () => now,
    );
    a = await t.createOwner('Scanning Enterprise');
    const reader = await t.createAccount('Reader', { licenceExpiresAt: '2999-01-01T00:00:00.000Z' });
    licensed = await t.issueKey(reader, ['user:risk-score', 'scanned-users:lookup']);
  });
  afterAll(async () => t.close());

  /** What another community sees: a licensed reader with no Enterprise of their own. */
  const seen = async (id: string): Promise<{ risk: Body; lookup: Body }> => ({
    risk: (await t.api('GET', `/v1/users/${id}/risk-score`, { key: licensed })).json<Body>(),
    lookup: (await t.api('GET', `/v1/scanned-users/lookup/${id}`, { key: licensed })).json<Body>(),
  });
  const at = (day: number) => {
    now = Date.UTC(2026, 0, 1) + day * DAY_MS;
  };
  /** A scan whose player proved `player` (who may be left out of the report). */
  async function provenScan(player: { id: string; username: string }, body: Report, hwids: string[]) {
    const pin = await t.createPin(a.key, { type: 'FiveM' });
    const sc = scanner(t, { client: await integrationClient(t) });
    const token = await sc.startOk(pin, hwids);
    await proveFor(t, pin, player);
    const res = await sc.finish(token, body);
    expect(res.statusCode, res.body).toBe(200);
    return pin;
  }
  const claimedScan = (body: Report, hwids: string[]) =>
    scanner(t).scan(a.key, body, hwids, 'FiveM', { proven: false });

  it('recounts after retention exactly what the finishes counted', async () => {
    const player = person('recounted');
    const alt = person('alt');
    const silent = person('left-out');
    // Day 0: scans retention removes at day 400, so it recounts these players and this hardware.
    at(0);
    await provenScan(player, report({ discord: [player] }), ['HW-OLD-P', 'HW-REC']);
    await provenScan(alt, report({ discord: [alt] }), ['HW-OLD-A']);
    await provenScan(silent, report({ discord: [silent] }), ['HW-OLD-S']);
    // Day 100: a report tied to nobody on the player's hardware; a report of the player that only
    // claims the alt, which the alt later links to by proving itself on that machine; a proven scan
    // the report left its player out of.
    at(100);
    await claimedScan(report({ discord: [person('nobody')], detections: ['Eulen', 'RedEngine', 'Macho'] }), [
      'HW-REC',
    ]);
    await provenScan(
      player,
      report({ discord: [player, alt], detections: ['Skript'], suspicious: ['odd'] }),
      ['HW-SHARED-REC'],
    );
    await provenScan(alt, report({ discord: [alt] }), ['HW-SHARED-REC', 'HW-OLD-A']);
    await provenScan(silent, report({ discord: [], warnings: ['w'] }), ['HW-SILENT']);

    const before = await Promise.all([player, alt, silent].map((p) => seen(p.id)));
    expect(before[1]?.lookup).toMatchObject({ totalScans: 2, detections: [], gamesScanned: ['FiveM'] });
    expect(before[2]?.lookup).toMatchObject({ totalScans: 2 });

    at(400);
    const run = await applyRetention(t.deps);
    expect(run.pinsRemoved).toBe(3);
    const after = await Promise.all([player, alt, silent].map((p) => seen(p.id)));
    // Retention removed the day-0 scans; nothing else may change.
    expect(after[0]?.risk).toMatchObject({
      riskScore: before[0]?.risk.riskScore,
      stats: { totalScans: 2, cheatingScans: 1 },
      uniqueCheatsDetected: ['Skript'],
    });
    expect(after[0]?.lookup).toMatchObject({ totalScans: 1, detections: ['Skript'] });
    expect(after[1]?.lookup).toMatchObject({ totalScans: 1, detections: [], gamesScanned: ['FiveM'] });
    expect(after[1]?.risk).toMatchObject({ stats: { totalScans: 2, cheatingScans: 1 } });
    expect(after[2]?.lookup).toMatchObject({ totalScans: 1 });
    expect(after[2]?.risk).toMatchObject({ stats: { totalScans: 1 } });
  });

  it('does not count a scan tied to nobody for an account linked to its hardware afterwards', async () => {
    const player = person('later');
    const stranger = person('stranger');
    at(450);
    await claimedScan(report({ discord: [stranger], detections: ['Eulen'] }), ['HW-LATER']);
    await claimedScan(report({ discord: [], detections: ['RedEngine'] }), ['HW-LATER']);
    await provenScan(player, report({ discord: [player] }), ['HW-LATER']);

    const { risk, lookup } = await seen(player.id);
    expect(risk).toMatchObject({
      found: true,
      riskScore: 0,
      linkedProfiles: 1,
      stats: { totalScans: 1, cheatingScans: 0, totalDetections: 0 },
      uniqueCheatsDetected: [],
      lastCheatingDate: null,
      scansByReach: { shared: 1, enterpriseOnly: 0 },
    });
    expect(lookup).toMatchObject({ totalScans: 1, totalRelatedAccounts: 0 });
  });

  it('links on a hub conversion only the accounts a scan counted for', async () => {
    const player = person('hub-player');
    const claimed = person('hub-claimed');
    at(500);
    // The claimed account has a profile of its own, on other hardware.
    await provenScan(claimed, report({ discord: [claimed] }), ['HW-HUB-OWN']);
    const before = await seen(claimed.id);
    // A scan on the junk value alone: its player proven, the other account only claimed; and one tied
    // to nobody that names the claimed account too.
    await provenScan(player, report({ discord: [player, claimed], detections: ['Eulen'] }), ['HUB-JUNK']);
    await claimedScan(report({ discord: [claimed], detections: ['RedEngine'] }), ['HUB-JUNK']);
    // Two more accounts seen with it: three in all, past the threshold of two, so it becomes a hub.
    const third = person('third');
    await provenScan(third, report({ discord: [] }), ['HUB-JUNK']);
    await provenScan(person('fourth'), report({ discord: [] }), ['HUB-JUNK']);
    const hubs = await t.admin<{ total: number }>('GET', '/admin/v1/hwid-hubs');
    expect(hubs.total).toBe(1);

    expect(await seen(claimed.id)).toEqual(before);
    const mine = await seen(player.id);
    expect(mine.risk).toMatchObject({ stats: { totalScans: 1, cheatingScans: 1 }, linkedProfiles: 1 });
    expect(mine.lookup).toMatchObject({ totalRelatedAccounts: 0 });
    // A player the report left out keeps the scan they proved, on its own profile.
    expect((await seen(third.id)).risk).toMatchObject({ stats: { totalScans: 1 }, linkedProfiles: 1 });
  });

  /**
   * A PIN naming `named`, and an upload listing `named` and a cheat on hardware of the uploader's
   * own: what anyone holding such a PIN can send (docs/risk-score.md, "Whose scan it is").
   */
  async function forgedUpload(named: { id: string; username: string }, hwids: string[]) {
    const pin = await t.createPin(a.key, { type: 'Java', playerDiscordId: named.id });
    const start = await t.api('POST', '/v1/scanner/start', { body: { pin, hwids } });
    expect(start.statusCode, start.body).toBe(201);
    const { sessionToken, nonce } = start.json<{ sessionToken: string; nonce: string }>();
    const doc = evidence(
      nonce,
      {
        files: { items: [jar('~/.minecraft/mods/x.jar', ['net/wurstclient/WurstClient.class'])] },
        discord: { accounts: [{ ...named, client: 'discord' }] },
      },
      new Date(now),
    );
    const res = await uploadEvidence(t, sessionToken, doc);
    expect(res.statusCode, res.body).toBe(200);
  }

  it('never shares a named account a forged upload listed: not on later links, a hub or a recount', async () => {
    const victim = person('forged-victim');
    // Day 600: scans retention removes at day 1000, so it recounts the victim and the forger's hardware.
    at(600);
    await provenScan(victim, report({ discord: [victim] }), ['HW-FV-OLD']);
    await provenScan(person('first-on-forger'), report({ discord: [] }), ['HW-FORGER']);
    at(900);
    await provenScan(victim, report({ discord: [victim] }), ['HW-FV-OWN']);
    const before = await seen(victim.id);
    expect(before.risk).toMatchObject({ riskScore: 0, stats: { totalScans: 2, cheatingScans: 0 } });

    await forgedUpload(victim, ['HW-FORGER']);
    expect(await seen(victim.id)).toEqual(before);
    // Another account linked to the forger's hardware afterwards (a first link there)…
    await provenScan(person('linked-later'), report({ discord: [] }), ['HW-FORGER']);
    expect(await seen(victim.id)).toEqual(before);
    // …and one more, past the threshold of two: the hardware becomes a hub and is recounted.
    const hubs = async () => (await t.admin<{ total: number }>('GET', '/admin/v1/hwid-hubs')).total;
    const hubsBefore = await hubs();
    await provenScan(person('makes-a-hub'), report({ discord: [] }), ['HW-FORGER']);
    expect(await hubs()).toBe(hubsBefore + 1);
    expect(await seen(victim.id)).toEqual(before);

    at(1000);
    const run = await applyRetention(t.deps);
    expect(run.pinsRemoved).toBeGreaterThanOrEqual(2);
    const after = await seen(victim.id);
    expect(after.risk).toMatchObject({
      riskScore: 0,
      stats: { totalScans: 1, cheatingScans: 0 },
      uniqueCheatsDetected: [],
      scansByReach: { shared: 1, enterpriseOnly: 0 },
    });
    expect(after.lookup).toMatchObject({ totalScans: 1, overallStatus: 'clean', detections: [] });
  });
});

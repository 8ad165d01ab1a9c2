import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRetention, dailyRetention } from '../../src/application/privacy/retention.js';
import { highestRiskScore, riskScore } from '../../src/domain/risk-score.js';
import { DAY_MS } from '../../src/domain/time.js';
import { hmacHex } from '../../src/lib/crypto.js';
import { backends } from '../support/backends.js';
import { report, scanner } from '../support/scan.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

const T0 = Date.parse('2026-03-01T10:00:00.000Z');
const HOUR = 3_600_000;

const VICTIM = { id: '200000000000000001', username: 'VictimName' };
const ALT = { id: '200000000000000002', username: 'AltOfVictim' };
const FRIEND = { id: '200000000000000003', username: 'FriendInReport' };
const OLD_CHEATER = { id: '200000000000000004', username: 'OldCheater' };
const SHARER = { id: '200000000000000005', username: 'SharesHardware' };
const ONLY_OLD = { id: '200000000000000006', username: 'OnlyOldScans' };
const BANNED_OLD = { id: '200000000000000007', username: 'BannedLongAgo' };
const VICTIM_IP = '203.0.113.77';

/** Every row of every table, as text: what "nothing stored" is checked against. */
async function dumpStore(t: TestApp): Promise<string> {
  const db = t.deps.store.db;
  const tables = (await db.introspection.getTables()).map((tb) => tb.name).sort();
  const parts: string[] = [];
  for (const name of tables) {
    // biome-ignore lint/suspicious/noExplicitAny: every table, whatever its columns.
    const rows = await (db as any).selectFrom(name).selectAll().execute();
    parts.push(`${name}:${JSON.stringify(rows)}`);
  }
  return parts.join('\n');
}

/**
 * A user's risk stats and score, recomputed in the test from the raw scans that remain: every finished
 * scan on the hardware linked to them (docs/risk-score.md), and the per-profile facts from those.
 */
async function recompute(t: TestApp, discordId: string) {
  const db = t.deps.store.db;
  const user = await db
    .selectFrom('scanned_users')
    .selectAll()
    .where('discord_id', '=', discordId)
    .executeTakeFirstOrThrow();
  const links = await db.selectFrom('user_hwids').select('hwid_id').where('user_id', '=', user.id).execute();
  const scans = await db
    .selectFrom('scan_hwids')
    .innerJoin('pins', 'pins.id', 'scan_hwids.pin_id')
    .innerJoin('scan_reports', 'scan_reports.pin_id', 'pins.id')
    .select([
      'scan_hwids.hwid_id',
      'pins.id',
      'pins.result',
      'scan_reports.detections',
      'scan_reports.suspicious',
      'scan_reports.untrusted',
      'scan_reports.integrity',
      'scan_reports.custom_suspicious',
    ])
    .execute();
  const linked = new Set(links.map((l) => l.hwid_id));
  const parse = (s: string) => JSON.parse(s) as string[];
  const profiles = [...linked].map((hwid) => {
    const on = scans.filter((s) => s.hwid_id === hwid);
    const detections = on.flatMap((s) => parse(s.detections));
    return {
      cheatingScans: on.filter((s) => s.result === 'cheating').length,
      suspiciousScans: on.filter((s) => s.result === 'suspicious').length,
      totalDetections: detections.length,
      uniqueDetections: new Set(detections).size,
      suspiciousFindings: on.reduce(
        (n, s) =>
          n +
          parse(s.suspicious).length +
          parse(s.untrusted).length +
          parse(s.integrity).length +
          parse(s.custom_suspicious).length,
        0,
      ),
      activeBan: false,
      activeWarning: false,
    };
  });
  const mine = [...new Map(scans.filter((s) => linked.has(s.hwid_id)).map((s) => [s.id, s])).values()];
  return {
    riskScore: highestRiskScore(profiles.map((p) => ({ ...p }))),
    stats: {
      totalScans: mine.length,
      cheatingScans: mine.filter((s) => s.result === 'cheating').length,
      suspiciousScans: mine.filter((s) => s.result === 'suspicious').length,
      cleanScans: mine.filter((s) => s.result === 'legit').length,
      totalDetections: mine.reduce((n, s) => n + parse(s.detections).length, 0),
    },
    uniqueCheatsDetected: [...new Set(mine.flatMap((s) => parse(s.detections)))].sort(),
  };
}

describe.each(backends())('player privacy on $name', (backend) => {
  let t: TestApp;
  let owner: Owner;
  let now = T0;
  const pins: Record<string, string> = {};
  const risk = (id: string) => t.api('GET', `/v1/users/${id}/risk-score`, { key: owner.key });
  const lookup = (id: string) => t.api('GET', `/v1/scanned-users/lookup/${id}`, { key: owner.key });

  beforeAll(async () => {
    // A webhook endpoint, so the outbox keeps the finished event (its body names the victim too).
    t = await startTestApp(
      backend,
      { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' },
      () => now,
    );
    owner = await t.createOwner();
    const hookKey = await t.issueKey(owner.accountId, ['webhooks:manage']);
    const hook = await t.api('POST', '/v1/webhooks', {
      key: hookKey,
      body: { url: 'http://127.0.0.1:9/hook', events: ['pin.finished'] },
    });
    expect(hook.statusCode).toBe(201);
    const sc = scanner(t);
    now += HOUR;
    pins.victim = await sc.scan(
      owner.key,
      report({ discord: [VICTIM, FRIEND], detections: ['Eulen'], ip: VICTIM_IP }),
      ['HW-VICTIM', 'HW-SHARED'],
    );
    // The victim's report only claims the friend; the friend's own proven scan on the shared hardware
    // links them (docs/risk-score.md, "Whose scan it is").
    now += HOUR;
    pins.friend = await sc.scan(owner.key, report({ discord: [FRIEND] }), ['HW-SHARED']);
    now += HOUR;
    pins.alt = await sc.scan(owner.key, report({ discord: [ALT] }), ['HW-SHARED', 'HW-ALT']);
    now += HOUR;
    await t.admin('POST', `/admin/v1/scanned-users/${VICTIM.id}/bans`, {
      status: 'banned',
      reason: 'Cheating',
    });
    await t.admin('POST', `/admin/v1/scanned-users/${VICTIM.id}/reasons`, {
      reason: 'Appealed on 3 March',
      category: 'staff_note',
      evidence: { ticket: 77 },
    });
  }, 120_000);
  afterAll(async () => t.close(), 60_000);

  describe('export', () => {
    it('answers everything stored about the person, hardware by numeric id, no IP and no hash', async () => {
      const res = await t.adminRaw('GET', `/admin/v1/scanned-users/${VICTIM.id}/export`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      const hwids = await t.deps.store.db.selectFrom('hwids').select(['id', 'hash']).execute();
      const victimHw = hwids
        .filter((h) =>
          [`hwid:HW-VICTIM`, `hwid:HW-SHARED`].map((r) => hmacHex(t.deps.hashSecret, r)).includes(h.hash),
        )
        .map((h) => h.id)
        .sort((a, b) => a - b);
      expect(body).toMatchObject({
        discordId: VICTIM.id,
        username: VICTIM.username,
        counters: { scansOnLinkedHardware: 3, cheatingScans: 1, ownScans: 1, ownCheatingScans: 1 },
        ownDetections: ['Eulen'],
        gamesScanned: ['FiveM'],
      });
      expect(body.hardwareProfiles.map((h: { id: number }) => h.id)).toEqual(victimHw);
      expect(body.bans).toHaveLength(1);
      expect(body.bans[0]).toMatchObject({
        status: 'banned',
        reason: 'Cheating',
        hardwareProfileIds: victimHw,
      });
      expect(body.reasons.map((r: { category: string }) => r.category).sort()).toEqual([
        'alt_account',
        'alt_account',
        'staff_note',
      ]);
      expect(body.reasons.find((r: { category: string }) => r.category === 'staff_note').evidence).toEqual({
        ticket: 77,
      });
      expect(body.scans).toEqual([
        expect.objectContaining({
          pin: pins.victim,
          accountId: owner.accountId,
          result: 'cheating',
          reportedUsername: VICTIM.username,
          otherAccountsNamed: 1,
          detections: ['Eulen'],
          ipAddress: 'keyed_hash_stored',
        }),
      ]);
      // Never the hardware ID, its hash, the IP or its hash; the friend in the report only as a count.
      const text = res.body;
      for (const h of hwids) expect(text).not.toContain(h.hash);
      expect(text).not.toContain('HW-VICTIM');
      expect(text).not.toContain(VICTIM_IP);
      expect(text).not.toContain(hmacHex(t.deps.hashSecret, `ip:${VICTIM_IP}`));
      // Others in the same report appear only as a count (stored alt-account notes name them, as kept).
      expect(JSON.stringify(body.scans)).not.toContain(FRIEND.id);

      // The friend's export holds their own scan and the report that only claimed them.
      const friend = await t.admin<{ scans: Array<{ pin: string; reportedUsername: string }> }>(
        'GET',
        `/admin/v1/scanned-users/${FRIEND.id}/export`,
      );
      expect(friend.scans.map((x) => x.pin).sort()).toEqual([pins.victim, pins.friend].sort());
    });

    it('refuses an unknown person, a malformed ID and a missing token', async () => {
      const unknown = await t.adminRaw('GET', '/admin/v1/scanned-users/299999999999999999/export');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe('scanned_user_not_found');
      const bad = await t.adminRaw('GET', '/admin/v1/scanned-users/12ab/export');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('invalid_discord_id');
      const anon = await t.app.inject({ method: 'GET', url: `/admin/v1/scanned-users/${VICTIM.id}/export` });
      expect(anon.statusCode).toBe(401);
      expect(anon.json().code).toBe('invalid_admin_token');
    });
  });

  describe('erasure', () => {
    it('removes the person, keeps the reports for their owner shown as erased, and others stay consistent', async () => {
      const altBefore = (await risk(ALT.id)).json();
      expect(altBefore.isBanned).toBe(true); // the victim's ban covers the shared hardware
      const altLookupBefore = (await lookup(ALT.id)).json();
      const related = (l: { relatedAccounts: Array<{ discordId: string }> }) =>
        l.relatedAccounts.map((r) => r.discordId).sort();
      expect(related(altLookupBefore)).toEqual([VICTIM.id, FRIEND.id]);

      const res = await t.adminRaw('POST', `/admin/v1/scanned-users/${VICTIM.id}/erase`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        erased: true,
        reportsRewritten: 1,
        eventsRewritten: 1,
        hardwareLinks: 2,
        bans: 1,
        reasons: 3,
        // The alt's note and the friend's note naming the victim.
        notesOnOthers: 2,
      });

      expect((await risk(VICTIM.id)).json().found).toBe(false);
      expect((await lookup(VICTIM.id)).json().found).toBe(false);

      // The PIN's owner still has the scan, with the account shown as erased (published shape kept).
      const results = (await t.api('GET', `/v1/pins/${pins.victim}/results`, { key: owner.key })).json();
      const claimedFriend = { ...FRIEND, provenance: 'claimed', reach: 'enterprise' };
      expect(results.data.discord).toEqual([{ id: 'erased', username: 'erased' }, claimedFriend]);
      expect(results.data.detections).toEqual(['Eulen']);
      const status = (await t.api('GET', `/v1/pins/${pins.victim}/status`, { key: owner.key })).json();
      expect(status.data.discord).toEqual([{ id: 'erased', username: 'erased' }, claimedFriend]);

      // Related accounts no longer show them; the alt's note about them is gone.
      const altLookup = (await lookup(ALT.id)).json();
      expect(related(altLookup)).toEqual([FRIEND.id]);
      expect(altLookup.totalRelatedAccounts).toBe(1);
      expect(altLookup.reasons.map((r: { reason: string }) => r.reason)).toEqual([
        `Possible alt account detected: ${FRIEND.username} (${FRIEND.id})`,
      ]);
      const friendLookup = (await lookup(FRIEND.id)).json();
      expect(JSON.stringify(friendLookup)).not.toContain(VICTIM.id);

      // Others' scores: same scans on their hardware, the erased person's ban gone, equal to a recount.
      const altAfter = (await risk(ALT.id)).json();
      expect(altAfter.isBanned).toBe(false);
      expect(altAfter.stats).toEqual(altBefore.stats);
      const expected = await recompute(t, ALT.id);
      expect(altAfter.stats).toEqual(expected.stats);
      expect(altAfter.riskScore).toBe(expected.riskScore);
      expect(altAfter.uniqueCheatsDetected).toEqual(expected.uniqueCheatsDetected);

      // The audit trail keeps that an export and an erasure happened, by the operator, not whom about.
      const audit = await sql<{
        action: string;
        actor_kind: string;
        resource_type: string;
        resource_id: unknown;
      }>`
        select action, actor_kind, resource_type, resource_id from audit_events
        where action like 'scanned_user.%' order by id`.execute(t.deps.store.db);
      const exported = {
        action: 'scanned_user.export',
        actor_kind: 'operator',
        resource_type: 'scanned_user',
        resource_id: null,
      };
      // The victim's export and the friend's.
      expect(audit.rows.map((r) => ({ ...r, resource_id: r.resource_id ?? null }))).toEqual([
        exported,
        exported,
        {
          action: 'scanned_user.erase',
          actor_kind: 'operator',
          resource_type: 'scanned_user',
          resource_id: null,
        },
      ]);

      // Nothing in the store names them any more (the audit trail included).
      const dump = await dumpStore(t);
      expect(dump).not.toContain(VICTIM.id);
      expect(dump).not.toContain(VICTIM.username);
    });

    it('erasing again, or someone never scanned, is 404 scanned_user_not_found', async () => {
      for (const id of [VICTIM.id, '299999999999999998']) {
        const res = await t.adminRaw('POST', `/admin/v1/scanned-users/${id}/erase`);
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('scanned_user_not_found');
      }
      const bad = await t.adminRaw('POST', '/admin/v1/scanned-users/not-an-id/erase');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('invalid_discord_id');
    });
  });
});

describe.each(backends())('retention on $name', (backend) => {
  let t: TestApp;
  let owner: Owner;
  let now = T0;
  const pins: Record<string, string> = {};
  const ipHashes = () =>
    t.deps.store.db.selectFrom('scan_reports').select(['pin_id', 'ip_hash']).orderBy('pin_id').execute();

  beforeAll(async () => {
    t = await startTestApp(backend, { IP_RETENTION_DAYS: '90', REPORT_RETENTION_DAYS: '365' }, () => now);
    owner = await t.createOwner();
    const sc = scanner(t);
    // Day 0: a cheating scan and one that never finished; day 100: clean scans on the same hardware.
    pins.oldCheat = await sc.scan(
      owner.key,
      report({
        discord: [OLD_CHEATER],
        detections: ['Eulen', 'Skript'],
        suspicious: ['x'],
        ip: '198.51.100.1',
      }),
      ['HW-OLD', 'HW-BOTH'],
    );
    pins.oldUnfinished = await t.createPin(owner.key);
    pins.onlyOld = await sc.scan(owner.key, report({ discord: [ONLY_OLD] }), ['HW-ONLY-OLD']);
    pins.bannedOld = await sc.scan(owner.key, report({ discord: [BANNED_OLD] }), ['HW-BANNED-OLD']);
    await t.admin('POST', `/admin/v1/scanned-users/${BANNED_OLD.id}/bans`, {
      status: 'banned',
      reason: 'Old ban',
    });
    now += 100 * DAY_MS;
    pins.newClean = await sc.scan(owner.key, report({ discord: [OLD_CHEATER], ip: '198.51.100.2' }), [
      'HW-BOTH',
    ]);
    pins.sharer = await sc.scan(owner.key, report({ discord: [SHARER], warnings: ['w'] }), ['HW-BOTH']);
  }, 120_000);
  afterAll(async () => t.close(), 60_000);

  it('drops IP hashes older than IP_RETENTION_DAYS and keeps the newer ones', async () => {
    const run = await applyRetention(t.deps);
    expect(run.ipHashesForgotten).toBe(1);
    expect(run.pinsRemoved).toBe(0);
    const rows = await ipHashes();
    expect(rows.map((r) => r.ip_hash === null)).toEqual([true, true, true, false, true]);
    // The scans themselves all stay.
    const res = await t.api('GET', `/v1/pins/${pins.oldCheat}/results`, { key: owner.key });
    expect(res.json().result).toBe('cheating');
  });

  it('removes PINs older than REPORT_RETENTION_DAYS; every risk counter equals a recount of what remains', async () => {
    const before = (await t.api('GET', `/v1/users/${OLD_CHEATER.id}/risk-score`, { key: owner.key })).json();
    expect(before.stats.cheatingScans).toBe(1);
    expect(before.riskScore).toBeGreaterThanOrEqual(51);

    now += 300 * DAY_MS; // day 400: the day-0 PINs are past 365 days, the day-100 ones are not
    const run = await applyRetention(t.deps);
    expect(run).toMatchObject({ pinsRemoved: 4, profilesRecounted: 4, usersRecounted: 4, playersRemoved: 1 });

    // Nothing but derived data was left of this player, so the record went; a ban keeps its player.
    const gone = await t.api('GET', `/v1/users/${ONLY_OLD.id}/risk-score`, { key: owner.key });
    expect(gone.json().found).toBe(false);
    const kept = (await t.api('GET', `/v1/users/${BANNED_OLD.id}/risk-score`, { key: owner.key })).json();
    expect(kept).toMatchObject({ found: true, isBanned: true, linkedProfiles: 1 });
    expect(kept.stats).toEqual((await recompute(t, BANNED_OLD.id)).stats);
    expect(kept.stats.totalScans).toBe(0);
    expect(kept.riskScore).toBeGreaterThanOrEqual(76); // an active ban, with no scan left

    for (const pin of [pins.oldCheat, pins.oldUnfinished, pins.onlyOld, pins.bannedOld]) {
      const res = await t.api('GET', `/v1/pins/${pin}/status`, { key: owner.key });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('pin_not_found');
    }
    expect((await t.api('GET', `/v1/pins/${pins.newClean}/status`, { key: owner.key })).statusCode).toBe(200);

    for (const person of [OLD_CHEATER, SHARER]) {
      const r = (await t.api('GET', `/v1/users/${person.id}/risk-score`, { key: owner.key })).json();
      const expected = await recompute(t, person.id);
      expect(r.stats).toEqual(expected.stats);
      expect(r.riskScore).toBe(expected.riskScore);
      expect(r.uniqueCheatsDetected).toEqual(expected.uniqueCheatsDetected);
    }
    const after = (await t.api('GET', `/v1/users/${OLD_CHEATER.id}/risk-score`, { key: owner.key })).json();
    expect(after.stats).toEqual({
      totalScans: 2,
      cheatingScans: 0,
      suspiciousScans: 0,
      cleanScans: 2,
      totalDetections: 0,
    });
    expect(after.riskScore).toBe(
      riskScore({
        cheatingScans: 0,
        suspiciousScans: 0,
        totalDetections: 0,
        uniqueDetections: 0,
        suspiciousFindings: 0,
        activeBan: false,
        activeWarning: false,
      }),
    );
    expect(after.lastCheatingDate).toBeNull();
    const l = (await t.api('GET', `/v1/scanned-users/lookup/${OLD_CHEATER.id}`, { key: owner.key })).json();
    expect(l).toMatchObject({ totalScans: 1, totalDetections: 0, detections: [], overallStatus: 'clean' });

    // The stored counters themselves match, not only what the answers show.
    const profile = await t.deps.store.db
      .selectFrom('hwids')
      .selectAll()
      .where('hash', '=', hmacHex(t.deps.hashSecret, 'hwid:HW-BOTH'))
      .executeTakeFirstOrThrow();
    expect(profile).toMatchObject({
      total_scans: 2,
      cheating_scans: 0,
      total_detections: 0,
      unique_detections: 0,
      suspicious_findings: 0,
    });
  });

  it('the daily run happens once per UTC day however many instances ask', async () => {
    now += DAY_MS;
    const first = await Promise.all([dailyRetention(t.deps), dailyRetention(t.deps), dailyRetention(t.deps)]);
    expect(first.filter((r) => r !== null)).toHaveLength(1);
    expect(await dailyRetention(t.deps)).toBeNull();
    now += DAY_MS;
    expect(await dailyRetention(t.deps)).not.toBeNull();
  });
});

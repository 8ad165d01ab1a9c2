import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { riskScore } from '../../src/domain/risk-score.js';
import { hmacHex } from '../../src/lib/crypto.js';
import { backends } from '../support/backends.js';
import { report, scanner } from '../support/scan.js';
import { ADMIN_TOKEN, type Owner, startTestApp, type TestApp } from '../support/test-app.js';

const T0 = Date.parse('2026-05-01T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const HOUR = 3_600_000;

const CLEAN = { id: '100000000000000001', username: 'CleanPlayer' };
const CHEATER = { id: '100000000000000002', username: 'Cheater' };
const ALT = { id: '100000000000000003', username: 'AltAccount' };
const SUSPECT = { id: '100000000000000004', username: 'Suspect' };
const WARNED = { id: '100000000000000005', username: 'Warned' };
const BANNED = { id: '100000000000000006', username: 'Banned' };
const BANNED_ALT = { id: '100000000000000007', username: 'BannedAlt' };

const LOOKUP_KEYS = [
  'found',
  'discordId',
  'username',
  'totalScans',
  'totalDetections',
  'overallStatus',
  'isBanned',
  'isWarned',
  'bans',
  'totalBans',
  'detections',
  'totalUniqueDetections',
  'reasons',
  'totalReasons',
  'firstSeen',
  'lastSeen',
  'gamesScanned',
  'totalHwids',
  'hasRelatedAccounts',
  'totalRelatedAccounts',
  'relatedAccounts',
  'scansByReach',
].sort();
const RISK_KEYS = [
  'found',
  'discordId',
  'riskScore',
  'riskLevel',
  'linkedProfiles',
  'stats',
  'uniqueCheatsDetected',
  'totalUniqueCheatsDetected',
  'isBanned',
  'firstScanDate',
  'lastScanDate',
  'lastCheatingDate',
  'scansByReach',
].sort();

describe.each(backends())('player risk and lookup on $name', (backend) => {
  let t: TestApp;
  let owner: Owner;
  let now = T0;
  const times: Record<string, number> = {};
  const hwidId = async (raw: string) =>
    (
      await t.deps.store.db
        .selectFrom('hwids')
        .select('id')
        .where('hash', '=', hmacHex(t.deps.hashSecret, `hwid:${raw}`))
        .executeTakeFirstOrThrow()
    ).id;
  const risk = async (id: string, key = owner.key) => t.api('GET', `/v1/users/${id}/risk-score`, { key });
  const lookup = async (id: string, key = owner.key) =>
    t.api('GET', `/v1/scanned-users/lookup/${id}`, { key });

  beforeAll(async () => {
    t = await startTestApp(backend, {}, () => now);
    owner = await t.createOwner();
    const sc = scanner(t);
    const step = async (name: string, fn: () => Promise<unknown>) => {
      now += HOUR;
      times[name] = now;
      await fn();
    };
    await step('clean1', () =>
      sc.scan(owner.key, report({ discord: [CLEAN], warnings: ['Defender off'] }), ['HW-CLEAN'], 'Java'),
    );
    await step('clean2', () => sc.scan(owner.key, report({ discord: [CLEAN] }), ['HW-CLEAN'], 'Bedrock'));
    await step('cheat1', () =>
      sc.scan(owner.key, report({ discord: [CHEATER], detections: ['Eulen', 'RedEngine'] }), [
        'HW-C1',
        'HW-C2',
      ]),
    );
    await step('cheat2', () =>
      sc.scan(
        owner.key,
        report({ discord: [{ ...CHEATER, username: 'CheaterRenamed' }], detections: ['Eulen'] }),
        ['HW-C1'],
        'RedM',
      ),
    );
    await step('alt', () => sc.scan(owner.key, report({ discord: [ALT] }), ['HW-C2', 'HW-ALT']));
    await step('suspect', () =>
      sc.scan(
        owner.key,
        report({ discord: [SUSPECT], suspicious: ['Unsigned driver'], untrusted: ['x.exe'] }),
        ['HW-SUS'],
      ),
    );
    await step('warned', () => sc.scan(owner.key, report({ discord: [WARNED] }), ['HW-WARN']));
    await step('banned', () => sc.scan(owner.key, report({ discord: [BANNED] }), ['HW-BAN']));
    await step('bannedAlt', () =>
      sc.scan(owner.key, report({ discord: [BANNED_ALT] }), ['HW-BAN', 'HW-BALT']),
    );
    now += HOUR;
    times.warnIssued = now;
    await t.admin('POST', `/admin/v1/scanned-users/${WARNED.id}/bans`, {
      status: 'warned',
      reason: 'Toxic behaviour',
      expiresAt: iso(now + 24 * HOUR),
    });
    times.banIssued = now;
    await t.admin('POST', `/admin/v1/scanned-users/${BANNED.id}/bans`, {
      status: 'banned',
      reason: 'Cheating on our server',
    });
    await t.admin('POST', `/admin/v1/scanned-users/${CHEATER.id}/reasons`, {
      reason: 'Admitted to using Eulen',
      category: 'staff_note',
      evidence: { ticket: 1234, screenshots: ['a.png'] },
    });
  });
  afterAll(async () => t.close());

  it('a clean player: score 0, clean, every field', async () => {
    const r = (await risk(CLEAN.id)).json();
    expect(Object.keys(r).sort()).toEqual(RISK_KEYS);
    expect(r).toEqual({
      found: true,
      discordId: CLEAN.id,
      riskScore: 0,
      riskLevel: 'clean',
      linkedProfiles: 1,
      stats: { totalScans: 2, cheatingScans: 0, suspiciousScans: 0, cleanScans: 2, totalDetections: 0 },
      uniqueCheatsDetected: [],
      totalUniqueCheatsDetected: 0,
      isBanned: false,
      firstScanDate: iso(times.clean1 as number),
      lastScanDate: iso(times.clean2 as number),
      lastCheatingDate: null,
      scansByReach: { shared: 2, enterpriseOnly: 0 },
    });
    const l = (await lookup(CLEAN.id)).json();
    expect(Object.keys(l).sort()).toEqual(LOOKUP_KEYS);
    expect(l).toEqual({
      found: true,
      discordId: CLEAN.id,
      username: 'CleanPlayer',
      totalScans: 2,
      totalDetections: 0,
      overallStatus: 'clean',
      isBanned: false,
      isWarned: false,
      bans: [],
      totalBans: 0,
      detections: [],
      totalUniqueDetections: 0,
      reasons: [],
      totalReasons: 0,
      firstSeen: iso(times.clean1 as number),
      lastSeen: iso(times.clean2 as number),
      gamesScanned: ['Bedrock', 'Java'],
      totalHwids: 1,
      hasRelatedAccounts: false,
      totalRelatedAccounts: 0,
      relatedAccounts: [],
      scansByReach: { shared: 2, enterpriseOnly: 0 },
    });
  });

  it('a cheater with two hardware IDs: high risk from its profiles, latest username, related alt', async () => {
    const c1 = await hwidId('HW-C1');
    const c2 = await hwidId('HW-C2');
    // HW-C1 carries both cheating scans (3 detections, 2 distinct); HW-C2 one cheating scan and the alt's clean one.
    const expected = riskScore({
      cheatingScans: 2,
      suspiciousScans: 0,
      totalDetections: 3,
      uniqueDetections: 2,
      suspiciousFindings: 0,
      activeBan: false,
      activeWarning: false,
    });
    const r = (await risk(CHEATER.id)).json();
    expect(r).toEqual({
      found: true,
      discordId: CHEATER.id,
      riskScore: expected,
      riskLevel: expected > 75 ? 'critical' : 'high',
      linkedProfiles: 2,
      // Every scan on the cheater's hardware once: both cheating scans and the alt's clean scan on HW-C2.
      stats: { totalScans: 3, cheatingScans: 2, suspiciousScans: 0, cleanScans: 1, totalDetections: 3 },
      uniqueCheatsDetected: ['Eulen', 'RedEngine'],
      totalUniqueCheatsDetected: 2,
      isBanned: false,
      firstScanDate: iso(times.cheat1 as number),
      lastScanDate: iso(times.alt as number),
      lastCheatingDate: iso(times.cheat2 as number),
      scansByReach: { shared: 3, enterpriseOnly: 0 },
    });
    expect(r.riskScore).toBeGreaterThanOrEqual(51);

    const l = (await lookup(CHEATER.id)).json();
    // The lookup describes the person: only the two scans that named the cheater, not the alt's.
    expect(l).toMatchObject({
      username: 'CheaterRenamed',
      totalScans: 2,
      totalDetections: 3,
      overallStatus: 'cheating',
      isBanned: false,
      isWarned: false,
      bans: [],
      detections: ['Eulen', 'RedEngine'],
      firstSeen: iso(times.cheat1 as number),
      lastSeen: iso(times.cheat2 as number),
      gamesScanned: ['FiveM', 'RedM'],
      totalHwids: 2,
      hasRelatedAccounts: true,
      totalRelatedAccounts: 1,
    });
    expect(l.reasons).toEqual([
      {
        reason: 'Possible alt account detected: AltAccount (100000000000000003)',
        category: 'alt_account',
        addedAt: iso(times.alt as number),
        evidence: null,
      },
      {
        reason: 'Admitted to using Eulen',
        category: 'staff_note',
        addedAt: iso(times.banIssued as number),
        evidence: { ticket: 1234, screenshots: ['a.png'] },
      },
    ]);
    expect(l.relatedAccounts).toEqual([
      {
        discordId: ALT.id,
        username: 'AltAccount',
        sharedHwidIds: [c2],
        // The alt as a person: its own clean scan, not the cheating scan on the PC they share.
        totalDetections: 0,
        overallStatus: 'clean',
        lastSeenAt: iso(times.alt as number),
        detections: [],
        totalUniqueDetections: 0,
        totalSharedHwids: 1,
      },
    ]);
    expect(c1).not.toBe(c2);
  });

  it('an alt sharing one hardware ID inherits that profile’s risk and history, and sees the cheater as related', async () => {
    const c2 = await hwidId('HW-C2');
    const r = (await risk(ALT.id)).json();
    // HW-C2's profile: one cheating scan with 2 distinct detections, plus the alt's clean scan.
    expect(r.riskScore).toBe(
      riskScore({
        cheatingScans: 1,
        suspiciousScans: 0,
        totalDetections: 2,
        uniqueDetections: 2,
        suspiciousFindings: 0,
        activeBan: false,
        activeWarning: false,
      }),
    );
    expect(r).toMatchObject({
      linkedProfiles: 2,
      stats: { totalScans: 2, cheatingScans: 1, suspiciousScans: 0, cleanScans: 1, totalDetections: 2 },
      uniqueCheatsDetected: ['Eulen', 'RedEngine'],
      firstScanDate: iso(times.cheat1 as number),
      lastScanDate: iso(times.alt as number),
      lastCheatingDate: iso(times.cheat1 as number),
    });
    // Its risk inherits the shared PC's history; its lookup is its own record: one clean scan.
    const l = (await lookup(ALT.id)).json();
    expect(l).toMatchObject({
      totalScans: 1,
      totalDetections: 0,
      detections: [],
      overallStatus: 'clean',
      totalHwids: 2,
      firstSeen: iso(times.alt as number),
      lastSeen: iso(times.alt as number),
      gamesScanned: ['FiveM'],
    });
    expect(l.reasons).toEqual([
      {
        reason: 'Possible alt account detected: CheaterRenamed (100000000000000002)',
        category: 'alt_account',
        addedAt: iso(times.alt as number),
        evidence: null,
      },
    ]);
    expect(l.relatedAccounts).toEqual([
      {
        discordId: CHEATER.id,
        username: 'CheaterRenamed',
        sharedHwidIds: [c2],
        totalDetections: 3,
        overallStatus: 'cheating',
        lastSeenAt: iso(times.cheat2 as number),
        detections: ['Eulen', 'RedEngine'],
        totalUniqueDetections: 2,
        totalSharedHwids: 1,
      },
    ]);
  });

  it('a suspicious-only player: medium-or-lower, never above 50, suspicious status', async () => {
    const r = (await risk(SUSPECT.id)).json();
    expect(r.riskScore).toBeGreaterThan(0);
    expect(r.riskScore).toBeLessThanOrEqual(50);
    expect(['low', 'medium']).toContain(r.riskLevel);
    expect(r.stats).toEqual({
      totalScans: 1,
      cheatingScans: 0,
      suspiciousScans: 1,
      cleanScans: 0,
      totalDetections: 0,
    });
    expect(r.lastCheatingDate).toBeNull();
    expect((await lookup(SUSPECT.id)).json()).toMatchObject({ overallStatus: 'suspicious', detections: [] });
  });

  it('a warned player: warning listed, isWarned, suspicious, score between 1 and 50; it expires', async () => {
    const r = (await risk(WARNED.id)).json();
    expect(r.riskScore).toBeGreaterThan(0);
    expect(r.riskScore).toBeLessThanOrEqual(50);
    expect(r.isBanned).toBe(false);
    const l = (await lookup(WARNED.id)).json();
    expect(l).toMatchObject({ overallStatus: 'suspicious', isWarned: true, isBanned: false });
    expect(l.bans).toEqual([
      {
        status: 'warned',
        reason: 'Toxic behaviour',
        isExpired: false,
        createdAt: iso(times.warnIssued as number),
      },
    ]);

    const saved = now;
    now = (times.warnIssued as number) + 24 * HOUR + 1;
    try {
      const later = (await lookup(WARNED.id)).json();
      expect(later).toMatchObject({ overallStatus: 'clean', isWarned: false });
      expect(later.bans).toEqual([
        {
          status: 'expired',
          reason: 'Toxic behaviour',
          isExpired: true,
          createdAt: iso(times.warnIssued as number),
        },
      ]);
      expect((await risk(WARNED.id)).json()).toMatchObject({ riskScore: 0, riskLevel: 'clean' });
    } finally {
      now = saved;
    }
  });

  it('a ban on shared hardware raises the other account’s isBanned and score to critical', async () => {
    for (const who of [BANNED, BANNED_ALT]) {
      const r = (await risk(who.id)).json();
      expect(r.isBanned).toBe(true);
      expect(r.riskScore).toBeGreaterThanOrEqual(76);
      expect(r.riskLevel).toBe('critical');
      const l = (await lookup(who.id)).json();
      expect(l).toMatchObject({ overallStatus: 'banned', isBanned: true });
      expect(l.bans).toEqual([
        {
          status: 'banned',
          reason: 'Cheating on our server',
          isExpired: false,
          createdAt: iso(times.banIssued as number),
        },
      ]);
    }
    const related = (await lookup(BANNED.id)).json().relatedAccounts;
    expect(related).toEqual([
      expect.objectContaining({
        discordId: BANNED_ALT.id,
        overallStatus: 'banned',
        sharedHwidIds: [await hwidId('HW-BAN')],
      }),
    ]);
  });

  it('lifting a ban shows it as expired and drops isBanned and the score', async () => {
    const ban = await t.admin<{ id: number }>('POST', `/admin/v1/scanned-users/${CLEAN.id}/bans`, {
      status: 'banned',
      reason: 'Mistake',
    });
    expect((await risk(CLEAN.id)).json()).toMatchObject({ isBanned: true, riskLevel: 'critical' });
    const lift = await t.adminRaw('DELETE', `/admin/v1/bans/${ban.id}`);
    expect(lift.statusCode).toBe(204);
    expect((await risk(CLEAN.id)).json()).toMatchObject({
      isBanned: false,
      riskScore: 0,
      riskLevel: 'clean',
    });
    const l = (await lookup(CLEAN.id)).json();
    expect(l).toMatchObject({ isBanned: false, overallStatus: 'clean' });
    expect(l.bans).toEqual([
      expect.objectContaining({ status: 'expired', isExpired: true, reason: 'Mistake' }),
    ]);
    expect((await t.adminRaw('DELETE', '/admin/v1/bans/999999')).json().code).toBe('ban_not_found');
  });

  it('answers unknown users with found false, as documented', async () => {
    const r = await risk('199999999999999999');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ found: false, discordId: '199999999999999999', message: expect.any(String) });
    const l = await lookup('199999999999999999');
    expect(l.statusCode).toBe(200);
    expect(l.json()).toEqual({
      found: false,
      discordId: '199999999999999999',
      message: expect.stringMatching(/not found/i),
      relatedAccounts: [],
    });
  });

  it.each(['123', 'abcdefghijklmnopqr', '123456789012345678901', '１２３４５６７８９０１２３４５６７８'])(
    'refuses the malformed Discord ID %s with 400 invalid_discord_id',
    async (id) => {
      for (const res of [await risk(encodeURIComponent(id)), await lookup(encodeURIComponent(id))]) {
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('invalid_discord_id');
      }
    },
  );

  it('operator bans and notes need a known scanned user and a valid body', async () => {
    const unknown = await t.adminRaw('POST', '/admin/v1/scanned-users/199999999999999999/bans', {
      status: 'banned',
      reason: 'x',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('scanned_user_not_found');
    const bad = await t.adminRaw('POST', `/admin/v1/scanned-users/${CLEAN.id}/bans`, {
      status: 'kicked',
      reason: 'x',
    });
    expect(bad.statusCode).toBe(400);
    const deep = `${'['.repeat(5000)}"leaf"${']'.repeat(5000)}`;
    for (const evidence of [deep, JSON.stringify({ blob: 'x'.repeat(20_000) })]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/admin/v1/scanned-users/${CLEAN.id}/reasons`,
        headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'application/json' },
        payload: `{"reason":"x","category":"y","evidence":${evidence}}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid_body');
    }
    const badId = await t.adminRaw('POST', '/admin/v1/scanned-users/12/reasons', {
      reason: 'x',
      category: 'y',
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().code).toBe('invalid_discord_id');
  });
});

describe.each(backends())('who may read risk scores and lookups on $name', (backend) => {
  let t: TestApp;
  let now = T0;
  beforeAll(async () => {
    t = await startTestApp(backend, {}, () => now);
  });
  afterAll(async () => t.close());

  const keyFor = async (extra: Record<string, unknown> = {}) => {
    const id = await t.createAccount('Reader', extra);
    return { id, key: await t.issueKey(id, ['user:risk-score', 'scanned-users:lookup']) };
  };
  const codes = async (key: string) => [
    (await t.api('GET', '/v1/users/100000000000000001/risk-score', { key })).statusCode,
    (await t.api('GET', '/v1/scanned-users/lookup/100000000000000001', { key })).statusCode,
  ];

  it('an active licence is enough', async () => {
    const { key } = await keyFor({ licenceExpiresAt: iso(now + HOUR) });
    expect(await codes(key)).toEqual([200, 200]);
  });

  it('an expired licence without membership gets 403 licence_required, before the ID is even checked', async () => {
    const { key } = await keyFor({ licenceExpiresAt: iso(now - 1) });
    const res = await t.api('GET', '/v1/users/12/risk-score', { key });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('licence_required');
    expect(await codes(key)).toEqual([403, 403]);
  });

  it('membership or ownership of an active Enterprise is enough; of an inactive one it is not', async () => {
    const owner = await t.createOwner('Ent owner');
    const member = await keyFor();
    await t.admin('POST', `/admin/v1/enterprises/${owner.enterpriseId}/members`, { accountId: member.id });
    expect(await codes(owner.key)).toEqual([200, 200]);
    expect(await codes(member.key)).toEqual([200, 200]);
    await t.admin('PATCH', `/admin/v1/enterprises/${owner.enterpriseId}`, { active: false });
    expect(await codes(owner.key)).toEqual([403, 403]);
    expect(await codes(member.key)).toEqual([403, 403]);
  });

  it('joining or leaving an Enterprise counts at once, though memberships are kept in memory', async () => {
    const owner = await t.createOwner('Joiner owner');
    const member = await keyFor();
    // Read (and kept) as "not a member" first, then as a member: each change is seen on the next call.
    expect(await codes(member.key)).toEqual([403, 403]);
    await t.admin('POST', `/admin/v1/enterprises/${owner.enterpriseId}/members`, { accountId: member.id });
    expect(await codes(member.key)).toEqual([200, 200]);
    await t.admin('DELETE', `/admin/v1/enterprises/${owner.enterpriseId}/members/${member.id}`);
    expect(await codes(member.key)).toEqual([403, 403]);
  });

  it('a licence that lapses stops access at once', async () => {
    const { key } = await keyFor({ licenceExpiresAt: iso(now + 1000) });
    expect(await codes(key)).toEqual([200, 200]);
    now += 1000;
    expect(await codes(key)).toEqual([403, 403]);
  });

  it('a key without the permission gets 403 insufficient_permission before the licence check', async () => {
    const id = await t.createAccount('No perms');
    const key = await t.issueKey(id, ['pins:status']);
    for (const path of [
      '/v1/users/100000000000000001/risk-score',
      '/v1/scanned-users/lookup/100000000000000001',
    ]) {
      const res = await t.api('GET', path, { key });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('insufficient_permission');
    }
  });
});

describe.each(backends())('hardware that links many accounts on $name', (backend) => {
  let t: TestApp;
  let owner: Owner;
  beforeAll(async () => {
    // One scan per account below: more starts than a minute allows by default.
    t = await startTestApp(backend, { SCANNER_START_PER_MINUTE: '1000', HWID_HUB_THRESHOLD: '100' });
    owner = await t.createOwner();
  });
  afterAll(async () => t.close());

  it('placeholder hardware IDs link nobody, and a scan with only placeholders still counts', async () => {
    const sc = scanner(t);
    const placeholder = ['To be filled by O.E.M.', '00000000-0000-0000-0000-000000000000'];
    await sc.scan(
      owner.key,
      report({ discord: [{ id: '400000000000000001', username: 'A' }], detections: ['X'] }),
      placeholder,
    );
    await sc.scan(owner.key, report({ discord: [{ id: '400000000000000002', username: 'B' }] }), [
      ...placeholder,
      'REAL-B',
    ]);
    const b = (await t.api('GET', '/v1/scanned-users/lookup/400000000000000002', { key: owner.key })).json();
    expect(b).toMatchObject({
      totalHwids: 1,
      hasRelatedAccounts: false,
      overallStatus: 'clean',
      detections: [],
    });
    // A's scan had no usable hardware ID: it gets a profile of its own, so the cheating still counts.
    const a = (await t.api('GET', '/v1/users/400000000000000001/risk-score', { key: owner.key })).json();
    expect(a).toMatchObject({ found: true, linkedProfiles: 1, uniqueCheatsDetected: ['X'] });
    expect(a.riskScore).toBeGreaterThanOrEqual(51);
    expect(a.stats).toMatchObject({ totalScans: 1, cheatingScans: 1 });
    // And a ban on A covers that profile.
    await t.admin('POST', '/admin/v1/scanned-users/400000000000000001/bans', {
      status: 'banned',
      reason: 'x',
    });
    expect(
      (await t.api('GET', '/v1/users/400000000000000001/risk-score', { key: owner.key })).json().isBanned,
    ).toBe(true);
  });

  it('a placeholder-only scan links only the account it is tied to; the other one stays inside the Enterprise', async () => {
    const sc = scanner(t);
    const pair = [
      { id: '400000000000000011', username: 'C' },
      { id: '400000000000000012', username: 'D' },
    ];
    // C proved the account for the PIN; D was only reported with it (docs/risk-score.md, "Whose scan it is").
    await sc.scan(owner.key, report({ discord: pair }), ['Default string']);
    const c = (await t.api('GET', `/v1/scanned-users/lookup/${pair[0]?.id}`, { key: owner.key })).json();
    expect(c).toMatchObject({
      totalHwids: 1,
      relatedAccounts: [],
      scansByReach: { shared: 1, enterpriseOnly: 0 },
    });
    const d = (await t.api('GET', `/v1/scanned-users/lookup/${pair[1]?.id}`, { key: owner.key })).json();
    expect(d).toMatchObject({ found: true, totalHwids: 0, scansByReach: { shared: 0, enterpriseOnly: 1 } });
    const other = await t.createOwner('Another Enterprise');
    const elsewhere = await t.api('GET', `/v1/scanned-users/lookup/${pair[1]?.id}`, { key: other.key });
    expect(elsewhere.json()).toMatchObject({ found: false });
  });

  it('takes hardware IDs with a trailing NUL as firmware reports them, and knows the placeholders among them', async () => {
    const sc = scanner(t);
    const e = { id: '400000000000000021', username: 'E' };
    const f = { id: '400000000000000022', username: 'F' };
    // Each on its own machine, both boards reporting the same junk serial with and without a NUL.
    await sc.scan(owner.key, report({ discord: [e] }), ['Default string\u0000', 'REAL-E']);
    await sc.scan(owner.key, report({ discord: [f] }), ['Default string', 'REAL-F\u0000']);
    const lookup = (await t.api('GET', `/v1/scanned-users/lookup/${e.id}`, { key: owner.key })).json();
    expect(lookup).toMatchObject({ totalHwids: 1, hasRelatedAccounts: false });
    // NUL anywhere else in the body is still refused.
    const pin = await t.createPin(owner.key);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/v1/scanner/start',
      payload: { pin, hwids: ['REAL-G'], clientVersion: 'a\u0000b' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('invalid_body');
  });

  it('lists at most 50 related accounts and counts them all', async () => {
    const sc = scanner(t);
    const crowd = Array.from({ length: 56 }, (_, i) => ({
      id: `5000000000000000${String(i).padStart(2, '0')}`,
      username: `P${i}`,
    }));
    // One proven account per scan, all on one machine.
    for (const player of crowd) await sc.scan(owner.key, report({ discord: [player] }), ['SHARED-CAFE-PC']);
    const l = (await t.api('GET', `/v1/scanned-users/lookup/${crowd[0]?.id}`, { key: owner.key })).json();
    expect(l.totalRelatedAccounts).toBe(55);
    expect(l.hasRelatedAccounts).toBe(true);
    expect(l.relatedAccounts).toHaveLength(50);
    expect(new Set(l.relatedAccounts.map((r: { discordId: string }) => r.discordId)).size).toBe(50);
  });
});

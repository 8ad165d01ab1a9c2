import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepDuePins } from '../../src/application/pins/sweep-due-pins.js';
import { backends } from '../support/backends.js';
import { evidence, jar, startScan, uploadEvidence } from '../support/evidence.js';
import { expectProblem, fakeClock, rateLimitHeaders } from '../support/http.js';
import { asPerson, type Person, signIn } from '../support/person.js';
import { report, scanner } from '../support/scan.js';
import { integrationClient } from '../support/scanner-client.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

const DAY = 86_400_000;
const TODAY = Date.parse('2026-05-20T10:00:00.000Z');

interface Day {
  date: string;
  legit: number;
  suspicious: number;
  cheating: number;
  expired: number;
  error: number;
}

/**
 * The overview (docs/dashboard.md, "The dashboard API"): 30 UTC days of how scans ended and the top
 * detections over the PINs the person may see, their active PINs, and their keys' hourly use, read
 * without spending it.
 */
describe.each(backends())('dashboard overview on $name', (backend) => {
  const clock = fakeClock(TODAY - 30 * DAY);
  let t: TestApp;
  let owner: Owner;
  let ownerP: Person;
  let memberP: Person;
  let outsiderP: Person;
  let outsider: Owner;

  const scan = async (key: string, body = report(), extra: Record<string, unknown> = {}) => {
    const pin = await t.createPin(key, { type: 'FiveM', ...extra });
    // Signed as the official build, so a clean report is legit (docs/scan-client.md, "Trust").
    const official = scanner(t, { client: await integrationClient(t) });
    const token = await official.startOk(pin, ['HW-OVERVIEW']);
    const res = await official.finish(token, body);
    if (res.statusCode !== 200) throw new Error(`finish -> ${res.statusCode} ${res.body}`);
  };
  const overview = async (who: Person, query = '') => {
    const res = await who.get(`/overview${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const day = (days: Day[], date: string) => days.find((d) => d.date === date);
  const empty = { legit: 0, suspicious: 0, cheating: 0, expired: 0, error: 0 };

  beforeAll(async () => {
    t = await startTestApp(backend, { MAX_ACTIVE_PINS: '10' }, clock);
    owner = await t.createOwner('Overview Owner');
    outsider = await t.createOwner('Overview Outsider');
    const member = await t.createAccount('Overview Staff');
    await t.admin('POST', `/admin/v1/enterprises/${owner.enterpriseId}/members`, { accountId: member });

    // 2026-04-20: the day before the window.
    await scan(owner.key, report({ detections: ['Old'] }));
    // 2026-04-21: the window's first day.
    clock.set(TODAY - 29 * DAY);
    await scan(owner.key);
    // 2026-05-17: suspicious, expired, failed.
    clock.set(TODAY - 3 * DAY);
    await scan(owner.key, report({ suspicious: ['odd.dll'] }));
    await t.createPin(owner.key);
    const failing = await t.createPin(owner.key);
    await scanner(t).fail(await scanner(t).startOk(failing));
    clock.advance(4 * 3_600_000);
    await sweepDuePins(t.deps);
    // 2026-05-20: today.
    clock.set(TODAY);
    await scan(owner.key, report({ detections: ['Eulen', 'Skript'] }));
    await scan(owner.key, report({ detections: ['Eulen', 'Eulen'] }));
    await scan(owner.key, report({ detections: ['Eulen', 'Hidden'] }), { private: true });
    await scan(owner.key);
    await scan(outsider.key, report({ detections: ['Foreign'] }));
    await t.createPin(owner.key);

    ownerP = await signIn(t, owner.accountId);
    memberP = await signIn(t, member);
    outsiderP = await signIn(t, outsider.accountId);
  });
  afterAll(async () => t.close());

  it('gives 30 UTC days, oldest first, zero-filled, counted by the day each PIN ended', async () => {
    const body = await overview(memberP);
    expect(Object.keys(body).sort()).toEqual(['activePins', 'keys', 'scansPerDay', 'topDetections']);
    const days = body.scansPerDay as Day[];
    expect(days).toHaveLength(30);
    expect(days[0]?.date).toBe('2026-04-21');
    expect(days[29]?.date).toBe('2026-05-20');
    for (let i = 1; i < 30; i++) {
      expect(Date.parse(days[i]?.date ?? '') - Date.parse(days[i - 1]?.date ?? '')).toBe(DAY);
    }
    expect(day(days, '2026-04-21')).toEqual({ date: '2026-04-21', ...empty, legit: 1 });
    expect(day(days, '2026-05-17')).toEqual({
      date: '2026-05-17',
      ...empty,
      suspicious: 1,
      expired: 1,
      error: 1,
    });
    // The member does not see the owner's private PIN nor the outsider's.
    expect(day(days, '2026-05-20')).toEqual({ date: '2026-05-20', ...empty, cheating: 2, legit: 1 });
    const total = days.reduce((n, d) => n + d.legit + d.suspicious + d.cheating + d.expired + d.error, 0);
    expect(total).toBe(7);
  });

  it('names the most frequent detections over visible PINs, each scan counting a name once', async () => {
    expect((await overview(memberP)).topDetections).toEqual([
      { name: 'Eulen', count: 2 },
      { name: 'Skript', count: 1 },
    ]);
    expect((await overview(ownerP)).topDetections).toEqual([
      { name: 'Eulen', count: 3 },
      { name: 'Hidden', count: 1 },
      { name: 'Skript', count: 1 },
    ]);
    expect((await overview(outsiderP)).topDetections).toEqual([{ name: 'Foreign', count: 1 }]);
    expect(day((await overview(ownerP)).scansPerDay, '2026-05-20')?.cheating).toBe(3);
  });

  it('names a judged scan’s detections by their rule, not by where each was found', async () => {
    const judged = await t.createOwner('Overview Rules');
    const scanJars = async (...paths: string[]) => {
      const { token, nonce } = await startScan(t, judged.key);
      const items = paths.map((path) => jar(path, ['net/wurstclient/WurstClient.class']));
      const res = await uploadEvidence(t, token, evidence(nonce, { files: { items } }, new Date(TODAY)));
      expect(res.statusCode, res.body).toBe(200);
    };
    await scanJars('~/.minecraft/mods/wurst.jar');
    await scanJars('~/.minecraft/mods/a.jar', '~/Downloads/b.jar');
    // A bare report has no rule behind its texts: each is its own name.
    await scan(judged.key, report({ detections: ['Eulen'] }));
    expect((await overview(await signIn(t, judged.accountId))).topDetections).toEqual([
      { name: 'Wurst', count: 2 },
      { name: 'Eulen', count: 1 },
    ]);
  });

  it('narrows the PIN figures to one Enterprise with enterpriseId', async () => {
    const mine = await overview(memberP, `?enterpriseId=${owner.enterpriseId}`);
    expect(mine.topDetections).toEqual((await overview(memberP)).topDetections);
    const elsewhere = await overview(memberP, `?enterpriseId=${outsider.enterpriseId}`);
    expect(elsewhere.topDetections).toEqual([]);
    expect(
      (elsewhere.scansPerDay as Day[]).every((d) => Object.values({ ...d, date: 0 }).every((n) => n === 0)),
    ).toBe(true);
    expect(elsewhere.scansPerDay).toHaveLength(30);
  });

  it('shows the person’s active PINs against the limit', async () => {
    // The dashboard's own PINs count against the role's quota (docs/roles.md, "PIN quotas"); those
    // made with an API key above count against the account's limit, as the published API has it.
    expect((await overview(ownerP)).activePins).toEqual({ used: 0, limit: 10 });
    expect((await ownerP.call('POST', '/pins', { type: 'Rust' })).statusCode).toBe(201);
    expect((await overview(ownerP)).activePins).toEqual({ used: 1, limit: 10 });
    expect((await overview(memberP)).activePins).toEqual({ used: 0, limit: 10 });
  });

  it('shows each live key’s requests this hour without spending any', async () => {
    await t.issueKey(owner.accountId, ['pins:status'], { name: 'Fresh' });
    const revoked = (
      await ownerP.call('POST', '/keys', { permissions: ['pins:status'], name: 'Gone' })
    ).json();
    await ownerP.call('DELETE', `/keys/${revoked.id}`);
    const v1Call = async () =>
      rateLimitHeaders(await t.api('GET', '/v1/pins/A7K3M2P9/status', { key: owner.key })).remaining;
    const mainKey = async () => {
      const keys = (await overview(ownerP)).keys as Array<Record<string, unknown>>;
      expect(keys.map((k) => k.name)).not.toContain('Gone');
      return {
        keys,
        main: keys.find((k) => owner.key.startsWith(k.prefix as string) && k.name === null),
      };
    };

    const remaining = await v1Call();
    const { keys, main } = await mainKey();
    expect(Object.keys(main ?? {}).sort()).toEqual(['id', 'limit', 'name', 'prefix', 'resetSeconds', 'used']);
    expect(main).toMatchObject({ used: 1000 - remaining, limit: 1000 });
    expect(main?.resetSeconds).toBeGreaterThanOrEqual(1);
    expect(main?.resetSeconds).toBeLessThanOrEqual(3600);
    expect(keys.find((k) => k.name === 'Fresh')).toMatchObject({ used: 0, limit: 1000, resetSeconds: null });

    // Opening the overview spent nothing: the next /v1 call takes exactly one more.
    await mainKey();
    await mainKey();
    expect(await v1Call()).toBe(remaining - 1);
    expect((await mainKey()).main?.used).toBe(1000 - remaining + 1);
    expect((await overview(memberP)).keys).toEqual([]);
  });

  it('refuses malformed queries with 400 and answers 401 without a session', async () => {
    expectProblem(await memberP.get('/overview?enterpriseId=abc'), 400, 'invalid_parameter');
    expectProblem(await memberP.get('/overview?days=7'), 400, 'invalid_parameter');
    expectProblem(await asPerson(t, '').get('/overview'), 401, 'not_signed_in');
  });
});

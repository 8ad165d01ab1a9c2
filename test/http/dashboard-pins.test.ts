import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { expectProblem, fakeClock, ISO_MS, PIN_CODE } from '../support/http.js';
import { asPerson, type Person, signIn } from '../support/person.js';
import { report, scanner } from '../support/scan.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

const HOUR = 3_600_000;
const TTL_MS = 10_800_000;

/** The keys of a PIN as the dashboard lists it: the /v1 status body plus the dashboard's own fields. */
const LISTED_PIN_KEYS = [
  'createdAt',
  'creator',
  'enterprise',
  'enterpriseId',
  'expiresAt',
  'isFinished',
  'isPending',
  'isScanning',
  'lastStatusUpdate',
  'mine',
  'pin',
  'pinName',
  'private',
  'progress',
  'result',
  'status',
  'statusMessage',
  'type',
  'used',
];

/**
 * Making PINs from the dashboard (the rules of POST /v1/pins/create, for the signed-in owner), the
 * active-PIN slots, /me's ownsEnterprise, and the PIN list's date and Enterprise filters.
 */
describe.each(backends())('dashboard PINs on $name', (backend) => {
  const clock = fakeClock(Date.parse('2026-03-10T12:00:00.123Z'));
  let t: TestApp;
  let owner: Owner;
  let ownerP: Person;
  let memberP: Person;
  let strangerP: Person;

  /** SCANNER_DOWNLOADS_DIR: empty, as on a fresh server, until a test puts builds in it. */
  const downloads = mkdtempSync(join(tmpdir(), 'scanpin-dashboard-downloads-'));

  beforeAll(async () => {
    t = await startTestApp(backend, { MAX_ACTIVE_PINS: '3', SCANNER_DOWNLOADS_DIR: downloads }, clock);
    owner = await t.createOwner('Pin Maker');
    const member = await t.createAccount('Staff');
    await t.admin('POST', `/admin/v1/enterprises/${owner.enterpriseId}/members`, { accountId: member });
    ownerP = await signIn(t, owner.accountId);
    memberP = await signIn(t, member);
    strangerP = await signIn(t, await t.createAccount('Stranger'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(downloads, { recursive: true, force: true });
  });

  it('/me says whether the person owns an active Enterprise', async () => {
    expect((await ownerP.get('/me')).json()).toMatchObject({ name: 'Pin Maker', ownsEnterprise: true });
    expect((await memberP.get('/me')).json()).toMatchObject({ ownsEnterprise: false });
    const lapsed = await t.createOwner('Lapsed');
    await t.admin('PATCH', `/admin/v1/enterprises/${lapsed.enterpriseId}`, { active: false });
    expect((await (await signIn(t, lapsed.accountId)).get('/me')).json().ownsEnterprise).toBe(false);
  });

  it('creates a PIN for an owner: 201 with the listed shape, seen by members and through /v1', async () => {
    const res = await ownerP.call('POST', '/pins', { type: 'Rust', pinName: 'From the dashboard' });
    expect(res.statusCode).toBe(201);
    const body = res.json<Record<string, unknown>>();
    expect(Object.keys(body).sort()).toEqual(LISTED_PIN_KEYS);
    expect(body).toMatchObject({
      type: 'Rust',
      pinName: 'From the dashboard',
      status: 'pending',
      progress: 0,
      used: false,
      private: false,
      mine: true,
      creator: 'Pin Maker',
      enterprise: "Pin Maker's Enterprise",
      enterpriseId: owner.enterpriseId,
      isPending: true,
    });
    expect(body.pin).toMatch(PIN_CODE);
    expect(body.createdAt).toMatch(ISO_MS);
    expect(Date.parse(body.expiresAt as string) - Date.parse(body.createdAt as string)).toBe(TTL_MS);

    const v1 = await t.api('GET', `/v1/pins/${body.pin}/status`, { key: owner.key });
    expect(v1.statusCode).toBe(200);
    const {
      private: _p,
      creator: _c,
      mine: _m,
      expiresAt: _e,
      enterprise: _n,
      enterpriseId: _i,
      ...statusBody
    } = body;
    expect(v1.json()).toEqual(statusBody);

    const seen = (await memberP.get('/pins')).json().data as Array<Record<string, unknown>>;
    expect(seen.find((p) => p.pin === body.pin)).toMatchObject({ mine: false, creator: 'Pin Maker' });
  });

  it('keeps private and ramDump, and a private PIN stays the creator’s', async () => {
    const res = await ownerP.call('POST', '/pins', { type: 'FiveM', private: true, ramDump: true });
    expect(res.statusCode).toBe(201);
    const code = res.json().pin as string;
    expect(res.json().private).toBe(true);
    const v1 = await t.api('GET', `/v1/pins/${code}/status`, { key: owner.key });
    expect(v1.statusCode).toBe(200);
    expectProblem(await memberP.get(`/pins/${code}`), 404, 'pin_not_found');
  });

  it('refuses a viewer, and someone in no Enterprise, before looking at the body, as /v1 does', async () => {
    // A member is a viewer unless the owner chose another role (docs/roles.md).
    expectProblem(await memberP.call('POST', '/pins', { type: 'FiveM' }), 403, 'role_not_allowed');
    expectProblem(await memberP.call('POST', '/pins', { type: 'Nope' }), 403, 'role_not_allowed');
    expectProblem(await strangerP.call('POST', '/pins', 'not json'), 403, 'not_enterprise_owner');
  });

  it('answers bad bodies as /v1 does and creates nothing', async () => {
    const before = (await ownerP.get('/pins?limit=100')).json().data.length;
    expectProblem(await ownerP.call('POST', '/pins', { type: 'Chess' }), 400, 'invalid_game_type');
    expectProblem(await ownerP.call('POST', '/pins', { type: 5 }), 400, 'invalid_body');
    expectProblem(await ownerP.call('POST', '/pins', { type: 'Rust', colour: 'red' }), 400, 'invalid_body');
    expectProblem(
      await ownerP.call('POST', '/pins', { type: 'Rust', pinName: 'x'.repeat(51) }),
      400,
      'invalid_body',
    );
    expectProblem(await ownerP.call('POST', '/pins', {}), 400, 'invalid_body');
    expect((await ownerP.get('/pins?limit=100')).json().data).toHaveLength(before);
  });

  it('counts slots and holds the active-PIN limit', async () => {
    // Two PINs so far (one pending, one private pending); a third fills the limit of 3.
    const slots = {
      canCreate: true,
      enterpriseId: owner.enterpriseId,
      role: 'owner',
      limit: 3,
      scannerDownloads: [],
    };
    expect((await ownerP.get('/pin-slots')).json()).toEqual({ ...slots, used: 2 });
    expect((await ownerP.call('POST', '/pins', { type: 'Cod' })).statusCode).toBe(201);
    expect((await ownerP.get('/pin-slots')).json()).toEqual({ ...slots, used: 3 });
    expectProblem(await ownerP.call('POST', '/pins', { type: 'Cod' }), 400, 'active_pin_limit');
    expect((await memberP.get('/pin-slots')).json()).toEqual({
      canCreate: false,
      enterpriseId: owner.enterpriseId,
      role: 'viewer',
      used: 0,
      limit: 3,
      scannerDownloads: [],
    });

    // Expired PINs free their slots, with nothing written yet.
    clock.advance(TTL_MS + 1);
    expect((await ownerP.get('/pin-slots')).json()).toEqual({ ...slots, used: 0 });
    expect((await ownerP.call('POST', '/pins', { type: 'Cod' })).statusCode).toBe(201);
  });

  it('says which systems scan links offer a scanner for: none on a fresh server, then each build made', async () => {
    const offered = async (person: Person) => (await person.get('/pin-slots')).json().scannerDownloads;
    expect(await offered(ownerP)).toEqual([]);
    // What `npm run build:scanner` leaves (docs/scan-client.md, "Building the executables").
    writeFileSync(join(downloads, 'scanpin-scan-linux-x64'), 'linux build');
    writeFileSync(join(downloads, 'scanner-clients.json'), '{}');
    expect(await offered(ownerP)).toEqual(['linux']);
    writeFileSync(join(downloads, 'scanpin-scan-win-x64.exe'), 'windows build');
    expect(await offered(ownerP)).toEqual(['windows', 'linux']);
    // A viewer, who creates nothing, is told the same.
    expect(await offered(memberP)).toEqual(['windows', 'linux']);
    for (const name of ['scanpin-scan-linux-x64', 'scanpin-scan-win-x64.exe', 'scanner-clients.json'])
      rmSync(join(downloads, name));
    expect(await offered(ownerP)).toEqual([]);
  });

  it('lists expiresAt and the Enterprise name, and filters by creation date and Enterprise', async () => {
    const other = await t.createOwner('Second Community');
    await t.admin('POST', `/admin/v1/enterprises/${other.enterpriseId}/members`, {
      accountId: (await memberP.get('/me')).json().accountId,
    });
    const start = clock();
    const early = await t.createPin(other.key, { type: 'AltV' });
    clock.advance(2 * HOUR);
    const late = await t.createPin(other.key, { type: 'AltV' });

    const list = (await memberP.get('/pins?limit=100')).json().data as Array<Record<string, unknown>>;
    const lateListed = list.find((p) => p.pin === late);
    expect(lateListed).toMatchObject({ enterprise: "Second Community's Enterprise" });
    expect(Date.parse(lateListed?.expiresAt as string)).toBe(start + 2 * HOUR + TTL_MS);

    const codes = async (query: string) =>
      ((await memberP.get(`/pins?limit=100&${query}`)).json().data as Array<{ pin: string }>).map(
        (p) => p.pin,
      );
    const iso = (ms: number) => new Date(ms).toISOString();
    expect(await codes(`enterpriseId=${other.enterpriseId}`)).toEqual([late, early]);
    const ownersPins = await codes(`enterpriseId=${owner.enterpriseId}`);
    expect(ownersPins.length).toBeGreaterThan(0);
    expect(ownersPins).not.toContain(early);
    // createdFrom is inclusive, createdTo exclusive.
    expect(await codes(`enterpriseId=${other.enterpriseId}&createdFrom=${iso(start)}`)).toEqual([
      late,
      early,
    ]);
    expect(await codes(`enterpriseId=${other.enterpriseId}&createdFrom=${iso(start + 1)}`)).toEqual([late]);
    expect(await codes(`enterpriseId=${other.enterpriseId}&createdTo=${iso(start + 2 * HOUR)}`)).toEqual([
      early,
    ]);
    expect(
      await codes(
        `createdFrom=${iso(start)}&createdTo=${iso(start + 2 * HOUR + 1)}&enterpriseId=${other.enterpriseId}`,
      ),
    ).toEqual([late, early]);
    // An Enterprise the person is not in shows only what they could see anyway: nothing here.
    expect(await codes('enterpriseId=999999')).toEqual([]);
  });

  it('lists a finished PIN with the same status body as /v1, its summary included', async () => {
    const pin = await scanner(t).scan(owner.key, report({ detections: ['Eulen'] }), ['HW-LISTED']);
    const v1 = (await t.api('GET', `/v1/pins/${pin}/status`, { key: owner.key })).json();
    const listed = ((await memberP.get('/pins?status=finished')).json().data as Array<{ pin: string }>).find(
      (p) => p.pin === pin,
    );
    expect(listed).toEqual({
      ...v1,
      private: false,
      creator: 'Pin Maker',
      mine: false,
      expiresAt: expect.stringMatching(ISO_MS),
      enterprise: "Pin Maker's Enterprise",
      enterpriseId: owner.enterpriseId,
    });
    expect(v1.data).toMatchObject({ detectionsCount: 1, cheating: 'cheating' });
    expect((await memberP.get(`/pins/${pin}`)).json().status).toEqual(listed);
  });

  it('refuses malformed filters with 400 invalid_parameter', async () => {
    for (const query of [
      'createdFrom=yesterday',
      'createdTo=2026-13-01T00:00:00Z',
      'enterpriseId=0',
      'enterpriseId=abc',
      'enterpriseId=99999999999',
      'before=99999999999',
    ]) {
      expectProblem(await ownerP.get(`/pins?${query}`), 400, 'invalid_parameter');
    }
  });

  it('documents every dashboard call in /openapi.json under the Dashboard tag, behind the session', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json().paths;
    const calls: Array<[string, string]> = [
      ['/app/api/pins', 'post'],
      ['/app/api/pin-slots', 'get'],
      ['/app/api/pins/{pinCode}/timeline', 'get'],
      ['/app/api/events', 'get'],
      ['/app/api/players/{discordId}', 'get'],
      ['/app/api/overview', 'get'],
      ['/app/api/keys', 'get'],
      ['/app/api/keys', 'post'],
      ['/app/api/keys/{id}', 'delete'],
      ['/app/api/webhooks', 'get'],
      ['/app/api/webhooks', 'post'],
      ['/app/api/webhooks/{id}', 'patch'],
      ['/app/api/webhooks/{id}/rotate-secret', 'post'],
      ['/app/api/webhooks/{id}/deliveries', 'get'],
      ['/app/api/webhooks/{id}/deliveries/{deliveryId}/redeliver', 'post'],
      ['/app/api/webhooks/{id}/test', 'post'],
      ['/app/api/keywords', 'get'],
      ['/app/api/keywords', 'put'],
    ];
    for (const [path, method] of calls) {
      const op = paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.tags).toEqual(['Dashboard']);
      expect(op.security).toEqual([{ sessionCookie: [] }]);
    }
  });

  it('answers 401 not_signed_in without a session, and 403 to a cross-site create', async () => {
    const nobody = asPerson(t, '');
    expectProblem(await nobody.call('POST', '/pins', { type: 'Rust' }), 401, 'not_signed_in');
    expectProblem(await nobody.get('/pin-slots'), 401, 'not_signed_in');
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/app/api/pins',
      headers: { cookie: ownerP.cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: JSON.stringify({ type: 'Rust' }),
    });
    expectProblem(crossSite, 403, 'cross_site_request');
  });
});

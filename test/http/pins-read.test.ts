import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { expectProblem, expectRequestId, fakeClock, ISO_MS, unusedPinCode } from '../support/http.js';
import { setPinState } from '../support/store.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';
import { withApp } from '../support/with-app.js';

const STATUS_FIELDS = [
  'createdAt',
  'isFinished',
  'isPending',
  'isScanning',
  'lastStatusUpdate',
  'pin',
  'pinName',
  'progress',
  'result',
  'status',
  'statusMessage',
  'type',
  'used',
];
const UNFINISHED_RESULTS_FIELDS = ['message', 'pin', 'pinName', 'result', 'status', 'type'];

const READS = [
  { endpoint: 'status', permission: 'pins:status' },
  { endpoint: 'results', permission: 'pins:results' },
] as const;

describe.each(backends())('reading PINs on $name', (backend) => {
  const clock = fakeClock();
  let t: TestApp;
  let owner: Owner;
  let pin: string;
  let created: { createdAt: string; expiresAt: string };
  beforeAll(async () => {
    t = await startTestApp(backend, {}, clock);
    owner = await t.createOwner('Reader');
    const res = await t.api('POST', '/v1/pins/create', {
      key: owner.key,
      body: { type: 'Bedrock', pinName: 'Finals' },
    });
    created = res.json();
    pin = res.json().pin;
  });
  afterAll(async () => t.close());

  const read = (code: string, endpoint: 'status' | 'results', key: string) =>
    t.api('GET', `/v1/pins/${code}/${endpoint}`, { key });

  describe('GET /v1/pins/:pinCode/status', () => {
    it('answers a pending PIN with exactly the fields of spec §4.2 and the values of spec §3', async () => {
      const res = await read(pin, 'status', owner.key);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expectRequestId(res);
      const body = res.json<Record<string, unknown>>();
      expect(Object.keys(body).sort()).toEqual(STATUS_FIELDS);
      expect(body).toEqual({
        pin,
        pinName: 'Finals',
        type: 'Bedrock',
        status: 'pending',
        progress: 0,
        statusMessage: null,
        result: null,
        used: false,
        lastStatusUpdate: null,
        createdAt: created.createdAt,
        isFinished: false,
        isScanning: false,
        isPending: true,
      });
      expect(body.createdAt).toMatch(ISO_MS);
      expect(body).not.toHaveProperty('data');
    });

    it('answers a scanning PIN with used and isScanning true', async () => {
      const scanner = await t.createOwner();
      const code = await t.createPin(scanner.key, { type: 'FiveM' });
      const at = clock();
      await setPinState(t, code, {
        status: 'scanning',
        used: 1,
        progress: 40,
        status_message: 'Checking processes',
        last_status_update: at,
        last_activity_at: at,
      });
      const body = (await read(code, 'status', scanner.key)).json();
      expect(Object.keys(body).sort()).toEqual(STATUS_FIELDS);
      expect(body).toMatchObject({
        status: 'scanning',
        progress: 40,
        statusMessage: 'Checking processes',
        result: null,
        used: true,
        lastStatusUpdate: new Date(at).toISOString(),
        isFinished: false,
        isScanning: true,
        isPending: false,
      });
      expect(body.lastStatusUpdate).toMatch(ISO_MS);
    });
  });

  describe('GET /v1/pins/:pinCode/results', () => {
    it('answers a pending PIN with result "none" and a message, and no data', async () => {
      const res = await read(pin, 'results', owner.key);
      expect(res.statusCode).toBe(200);
      expectRequestId(res);
      const body = res.json<Record<string, unknown>>();
      expect(Object.keys(body).sort()).toEqual(UNFINISHED_RESULTS_FIELDS);
      expect(body).toMatchObject({
        pin,
        type: 'Bedrock',
        status: 'pending',
        result: 'none',
        pinName: 'Finals',
      });
      expect(typeof body.message).toBe('string');
      expect(body.message).toMatch(/wait/i);
    });

    it('answers a scanning PIN with status scanning, result "none" and a message', async () => {
      const scanner = await t.createOwner();
      const code = await t.createPin(scanner.key, { type: 'FiveM' });
      await setPinState(t, code, { status: 'scanning', used: 1, last_activity_at: clock() });
      const body = (await read(code, 'results', scanner.key)).json();
      expect(Object.keys(body).sort()).toEqual(UNFINISHED_RESULTS_FIELDS);
      expect(body).toMatchObject({ status: 'scanning', result: 'none', pinName: null });
      expect(body.message.length).toBeGreaterThan(0);
    });
  });

  describe.each(READS)('GET /v1/pins/:pinCode/$endpoint', ({ endpoint, permission }) => {
    it('accepts the code in lower or mixed case and answers with it upper-cased', async () => {
      for (const variant of [pin.toLowerCase(), pin.slice(0, 4).toLowerCase() + pin.slice(4)]) {
        const res = await read(variant, endpoint, owner.key);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().pin).toBe(pin);
      }
    });

    it('tolerates a trailing slash', async () => {
      expect((await t.api('GET', `/v1/pins/${pin}/${endpoint}/`, { key: owner.key })).statusCode).toBe(200);
    });

    it.each([
      ['empty', ''],
      ['7 characters', 'A7K3M2P'],
      ['9 characters', 'A7K3M2P9X'],
      ['a zero', 'A7K3M2P0'],
      ['a one', 'A7K3M2P1'],
      ['an I', 'A7K3M2PI'],
      ['an O', 'A7K3M2PO'],
      ['a lower-case i (I once upper-cased)', 'a7k3m2pi'],
      ['a lower-case o (O once upper-cased)', 'a7k3m2po'],
      ['a space', 'A7K3 M2P'],
      ['only spaces', '%20%20%20%20%20%20%20%20'],
      ['a hyphen', 'A7K3-M2P'],
      ['a non-ASCII letter', 'A7K3M2PÄ'],
      ['an encoded slash', 'A7K3%2FM2P'],
      ['a NUL byte', 'A7K3M2P%00'],
      ['a 200-character value', 'A'.repeat(200)],
    ])('refuses a code with %s with 400 invalid_pin_code', async (_why, code) => {
      expectProblem(await read(code, endpoint, owner.key), 400, 'invalid_pin_code');
    });

    it('answers a well-formed code that does not exist with 404 pin_not_found', async () => {
      const code = unusedPinCode();
      const res = await read(code.toLowerCase(), endpoint, owner.key);
      expectProblem(res, 404, 'pin_not_found');
      expect(res.json().detail).toContain(code);
    });

    it("refuses another owner's PIN with 403 pin_forbidden", async () => {
      const other = await t.createOwner('Other');
      expectProblem(await read(pin, endpoint, other.key), 403, 'pin_forbidden');
    });

    it('refuses a member of the same Enterprise with 403 pin_forbidden, for private and non-private PINs', async () => {
      const member = await t.createAccount('Colleague');
      await t.admin('POST', `/admin/v1/enterprises/${owner.enterpriseId}/members`, { accountId: member });
      const key = await t.issueKey(member, ['pins:status', 'pins:results']);
      const open = await t.createPin(owner.key, { type: 'Cod', private: false });
      const secret = await t.createPin(owner.key, { type: 'Cod', private: true });
      expectProblem(await read(open, endpoint, key), 403, 'pin_forbidden');
      expectProblem(await read(secret, endpoint, key), 403, 'pin_forbidden');
      await t.admin('DELETE', `/admin/v1/enterprises/${owner.enterpriseId}/members/${member}`);
      // Free the owner's slots for the other tests.
      await setPinState(t, open, { status: 'error' });
      await setPinState(t, secret, { status: 'error' });
    });

    it('lets any key of the creating account read, since ownership is per account', async () => {
      const second = await t.issueKey(owner.accountId, [permission]);
      expect((await read(pin, endpoint, second)).statusCode).toBe(200);
    });

    it(`refuses a key without ${permission} with 403 insufficient_permission`, async () => {
      const others = [
        'pins:create',
        'pins:status',
        'pins:results',
        'user:risk-score',
        'scanned-users:lookup',
      ].filter((p) => p !== permission);
      const key = await t.issueKey(owner.accountId, others);
      const res = await read(pin, endpoint, key);
      expectProblem(res, 403, 'insufficient_permission');
      expect(res.json().detail).toContain(permission);
    });

    it('checks the key before the code: 401 for a malformed code without a key', async () => {
      expectProblem(await t.api('GET', `/v1/pins/bad/${endpoint}`), 401, 'missing_api_key');
    });

    it('checks the permission before the code: 403 insufficient_permission for a malformed code', async () => {
      const key = await t.issueKey(owner.accountId, ['pins:create']);
      expectProblem(await read('bad', endpoint, key), 403, 'insufficient_permission');
      expectProblem(await read(unusedPinCode(), endpoint, key), 403, 'insufficient_permission');
    });

    it('lets a banned account still read its PINs: only creation is refused', async () => {
      const banned = await t.createOwner('Banned reader');
      const code = await t.createPin(banned.key);
      await t.admin('PATCH', `/admin/v1/accounts/${banned.accountId}`, { banned: true });
      expect((await read(code, endpoint, banned.key)).statusCode).toBe(200);
    });

    it("answers 404 account_not_found once the key's account is deleted", async () => {
      const gone = await t.createOwner('Gone');
      const code = await t.createPin(gone.key);
      await t.admin('DELETE', `/admin/v1/accounts/${gone.accountId}`);
      expectProblem(await read(code, endpoint, gone.key), 404, 'account_not_found');
    });
  });

  describe('expiry, seen at once on read (docs/api.md)', () => {
    it('shows a PIN as pending until expiresAt and as expired from that instant', async () => {
      const own = fakeClock();
      await withApp(backend, { PIN_TTL_SECONDS: '1' }, own, async (app) => {
        const o = await app.createOwner();
        const res = await app.api('POST', '/v1/pins/create', { key: o.key, body: { type: 'Rust' } });
        const { pin: code, expiresAt } = res.json<{ pin: string; expiresAt: string }>();
        own.advance(999);
        const before = (await app.api('GET', `/v1/pins/${code}/status`, { key: o.key })).json();
        expect(before.status).toBe('pending');
        own.advance(1);
        const status = (await app.api('GET', `/v1/pins/${code}/status`, { key: o.key })).json();
        expect(Object.keys(status).sort()).toEqual(STATUS_FIELDS);
        expect(status).toMatchObject({
          status: 'expired',
          result: null,
          progress: 0,
          used: false,
          isFinished: false,
          isScanning: false,
          isPending: false,
          lastStatusUpdate: expiresAt,
        });
        expect(status.statusMessage).toMatch(/expired/i);

        const results = (await app.api('GET', `/v1/pins/${code}/results`, { key: o.key })).json();
        expect(Object.keys(results).sort()).toEqual(UNFINISHED_RESULTS_FIELDS);
        expect(results).toMatchObject({ pin: code, status: 'expired', result: 'none' });
        expect(results.message).toMatch(/expired/i);
      });
    });

    it('expires a scanning PIN too when expiresAt passes', async () => {
      const own = fakeClock();
      await withApp(backend, { PIN_TTL_SECONDS: '60' }, own, async (app) => {
        const o = await app.createOwner();
        const code = await app.createPin(o.key);
        await setPinState(app, code, { status: 'scanning', used: 1, progress: 50, last_activity_at: own() });
        own.advance(60_000);
        const status = (await app.api('GET', `/v1/pins/${code}/status`, { key: o.key })).json();
        expect(status).toMatchObject({ status: 'expired', result: null, used: true, isScanning: false });
        const results = (await app.api('GET', `/v1/pins/${code}/results`, { key: o.key })).json();
        expect(results).toMatchObject({ status: 'expired', result: 'none' });
      });
    });

    it('expires on the real clock too, with no sweep in between', async () => {
      await withApp(backend, { PIN_TTL_SECONDS: '1' }, undefined, async (app) => {
        const o = await app.createOwner();
        const code = await app.createPin(o.key);
        expect((await app.api('GET', `/v1/pins/${code}/status`, { key: o.key })).json().status).toBe(
          'pending',
        );
        await new Promise((resolve) => setTimeout(resolve, 1_050));
        expect((await app.api('GET', `/v1/pins/${code}/status`, { key: o.key })).json().status).toBe(
          'expired',
        );
      });
    });
  });
});

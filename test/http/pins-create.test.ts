import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_TYPES } from '../../src/domain/game-types.js';
import { backends } from '../support/backends.js';
import { expectProblem, expectRequestId, fakeClock, ISO_MS, PIN_CODE } from '../support/http.js';
import { pinsOf, setPinState } from '../support/store.js';
import { ALL_PERMISSIONS, startTestApp, type TestApp } from '../support/test-app.js';
import { withApp } from '../support/with-app.js';

const CREATE = '/v1/pins/create';
const HOUR_MS = 3_600_000;

describe.each(backends())('POST /v1/pins/create on $name', (backend) => {
  const clock = fakeClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, {}, clock);
  });
  afterAll(async () => t.close());

  const create = (key: string, body: unknown) => t.api('POST', CREATE, { key, body });

  describe('a successful create', () => {
    it('answers 201 with exactly the fields of spec §4.1, typed as published', async () => {
      const owner = await t.createOwner('Shape');
      const res = await create(owner.key, { type: 'FiveM' });
      expect(res.statusCode).toBe(201);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expectRequestId(res);
      const body = res.json<Record<string, unknown>>();
      expect(Object.keys(body).sort()).toEqual([
        'createdAt',
        'enterprise',
        'expiresAt',
        'pin',
        'pinName',
        'playerDiscordId',
        'private',
        'ramDump',
        'status',
        'type',
      ]);
      expect(body.pin).toMatch(PIN_CODE);
      expect(body.type).toBe('FiveM');
      expect(body.status).toBe('pending');
      expect(body.enterprise).toBe("Shape's Enterprise");
      expect(body.createdAt).toMatch(ISO_MS);
      expect(body.expiresAt).toMatch(ISO_MS);
    });

    it('applies the defaults: no name, no RAM dump, not private', async () => {
      const owner = await t.createOwner();
      const body = (await create(owner.key, { type: 'Rust' })).json();
      expect(body).toMatchObject({ pinName: null, ramDump: false, private: false, playerDiscordId: null });
    });

    it('keeps pinName, ramDump and private as sent', async () => {
      const owner = await t.createOwner();
      const res = await create(owner.key, {
        type: 'Roblox',
        pinName: 'Tournament #4',
        ramDump: true,
        private: true,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        type: 'Roblox',
        pinName: 'Tournament #4',
        ramDump: true,
        private: true,
      });
    });

    it('stamps createdAt with the server clock and expiresAt exactly PIN_TTL_SECONDS (3 hours) later', async () => {
      const owner = await t.createOwner();
      const body = (await create(owner.key, { type: 'Java' })).json<{
        createdAt: string;
        expiresAt: string;
      }>();
      expect(body.createdAt).toBe(new Date(clock()).toISOString());
      expect(Date.parse(body.expiresAt) - Date.parse(body.createdAt)).toBe(3 * HOUR_MS);
    });

    it('honours a configured PIN_TTL_SECONDS', async () => {
      await withApp(backend, { PIN_TTL_SECONDS: '90' }, clock, async (app) => {
        const owner = await app.createOwner();
        const res = await app.api('POST', CREATE, { key: owner.key, body: { type: 'Cod' } });
        const body = res.json<{ createdAt: string; expiresAt: string }>();
        expect(Date.parse(body.expiresAt) - Date.parse(body.createdAt)).toBe(90_000);
      });
    });

    it.each(GAME_TYPES)('accepts the game type %s of spec §2.2', async (type) => {
      const owner = await t.createOwner();
      const res = await create(owner.key, { type });
      expect(res.statusCode).toBe(201);
      expect(res.json().type).toBe(type);
    });

    it('accepts a pinName of exactly 50 characters, counting characters rather than UTF-16 units', async () => {
      const owner = await t.createOwner();
      for (const pinName of ['n'.repeat(50), '🎯'.repeat(50), 'é'.repeat(50)]) {
        const res = await create(owner.key, { type: 'AltV', pinName });
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json().pinName).toBe(pinName);
      }
    });

    it('treats pinName null as no name', async () => {
      const owner = await t.createOwner();
      const res = await create(owner.key, { type: 'AltV', pinName: null });
      expect(res.statusCode).toBe(201);
      expect(res.json().pinName).toBeNull();
    });

    it('stores the PIN as pending so its creator reads back the same values', async () => {
      const owner = await t.createOwner();
      const created = (await create(owner.key, { type: 'RedM', pinName: 'Back' })).json();
      const status = (await t.api('GET', `/v1/pins/${created.pin}/status`, { key: owner.key })).json();
      expect(status).toMatchObject({
        pin: created.pin,
        pinName: 'Back',
        type: 'RedM',
        status: 'pending',
        createdAt: created.createdAt,
      });
    });

    it('makes a distinct code for every PIN', async () => {
      const codes = new Set<string>();
      for (let i = 0; i < 5; i++) {
        const owner = await t.createOwner();
        for (let j = 0; j < 3; j++) codes.add(await t.createPin(owner.key));
      }
      expect(codes.size).toBe(15);
      for (const code of codes) expect(code).toMatch(PIN_CODE);
    });

    it('accepts Content-Type application/json with a charset', async () => {
      const owner = await t.createOwner();
      const res = await t.api('POST', CREATE, {
        key: owner.key,
        body: { type: 'FiveM' },
        headers: { 'content-type': 'application/json; charset=utf-8' },
      });
      expect(res.statusCode).toBe(201);
    });
  });

  describe('the body', () => {
    let owner: { accountId: number; key: string };
    beforeAll(async () => {
      owner = await t.createOwner('Body');
    });

    it.each([
      ['a name from another product', 'Minecraft'],
      ['the wrong case', 'fivem'],
      ['all capitals', 'FIVEM'],
      ['surrounding spaces', ' FiveM '],
      ['an empty string', ''],
    ])('refuses a game type in %s with 400 invalid_game_type', async (_why, type) => {
      const res = await create(owner.key, { type });
      expectProblem(res, 400, 'invalid_game_type');
      for (const allowed of GAME_TYPES) expect(res.json().detail).toContain(allowed);
    });

    it('refuses a pinName of 51 characters with 400 invalid_body', async () => {
      const res = await create(owner.key, { type: 'FiveM', pinName: 'n'.repeat(51) });
      expectProblem(res, 400, 'invalid_body');
      expect(res.json().detail).toBe('Invalid request body: pinName must be at most 50 characters.');
    });

    it('refuses a body without type with 400 invalid_body', async () => {
      const res = await create(owner.key, {});
      expectProblem(res, 400, 'invalid_body');
      expect(res.json().detail).toContain('type');
    });

    it('refuses unknown fields with 400 invalid_body naming them', async () => {
      const res = await create(owner.key, { type: 'FiveM', ram_dump: true, colour: 'red' });
      expectProblem(res, 400, 'invalid_body');
      expect(res.json().detail).toContain('ram_dump');
      expect(res.json().detail).toContain('colour');
    });

    it.each([
      ['ramDump as a string', { type: 'FiveM', ramDump: 'true' }],
      ['private as a number', { type: 'FiveM', private: 1 }],
      ['pinName as a number', { type: 'FiveM', pinName: 42 }],
      ['pinName as an object', { type: 'FiveM', pinName: { text: 'x' } }],
      ['type as a number', { type: 5 }],
      ['type as null', { type: null }],
      ['type as a list', { type: ['FiveM'] }],
      ['a body that is an array', [{ type: 'FiveM' }]],
      ['a body that is a string', 'FiveM'],
      ['a body that is null', null],
      ['text with a NUL character', { type: 'FiveM', pinName: 'a\u0000b' }],
    ])('refuses %s with 400 invalid_body', async (_why, body) => {
      const res = await t.api('POST', CREATE, { key: owner.key, body: JSON.stringify(body) });
      expectProblem(res, 400, 'invalid_body');
    });

    it('answers invalid_body, not invalid_game_type, when the body has other faults too (docs/api.md, "Errors")', async () => {
      expectProblem(await create(owner.key, { type: 'Minecraft', extra: 1 }), 400, 'invalid_body');
      expectProblem(
        await create(owner.key, { type: 'Minecraft', pinName: 'n'.repeat(51) }),
        400,
        'invalid_body',
      );
    });

    it('stores nothing for a refused body', async () => {
      const before = (await pinsOf(t, owner.accountId)).length;
      await create(owner.key, { type: 'Minecraft' });
      await create(owner.key, { type: 'FiveM', extra: true });
      expect((await pinsOf(t, owner.accountId)).length).toBe(before);
    });
  });

  describe('who may create', () => {
    it('refuses a key without pins:create with 403 insufficient_permission', async () => {
      const owner = await t.createOwner();
      const key = await t.issueKey(
        owner.accountId,
        ALL_PERMISSIONS.filter((p) => p !== 'pins:create'),
      );
      const res = await create(key, { type: 'FiveM' });
      expectProblem(res, 403, 'insufficient_permission');
      expect(res.json().detail).toContain('pins:create');
    });

    it('refuses a member of an Enterprise, whose keys cannot hold pins:create', async () => {
      const owner = await t.createOwner();
      const member = await t.createAccount('Member');
      await t.admin('POST', `/admin/v1/enterprises/${owner.enterpriseId}/members`, { accountId: member });
      const refused = await t.adminRaw('POST', `/admin/v1/accounts/${member}/keys`, {
        permissions: ['pins:create'],
      });
      expectProblem(refused, 403, 'not_enterprise_owner');
      const key = await t.issueKey(member, ['pins:status', 'pins:results']);
      expectProblem(await create(key, { type: 'FiveM' }), 403, 'insufficient_permission');
    });

    it('refuses an owner whose Enterprise was deactivated with 403 not_enterprise_owner, and accepts again once reactivated', async () => {
      const owner = await t.createOwner();
      await t.admin('PATCH', `/admin/v1/enterprises/${owner.enterpriseId}`, { active: false });
      expectProblem(await create(owner.key, { type: 'FiveM' }), 403, 'not_enterprise_owner');
      await t.admin('PATCH', `/admin/v1/enterprises/${owner.enterpriseId}`, { active: true });
      expect((await create(owner.key, { type: 'FiveM' })).statusCode).toBe(201);
    });

    it('refuses a banned account with 403 account_banned, and accepts again once unbanned', async () => {
      const owner = await t.createOwner();
      await t.admin('PATCH', `/admin/v1/accounts/${owner.accountId}`, { banned: true });
      expectProblem(await create(owner.key, { type: 'FiveM' }), 403, 'account_banned');
      expect(await pinsOf(t, owner.accountId)).toHaveLength(0);
      await t.admin('PATCH', `/admin/v1/accounts/${owner.accountId}`, { banned: false });
      expect((await create(owner.key, { type: 'FiveM' })).statusCode).toBe(201);
    });

    it("answers 404 account_not_found when the key's account no longer exists", async () => {
      const owner = await t.createOwner();
      await t.admin('DELETE', `/admin/v1/accounts/${owner.accountId}`);
      expectProblem(await create(owner.key, { type: 'FiveM' }), 404, 'account_not_found');
    });

    it('names the Enterprise the PIN was created under', async () => {
      const owner = await t.createOwner();
      await t.admin('PATCH', `/admin/v1/enterprises/${owner.enterpriseId}`, { name: 'Renamed League' });
      expect((await create(owner.key, { type: 'FiveM' })).json().enterprise).toBe('Renamed League');
    });
  });

  describe('order of checks (docs/api.md, "Errors")', () => {
    const badBody = { type: 'Minecraft', unknown: true };

    it('answers 401 before anything about the body', async () => {
      expectProblem(await t.api('POST', CREATE, { body: badBody }), 401, 'missing_api_key');
    });

    it('answers 403 insufficient_permission to a key without pins:create that sends a bad body', async () => {
      const owner = await t.createOwner();
      const key = await t.issueKey(owner.accountId, ['pins:status']);
      expectProblem(await create(key, badBody), 403, 'insufficient_permission');
    });

    it('answers 404 account_not_found before account_banned, and before the body', async () => {
      const owner = await t.createOwner();
      await t.admin('PATCH', `/admin/v1/accounts/${owner.accountId}`, { banned: true });
      await t.admin('DELETE', `/admin/v1/accounts/${owner.accountId}`);
      expectProblem(await create(owner.key, badBody), 404, 'account_not_found');
    });

    it('answers 403 account_banned to a banned owner with a bad body, an unparsable body or an oversized one', async () => {
      const owner = await t.createOwner();
      await t.admin('PATCH', `/admin/v1/accounts/${owner.accountId}`, { banned: true });
      expectProblem(await create(owner.key, badBody), 403, 'account_banned');
      expectProblem(await create(owner.key, '{"type":'), 403, 'account_banned');
      expectProblem(
        await create(owner.key, { type: 'FiveM', pinName: 'x'.repeat(2_000_000) }),
        403,
        'account_banned',
      );
    });

    it('answers 403 account_banned before not_enterprise_owner', async () => {
      const owner = await t.createOwner();
      await t.admin('PATCH', `/admin/v1/enterprises/${owner.enterpriseId}`, { active: false });
      await t.admin('PATCH', `/admin/v1/accounts/${owner.accountId}`, { banned: true });
      expectProblem(await create(owner.key, { type: 'FiveM' }), 403, 'account_banned');
    });

    it('answers 403 not_enterprise_owner before anything about the body', async () => {
      const owner = await t.createOwner();
      await t.admin('PATCH', `/admin/v1/enterprises/${owner.enterpriseId}`, { active: false });
      expectProblem(await create(owner.key, badBody), 403, 'not_enterprise_owner');
    });

    it('answers invalid_body and invalid_game_type before active_pin_limit', async () => {
      const owner = await t.createOwner();
      for (let i = 0; i < 3; i++) await t.createPin(owner.key);
      expectProblem(await create(owner.key, { type: 'FiveM', extra: 1 }), 400, 'invalid_body');
      expectProblem(await create(owner.key, { type: 'Minecraft' }), 400, 'invalid_game_type');
      expectProblem(await create(owner.key, { type: 'FiveM' }), 400, 'active_pin_limit');
    });
  });

  describe('the active-PIN limit', () => {
    it('allows 3 active PINs and refuses the 4th with 400 active_pin_limit', async () => {
      const owner = await t.createOwner();
      for (let i = 0; i < 3; i++) expect((await create(owner.key, { type: 'FiveM' })).statusCode).toBe(201);
      const res = await create(owner.key, { type: 'FiveM' });
      expectProblem(res, 400, 'active_pin_limit');
      expect(res.json().detail).toContain('3');
      expect(await pinsOf(t, owner.accountId)).toHaveLength(3);
    });

    it('counts per account: another owner is unaffected', async () => {
      const full = await t.createOwner();
      for (let i = 0; i < 3; i++) await t.createPin(full.key);
      const other = await t.createOwner();
      expect((await create(other.key, { type: 'FiveM' })).statusCode).toBe(201);
    });

    it('counts per account, not per key: a second key of the same account shares the limit', async () => {
      const owner = await t.createOwner();
      const second = await t.issueKey(owner.accountId, ['pins:create']);
      for (let i = 0; i < 3; i++) await t.createPin(owner.key);
      expectProblem(await create(second, { type: 'FiveM' }), 400, 'active_pin_limit');
    });

    it('holds under 20 concurrent creates: exactly 3 succeed and the store holds exactly 3', async () => {
      const owner = await t.createOwner('Concurrent');
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => create(owner.key, { type: 'FiveM', pinName: `race ${i}` })),
      );
      const created = results.filter((r) => r.statusCode === 201);
      const refused = results.filter((r) => r.statusCode === 400);
      expect(created).toHaveLength(3);
      expect(refused).toHaveLength(17);
      for (const res of refused) expectProblem(res, 400, 'active_pin_limit');
      const stored = await pinsOf(t, owner.accountId);
      expect(stored).toHaveLength(3);
      expect(stored.map((p) => p.code).sort()).toEqual(created.map((r) => r.json().pin).sort());
    });

    it('counts a scanning PIN as active', async () => {
      const owner = await t.createOwner();
      const pins = [await t.createPin(owner.key), await t.createPin(owner.key), await t.createPin(owner.key)];
      await setPinState(t, pins[0] as string, { status: 'scanning', used: 1, last_activity_at: clock() });
      expectProblem(await create(owner.key, { type: 'FiveM' }), 400, 'active_pin_limit');
    });

    it.each(['finished', 'error', 'expired'] as const)(
      'does not count a PIN whose status is %s',
      async (status) => {
        const owner = await t.createOwner();
        const pins = [
          await t.createPin(owner.key),
          await t.createPin(owner.key),
          await t.createPin(owner.key),
        ];
        await setPinState(t, pins[0] as string, { status, used: 1 });
        expect((await create(owner.key, { type: 'FiveM' })).statusCode).toBe(201);
        expectProblem(await create(owner.key, { type: 'FiveM' }), 400, 'active_pin_limit');
      },
    );

    it('honours a configured MAX_ACTIVE_PINS', async () => {
      await withApp(backend, { MAX_ACTIVE_PINS: '1' }, clock, async (app) => {
        const owner = await app.createOwner();
        await app.createPin(owner.key);
        expectProblem(
          await app.api('POST', CREATE, { key: owner.key, body: { type: 'FiveM' } }),
          400,
          'active_pin_limit',
        );
      });
    });
  });

  describe('expiry and the limit', () => {
    it('stops counting PINs once they expire (short PIN_TTL_SECONDS, moved clock)', async () => {
      const own = fakeClock();
      await withApp(backend, { PIN_TTL_SECONDS: '1' }, own, async (app) => {
        const owner = await app.createOwner();
        const post = () => app.api('POST', CREATE, { key: owner.key, body: { type: 'FiveM' } });
        for (let i = 0; i < 3; i++) expect((await post()).statusCode).toBe(201);
        own.advance(999);
        expectProblem(await post(), 400, 'active_pin_limit');
        own.advance(1);
        for (let i = 0; i < 3; i++) expect((await post()).statusCode).toBe(201);
        expectProblem(await post(), 400, 'active_pin_limit');
        expect(await pinsOf(app, owner.accountId)).toHaveLength(6);
      });
    });

    it('stops counting a scanning PIN once it expires', async () => {
      const own = fakeClock();
      await withApp(backend, { PIN_TTL_SECONDS: '60' }, own, async (app) => {
        const owner = await app.createOwner();
        const pins = [
          await app.createPin(owner.key),
          await app.createPin(owner.key),
          await app.createPin(owner.key),
        ];
        own.advance(30_000);
        await setPinState(app, pins[0] as string, { status: 'scanning', used: 1, last_activity_at: own() });
        own.advance(30_000);
        for (let i = 0; i < 3; i++) await app.createPin(owner.key);
      });
    });
  });
});

import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { expectProblem, fakeClock, ISO_MS } from '../support/http.js';
import { ADMIN_TOKEN, ALL_PERMISSIONS, startTestApp, type TestApp } from '../support/test-app.js';

const ACCOUNT_FIELDS = ['banned', 'discordId', 'id', 'licenceExpiresAt', 'name'];
const ENTERPRISE_FIELDS = ['active', 'id', 'name', 'ownerAccountId', 'reportsShared'];
const CREATED_KEY_FIELDS = ['id', 'key', 'permissions', 'prefix'];
// The operator listing fields (docs/operations.md), exactly.
const LISTED_KEY_FIELDS = ['createdAt', 'id', 'lastUsedAt', 'name', 'permissions', 'prefix', 'revoked'];

interface Account {
  id: number;
  name: string;
  discordId: string | null;
  licenceExpiresAt: string | null;
  banned: boolean;
}
interface ListedKey {
  id: number;
  prefix: string;
  name: string | null;
  permissions: string[];
  createdAt: string;
  lastUsedAt: string | null;
  revoked: boolean;
}

describe.each(backends())('operator API (docs/operations.md) on $name', (backend) => {
  const clock = fakeClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, {}, clock);
  });
  afterAll(async () => t.close());

  describe('the operator token', () => {
    const calls: Array<[InjectOptions['method'], string, unknown]> = [
      ['POST', '/admin/v1/accounts', { name: 'x' }],
      ['GET', '/admin/v1/accounts/1', undefined],
      ['PATCH', '/admin/v1/accounts/1', { banned: true }],
      ['DELETE', '/admin/v1/accounts/1', undefined],
      ['POST', '/admin/v1/enterprises', { name: 'x', ownerAccountId: 1 }],
      ['PATCH', '/admin/v1/enterprises/1', { active: false }],
      ['POST', '/admin/v1/enterprises/1/members', { accountId: 2 }],
      ['DELETE', '/admin/v1/enterprises/1/members/2', undefined],
      ['POST', '/admin/v1/accounts/1/keys', { permissions: ['pins:status'] }],
      ['GET', '/admin/v1/accounts/1/keys', undefined],
      ['DELETE', '/admin/v1/keys/1', undefined],
    ];

    it.each(calls)('is required by %s %s: 401 invalid_admin_token without it', async (method, url, body) => {
      const res = await t.app.inject({
        method,
        url,
        ...(body === undefined
          ? {}
          : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) }),
      });
      expectProblem(res, 401, 'invalid_admin_token');
    });

    it.each([
      ['a wrong token of the same length', ADMIN_TOKEN.replace(/.$/, 'X')],
      ['a prefix of the token', ADMIN_TOKEN.slice(0, -1)],
      ['the token with extra characters', `${ADMIN_TOKEN}x`],
      ['the token in another case', ADMIN_TOKEN.toUpperCase()],
      ['an empty token', ''],
    ])('refuses %s with 401 invalid_admin_token', async (_why, token) => {
      expectProblem(
        await t.adminRaw('GET', '/admin/v1/accounts/1/keys', undefined, token),
        401,
        'invalid_admin_token',
      );
    });

    it('does not accept an API key in its place, nor the token as an API key', async () => {
      const owner = await t.createOwner();
      expectProblem(
        await t.adminRaw('GET', '/admin/v1/accounts/1', undefined, owner.key),
        401,
        'invalid_admin_token',
      );
      const res = await t.api('GET', '/v1/pins/A7K3M2P9/status', {
        headers: { 'x-admin-token': ADMIN_TOKEN },
      });
      expectProblem(res, 401, 'missing_api_key');
    });

    it('checks the token before the body', async () => {
      const res = await t.adminRaw('POST', '/admin/v1/accounts', { unknown: true }, 'wrong-token-000000');
      expectProblem(res, 401, 'invalid_admin_token');
    });
  });

  describe('accounts', () => {
    it('creates an account with 201 and exactly { id, name, discordId, licenceExpiresAt, banned }', async () => {
      const res = await t.adminRaw('POST', '/admin/v1/accounts', { name: 'Alice' });
      expect(res.statusCode).toBe(201);
      const body = res.json<Account>();
      expect(Object.keys(body).sort()).toEqual(ACCOUNT_FIELDS);
      expect(body).toEqual({
        id: expect.any(Number),
        name: 'Alice',
        discordId: null,
        licenceExpiresAt: null,
        banned: false,
      });
      expect(Number.isInteger(body.id)).toBe(true);
    });

    it('keeps discordId and normalises licenceExpiresAt to UTC with milliseconds', async () => {
      const body = (
        await t.adminRaw('POST', '/admin/v1/accounts', {
          name: 'Bob',
          discordId: '123456789012345678',
          licenceExpiresAt: '2027-01-01T02:00:00+02:00',
        })
      ).json<Account>();
      expect(body.discordId).toBe('123456789012345678');
      expect(body.licenceExpiresAt).toBe('2027-01-01T00:00:00.000Z');
      expect(body.licenceExpiresAt).toMatch(ISO_MS);
    });

    it.each([
      ['no name', {}],
      ['an empty name', { name: '' }],
      ['an unknown field', { name: 'x', role: 'admin' }],
      ['a name that is not a string', { name: 7 }],
      ['a licence expiry that is not a timestamp', { name: 'x', licenceExpiresAt: 'next year' }],
    ])('refuses %s with 400 invalid_body', async (_why, body) => {
      expectProblem(await t.adminRaw('POST', '/admin/v1/accounts', body), 400, 'invalid_body');
    });

    it.each(['1234', 'abcdefghijklmnopqr', '123456789012345678901'])(
      'refuses the chat-platform ID %s with 400',
      async (discordId) => {
        const res = await t.adminRaw('POST', '/admin/v1/accounts', { name: 'x', discordId });
        expect(res.statusCode).toBe(400);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      },
    );

    it('updates name, banned and licenceExpiresAt with 200 and the account', async () => {
      const id = await t.createAccount('Carol', { licenceExpiresAt: '2027-06-01T00:00:00.000Z' });
      const res = await t.adminRaw('PATCH', `/admin/v1/accounts/${id}`, { name: 'Caroline', banned: true });
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json()).sort()).toEqual(ACCOUNT_FIELDS);
      expect(res.json()).toMatchObject({
        id,
        name: 'Caroline',
        banned: true,
        licenceExpiresAt: '2027-06-01T00:00:00.000Z',
      });
      const cleared = await t.adminRaw('PATCH', `/admin/v1/accounts/${id}`, {
        banned: false,
        licenceExpiresAt: null,
      });
      expect(cleared.json()).toMatchObject({ banned: false, licenceExpiresAt: null });
      const unchanged = await t.adminRaw('PATCH', `/admin/v1/accounts/${id}`, {});
      expect(unchanged.json()).toEqual(cleared.json());
    });

    it('answers 404 account_not_found for an unknown account', async () => {
      expectProblem(
        await t.adminRaw('PATCH', '/admin/v1/accounts/999999', { banned: true }),
        404,
        'account_not_found',
      );
      expectProblem(await t.adminRaw('GET', '/admin/v1/accounts/999999'), 404, 'account_not_found');
    });

    it('refuses an id that is not a positive integer with a 400', async () => {
      for (const id of ['abc', '0', '-3', '1.5']) {
        const res = await t.adminRaw('GET', `/admin/v1/accounts/${id}`);
        expect(res.statusCode, id).toBe(400);
      }
    });

    it('reads an account back', async () => {
      const id = await t.createAccount('Dave');
      const res = await t.adminRaw('GET', `/admin/v1/accounts/${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id, name: 'Dave' });
    });

    describe('DELETE /admin/v1/accounts/:id (extension: soft delete)', () => {
      it('answers 204, and the account is gone for the operator API', async () => {
        const id = await t.createAccount('Eve');
        const res = await t.adminRaw('DELETE', `/admin/v1/accounts/${id}`);
        expect(res.statusCode).toBe(204);
        expect(res.body).toBe('');
        expectProblem(await t.adminRaw('GET', `/admin/v1/accounts/${id}`), 404, 'account_not_found');
        expectProblem(
          await t.adminRaw('PATCH', `/admin/v1/accounts/${id}`, { banned: true }),
          404,
          'account_not_found',
        );
        expectProblem(await t.adminRaw('DELETE', `/admin/v1/accounts/${id}`), 404, 'account_not_found');
        expectProblem(
          await t.adminRaw('POST', `/admin/v1/accounts/${id}/keys`, { permissions: ['pins:status'] }),
          404,
          'account_not_found',
        );
        expectProblem(await t.adminRaw('GET', `/admin/v1/accounts/${id}/keys`), 404, 'account_not_found');
        expectProblem(
          await t.adminRaw('POST', '/admin/v1/enterprises', { name: 'Late', ownerAccountId: id }),
          404,
          'account_not_found',
        );
      });

      it('makes the keys of the deleted account answer 404 account_not_found', async () => {
        const owner = await t.createOwner('Frank');
        const pin = await t.createPin(owner.key);
        await t.admin('DELETE', `/admin/v1/accounts/${owner.accountId}`);
        expectProblem(
          await t.api('POST', '/v1/pins/create', { key: owner.key, body: { type: 'FiveM' } }),
          404,
          'account_not_found',
        );
        expectProblem(
          await t.api('GET', `/v1/pins/${pin}/status`, { key: owner.key }),
          404,
          'account_not_found',
        );
        expectProblem(
          await t.api('GET', `/v1/pins/${pin}/results`, { key: owner.key }),
          404,
          'account_not_found',
        );
      });
    });
  });

  describe('enterprises and members', () => {
    it('creates an Enterprise with 201 and exactly { id, name, ownerAccountId, active, reportsShared }', async () => {
      const ownerId = await t.createAccount('Owner');
      const res = await t.adminRaw('POST', '/admin/v1/enterprises', {
        name: 'Acme League',
        ownerAccountId: ownerId,
      });
      expect(res.statusCode).toBe(201);
      expect(Object.keys(res.json()).sort()).toEqual(ENTERPRISE_FIELDS);
      expect(res.json()).toEqual({
        id: expect.any(Number),
        name: 'Acme League',
        ownerAccountId: ownerId,
        active: true,
        reportsShared: true,
      });
    });

    it('answers 404 account_not_found for an unknown owner and 400 invalid_body for a bad body', async () => {
      expectProblem(
        await t.adminRaw('POST', '/admin/v1/enterprises', { name: 'Ghost', ownerAccountId: 999999 }),
        404,
        'account_not_found',
      );
      expectProblem(
        await t.adminRaw('POST', '/admin/v1/enterprises', { name: 'No owner' }),
        400,
        'invalid_body',
      );
      expectProblem(
        await t.adminRaw('POST', '/admin/v1/enterprises', { name: 'x', ownerAccountId: '1' }),
        400,
        'invalid_body',
      );
    });

    it('renames, deactivates and reactivates an Enterprise with 200', async () => {
      const owner = await t.createOwner('Grace');
      const renamed = await t.adminRaw('PATCH', `/admin/v1/enterprises/${owner.enterpriseId}`, {
        name: 'Grace Cup',
      });
      expect(renamed.statusCode).toBe(200);
      expect(Object.keys(renamed.json()).sort()).toEqual(ENTERPRISE_FIELDS);
      expect(renamed.json()).toMatchObject({
        name: 'Grace Cup',
        active: true,
        ownerAccountId: owner.accountId,
      });
      const off = await t.adminRaw('PATCH', `/admin/v1/enterprises/${owner.enterpriseId}`, { active: false });
      expect(off.json().active).toBe(false);
      expectProblem(
        await t.api('POST', '/v1/pins/create', { key: owner.key, body: { type: 'FiveM' } }),
        403,
        'not_enterprise_owner',
      );
      await t.admin('PATCH', `/admin/v1/enterprises/${owner.enterpriseId}`, { active: true });
      expect(
        (await t.api('POST', '/v1/pins/create', { key: owner.key, body: { type: 'FiveM' } })).statusCode,
      ).toBe(201);
    });

    it('answers 404 enterprise_not_found for an unknown Enterprise', async () => {
      expectProblem(
        await t.adminRaw('PATCH', '/admin/v1/enterprises/999999', { active: false }),
        404,
        'enterprise_not_found',
      );
      expectProblem(
        await t.adminRaw('POST', '/admin/v1/enterprises/999999/members', { accountId: 1 }),
        404,
        'enterprise_not_found',
      );
    });

    it('adds a member with 201 and removes it with 204', async () => {
      const owner = await t.createOwner('Heidi');
      const member = await t.createAccount('Ivan');
      const added = await t.adminRaw('POST', `/admin/v1/enterprises/${owner.enterpriseId}/members`, {
        accountId: member,
      });
      expect(added.statusCode).toBe(201);
      const removed = await t.adminRaw(
        'DELETE',
        `/admin/v1/enterprises/${owner.enterpriseId}/members/${member}`,
      );
      expect(removed.statusCode).toBe(204);
      expect(removed.body).toBe('');
      expectProblem(
        await t.adminRaw('DELETE', `/admin/v1/enterprises/${owner.enterpriseId}/members/${member}`),
        404,
        'member_not_found',
      );
    });

    it('refuses to add a member twice, or the owner as a member, with 409 already_member', async () => {
      const owner = await t.createOwner('Judy');
      const member = await t.createAccount('Karl');
      await t.admin('POST', `/admin/v1/enterprises/${owner.enterpriseId}/members`, { accountId: member });
      const path = `/admin/v1/enterprises/${owner.enterpriseId}/members`;
      expectProblem(await t.adminRaw('POST', path, { accountId: member }), 409, 'already_member');
      expectProblem(await t.adminRaw('POST', path, { accountId: owner.accountId }), 409, 'already_member');
      expectProblem(await t.adminRaw('POST', path, { accountId: 999999 }), 404, 'account_not_found');
    });
  });

  describe('API keys', () => {
    it('issues a key with 201 and exactly { id, key, prefix, permissions }', async () => {
      const accountId = await t.createAccount('Liam');
      const res = await t.adminRaw('POST', `/admin/v1/accounts/${accountId}/keys`, {
        name: 'dashboard',
        permissions: ['pins:status', 'pins:results'],
      });
      expect(res.statusCode).toBe(201);
      const body = res.json<{ id: number; key: string; prefix: string; permissions: string[] }>();
      expect(Object.keys(body).sort()).toEqual(CREATED_KEY_FIELDS);
      expect(body.key).toMatch(/^sp_[0-9A-Za-z]{32,}$/);
      expect(body.key.startsWith(body.prefix)).toBe(true);
      expect(body.prefix).toMatch(/^sp_/);
      expect(body.prefix.length).toBeLessThan(body.key.length - 20);
      expect(body.permissions).toEqual(['pins:status', 'pins:results']);
    });

    it('issues a different key every time', async () => {
      const accountId = await t.createAccount('Mia');
      const keys = new Set<string>();
      for (let i = 0; i < 5; i++) keys.add(await t.issueKey(accountId, ['pins:status']));
      expect(keys.size).toBe(5);
    });

    it('issues pins:create to the owner of an active Enterprise', async () => {
      const owner = await t.createOwner('Nina');
      const res = await t.adminRaw('POST', `/admin/v1/accounts/${owner.accountId}/keys`, {
        permissions: ['pins:create'],
      });
      expect(res.statusCode).toBe(201);
    });

    it.each([
      ['an account without an Enterprise', async () => t.createAccount('Oscar')],
      [
        'a member of an Enterprise',
        async () => {
          const owner = await t.createOwner('Pat');
          const member = await t.createAccount('Quinn');
          await t.admin('POST', `/admin/v1/enterprises/${owner.enterpriseId}/members`, { accountId: member });
          return member;
        },
      ],
      [
        'the owner of an inactive Enterprise',
        async () => {
          const owner = await t.createOwner('Rita');
          await t.admin('PATCH', `/admin/v1/enterprises/${owner.enterpriseId}`, { active: false });
          return owner.accountId;
        },
      ],
      [
        'a licensed user',
        async () => t.createAccount('Sam', { licenceExpiresAt: '2099-01-01T00:00:00.000Z' }),
      ],
    ])('refuses pins:create for %s with 403 not_enterprise_owner', async (_who, makeAccount) => {
      const accountId = await makeAccount();
      const before = await t.admin<ListedKey[]>('GET', `/admin/v1/accounts/${accountId}/keys`);
      for (const permissions of [['pins:create'], [...ALL_PERMISSIONS]]) {
        const res = await t.adminRaw('POST', `/admin/v1/accounts/${accountId}/keys`, { permissions });
        expectProblem(res, 403, 'not_enterprise_owner');
      }
      expect(await t.admin<ListedKey[]>('GET', `/admin/v1/accounts/${accountId}/keys`)).toEqual(before);
      // Keys without pins:create are fine.
      expect(
        (await t.adminRaw('POST', `/admin/v1/accounts/${accountId}/keys`, { permissions: ['pins:status'] }))
          .statusCode,
      ).toBe(201);
    });

    it.each([
      ['no permissions', { permissions: [] }],
      ['an unknown permission', { permissions: ['pins:delete'] }],
      ['a repeated permission', { permissions: ['pins:status', 'pins:status'] }],
      ['permissions missing', { name: 'x' }],
      ['a rate limit of 0', { permissions: ['pins:status'], rateLimitPerHour: 0 }],
      ['a fractional rate limit', { permissions: ['pins:status'], rateLimitPerHour: 1.5 }],
      ['an unknown field', { permissions: ['pins:status'], expires: 'never' }],
    ])('refuses a key with %s with 400 invalid_body', async (_why, body) => {
      const accountId = await t.createAccount('Tom');
      expectProblem(
        await t.adminRaw('POST', `/admin/v1/accounts/${accountId}/keys`, body),
        400,
        'invalid_body',
      );
    });

    it('answers 404 account_not_found when issuing or listing for an unknown account', async () => {
      expectProblem(
        await t.adminRaw('POST', '/admin/v1/accounts/999999/keys', { permissions: ['pins:status'] }),
        404,
        'account_not_found',
      );
      expectProblem(await t.adminRaw('GET', '/admin/v1/accounts/999999/keys'), 404, 'account_not_found');
    });

    it('lists keys with their fields and never the key itself or its hash', async () => {
      const owner = await t.createOwner('Uma');
      const limited = await t.issueKey(owner.accountId, ['pins:status'], {
        name: 'poller',
        rateLimitPerHour: 120,
      });
      const res = await t.adminRaw('GET', `/admin/v1/accounts/${owner.accountId}/keys`);
      expect(res.statusCode).toBe(200);
      const keys = res.json<ListedKey[]>();
      expect(keys).toHaveLength(2);
      for (const key of keys) {
        expect(Object.keys(key).sort()).toEqual(LISTED_KEY_FIELDS);
        expect(Number.isInteger(key.id)).toBe(true);
        expect(key.createdAt).toMatch(ISO_MS);
        expect(key.createdAt).toBe(new Date(clock()).toISOString());
        expect(key.lastUsedAt).toBeNull();
        expect(key.revoked).toBe(false);
      }
      expect(keys[0]).toMatchObject({ name: null, permissions: [...ALL_PERMISSIONS] });
      expect(keys[1]).toMatchObject({ name: 'poller', permissions: ['pins:status'] });
      expect(limited.startsWith(keys[1]?.prefix ?? '?')).toBe(true);
      expect(res.body).not.toContain(owner.key);
      expect(res.body).not.toContain(limited);
      expect(res.body).not.toMatch(/[0-9a-f]{64}/);
    });

    it('records lastUsedAt once the key is used', async () => {
      const owner = await t.createOwner('Vera');
      await t.api('GET', '/v1/pins/A7K3M2P9/status', { key: owner.key });
      const [key] = await t.admin<ListedKey[]>('GET', `/admin/v1/accounts/${owner.accountId}/keys`);
      expect(key?.lastUsedAt).toBe(new Date(clock()).toISOString());
    });

    it('revokes a key with 204; from then on it answers 401 invalid_api_key on every endpoint', async () => {
      const owner = await t.createOwner('Walt');
      const pin = await t.createPin(owner.key);
      const spare = await t.issueKey(owner.accountId, ['pins:status']);
      const [first] = await t.admin<ListedKey[]>('GET', `/admin/v1/accounts/${owner.accountId}/keys`);
      const res = await t.adminRaw('DELETE', `/admin/v1/keys/${first?.id}`);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      const ip = { remoteAddress: '203.0.113.9' };
      expectProblem(
        await t.api('POST', '/v1/pins/create', { key: owner.key, body: { type: 'FiveM' }, ...ip }),
        401,
        'invalid_api_key',
      );
      expectProblem(
        await t.api('GET', `/v1/pins/${pin}/status`, { key: owner.key, ...ip }),
        401,
        'invalid_api_key',
      );
      expectProblem(
        await t.api('GET', `/v1/pins/${pin}/results`, { key: owner.key, ...ip }),
        401,
        'invalid_api_key',
      );
      // The account's other keys keep working.
      expect((await t.api('GET', `/v1/pins/${pin}/status`, { key: spare })).statusCode).toBe(200);
      const listing = await t.admin<ListedKey[]>('GET', `/admin/v1/accounts/${owner.accountId}/keys`);
      expect(listing.map((k) => k.revoked)).toEqual([true, false]);
      // Revoking again changes nothing.
      expect((await t.adminRaw('DELETE', `/admin/v1/keys/${first?.id}`)).statusCode).toBe(204);
      expectProblem(
        await t.api('GET', `/v1/pins/${pin}/status`, { key: owner.key, ...ip }),
        401,
        'invalid_api_key',
      );
    });

    it('answers 404 key_not_found when revoking an unknown key', async () => {
      expectProblem(await t.adminRaw('DELETE', '/admin/v1/keys/999999'), 404, 'key_not_found');
    });
  });

  it('is not rate limited by the /v1 budget', async () => {
    const res = await t.adminRaw('GET', '/admin/v1/accounts/1');
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();
  });
});

describe.each(backends())('operator timestamps on $name', (backend) => {
  it.each([
    '2026-12-31T23:58:60Z',
    '9999-12-31T23:59:59-23:59',
    '2026-02-30T00:00:00Z',
    '2026-01-01 00:00:00Z',
    '2026-01-01T00:00:00+0200',
    'tomorrow',
  ])('refuses %s with 400 invalid_body and writes nothing', async (value) => {
    const t = await startTestApp(backend);
    try {
      const account = await t.adminRaw('POST', '/admin/v1/accounts', { name: 'A', licenceExpiresAt: value });
      expect(account.statusCode).toBe(400);
      expect(account.json().code).toBe('invalid_body');
      expect(account.json().detail).toMatch(/licenceExpiresAt must be an RFC 3339 timestamp such as/);
      const id = await t.createAccount('B');
      const patch = await t.adminRaw('PATCH', `/admin/v1/accounts/${id}`, { licenceExpiresAt: value });
      expect(patch.statusCode).toBe(400);
      expect(
        (await t.admin<{ licenceExpiresAt: null }>('GET', `/admin/v1/accounts/${id}`)).licenceExpiresAt,
      ).toBeNull();
      const rows = await t.deps.store.db.selectFrom('accounts').select('id').execute();
      expect(rows).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('accepts offsets and fractions, and answers in UTC with milliseconds', async () => {
    const t = await startTestApp(backend);
    try {
      const account = await t.admin<{ licenceExpiresAt: string }>('POST', '/admin/v1/accounts', {
        name: 'A',
        licenceExpiresAt: '2027-01-01T02:00:00.5+02:00',
      });
      expect(account.licenceExpiresAt).toBe('2027-01-01T00:00:00.500Z');
    } finally {
      await t.close();
    }
  });

  it.each([
    ['2026-12-31t23:59:60z', '2026-12-31T23:59:59.999Z'],
    ['2027-01-01T00:59:60+01:00', '2026-12-31T23:59:59.999Z'],
    ['2026-02-11t15:25:00.123456z', '2026-02-11T15:25:00.123Z'],
    ['1969-12-31T23:59:59Z', '1969-12-31T23:59:59.000Z'],
    ['0000-01-01T00:00:00Z', '0000-01-01T00:00:00.000Z'],
    ['9999-12-31T23:59:59.999+00:00', '9999-12-31T23:59:59.999Z'],
  ])('takes %s, as RFC 3339 allows, and answers it as %s', async (sent, answered) => {
    const t = await startTestApp(backend);
    try {
      const created = await t.admin<{ id: number; licenceExpiresAt: string }>('POST', '/admin/v1/accounts', {
        name: 'A',
        licenceExpiresAt: sent,
      });
      expect(created.licenceExpiresAt).toBe(answered);
      const read = await t.admin<{ licenceExpiresAt: string }>('GET', `/admin/v1/accounts/${created.id}`);
      expect(read.licenceExpiresAt).toBe(answered);
      // The same spellings filter the audit trail; the account's creation is at or after any of them.
      const audit = await t.adminRaw('GET', `/admin/v1/audit?since=${encodeURIComponent(sent)}`);
      expect(audit.statusCode, audit.body).toBe(200);
      const until = await t.adminRaw('GET', `/admin/v1/audit?until=${encodeURIComponent(sent)}`);
      expect(until.statusCode, until.body).toBe(200);
    } finally {
      await t.close();
    }
  });
});

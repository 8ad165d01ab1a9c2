import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { expectNoLeak, expectProblem, expectRequestId, unissuedKey, unusedPinCode } from '../support/http.js';
import { ADMIN_TOKEN, type Owner, startTestApp, type TestApp } from '../support/test-app.js';

const BODY_LIMIT = 1024;

interface Row {
  status: number;
  code: string;
  when: string;
  produce: () => Promise<LightMyRequestResponse>;
}

describe.each(backends())('errors on $name', (backend) => {
  let t: TestApp;
  let owner: Owner;
  let pin: string;
  beforeAll(async () => {
    t = await startTestApp(backend, { BODY_LIMIT_BYTES: String(BODY_LIMIT) });
    owner = await t.createOwner('Errors');
    pin = await t.createPin(owner.key);
  });
  afterAll(async () => t.close());

  const create = (key: string, body: unknown) => t.api('POST', '/v1/pins/create', { key, body });

  async function bannedOwner(): Promise<Owner> {
    const o = await t.createOwner('Banned');
    await t.admin('PATCH', `/admin/v1/accounts/${o.accountId}`, { banned: true });
    return o;
  }
  async function fullOwner(): Promise<Owner> {
    const o = await t.createOwner('Full');
    for (let i = 0; i < 3; i++) await t.createPin(o.key);
    return o;
  }
  async function strangerKey(): Promise<string> {
    return (await t.createOwner('Stranger')).key;
  }

  // Every row of the error table in docs/api.md the PIN endpoints can produce (invalid_discord_id and licence_required
  // belong to the risk-score and lookup endpoints).
  const contractRows: Row[] = [
    {
      status: 401,
      code: 'missing_api_key',
      when: 'no x-api-key header',
      produce: () => t.api('GET', `/v1/pins/${pin}/status`),
    },
    {
      status: 401,
      code: 'invalid_api_key',
      when: 'unknown key',
      produce: () => t.api('GET', `/v1/pins/${pin}/status`, { key: unissuedKey() }),
    },
    {
      status: 401,
      code: 'invalid_api_key',
      when: 'revoked key',
      produce: async () => {
        const key = await t.issueKey(owner.accountId, ['pins:status']);
        const keys = await t.admin<Array<{ id: number; prefix: string }>>(
          'GET',
          `/admin/v1/accounts/${owner.accountId}/keys`,
        );
        const id = keys.find((k) => key.startsWith(k.prefix))?.id;
        await t.admin('DELETE', `/admin/v1/keys/${id}`);
        return t.api('GET', `/v1/pins/${pin}/status`, { key });
      },
    },
    {
      status: 403,
      code: 'insufficient_permission',
      when: "the key lacks the endpoint's permission",
      produce: async () =>
        t.api('GET', `/v1/pins/${pin}/results`, { key: await t.issueKey(owner.accountId, ['pins:status']) }),
    },
    {
      status: 429,
      code: 'rate_limited',
      when: 'hourly budget spent',
      produce: async () => {
        const key = await t.issueKey(owner.accountId, ['pins:status'], { rateLimitPerHour: 1 });
        await t.api('GET', `/v1/pins/${pin}/status`, { key });
        return t.api('GET', `/v1/pins/${pin}/status`, { key });
      },
    },
    {
      status: 404,
      code: 'account_not_found',
      when: "the key's account no longer exists (create)",
      produce: async () => {
        const o = await t.createOwner('Deleted');
        await t.admin('DELETE', `/admin/v1/accounts/${o.accountId}`);
        return create(o.key, { type: 'FiveM' });
      },
    },
    {
      status: 403,
      code: 'account_banned',
      when: 'the account is banned (create)',
      produce: async () => create((await bannedOwner()).key, { type: 'FiveM' }),
    },
    {
      status: 403,
      code: 'not_enterprise_owner',
      when: 'the account owns no active Enterprise (create)',
      produce: async () => {
        const o = await t.createOwner('Inactive');
        await t.admin('PATCH', `/admin/v1/enterprises/${o.enterpriseId}`, { active: false });
        return create(o.key, { type: 'FiveM' });
      },
    },
    {
      status: 400,
      code: 'invalid_body',
      when: 'body not JSON',
      produce: () => create(owner.key, 'not json'),
    },
    {
      status: 400,
      code: 'invalid_body',
      when: 'wrong types',
      produce: () => create(owner.key, { type: 'FiveM', ramDump: 'yes' }),
    },
    {
      status: 400,
      code: 'invalid_body',
      when: 'unknown fields',
      produce: () => create(owner.key, { type: 'FiveM', expiresAt: '2030-01-01T00:00:00.000Z' }),
    },
    {
      status: 400,
      code: 'invalid_body',
      when: 'pinName over 50 characters',
      produce: () => create(owner.key, { type: 'FiveM', pinName: 'x'.repeat(51) }),
    },
    {
      status: 400,
      code: 'invalid_game_type',
      when: 'type not one of the game types',
      produce: () => create(owner.key, { type: 'Fortnite' }),
    },
    {
      status: 400,
      code: 'active_pin_limit',
      when: 'already 3 active PINs',
      produce: async () => create((await fullOwner()).key, { type: 'FiveM' }),
    },
    {
      status: 400,
      code: 'invalid_pin_code',
      when: 'PIN code empty',
      produce: () => t.api('GET', '/v1/pins//status', { key: owner.key }),
    },
    {
      status: 400,
      code: 'invalid_pin_code',
      when: 'PIN code malformed',
      produce: () => t.api('GET', '/v1/pins/O0I1O0I1/results', { key: owner.key }),
    },
    {
      status: 404,
      code: 'pin_not_found',
      when: 'no such PIN',
      produce: () => t.api('GET', `/v1/pins/${unusedPinCode()}/results`, { key: owner.key }),
    },
    {
      status: 403,
      code: 'pin_forbidden',
      when: 'the PIN belongs to another account',
      produce: async () => t.api('GET', `/v1/pins/${pin}/status`, { key: await strangerKey() }),
    },
    {
      status: 413,
      code: 'payload_too_large',
      when: 'body over the size limit',
      produce: () => create(owner.key, { type: 'FiveM', pinName: 'x'.repeat(BODY_LIMIT) }),
    },
  ];

  it.each(contractRows)('docs/api.md errors: $status $code when $when', async ({ status, code, produce }) => {
    expectProblem(await produce(), status, code);
  });

  // Spec §7, row by row.
  const specRows: Row[] = [
    {
      status: 400,
      code: 'invalid_game_type',
      when: 'Create PIN: invalid game type',
      produce: () => create(owner.key, { type: 'Tetris' }),
    },
    {
      status: 400,
      code: 'active_pin_limit',
      when: 'Create PIN: the caller already has 3 active PINs',
      produce: async () => create((await fullOwner()).key, { type: 'Rust' }),
    },
    {
      status: 403,
      code: 'account_banned',
      when: 'Create PIN: account is banned',
      produce: async () => create((await bannedOwner()).key, { type: 'Rust' }),
    },
    {
      status: 403,
      code: 'not_enterprise_owner',
      when: 'Create PIN: the user is not an Enterprise owner',
      produce: async () => {
        // The key was issued while the account owned an Enterprise; it then stopped being an owner.
        const o = await t.createOwner('Former owner');
        await t.admin('PATCH', `/admin/v1/enterprises/${o.enterpriseId}`, { active: false });
        return create(o.key, { type: 'Rust' });
      },
    },
    {
      status: 404,
      code: 'account_not_found',
      when: 'Create PIN: the user associated with the API key is not found',
      produce: async () => {
        const o = await t.createOwner('Vanished');
        await t.admin('DELETE', `/admin/v1/accounts/${o.accountId}`);
        return create(o.key, { type: 'Rust' });
      },
    },
    ...(['status', 'results'] as const).flatMap((endpoint): Row[] => [
      {
        status: 400,
        code: 'invalid_pin_code',
        when: `${endpoint}: PIN code empty`,
        produce: () => t.api('GET', `/v1/pins//${endpoint}`, { key: owner.key }),
      },
      {
        status: 400,
        code: 'invalid_pin_code',
        when: `${endpoint}: PIN code invalid`,
        produce: () => t.api('GET', `/v1/pins/ABC/${endpoint}`, { key: owner.key }),
      },
      {
        status: 403,
        code: 'pin_forbidden',
        when: `${endpoint}: PIN does not belong to the caller's account`,
        produce: async () => t.api('GET', `/v1/pins/${pin}/${endpoint}`, { key: await strangerKey() }),
      },
      {
        status: 404,
        code: 'pin_not_found',
        when: `${endpoint}: PIN code does not exist`,
        produce: () => t.api('GET', `/v1/pins/${unusedPinCode()}/${endpoint}`, { key: owner.key }),
      },
    ]),
  ];

  it.each(specRows)('spec §7: $status when $when', async ({ status, code, produce }) => {
    expectProblem(await produce(), status, code);
  });

  describe('bodies that are not JSON objects', () => {
    it.each([
      ['truncated JSON', '{"type":'],
      ['unquoted names', '{type: "FiveM"}'],
      ['a trailing comma', '{"type":"FiveM",}'],
      ['single quotes', "{'type':'FiveM'}"],
      ['an empty body', ''],
      ['the word undefined', 'undefined'],
      ['a prototype-poisoning body', '{"type":"FiveM","__proto__":{"admin":true}}'],
    ])('refuses %s with 400 invalid_body', async (_why, payload) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/pins/create',
        headers: { 'x-api-key': owner.key, 'content-type': 'application/json' },
        payload,
      });
      expectProblem(res, 400, 'invalid_body');
    });

    it.each([
      'text/plain',
      'application/xml',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/octet-stream',
    ])('refuses Content-Type %s with 400 invalid_body', async (contentType) => {
      const res = await t.api('POST', '/v1/pins/create', {
        key: owner.key,
        body: '{"type":"FiveM"}',
        headers: { 'content-type': contentType },
      });
      expectProblem(res, 400, 'invalid_body');
      expect(res.json().detail).toContain('application/json');
    });

    it('refuses a JSON body sent without a Content-Type with 400 invalid_body', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/pins/create',
        headers: { 'x-api-key': owner.key },
        payload: Buffer.from('{"type":"FiveM"}'),
      });
      expectProblem(res, 400, 'invalid_body');
    });

    it('refuses a POST without a body with 400 invalid_body', async () => {
      expectProblem(await t.api('POST', '/v1/pins/create', { key: owner.key }), 400, 'invalid_body');
    });
  });

  describe('body size (BODY_LIMIT_BYTES)', () => {
    const padded = (bytes: number) => {
      const head = '{"type":"FiveM"';
      return `${head}${' '.repeat(bytes - head.length - 1)}}`;
    };

    it('accepts a body of exactly the limit', async () => {
      const o = await t.createOwner('Exact');
      const payload = padded(BODY_LIMIT);
      expect(Buffer.byteLength(payload)).toBe(BODY_LIMIT);
      expect((await t.api('POST', '/v1/pins/create', { key: o.key, body: payload })).statusCode).toBe(201);
    });

    it('refuses one byte more with 413 payload_too_large', async () => {
      const res = await t.api('POST', '/v1/pins/create', { key: owner.key, body: padded(BODY_LIMIT + 1) });
      expectProblem(res, 413, 'payload_too_large');
      expect(res.json().detail).toContain(String(BODY_LIMIT));
    });

    it('refuses a large body on the operator API too', async () => {
      const res = await t.adminRaw('POST', '/admin/v1/accounts', { name: 'x'.repeat(BODY_LIMIT * 4) });
      expectProblem(res, 413, 'payload_too_large');
    });
  });

  describe('unknown routes', () => {
    it.each([
      // `/` is the dashboard (docs/dashboard.md); a path nobody serves stays a problem body.
      ['GET', '/nothing-here'],
      ['POST', '/nothing-here'],
      ['GET', '/v1'],
      ['GET', '/v1/pins'],
      ['GET', '/v1/pins/A7K3M2P9'],
      ['GET', '/v1/pins/A7K3M2P9/history'],
      ['GET', '/v2/pins/A7K3M2P9/status'],
      ['POST', '/v1/pin/create'],
      ['GET', '/admin/v1/nothing-here'],
    ] as const)('answers %s %s with 404 route_not_found', async (method, url) => {
      const res = await t.api(method, url, { key: owner.key });
      expectProblem(res, 404, 'route_not_found');
    });
  });

  describe('a known path with a method it lacks', () => {
    it.each([
      ['GET', '/v1/pins/create', 'POST'],
      ['PUT', '/v1/pins/create', 'POST'],
      ['DELETE', '/v1/pins/A7K3M2P9/status', 'GET, HEAD'],
      ['POST', '/v1/pins/A7K3M2P9/results', 'GET, HEAD'],
      ['PATCH', '/v1/pins/A7K3M2P9/results/', 'GET, HEAD'],
      ['POST', '/admin/v1/accounts/1', 'GET, HEAD, PATCH, DELETE'],
      ['PUT', '/v1/webhooks/1?x=1', 'GET, HEAD, PATCH, DELETE'],
      ['POST', '/', 'GET, HEAD'],
      ['OPTIONS', '/v1/pins/create', 'POST'],
    ] as const)('answers %s %s with 405 method_not_allowed and Allow: %s', async (method, url, allow) => {
      const res = await t.api(method, url, { key: owner.key });
      expectProblem(res, 405, 'method_not_allowed');
      expect(res.headers.allow).toBe(allow);
      expect(res.json().detail).toContain(allow);
    });

    it('answers HEAD where only POST is with 405 and Allow, and no body', async () => {
      const res = await t.api('HEAD', '/v1/pins/create', { key: owner.key });
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).toBe('POST');
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body).toBe('');
    });

    it('still answers HEAD where GET is, as the GET does', async () => {
      const res = await t.api('HEAD', `/v1/pins/${pin}/status`, { key: owner.key });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('');
    });
  });

  describe('malformed URLs', () => {
    it.each(['/v1/pins/%ZZ/status', '/v1/pins/A7K3%E0%A4%A/results', '/admin/v1/accounts/%'])(
      'answers %s with a 400 problem, not a bare framework error',
      async (url) => {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'x-api-key': owner.key } });
        expectProblem(res, 400, 'invalid_url');
      },
    );
  });

  describe('x-request-id', () => {
    const requests: Array<[string, () => Promise<LightMyRequestResponse>]> = [
      ['a 401', () => t.api('POST', '/v1/pins/create', { key: unissuedKey() })],
      ['a 200', () => t.api('GET', '/healthz')],
      ['a 200 status', () => t.api('GET', `/v1/pins/${pin}/status`, { key: owner.key })],
      ['an unknown route', () => t.api('GET', '/nope')],
      ['an operator call', () => t.adminRaw('GET', `/admin/v1/accounts/${owner.accountId}/keys`)],
      ['a refused operator call', () => t.adminRaw('GET', '/admin/v1/accounts/1', undefined, 'wrong')],
      ['the OpenAPI document', () => t.api('GET', '/openapi.json')],
    ];

    it.each(requests)('is on %s', async (_label, send) => {
      expectRequestId(await send());
    });

    it('is fresh for each request', async () => {
      const a = await t.api('GET', '/healthz');
      const b = await t.api('GET', '/healthz');
      expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    });

    it("keeps a caller's own well-formed x-request-id", async () => {
      const res = await t.api('GET', `/v1/pins/${pin}/status`, {
        key: owner.key,
        headers: { 'x-request-id': 'trace-42.abc:7' },
      });
      expect(res.headers['x-request-id']).toBe('trace-42.abc:7');
    });

    it('replaces an x-request-id that is too long or has odd characters', async () => {
      for (const sent of ['x'.repeat(65), 'has spaces', 'new\\nline', '<script>']) {
        const res = await t.api('GET', '/healthz', { headers: { 'x-request-id': sent } });
        expectRequestId(res);
        expect(res.headers['x-request-id']).not.toBe(sent);
      }
    });
  });

  describe('robustness: odd requests never get a 5xx or a leak', () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const odd: Array<[string, InjectOptions]> = [
      [
        'a deeply nested body',
        { method: 'POST', url: '/v1/pins/create', payload: `{"type":"FiveM","x":${deep}}` },
      ],
      [
        'a NUL in an unknown field name',
        { method: 'POST', url: '/v1/pins/create', payload: '{"type":"FiveM","a\\u0000":1}' },
      ],
      [
        'a NUL in pinName',
        { method: 'POST', url: '/v1/pins/create', payload: '{"type":"FiveM","pinName":"\\u0000"}' },
      ],
      [
        'a lone surrogate in pinName',
        { method: 'POST', url: '/v1/pins/create', payload: '{"type":"FiveM","pinName":"\\ud800"}' },
      ],
      ['a number body', { method: 'POST', url: '/v1/pins/create', payload: '12' }],
      [
        'a huge number',
        { method: 'POST', url: '/v1/pins/create', payload: '{"type":"FiveM","ramDump":1e999}' },
      ],
      ['a query string', { method: 'GET', url: `/v1/pins/${'A7K3M2P9'}/status?debug=1&x[y]=2` }],
      ['an encoded code', { method: 'GET', url: '/v1/pins/%41%37%4B%33%4D%32%50%39/status' }],
      ['a dot segment', { method: 'GET', url: '/v1/pins/../status' }],
      [
        'an x-api-key with odd bytes',
        { method: 'GET', url: '/v1/pins/A7K3M2P9/status', headers: { 'x-api-key': 'sp_\u00ff\u00fe' } },
      ],
      [
        'an overlong x-api-key',
        {
          method: 'GET',
          url: '/v1/pins/A7K3M2P9/status',
          headers: { 'x-api-key': `sp_${'a'.repeat(5000)}` },
        },
      ],
    ];

    it.each(odd)('handles %s', async (_label, request) => {
      const headers: Record<string, string> = {
        'x-api-key': owner.key,
        'content-type': 'application/json',
        ...((request.headers as Record<string, string>) ?? {}),
      };
      const res = await t.app.inject({ ...request, headers });
      expect(res.statusCode, res.body).toBeLessThan(500);
      expectRequestId(res);
      expectNoLeak(res.body);
      if (res.statusCode >= 400) {
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      }
    });

    it('gives the operator API the same treatment', async () => {
      const cases: Array<[InjectOptions['method'], string, unknown]> = [
        ['POST', '/admin/v1/accounts', { name: 'a\u0000b' }],
        ['POST', '/admin/v1/enterprises', { name: 'x', ownerAccountId: 3_000_000_000 }],
        ['GET', '/admin/v1/accounts/3000000000', undefined],
        ['GET', '/admin/v1/accounts/99999999999999999999999', undefined],
        ['DELETE', '/admin/v1/keys/3000000000', undefined],
        ['GET', '/admin/v1/accounts/-1/keys', undefined],
        ['PATCH', '/admin/v1/accounts/1', '{"banned":'],
      ];
      for (const [method, url, body] of cases) {
        const res = await t.app.inject({
          method,
          url,
          headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'application/json' },
          ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
        });
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expectNoLeak(res.body);
      }
    });
  });
});

import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { expectProblem, fakeClock, rateLimitHeaders, unissuedKey, unusedPinCode } from '../support/http.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';
import { startSibling, withApp } from '../support/with-app.js';

/** What the rate limiter names a key's bucket by, from the operator's key listing. */
async function keyIdentityOf(
  t: TestApp,
  accountId: number,
  key: string,
): Promise<{ keyId: number; createdAt: number }> {
  const keys = await t.admin<Array<{ id: number; prefix: string; createdAt: string }>>(
    'GET',
    `/admin/v1/accounts/${accountId}/keys`,
  );
  const found = keys.find((k) => key.startsWith(k.prefix));
  if (found === undefined) throw new Error('key not listed');
  return { keyId: found.id, createdAt: Date.parse(found.createdAt) };
}

function expectRateLimited(res: LightMyRequestResponse): void {
  expectProblem(res, 429, 'rate_limited');
  const headers = rateLimitHeaders(res);
  expect(headers.remaining).toBe(0);
  expect(res.headers['retry-after']).toMatch(/^[1-9]\d*$/);
  expect(Number(res.headers['retry-after'])).toBe(headers.reset);
}

describe.each(backends())('rate limits (docs/api.md, "Rate limits") on $name', (backend) => {
  const memoryCounters = backend.redisUrl === undefined;

  describe('with the default limit', () => {
    let t: TestApp;
    let owner: Owner;
    beforeAll(async () => {
      t = await startTestApp(backend);
      owner = await t.createOwner();
    });
    afterAll(async () => t.close());

    it('carries the three headers on every response of the PIN endpoints, errors included, counting down from 1000', async () => {
      const key = await t.issueKey(owner.accountId, ['pins:create', 'pins:status', 'pins:results']);
      const statusOnly = await t.issueKey(owner.accountId, ['pins:status']);
      const other = await t.createOwner('Stranger');
      const foreign = await t.createPin(other.key);
      const responses: Array<[string, LightMyRequestResponse]> = [];
      const send = async (label: string, res: Promise<LightMyRequestResponse>) => {
        responses.push([label, await res]);
      };
      await send('201', t.api('POST', '/v1/pins/create', { key, body: { type: 'FiveM' } }));
      const pin = responses[0]?.[1].json().pin as string;
      await send('200 status', t.api('GET', `/v1/pins/${pin}/status`, { key }));
      await send('200 results', t.api('GET', `/v1/pins/${pin}/results`, { key }));
      await send(
        '400 invalid_body',
        t.api('POST', '/v1/pins/create', { key, body: { type: 'FiveM', x: 1 } }),
      );
      await send(
        '400 invalid_game_type',
        t.api('POST', '/v1/pins/create', { key, body: { type: 'Tetris' } }),
      );
      await send('400 invalid_pin_code', t.api('GET', '/v1/pins/0000/status', { key }));
      await send('403 pin_forbidden', t.api('GET', `/v1/pins/${foreign}/results`, { key }));
      await send('404 pin_not_found', t.api('GET', `/v1/pins/${unusedPinCode()}/status`, { key }));
      await send(
        '413 payload_too_large',
        t.api('POST', '/v1/pins/create', { key, body: { type: 'FiveM', pinName: 'x'.repeat(1_100_000) } }),
      );
      const keyed = responses.map(([label, res]) => [label, res.statusCode, rateLimitHeaders(res)] as const);
      expect(keyed.map(([label, status]) => `${label}:${status}`)).toEqual(
        responses.map(([label]) => `${label}:${label.slice(0, 3)}`),
      );
      keyed.forEach(([, , headers], i) => {
        expect(headers.limit).toBe(1000);
        expect(headers.remaining).toBe(999 - i);
        expect(headers.reset).toBeLessThanOrEqual(3600);
      });

      // Another key has its own budget, and its 403 carries the headers too.
      const denied = await t.api('POST', '/v1/pins/create', { key: statusOnly, body: { type: 'FiveM' } });
      expectProblem(denied, 403, 'insufficient_permission');
      expect(rateLimitHeaders(denied)).toMatchObject({ limit: 1000, remaining: 999 });
    });

    it('carries the per-IP bucket headers on 401 answers', async () => {
      const ip = '198.51.100.7';
      const missing = await t.api('GET', `/v1/pins/${unusedPinCode()}/status`, { remoteAddress: ip });
      expectProblem(missing, 401, 'missing_api_key');
      expect(rateLimitHeaders(missing)).toMatchObject({ limit: 60, remaining: 59 });
      // A request counts until a minute after the end of its second (the window slides).
      expect(rateLimitHeaders(missing).reset).toBeGreaterThanOrEqual(60);
      expect(rateLimitHeaders(missing).reset).toBeLessThanOrEqual(61);
      const invalid = await t.api('POST', '/v1/pins/create', { key: unissuedKey(), remoteAddress: ip });
      expectProblem(invalid, 401, 'invalid_api_key');
      expect(rateLimitHeaders(invalid)).toMatchObject({ limit: 60, remaining: 58 });
    });

    it('does not limit or count the health endpoints', async () => {
      const res = await t.api('GET', '/healthz');
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
      expect(res.headers['x-ratelimit-remaining']).toBeUndefined();
      expect(res.headers['x-ratelimit-reset']).toBeUndefined();
    });
  });

  describe('with a small RATE_LIMIT_PER_HOUR', () => {
    const clock = fakeClock();
    let t: TestApp;
    let owner: Owner;
    beforeAll(async () => {
      t = await startTestApp(backend, { RATE_LIMIT_PER_HOUR: '5', UNAUTHENTICATED_PER_MINUTE: '3' }, clock);
      owner = await t.createOwner();
    });
    afterAll(async () => t.close());

    it('counts down to 0 and then answers 429 rate_limited with Retry-After', async () => {
      const key = await t.issueKey(owner.accountId, ['pins:status']);
      const code = unusedPinCode();
      for (let remaining = 4; remaining >= 0; remaining--) {
        const res = await t.api('GET', `/v1/pins/${code}/status`, { key });
        expect(res.statusCode).toBe(404);
        const headers = rateLimitHeaders(res);
        expect(headers).toMatchObject({ limit: 5, remaining });
        expect(res.headers['retry-after']).toBeUndefined();
      }
      const limited = await t.api('GET', `/v1/pins/${code}/status`, { key });
      expectRateLimited(limited);
      expect(rateLimitHeaders(limited).limit).toBe(5);
      expect(limited.json().detail).toContain(String(rateLimitHeaders(limited).reset));
    });

    it('shares one budget between the three PIN endpoints', async () => {
      const key = await t.issueKey(owner.accountId, ['pins:create', 'pins:status', 'pins:results']);
      const pin = await t.createPin(key);
      expect(rateLimitHeaders(await t.api('GET', `/v1/pins/${pin}/status`, { key })).remaining).toBe(3);
      expect(rateLimitHeaders(await t.api('GET', `/v1/pins/${pin}/results`, { key })).remaining).toBe(2);
      expect(rateLimitHeaders(await t.api('GET', `/v1/pins/${pin}/status`, { key })).remaining).toBe(1);
      expect(rateLimitHeaders(await t.api('GET', `/v1/pins/${pin}/results`, { key })).remaining).toBe(0);
      expectRateLimited(await t.api('POST', '/v1/pins/create', { key, body: { type: 'FiveM' } }));
      expectRateLimited(await t.api('GET', `/v1/pins/${pin}/status`, { key }));
      expectRateLimited(await t.api('GET', `/v1/pins/${pin}/results`, { key }));
    });

    it('keeps a budget per key, not per account', async () => {
      const spent = await t.issueKey(owner.accountId, ['pins:status']);
      const fresh = await t.issueKey(owner.accountId, ['pins:status']);
      const code = unusedPinCode();
      for (let i = 0; i < 5; i++) await t.api('GET', `/v1/pins/${code}/status`, { key: spent });
      expectRateLimited(await t.api('GET', `/v1/pins/${code}/status`, { key: spent }));
      const other = await t.api('GET', `/v1/pins/${code}/status`, { key: fresh });
      expect(other.statusCode).toBe(404);
      expect(rateLimitHeaders(other).remaining).toBe(4);
    });

    it('does not count a 429 against the budget', async () => {
      const key = await t.issueKey(owner.accountId, ['pins:status']);
      const code = unusedPinCode();
      for (let i = 0; i < 5; i++) await t.api('GET', `/v1/pins/${code}/status`, { key });
      for (let i = 0; i < 10; i++) expectRateLimited(await t.api('GET', `/v1/pins/${code}/status`, { key }));
      // The stored count is still 5: one more hit against a limit of 6 is allowed and spends it.
      const identity = await keyIdentityOf(t, owner.accountId, key);
      const probe = await t.deps.rateLimiter.forKey({ ...identity, rateLimitPerHour: 6 });
      expect(probe).toMatchObject({ allowed: true, remaining: 0 });
    });

    it("uses a key's own rateLimitPerHour instead of the default", async () => {
      const key = await t.issueKey(owner.accountId, ['pins:status'], { rateLimitPerHour: 2 });
      const roomy = await t.issueKey(owner.accountId, ['pins:status'], { rateLimitPerHour: 50 });
      const code = unusedPinCode();
      expect(rateLimitHeaders(await t.api('GET', `/v1/pins/${code}/status`, { key }))).toMatchObject({
        limit: 2,
        remaining: 1,
      });
      expect(rateLimitHeaders(await t.api('GET', `/v1/pins/${code}/status`, { key })).remaining).toBe(0);
      const limited = await t.api('GET', `/v1/pins/${code}/status`, { key });
      expectRateLimited(limited);
      expect(rateLimitHeaders(limited).limit).toBe(2);
      expect(rateLimitHeaders(await t.api('GET', `/v1/pins/${code}/status`, { key: roomy }))).toMatchObject({
        limit: 50,
        remaining: 49,
      });
    });

    it('reports X-RateLimit-Reset in whole seconds of at least 1', async () => {
      const key = await t.issueKey(owner.accountId, ['pins:status']);
      const res = await t.api('GET', `/v1/pins/${unusedPinCode()}/status`, { key });
      const { reset } = rateLimitHeaders(res);
      expect(reset).toBeGreaterThanOrEqual(memoryCounters ? 3600 : 3599);
      expect(reset).toBeLessThanOrEqual(3600);
    });

    describe('order of checks (docs/api.md, "Errors")', () => {
      it('answers 401 to a revoked key even when its budget is spent', async () => {
        const key = await t.issueKey(owner.accountId, ['pins:status']);
        const code = unusedPinCode();
        for (let i = 0; i < 5; i++) await t.api('GET', `/v1/pins/${code}/status`, { key });
        expectRateLimited(await t.api('GET', `/v1/pins/${code}/status`, { key }));
        await t.admin('DELETE', `/admin/v1/keys/${(await keyIdentityOf(t, owner.accountId, key)).keyId}`);
        const res = await t.api('GET', `/v1/pins/${code}/status`, { key, remoteAddress: '203.0.113.50' });
        expectProblem(res, 401, 'invalid_api_key');
        expect(rateLimitHeaders(res).limit).toBe(3);
      });

      it('answers 429 before 403 insufficient_permission', async () => {
        const key = await t.issueKey(owner.accountId, ['pins:status']);
        for (let i = 0; i < 5; i++) {
          expectProblem(
            await t.api('GET', `/v1/pins/${unusedPinCode()}/results`, { key }),
            403,
            'insufficient_permission',
          );
        }
        expectRateLimited(await t.api('GET', `/v1/pins/${unusedPinCode()}/results`, { key }));
      });

      it("answers 429 before the endpoint's own checks", async () => {
        const banned = await t.createOwner('Banned');
        await t.admin('PATCH', `/admin/v1/accounts/${banned.accountId}`, { banned: true });
        for (let i = 0; i < 5; i++)
          await t.api('GET', `/v1/pins/${unusedPinCode()}/status`, { key: banned.key });
        expectRateLimited(
          await t.api('POST', '/v1/pins/create', { key: banned.key, body: { type: 'FiveM' } }),
        );
        expectRateLimited(await t.api('POST', '/v1/pins/create', { key: banned.key, body: '{"type":' }));
        expectRateLimited(await t.api('GET', '/v1/pins/bad/status', { key: banned.key }));
        expectRateLimited(await t.api('GET', `/v1/pins/${unusedPinCode()}/results`, { key: banned.key }));
      });
    });

    describe('requests without a valid key, counted per client IP (UNAUTHENTICATED_PER_MINUTE)', () => {
      it('counts missing and invalid keys from one IP together, then answers 429', async () => {
        const ip = '192.0.2.10';
        const path = `/v1/pins/${unusedPinCode()}/status`;
        const first = await t.api('GET', path, { remoteAddress: ip });
        expectProblem(first, 401, 'missing_api_key');
        expect(rateLimitHeaders(first)).toMatchObject({ limit: 3, remaining: 2 });
        const second = await t.api('GET', path, { key: unissuedKey(), remoteAddress: ip });
        expectProblem(second, 401, 'invalid_api_key');
        expect(rateLimitHeaders(second).remaining).toBe(1);
        const third = await t.api('GET', path, { key: 'not-even-a-key', remoteAddress: ip });
        expectProblem(third, 401, 'invalid_api_key');
        expect(rateLimitHeaders(third).remaining).toBe(0);
        const limited = await t.api('GET', path, { key: unissuedKey(), remoteAddress: ip });
        expectRateLimited(limited);
        expect(rateLimitHeaders(limited).limit).toBe(3);
        expect(rateLimitHeaders(limited).reset).toBeLessThanOrEqual(61);
      });

      it('keeps a separate bucket for each IP', async () => {
        for (let i = 0; i < 3; i++)
          await t.api('GET', '/v1/pins/A7K3M2P9/status', { remoteAddress: '192.0.2.20' });
        expectRateLimited(await t.api('GET', '/v1/pins/A7K3M2P9/status', { remoteAddress: '192.0.2.20' }));
        const other = await t.api('GET', '/v1/pins/A7K3M2P9/status', { remoteAddress: '192.0.2.21' });
        expectProblem(other, 401, 'missing_api_key');
        expect(rateLimitHeaders(other).remaining).toBe(2);
      });

      it('does not hold back a valid key sent from a spent IP', async () => {
        const ip = '192.0.2.30';
        for (let i = 0; i < 3; i++) await t.api('GET', '/v1/pins/A7K3M2P9/status', { remoteAddress: ip });
        expectRateLimited(await t.api('GET', '/v1/pins/A7K3M2P9/status', { remoteAddress: ip }));
        const key = await t.issueKey(owner.accountId, ['pins:status']);
        const res = await t.api('GET', `/v1/pins/${unusedPinCode()}/status`, { key, remoteAddress: ip });
        expectProblem(res, 404, 'pin_not_found');
        expect(rateLimitHeaders(res)).toMatchObject({ limit: 5, remaining: 4 });
      });

      it('does not spend a key budget on requests with a valid key', async () => {
        const ip = '192.0.2.40';
        const key = await t.issueKey(owner.accountId, ['pins:status']);
        for (let i = 0; i < 4; i++)
          await t.api('GET', `/v1/pins/${unusedPinCode()}/status`, { key, remoteAddress: ip });
        const res = await t.api('GET', '/v1/pins/A7K3M2P9/status', { remoteAddress: ip });
        expect(rateLimitHeaders(res)).toMatchObject({ limit: 3, remaining: 2 });
      });
    });
  });

  describe.skipIf(!memoryCounters)('windows on a moved clock (in-process counters)', () => {
    it('opens the window with the first request and resets it 3600 s later', async () => {
      const clock = fakeClock();
      await withApp(backend, { RATE_LIMIT_PER_HOUR: '2' }, clock, async (t) => {
        const owner = await t.createOwner();
        const key = await t.issueKey(owner.accountId, ['pins:status']);
        const get = () => t.api('GET', '/v1/pins/A7K3M2P9/status', { key });
        expect(rateLimitHeaders(await get())).toMatchObject({ remaining: 1, reset: 3600 });
        clock.advance(1_500);
        expect(rateLimitHeaders(await get())).toMatchObject({ remaining: 0, reset: 3599 });
        clock.advance(1_000_000);
        const limited = await get();
        expectRateLimited(limited);
        expect(rateLimitHeaders(limited).reset).toBe(2599);
        clock.advance(2_598_000);
        const last = await get();
        expectRateLimited(last);
        expect(rateLimitHeaders(last).reset).toBe(1);
        expect(last.headers['retry-after']).toBe('1');
        clock.advance(500);
        expect(rateLimitHeaders(await get())).toMatchObject({ remaining: 1, reset: 3600 });
      });
    });

    it('frees the per-IP bucket a minute after the end of the second its request was made in', async () => {
      // 123 ms into a second: the request counts until 60.877 s from now (test/http/rate-limit-per-address.test.ts).
      const clock = fakeClock();
      await withApp(backend, { UNAUTHENTICATED_PER_MINUTE: '1' }, clock, async (t) => {
        const get = () => t.api('GET', '/v1/pins/A7K3M2P9/status', { remoteAddress: '192.0.2.99' });
        expect(rateLimitHeaders(await get())).toMatchObject({ limit: 1, remaining: 0, reset: 61 });
        clock.advance(60_000);
        const limited = await get();
        expectRateLimited(limited);
        expect(limited.headers['retry-after']).toBe('1');
        clock.advance(877);
        expectProblem(await get(), 401, 'missing_api_key');
      });
    });
  });

  describe.skipIf(memoryCounters)('shared counters (REDIS_URL)', () => {
    it('holds the limit across two instances', async () => {
      await withApp(backend, { RATE_LIMIT_PER_HOUR: '4' }, undefined, async (t) => {
        const sibling = await startSibling(t, backend, { RATE_LIMIT_PER_HOUR: '4' });
        try {
          const owner = await t.createOwner();
          const get = (app: typeof sibling) =>
            app.inject({
              method: 'GET',
              url: '/v1/pins/A7K3M2P9/status',
              headers: { 'x-api-key': owner.key },
            });
          const remaining = [];
          for (const app of [t.app, sibling, t.app, sibling])
            remaining.push(rateLimitHeaders(await get(app)).remaining);
          expect(remaining).toEqual([3, 2, 1, 0]);
          expectRateLimited(await get(t.app));
          expectRateLimited(await get(sibling));
        } finally {
          await sibling.close();
        }
      });
    });
  });
});

import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { expectProblem, rateLimitHeaders, unusedPinCode } from '../support/http.js';
import { scanner } from '../support/scan.js';
import { withApp } from '../support/with-app.js';

/** One Retry-After equal to the reset, beside the three X-RateLimit-* headers. */
function expectLimitedAnswer(res: LightMyRequestResponse, limit: number): void {
  expectProblem(res, 429, 'rate_limited');
  const headers = rateLimitHeaders(res);
  expect(headers).toMatchObject({ limit, remaining: 0 });
  expect(res.headers['retry-after']).toMatch(/^[1-9]\d*$/);
  expect(Number(res.headers['retry-after'])).toBe(headers.reset);
  expect(typeof res.headers['retry-after']).toBe('string');
}

describe.each(backends())('every limited answer looks alike on $name', (backend) => {
  it('scanner start carries the X-RateLimit-* headers, one Retry-After, and a per-minute detail', async () => {
    await withApp(backend, { SCANNER_START_PER_MINUTE: '2' }, undefined, async (t) => {
      const first = await scanner(t).start('ZZZZZZZZ');
      expect(first.statusCode).toBe(404);
      expect(rateLimitHeaders(first)).toMatchObject({ limit: 2, remaining: 1 });
      await scanner(t).start('ZZZZZZZZ');
      const limited = await scanner(t).start('ZZZZZZZZ');
      expectLimitedAnswer(limited, 2);
      expect(limited.json().detail).toMatch(/per-minute/);
      expect(limited.json().detail).not.toMatch(/hourly/);
    });
  });

  it('requests without a key are named as a per-minute budget', async () => {
    await withApp(backend, { UNAUTHENTICATED_PER_MINUTE: '1' }, undefined, async (t) => {
      const code = unusedPinCode();
      await t.api('GET', `/v1/pins/${code}/status`);
      const limited = await t.api('GET', `/v1/pins/${code}/status`);
      expectLimitedAnswer(limited, 1);
      expect(limited.json().detail).toMatch(/per-minute/);
    });
  });

  it("a key's budget is named as hourly", async () => {
    await withApp(backend, { RATE_LIMIT_PER_HOUR: '1' }, undefined, async (t) => {
      const owner = await t.createOwner();
      const code = unusedPinCode();
      await t.api('GET', `/v1/pins/${code}/status`, { key: owner.key });
      const limited = await t.api('GET', `/v1/pins/${code}/status`, { key: owner.key });
      expectLimitedAnswer(limited, 1);
      expect(limited.json().detail).toMatch(/hourly/);
    });
  });
});

import { describe, expect, inject, it } from 'vitest';
import { backends } from '../support/backends.js';
import { rateLimitHeaders, unusedPinCode } from '../support/http.js';
import { startTestApp } from '../support/test-app.js';

const shared = backends().filter((b) => b.redisUrl !== undefined);
if (shared.length === 0) {
  console.warn('SKIPPED: rate-limit namespacing needs Redis; set SCANPIN_TEST_REDIS_URL to run it.');
}

if (shared.length === 0) it.skip('needs Redis: set SCANPIN_TEST_REDIS_URL', () => {});

describe.each(shared)('two installations on one Redis ($name)', (backend) => {
  it('never share a budget, though their first keys have the same row id', async () => {
    // Both apps write to the same Redis prefix, as two deployments configured alike would.
    const redisPrefix = `scanpin:test:${inject('testRunId')}:ns:${process.pid}:${Math.random()}:`;
    const env = { RATE_LIMIT_PER_HOUR: '2' };
    const first = await startTestApp(backend, env, undefined, { redisPrefix });
    const second = await startTestApp(backend, env, undefined, { redisPrefix });
    try {
      const a = await first.createOwner();
      const b = await second.createOwner();
      const code = unusedPinCode();
      for (let i = 0; i < 2; i++) await first.api('GET', `/v1/pins/${code}/status`, { key: a.key });
      expect((await first.api('GET', `/v1/pins/${code}/status`, { key: a.key })).statusCode).toBe(429);

      const fresh = await second.api('GET', `/v1/pins/${code}/status`, { key: b.key });
      expect(fresh.statusCode).toBe(404);
      expect(rateLimitHeaders(fresh)).toMatchObject({ limit: 2, remaining: 1 });
    } finally {
      await second.close();
      await first.close();
    }
  });
});

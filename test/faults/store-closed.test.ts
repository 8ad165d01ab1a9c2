import { describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { expectProblem } from '../support/http.js';
import { startTestApp } from '../support/test-app.js';

describe.each(backends().filter((b) => b.redisUrl === undefined))(
  'store closed under a running server ($name)',
  (backend) => {
    it('answers 503 service_unavailable with Retry-After, never a 500', async () => {
      const t = await startTestApp(backend);
      try {
        const owner = await t.createOwner();
        const pin = await t.createPin(owner.key);
        await t.deps.store.close();
        const calls: Array<[string, string, unknown?]> = [
          ['GET', `/v1/pins/${pin}/status`],
          ['GET', `/v1/pins/${pin}/results`],
          ['POST', '/v1/pins/create', { type: 'FiveM' }],
        ];
        for (const [method, url, body] of calls) {
          const res = await t.api(method as 'GET', url, { key: owner.key, ...(body ? { body } : {}) });
          expectProblem(res, 503, 'service_unavailable');
          expect(res.headers['retry-after']).toMatch(/^\d+$/);
        }
      } finally {
        await t.app.close().catch(() => {});
      }
    });
  },
);

import { describe, expect, it } from 'vitest';
import { sqliteBackend } from '../support/backends.js';
import { startTestApp } from '../support/test-app.js';

const sqlite = sqliteBackend();

describe('when Redis is unreachable', () => {
  it('keyed requests are still answered and limited, with counters in the process; /readyz stays ready, degraded', async () => {
    // Nothing listens on port 1, so every Redis command fails at once.
    const t = await startTestApp(
      { ...sqlite, redisUrl: 'redis://127.0.0.1:1' },
      { RATE_LIMIT_PER_HOUR: '2' },
    );
    try {
      const owner = await t.createOwner();
      const pin = await t.createPin(owner.key);
      const second = await t.api('GET', `/v1/pins/${pin}/status`, { key: owner.key });
      expect(second.statusCode).toBe(200);
      expect(second.headers['x-ratelimit-limit']).toBe('2');
      expect(second.headers['x-ratelimit-remaining']).toBe('0');
      const third = await t.api('GET', `/v1/pins/${pin}/status`, { key: owner.key });
      expect(third.statusCode).toBe(429);
      expect(third.json().code).toBe('rate_limited');
      // Readiness follows the fallback: the instance serves, so a load balancer must keep it.
      const ready = await t.api('GET', '/readyz');
      expect(ready.statusCode).toBe(200);
      expect(ready.json().status).toBe('degraded');
    } finally {
      await t.close();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { sqliteBackend } from '../support/backends.js';
import { expectProblem } from '../support/http.js';
import { startTestApp } from '../support/test-app.js';

const sqlite = sqliteBackend();

describe('/readyz', () => {
  it('is ready but degraded while Redis is unreachable, since the instance keeps serving', async () => {
    // Nothing listens on port 1, so every Redis command fails at once.
    const t = await startTestApp({ ...sqlite, redisUrl: 'redis://127.0.0.1:1' });
    try {
      const ready = await t.api('GET', '/readyz');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'degraded', checks: { database: 'ok', redis: 'down' } });
    } finally {
      await t.close();
    }
  });

  it('is ok with every check listed when all is well', async () => {
    const t = await startTestApp(sqlite);
    try {
      const ready = await t.api('GET', '/readyz');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
    } finally {
      await t.close();
    }
  });

  it('fails only when the database is unreachable, and says so rather than "shutting down"', async () => {
    const t = await startTestApp(sqlite);
    try {
      await t.deps.store.close();
      const ready = await t.api('GET', '/readyz');
      expectProblem(ready, 503, 'service_unavailable');
      expect(ready.json().detail).toMatch(/database is unreachable/);
      expect(ready.json().detail).not.toMatch(/shutting down|overloaded/);
    } finally {
      await t.app.close().catch(() => {});
    }
  });
});

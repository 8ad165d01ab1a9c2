import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { sqliteBackend } from '../support/backends.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const sqlite = sqliteBackend();

/** One access line per request, with method, route and status (docs/operations.md, "Logs"). */
describe('the access log', () => {
  const lines: Array<Record<string, unknown>> = [];
  let t: TestApp;
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
        done();
      },
    });
    t = await startTestApp(sqlite, {}, undefined, { logger: createLogger('info', sink) });
  });
  afterAll(async () => t.close());

  it('writes one line when a request is answered, none on arrival', async () => {
    const res = await t.api('GET', '/v1/pins/ABCDEFGH/status', {
      headers: { 'x-request-id': 'access-log-1' },
    });
    expect(res.statusCode).toBe(401);
    // The line is written when the response has finished, just after inject resolves.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const mine = lines.filter((l) => l.reqId === 'access-log-1');
    expect(mine.map((l) => l.msg)).toEqual(['request completed']);
    expect(mine[0]).toMatchObject({
      // The PIN code masked past its first two characters (test/security/log-pin-codes.test.ts).
      req: { method: 'GET', url: '/v1/pins/AB******/status' },
      res: { statusCode: 401 },
    });
    expect(typeof mine[0]?.responseTime).toBe('number');
  });
});

import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteBackend } from '../support/backends.js';
import { expectProblem } from '../support/http.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

const sqlite = sqliteBackend();
const PUBLIC_URL = 'http://127.0.0.1:8080';
const BODY_LIMIT = 4096;

/** A 413 names the limit of the route it came from (docs/api.md, errors), not the server's default. */
function expectLimit(res: LightMyRequestResponse, limit: number): void {
  expectProblem(res, 413, 'payload_too_large');
  expect(res.json().detail).toBe(`The request body is larger than the ${limit}-byte limit.`);
}

describe('every 413 names its route’s own limit', () => {
  let t: TestApp;
  let owner: Owner;
  beforeAll(async () => {
    t = await startTestApp(sqlite, {
      BODY_LIMIT_BYTES: String(BODY_LIMIT),
      PUBLIC_URL,
      DISCORD_CLIENT_ID: '123456789012345678',
      DISCORD_CLIENT_SECRET: 'client-secret-of-the-test',
    });
    owner = await t.createOwner();
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: string, contentType: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': contentType, origin: PUBLIC_URL },
      payload,
    });

  it('on /discord/interactions: 64 KiB, larger than the server’s default here', async () => {
    const body = JSON.stringify({ type: 1, padding: 'x'.repeat(64 * 1024) });
    expectLimit(await post('/discord/interactions', body, 'application/json'), 64 * 1024);
  });

  it('on /discord/interactions: 64 KiB, smaller than the server’s default', async () => {
    const big = await startTestApp(sqlite, { BODY_LIMIT_BYTES: String(1024 * 1024) });
    try {
      const res = await big.app.inject({
        method: 'POST',
        url: '/discord/interactions',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ type: 1, padding: 'x'.repeat(100 * 1024) }),
      });
      expectLimit(res, 64 * 1024);
    } finally {
      await big.close();
    }
  });

  it('on the /scan page’s proof form: 1024 bytes', async () => {
    expectLimit(
      await post('/scan/discord', `pin=${'A'.repeat(2000)}`, 'application/x-www-form-urlencoded'),
      1024,
    );
  });

  it('on a route of the default: BODY_LIMIT_BYTES', async () => {
    const res = await t.api('POST', '/v1/pins/create', {
      key: owner.key,
      body: { type: 'FiveM', pinName: 'x'.repeat(BODY_LIMIT) },
    });
    expectLimit(res, BODY_LIMIT);
  });
});

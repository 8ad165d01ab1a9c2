import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRINCIPAL_TTL_MS } from '../../src/application/access/key-principals.js';
import { backends } from '../support/backends.js';
import { expectProblem, fakeClock } from '../support/http.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/*
 * Keys and their accounts are kept briefly after a read, so polling does not read them every time
 * (docs/benchmarks.md, "Profile findings"). What must not change: a revoked key, a banned account
 * and a lapsed licence are refused on the very next request.
 */
describe.each(backends())('kept key principals ($name)', (backend) => {
  const clock = fakeClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, {}, clock);
  });
  afterAll(async () => t.close());

  async function pollingKey(): Promise<{ key: string; accountId: number; pin: string }> {
    const owner = await t.createOwner('Poller');
    const pin = await t.createPin(owner.key);
    const first = await t.api('GET', `/v1/pins/${pin}/status`, { key: owner.key });
    expect(first.statusCode).toBe(200);
    return { key: owner.key, accountId: owner.accountId, pin };
  }

  it('a key revoked through the API is refused on the next request', async () => {
    const { key, accountId, pin } = await pollingKey();
    const keys = await t.admin<Array<{ id: number }>>('GET', `/admin/v1/accounts/${accountId}/keys`);
    for (const k of keys) await t.admin('DELETE', `/admin/v1/keys/${k.id}`);
    expectProblem(await t.api('GET', `/v1/pins/${pin}/status`, { key }), 401, 'invalid_api_key');
  });

  it('a banned account cannot create a PIN on the next request, and can again once unbanned', async () => {
    const { key, accountId } = await pollingKey();
    const create = () => t.api('POST', '/v1/pins/create', { key, body: { type: 'FiveM' } });
    await t.admin('PATCH', `/admin/v1/accounts/${accountId}`, { banned: true });
    expectProblem(await create(), 403, 'account_banned');
    await t.admin('PATCH', `/admin/v1/accounts/${accountId}`, { banned: false });
    expect((await create()).statusCode).toBe(201);
  });

  it('a deleted account is refused on the next request', async () => {
    const { key, accountId, pin } = await pollingKey();
    await t.admin('DELETE', `/admin/v1/accounts/${accountId}`);
    const res = await t.api('GET', `/v1/pins/${pin}/status`, { key });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('a change made behind the server’s back (another tool on the store) counts within the kept time', async () => {
    const { key, pin } = await pollingKey();
    // Not through a use case, so nothing announces it: only the time bound applies.
    await sql`update api_keys set revoked_at = ${clock()} where revoked_at is null`.execute(t.deps.store.db);
    expect((await t.api('GET', `/v1/pins/${pin}/status`, { key })).statusCode).toBe(200);
    clock.advance(PRINCIPAL_TTL_MS);
    expectProblem(await t.api('GET', `/v1/pins/${pin}/status`, { key }), 401, 'invalid_api_key');
  });
});

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rememberedKeyCount } from '../../src/application/access/key-hash-memo.js';
import { backends } from '../support/backends.js';
import { scanner } from '../support/scan.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/*
 * What a poll of the published endpoints does, and no more (docs/benchmarks.md, "Profile findings"):
 * no cookie handling, a key's hash remembered only once the key proved valid, and an unchanged PIN
 * answered with the very text it was answered with before.
 */
describe.each(backends())('the polling path ($name)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t.close());

  it('runs no cookie hooks on the keyed API, and the dashboard keeps them', () => {
    const tree = t.app.printRoutes({ includeHooks: true, commonPrefix: false });
    // printRoutes lists each route as `v1/pins/:pinCode/status (GET)`, then its hooks as `• (onSend) [...]`.
    const block = (path: string) => {
      const lines = tree.split('\n');
      const at = lines.findIndex((l) => l.includes(`${path.slice(1)} (GET)`));
      expect(at, `${path} in the route tree`).toBeGreaterThanOrEqual(0);
      const rest = lines.slice(at + 1);
      const end = rest.findIndex((l) => !l.includes('•'));
      return rest.slice(0, end === -1 ? undefined : end).join('\n');
    };
    expect(block('/v1/pins/:pinCode/status')).not.toMatch(/cookie/i);
    expect(block('/v1/users/:discordId/risk-score')).not.toMatch(/cookie/i);
    expect(block('/app/api/sessions')).toMatch(/cookie/i);
  });

  it('remembers the hash of a valid key, never of one that was refused', async () => {
    const other = await t.createOwner('Other');
    const pin = await t.createPin(other.key);
    const owner = await t.createOwner('Hashes');
    const before = rememberedKeyCount();
    for (let i = 0; i < 5; i++) {
      const guess = `sp_${randomBytes(24).toString('hex')}`;
      const res = await t.api('GET', `/v1/pins/${pin}/status`, { key: guess });
      expect(res.statusCode).toBe(401);
    }
    expect(rememberedKeyCount()).toBe(before);
    // Valid, though the PIN is not this account's: the key is known before the PIN is refused.
    expect((await t.api('GET', `/v1/pins/${pin}/status`, { key: owner.key })).statusCode).toBe(403);
    expect(rememberedKeyCount()).toBe(before + 1);
  });

  it('answers an unchanged PIN with the same text, and a changed one anew', async () => {
    const owner = await t.createOwner('Same text');
    const pin = await t.createPin(owner.key);
    const poll = async () => {
      const res = await t.api('GET', `/v1/pins/${pin}/status`, { key: owner.key });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      return res.body;
    };
    const first = await poll();
    expect(await poll()).toBe(first);
    const sc = scanner(t);
    const token = await sc.startOk(pin);
    expect((await sc.progress(token, 40, 'Reading memory')).statusCode).toBe(204);
    const scanning = JSON.parse(await poll());
    expect(scanning).toMatchObject({ status: 'scanning', progress: 40, statusMessage: 'Reading memory' });
  });
});

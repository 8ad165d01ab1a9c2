import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRetention } from '../../src/application/privacy/retention.js';
import { DAY_MS } from '../../src/domain/time.js';
import { generatePinCode } from '../../src/lib/pin-codes.js';
import { backends } from '../support/backends.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

/*
 * PIN codes stay unique over every PIN ever made, including the ones retention removed
 * (docs/privacy.md, "Retention"). The app's code source is replaced so a creation can be forced to draw
 * a retired code first; once the queue is empty it draws real random codes.
 */
const forced = { codes: [] as string[] };
const pinCodes = () => forced.codes.shift() ?? generatePinCode();

const T0 = Date.parse('2026-03-01T10:00:00.000Z');

describe.each(backends())('retired PIN codes on $name', (backend) => {
  let t: TestApp;
  let owner: Owner;
  let now = T0;

  beforeAll(async () => {
    t = await startTestApp(backend, { REPORT_RETENTION_DAYS: '365' }, () => now, { pinCodes });
    owner = await t.createOwner();
  }, 120_000);
  afterAll(async () => t.close(), 60_000);

  it('keeps the code of a PIN retention removed, and never gives it to a new PIN', async () => {
    const old = await t.createPin(owner.key);
    now += 400 * DAY_MS;
    const run = await applyRetention(t.deps);
    expect(run.pinsRemoved).toBe(1);
    expect((await t.api('GET', `/v1/pins/${old}`, { key: owner.key })).statusCode).toBe(404);
    const retired = await t.deps.store.db.selectFrom('retired_pin_codes').selectAll().execute();
    expect(retired).toEqual([{ code: old, retired_at: now }]);

    // The first two draws hit the retired code; the creation draws again and succeeds.
    forced.codes.push(old, old);
    const res = await t.api('POST', '/v1/pins/create', { key: owner.key, body: { type: 'FiveM' } });
    expect(res.statusCode).toBe(201);
    const fresh = res.json<{ pin: string }>().pin;
    expect(forced.codes).toEqual([]);
    expect(fresh).not.toBe(old);
    const rows = await t.deps.store.db.selectFrom('pins').select('code').execute();
    expect(rows.map((r) => r.code)).toEqual([fresh]);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanPlanFor } from '../../src/domain/scan-plan.js';
import { backends, sqliteBackend } from '../support/backends.js';
import { expectProblem } from '../support/http.js';
import { scanner } from '../support/scan.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Before the consent (docs/scanner.md, "Before the consent"): the scanner learns, for the PIN alone,
 * which community asks, the game, the plan it will ask for and whether the Discord proof is offered;
 * nothing changes on the server.
 */
describe.each(backends())('the scanner’s preview on $name', (backend) => {
  let t: TestApp;
  let owner: Owner;
  let now: number;

  beforeEach(async () => {
    now = Date.parse('2026-03-01T12:00:00.000Z');
    t = await startTestApp(backend, { PIN_TTL_SECONDS: '3600' }, () => now);
    owner = await t.createOwner('Blockhaven');
  });
  afterEach(async () => t.close());

  const preview = (pin: unknown) => t.api('POST', '/v1/scanner/preview', { body: { pin } });

  it('names the community, the game and its plan, and leaves the PIN pending', async () => {
    const pin = await t.createPin(owner.key, { type: 'Java' });
    const res = await preview(pin.toLowerCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      pin,
      type: 'Java',
      community: "Blockhaven's Enterprise",
      expiresAt: '2026-03-01T13:00:00.000Z',
      plan: scanPlanFor('Java'),
      discordProof: false,
    });
    const status = (await t.api('GET', `/v1/pins/${pin}/status`, { key: owner.key })).json();
    expect(status).toMatchObject({ status: 'pending', used: false });
    // The start asks for the same plan the player agreed to.
    const start = await scanner(t).start(pin, ['HW-1']);
    expect(start.json().plan).toEqual(res.json().plan);
    expect(start.json().proof).toBeNull();
  });

  it('refuses a PIN the start would refuse, the same way', async () => {
    expectProblem(await preview('ZZZZZZZZ'), 404, 'pin_not_found');
    expectProblem(await preview('nope'), 400, 'invalid_pin_code');
    const used = await t.createPin(owner.key, { type: 'FiveM' });
    expect((await scanner(t).start(used, ['HW-1'])).statusCode).toBe(201);
    expectProblem(await preview(used), 409, 'pin_already_used');
    const expiring = await t.createPin(owner.key, { type: 'FiveM' });
    now += 3600_000 + 1;
    expectProblem(await preview(expiring), 410, 'pin_expired');
    const res = await t.api('POST', '/v1/scanner/preview', { body: { pin: expiring, hwids: ['HW-1'] } });
    expectProblem(res, 400, 'invalid_body');
  });
});

describe('the scanner’s preview on a server with Discord sign-in', () => {
  it('offers the Discord proof, and the start then carries its link', async () => {
    const sqlite = sqliteBackend();
    const t = await startTestApp(sqlite, {
      DISCORD_CLIENT_ID: '123456789012345678',
      DISCORD_CLIENT_SECRET: 'client-secret-for-tests',
    });
    try {
      const owner = await t.createOwner();
      const pin = await t.createPin(owner.key, { type: 'FiveM' });
      const res = await t.api('POST', '/v1/scanner/preview', { body: { pin } });
      expect(res.json()).toMatchObject({ discordProof: true, plan: scanPlanFor('FiveM') });
      expect((await scanner(t).start(pin, ['HW-1'])).json().proof).toMatchObject({ url: expect.any(String) });
    } finally {
      await t.close();
    }
  });
});

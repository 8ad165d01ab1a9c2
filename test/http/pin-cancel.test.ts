import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { expectProblem } from '../support/http.js';
import { type Person, signIn } from '../support/person.js';
import { scanner } from '../support/scan.js';
import { openSse } from '../support/sse.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

const CANCELLED = 'The PIN was cancelled before the scan started. Create a new PIN to scan again.';

/** Cancelling a pending PIN (docs/api.md, "Cancelling a PIN") and staff quotas per role (docs/roles.md). */
describe.each(backends())('cancelling PINs and role quotas on $name', (backend) => {
  let t: TestApp;
  let base: string;
  let owner: Owner;
  let ownerP: Person;
  let moderatorP: Person;
  let viewerP: Person;

  const member = async (name: string, role: string): Promise<Person> => {
    const id = await t.createAccount(name);
    await t.admin('POST', `/admin/v1/enterprises/${owner.enterpriseId}/members`, { accountId: id });
    await ownerP.call('PUT', `/enterprises/${owner.enterpriseId}/members/${id}/role`, { role });
    return signIn(t, id);
  };
  const eventsOf = async (pin: string) => {
    // In the order they were written: PostgreSQL returns rows in no set order without one.
    const rows = await t.deps.store.db
      .selectFrom('webhook_events')
      .select(['type', 'payload'])
      .orderBy('id')
      .execute();
    return rows.filter((r) => JSON.parse(r.payload).data.pin === pin).map((r) => r.type);
  };

  beforeAll(async () => {
    // A webhook endpoint per account, so its events are kept in the outbox (never delivered here).
    t = await startTestApp(backend, { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    owner = await t.createOwner('Cancelling Owner');
    ownerP = await signIn(t, owner.accountId);
    const hook = await ownerP.call('POST', '/webhooks', { url: 'http://127.0.0.1:9/hook' });
    expect(hook.statusCode, hook.body).toBe(201);
    moderatorP = await member('Mod', 'moderator');
    expect((await moderatorP.call('POST', '/webhooks', { url: 'http://127.0.0.1:9/hook' })).statusCode).toBe(
      201,
    );
    viewerP = await member('Viewer', 'viewer');
  });
  afterAll(async () => t.close());

  it('the creator’s key cancels a pending PIN: its slot is free at once, its stream ends, pin.expired is sent', async () => {
    const pins = [await t.createPin(owner.key), await t.createPin(owner.key), await t.createPin(owner.key)];
    expectProblem(
      await t.api('POST', '/v1/pins/create', { key: owner.key, body: { type: 'FiveM' } }),
      400,
      'active_pin_limit',
    );
    const stream = await openSse(`${base}/v1/pins/${pins[0]}/events`, { 'x-api-key': owner.key });
    await stream.waitFor((e) => e.length === 1);

    const res = await t.api('POST', `/v1/pins/${pins[0]?.toLowerCase()}/cancel`, { key: owner.key });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      pin: pins[0],
      status: 'expired',
      statusMessage: CANCELLED,
      isPending: false,
    });
    await stream.ended;
    expect(stream.events.at(-1)?.data).toMatchObject({ status: 'expired', statusMessage: CANCELLED });
    const status = await t.api('GET', `/v1/pins/${pins[0]}/status`, { key: owner.key });
    expect(status.json()).toMatchObject({ status: 'expired', statusMessage: CANCELLED });
    expect(await eventsOf(pins[0] as string)).toEqual(['pin.created', 'pin.expired']);
    // The freed slot takes a new PIN (createPin expects 201).
    pins.push(await t.createPin(owner.key));

    // Already ended: a clear 409, nothing written again.
    expectProblem(
      await t.api('POST', `/v1/pins/${pins[0]}/cancel`, { key: owner.key }),
      409,
      'pin_not_cancellable',
    );
    expect(await eventsOf(pins[0] as string)).toEqual(['pin.created', 'pin.expired']);
    const audit = await ownerP.get(`/enterprises/${owner.enterpriseId}/audit?action=pin.cancel`);
    expect(audit.json().data).toHaveLength(1);
    for (const pin of pins.slice(1)) await t.api('POST', `/v1/pins/${pin}/cancel`, { key: owner.key });
  });

  it('refuses a started PIN with 409, another account’s PIN with 403, and a key without pins:create', async () => {
    const pin = await t.createPin(owner.key);
    await scanner(t).startOk(pin);
    const refused = await t.api('POST', `/v1/pins/${pin}/cancel`, { key: owner.key });
    expectProblem(refused, 409, 'pin_not_cancellable');
    expect(refused.json().detail).toMatch(/being scanned/);
    expect((await t.api('GET', `/v1/pins/${pin}/status`, { key: owner.key })).json().status).toBe('scanning');

    const pending = await t.createPin(owner.key);
    const other = await t.createOwner('Other Community');
    expectProblem(
      await t.api('POST', `/v1/pins/${pending}/cancel`, { key: other.key }),
      403,
      'pin_forbidden',
    );
    const statusOnly = await t.issueKey(owner.accountId, ['pins:status']);
    expectProblem(
      await t.api('POST', `/v1/pins/${pending}/cancel`, { key: statusOnly }),
      403,
      'insufficient_permission',
    );
    expectProblem(await t.api('POST', '/v1/pins/AAAAAAAA/cancel', { key: owner.key }), 404, 'pin_not_found');
    expectProblem(await t.api('POST', '/v1/pins/nope/cancel', { key: owner.key }), 400, 'invalid_pin_code');
    await t.api('POST', `/v1/pins/${pending}/cancel`, { key: owner.key });
  });

  it('staff PINs count against their role’s quota, not the owner’s MAX_ACTIVE_PINS; a moderator cancels one', async () => {
    const quotas = await ownerP.call('PUT', `/enterprises/${owner.enterpriseId}/pin-quotas`, {
      moderator: 2,
    });
    expect(quotas.json()).toEqual({ owner: 3, admin: 3, moderator: 2 });
    expectProblem(
      await moderatorP.call('PUT', `/enterprises/${owner.enterpriseId}/pin-quotas`, { moderator: 9 }),
      403,
      'not_enterprise_owner',
    );
    expect((await viewerP.get(`/enterprises/${owner.enterpriseId}/pin-quotas`)).json().moderator).toBe(2);

    const made: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await moderatorP.call('POST', '/pins', { type: 'Java' });
      expect(res.statusCode, res.body).toBe(201);
      made.push(res.json().pin);
    }
    const full = await moderatorP.call('POST', '/pins', { type: 'Java' });
    expectProblem(full, 400, 'active_pin_limit');
    expect(full.json().detail).toMatch(/moderators already hold 2 active PINs/);
    expect((await moderatorP.get('/pin-slots')).json()).toMatchObject({
      role: 'moderator',
      used: 2,
      limit: 2,
    });

    // The owner's API and the owner's own dashboard quota are untouched by the moderators'.
    // (The scan started above holds one of the API's three.)
    const apiPins = [await t.createPin(owner.key), await t.createPin(owner.key)];
    expectProblem(
      await t.api('POST', '/v1/pins/create', { key: owner.key, body: { type: 'Rust' } }),
      400,
      'active_pin_limit',
    );
    expect((await ownerP.call('POST', '/pins', { type: 'Rust' })).statusCode).toBe(201);

    // A viewer may not cancel; a moderator cancels another moderator's pending PIN, freeing the slot.
    expectProblem(await viewerP.call('POST', `/pins/${made[0]}/cancel`), 403, 'role_not_allowed');
    const cancelled = await moderatorP.call('POST', `/pins/${made[0]}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ pin: made[0], status: 'expired' });
    expect(await eventsOf(made[0] as string)).toEqual(['pin.created', 'pin.expired']);
    expect((await moderatorP.call('POST', '/pins', { type: 'Java' })).statusCode).toBe(201);
    expectProblem(await moderatorP.call('POST', `/pins/${made[0]}/cancel`), 409, 'pin_not_cancellable');
    for (const pin of apiPins) await t.api('POST', `/v1/pins/${pin}/cancel`, { key: owner.key });
  });

  it('a quota of 0 stops the role creating; bad quotas change nothing', async () => {
    await ownerP.call('PUT', `/enterprises/${owner.enterpriseId}/pin-quotas`, { admin: 0 });
    const admin = await member('Admin', 'admin');
    expectProblem(await admin.call('POST', '/pins', { type: 'Rust' }), 400, 'active_pin_limit');
    for (const body of [{}, { admin: -1 }, { viewer: 2 }, { admin: 1.5 }]) {
      expectProblem(
        await ownerP.call('PUT', `/enterprises/${owner.enterpriseId}/pin-quotas`, body),
        400,
        'invalid_body',
      );
    }
    expect((await ownerP.get(`/enterprises/${owner.enterpriseId}/pin-quotas`)).json()).toMatchObject({
      admin: 0,
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { expectProblem } from '../support/http.js';
import { asPerson, type Person, signIn } from '../support/person.js';
import { type Receiver, startReceiver } from '../support/receiver.js';
import { report, scanner } from '../support/scan.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

/** Local receivers are on 127.0.0.1 over http, which production refuses by default. */
const LOCAL = {
  WEBHOOK_ALLOW_HTTP: 'true',
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
  WEBHOOK_RETRY_SCHEDULE: '1,1',
};

/**
 * The person's webhooks in the dashboard (docs/webhooks.md): the same paths, bodies and answers as
 * /v1/webhooks, for the signed-in account, through the same use cases.
 */
describe.each(backends())('dashboard webhooks on $name', (backend) => {
  let t: TestApp;
  let receiver: Receiver;
  let owner: Owner;
  let hookKey: string;
  let ownerP: Person;
  let otherP: Person;

  beforeAll(async () => {
    t = await startTestApp(backend, LOCAL);
    receiver = await startReceiver();
    owner = await t.createOwner('Hook Owner');
    hookKey = await t.issueKey(owner.accountId, ['webhooks:manage']);
    ownerP = await signIn(t, owner.accountId);
    otherP = await signIn(t, await t.createAccount('Other Person'));
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('manages endpoints with the bodies /v1 gives, on the same account', async () => {
    const created = await ownerP.call('POST', '/webhooks', {
      url: receiver.url,
      events: ['pin.finished'],
      description: 'bot',
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body.secret).toMatch(/^whsec_/);
    expect(body).toMatchObject({
      url: receiver.url,
      events: ['pin.finished'],
      description: 'bot',
      enabled: true,
    });

    // The same endpoint, byte for byte, through /v1 with the account's key.
    const v1 = await t.api('GET', `/v1/webhooks/${body.id}`, { key: hookKey });
    const dash = await ownerP.get(`/webhooks/${body.id}`);
    expect(dash.statusCode).toBe(200);
    expect(dash.json()).toEqual(v1.json());
    expect((await ownerP.get('/webhooks')).json()).toEqual(
      (await t.api('GET', '/v1/webhooks', { key: hookKey })).json(),
    );

    const patched = await ownerP.call('PATCH', `/webhooks/${body.id}`, { events: [], description: null });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ events: [], description: null });

    const rotated = await ownerP.call('POST', `/webhooks/${body.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().secret).toMatch(/^whsec_/);
    expect(rotated.json().secret).not.toBe(body.secret);

    expect((await ownerP.call('DELETE', `/webhooks/${body.id}`)).statusCode).toBe(204);
    expectProblem(await t.api('GET', `/v1/webhooks/${body.id}`, { key: hookKey }), 404, 'webhook_not_found');
  });

  it('sends a test ping, lists deliveries and redelivers one', async () => {
    const { id } = (await ownerP.call('POST', '/webhooks', { url: receiver.url })).json();
    const ping = await ownerP.call('POST', `/webhooks/${id}/test`);
    expect(ping.statusCode).toBe(202);
    expect(ping.json()).toMatchObject({ event: 'ping', state: 'pending' });
    await receiver.waitFor((all) => all.some((r) => JSON.parse(r.body).type === 'ping'));

    await scanner(t).scan(owner.key, report(), ['HW-HOOKS']);
    await receiver.waitFor((all) => all.some((r) => JSON.parse(r.body).type === 'pin.finished'));
    const page = await ownerP.get(`/webhooks/${id}/deliveries?limit=2`);
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toHaveLength(2);
    expect(page.json().nextCursor).toMatch(/^\d+$/);
    expect(page.json()).toEqual(
      (await t.api('GET', `/v1/webhooks/${id}/deliveries?limit=2`, { key: hookKey })).json(),
    );
    const older = await ownerP.get(`/webhooks/${id}/deliveries?limit=100&before=${page.json().nextCursor}`);
    expect(older.json().data.length).toBeGreaterThan(0);

    const first = page.json().data[0];
    const again = await ownerP.call('POST', `/webhooks/${id}/deliveries/${first.id}/redeliver`);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toMatchObject({ eventId: first.eventId, state: 'pending' });
  });

  it('never shows nor touches another account’s endpoint: 404', async () => {
    const { id } = (await ownerP.call('POST', '/webhooks', { url: receiver.url })).json();
    const delivery = (await ownerP.call('POST', `/webhooks/${id}/test`)).json();
    expect((await otherP.get('/webhooks')).json()).toEqual({ data: [] });
    expectProblem(await otherP.get(`/webhooks/${id}`), 404, 'webhook_not_found');
    expectProblem(
      await otherP.call('PATCH', `/webhooks/${id}`, { enabled: false }),
      404,
      'webhook_not_found',
    );
    expectProblem(await otherP.call('DELETE', `/webhooks/${id}`), 404, 'webhook_not_found');
    expectProblem(await otherP.call('POST', `/webhooks/${id}/rotate-secret`), 404, 'webhook_not_found');
    expectProblem(await otherP.call('POST', `/webhooks/${id}/test`), 404, 'webhook_not_found');
    expectProblem(await otherP.get(`/webhooks/${id}/deliveries`), 404, 'webhook_not_found');
    expectProblem(
      await otherP.call('POST', `/webhooks/${id}/deliveries/${delivery.id}/redeliver`),
      404,
      'webhook_not_found',
    );
    // Their own endpoint with someone else's delivery is no better.
    const mine = (await otherP.call('POST', '/webhooks', { url: receiver.url })).json();
    expectProblem(
      await otherP.call('POST', `/webhooks/${mine.id}/deliveries/${delivery.id}/redeliver`),
      404,
      'delivery_not_found',
    );
    expect((await ownerP.get(`/webhooks/${id}`)).json().enabled).toBe(true);
  });

  it('refuses bad input with 400 as /v1 does', async () => {
    const count = (await ownerP.get('/webhooks')).json().data.length;
    expectProblem(await ownerP.call('POST', '/webhooks', {}), 400, 'invalid_body');
    expectProblem(
      await ownerP.call('POST', '/webhooks', { url: receiver.url, extra: 1 }),
      400,
      'invalid_body',
    );
    expectProblem(
      await ownerP.call('POST', '/webhooks', { url: receiver.url, events: ['pin.nope'] }),
      400,
      'invalid_body',
    );
    expectProblem(await ownerP.call('POST', '/webhooks', { url: 'not a url' }), 400, 'invalid_webhook_url');
    expect((await ownerP.get('/webhooks')).json().data).toHaveLength(count);
    expectProblem(await ownerP.get('/webhooks/abc'), 400, 'invalid_parameter');
    expectProblem(await ownerP.get('/webhooks/1/deliveries?limit=0'), 400, 'invalid_parameter');
  });

  it('refuses a delivery cursor past any row id with 400, here and on /v1, and takes the largest', async () => {
    const { id } = (await ownerP.call('POST', '/webhooks', { url: receiver.url })).json();
    await ownerP.call('POST', `/webhooks/${id}/test`);
    for (const before of ['2147483648', '9999999999']) {
      expectProblem(
        await ownerP.get(`/webhooks/${id}/deliveries?before=${before}`),
        400,
        'invalid_parameter',
      );
      expectProblem(
        await t.api('GET', `/v1/webhooks/${id}/deliveries?before=${before}`, { key: hookKey }),
        400,
        'invalid_parameter',
      );
    }
    const largest = await ownerP.get(`/webhooks/${id}/deliveries?before=2147483647`);
    expect(largest.statusCode, largest.body).toBe(200);
    expect(largest.json().data).toHaveLength(1);
  });

  it('answers 401 not_signed_in without a session', async () => {
    const nobody = asPerson(t, '');
    expectProblem(await nobody.get('/webhooks'), 401, 'not_signed_in');
    expectProblem(await nobody.call('POST', '/webhooks', { url: receiver.url }), 401, 'not_signed_in');
  });
});

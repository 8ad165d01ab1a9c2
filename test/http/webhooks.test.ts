import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { expectProblem, fakeClock, rateLimitHeaders } from '../support/http.js';
import { type Receiver, startReceiver, typesOf } from '../support/receiver.js';
import { report, scanner } from '../support/scan.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

/** Local receivers are on 127.0.0.1 over http, which production refuses by default. */
const LOCAL = {
  WEBHOOK_ALLOW_HTTP: 'true',
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
  WEBHOOK_RETRY_SCHEDULE: '1,1',
};

async function ownerWithWebhookKey(t: TestApp): Promise<Owner & { hookKey: string }> {
  const owner = await t.createOwner();
  return { ...owner, hookKey: await t.issueKey(owner.accountId, ['webhooks:manage']) };
}

async function register(t: TestApp, key: string, body: Record<string, unknown>) {
  const res = await t.api('POST', '/v1/webhooks', { key, body });
  if (res.statusCode !== 201) throw new Error(`register -> ${res.statusCode} ${res.body}`);
  return res.json<{ id: number; secret: string }>();
}

describe.each(backends())('webhooks on $name', (backend) => {
  let t: TestApp;
  let receiver: Receiver;
  beforeAll(async () => {
    t = await startTestApp(backend, LOCAL);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('manage endpoints: create shows the secret once, list/read/update/delete, rate-limit headers', async () => {
    const owner = await ownerWithWebhookKey(t);
    const created = await t.api('POST', '/v1/webhooks', {
      key: owner.hookKey,
      body: { url: receiver.url, events: ['pin.finished'], description: 'bot' },
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      url: receiver.url,
      events: ['pin.finished'],
      description: 'bot',
      enabled: true,
    });
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/);
    expect(rateLimitHeaders(created).limit).toBe(1000);

    const read = await t.api('GET', `/v1/webhooks/${body.id}`, { key: owner.hookKey });
    expect(read.statusCode).toBe(200);
    expect(read.json().secret).toBeUndefined();
    expect(rateLimitHeaders(read).remaining).toBeLessThan(1000);
    const list = await t.api('GET', '/v1/webhooks', { key: owner.hookKey });
    expect(list.json().data.map((e: { id: number }) => e.id)).toEqual([body.id]);

    const patched = await t.api('PATCH', `/v1/webhooks/${body.id}`, {
      key: owner.hookKey,
      body: { events: [], enabled: false, description: null },
    });
    expect(patched.json()).toMatchObject({ events: [], enabled: false, description: null });

    expect((await t.api('DELETE', `/v1/webhooks/${body.id}`, { key: owner.hookKey })).statusCode).toBe(204);
    expectProblem(
      await t.api('GET', `/v1/webhooks/${body.id}`, { key: owner.hookKey }),
      404,
      'webhook_not_found',
    );
  });

  it("needs webhooks:manage, and never shows another account's endpoint", async () => {
    const owner = await ownerWithWebhookKey(t);
    const other = await ownerWithWebhookKey(t);
    const { id } = await register(t, owner.hookKey, { url: receiver.url });
    expectProblem(
      // Another last character, whatever the key ended with (replacing it by 'x' kept one key in 62 valid).
      await t.api('GET', '/v1/webhooks', {
        key: owner.key.slice(0, -1) + (owner.key.endsWith('x') ? 'y' : 'x'),
      }),
      401,
      'invalid_api_key',
    );
    const statusOnly = await t.issueKey(owner.accountId, ['pins:status']);
    expectProblem(await t.api('GET', '/v1/webhooks', { key: statusOnly }), 403, 'insufficient_permission');
    expectProblem(await t.api('GET', `/v1/webhooks/${id}`, { key: other.hookKey }), 404, 'webhook_not_found');
    expectProblem(
      await t.api('DELETE', `/v1/webhooks/${id}`, { key: other.hookKey }),
      404,
      'webhook_not_found',
    );
  });

  it('allows at most 10 endpoints per account', async () => {
    const owner = await ownerWithWebhookKey(t);
    for (let i = 0; i < 10; i++) await register(t, owner.hookKey, { url: `${receiver.url}?n=${i}` });
    expectProblem(
      await t.api('POST', '/v1/webhooks', { key: owner.hookKey, body: { url: receiver.url } }),
      409,
      'webhook_limit',
    );
  });

  it('delivers every event of a whole scan, signed so that an independent verifier accepts it', async () => {
    const owner = await ownerWithWebhookKey(t);
    const { secret } = await register(t, owner.hookKey, { url: `${receiver.url}?scan` });
    const before = receiver.received.length;
    const pin = await t.createPin(owner.key);
    const token = await scanner(t).startOk(pin, ['HWID-HOOK-1']);
    await scanner(t).progress(token, 40, 'Scanning memory');
    await scanner(t).finish(token, report({ detections: ['Eulen'] }));
    const mine = () => receiver.received.slice(before).filter((r) => JSON.parse(r.body).data?.pin === pin);
    await receiver.waitFor(() => typesOf(mine()).includes('pin.finished'));
    const events = mine();
    expect(typesOf(events)).toEqual(['pin.created', 'pin.started', 'pin.progress', 'pin.finished']);

    const verifier = new Webhook(secret);
    for (const event of events) {
      expect(() => verifier.verify(event.body, event.headers as Record<string, string>)).not.toThrow();
      expect(event.headers['webhook-id']).toMatch(/^msg_\d+$/);
      expect(event.headers['webhook-timestamp']).toMatch(/^\d+$/);
    }
    const finished = JSON.parse(events[3]?.body ?? '{}');
    const status = await t.api('GET', `/v1/pins/${pin}/status`, { key: owner.key });
    expect(finished.data).toEqual(status.json());
    expect(finished.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(() =>
      new Webhook(secret).verify(`${events[0]?.body} `, events[0]?.headers as Record<string, string>),
    ).toThrow();
  });

  it('retries a failing receiver on the schedule, keeping the webhook-id, and logs each attempt', async () => {
    const owner = await ownerWithWebhookKey(t);
    const { id } = await register(t, owner.hookKey, {
      url: `${receiver.url}?flaky`,
      events: ['pin.created'],
    });
    let calls = 0;
    receiver.answer = (r) =>
      r.headers['user-agent'] && r.body.includes('"pin.created"') && calls++ < 2 ? 500 : 200;
    try {
      const before = receiver.received.length;
      const pin = await t.createPin(owner.key);
      const mine = () => receiver.received.slice(before).filter((r) => JSON.parse(r.body).data?.pin === pin);
      await receiver.waitFor(() => mine().length >= 3, 15_000);
      const attempts = mine();
      expect(new Set(attempts.map((a) => a.headers['webhook-id'])).size).toBe(1);
      // WEBHOOK_RETRY_SCHEDULE=1,1: about a second between attempts.
      expect((attempts[1]?.at ?? 0) - (attempts[0]?.at ?? 0)).toBeGreaterThanOrEqual(900);
      expect((attempts[2]?.at ?? 0) - (attempts[1]?.at ?? 0)).toBeGreaterThanOrEqual(900);
      // The receiver has the third attempt before the server has recorded its answer: read the log
      // until it has (the record commits after the receiver's 200 arrives).
      const deadline = Date.now() + 5_000;
      let entry: Record<string, unknown> | undefined;
      do {
        const log = await t.api('GET', `/v1/webhooks/${id}/deliveries`, { key: owner.hookKey });
        [entry] = log.json().data;
        if (entry?.delivered === true) break;
        await new Promise((r) => setTimeout(r, 50));
      } while (Date.now() < deadline);
      expect(entry).toMatchObject({
        event: 'pin.created',
        attempts: 3,
        delivered: true,
        lastStatusCode: 200,
        nextAttemptAt: null,
      });
    } finally {
      receiver.answer = () => 200;
    }
  });

  it('gives up after the schedule and shows the delivery as failed', async () => {
    const owner = await ownerWithWebhookKey(t);
    const { id } = await register(t, owner.hookKey, { url: `${receiver.url}?down`, events: ['pin.created'] });
    receiver.answer = (r) => (r.body.includes('"pin.created"') && r.headers['webhook-id'] ? 503 : 200);
    try {
      await t.createPin(owner.key);
      let entry: Record<string, unknown> = {};
      for (let i = 0; i < 100 && entry.state !== 'failed'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        [entry] = (await t.api('GET', `/v1/webhooks/${id}/deliveries`, { key: owner.hookKey })).json().data;
      }
      expect(entry).toMatchObject({
        state: 'failed',
        delivered: false,
        attempts: 3,
        lastStatusCode: 503,
        nextAttemptAt: null,
      });
      expect(String(entry.lastResponse)).toBe('ok');
    } finally {
      receiver.answer = () => 200;
    }
  });

  it('signs with the old and the new secret for a day after a rotation', async () => {
    const owner = await ownerWithWebhookKey(t);
    const { id, secret: old } = await register(t, owner.hookKey, { url: `${receiver.url}?rotate` });
    const rotated = await t.api('POST', `/v1/webhooks/${id}/rotate-secret`, { key: owner.hookKey });
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().secret as string;
    expect(fresh).not.toBe(old);
    const before = receiver.received.length;
    const ping = await t.api('POST', `/v1/webhooks/${id}/test`, { key: owner.hookKey });
    expect(ping.statusCode).toBe(202);
    expect(ping.json()).toMatchObject({ event: 'ping', state: 'pending' });
    const [got] = await receiver.waitFor((all) => all.slice(before).some((r) => r.body.includes('"ping"')));
    const delivery = receiver.received.slice(before).find((r) => r.body.includes('"ping"'));
    expect(got).toBeDefined();
    expect(String(delivery?.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [old, fresh]) {
      expect(() =>
        new Webhook(secret).verify(delivery?.body ?? '', delivery?.headers as Record<string, string>),
      ).not.toThrow();
    }
  });

  it('redelivers a past event with the same webhook-id', async () => {
    const owner = await ownerWithWebhookKey(t);
    const { id } = await register(t, owner.hookKey, { url: `${receiver.url}?again` });
    const ping = (await t.api('POST', `/v1/webhooks/${id}/test`, { key: owner.hookKey })).json();
    const first = await receiver.waitFor((all) => all.some((r) => r.body.includes(`"webhookId":${id}`)));
    const original = first.find((r) => r.body.includes(`"webhookId":${id}`));
    const again = await t.api('POST', `/v1/webhooks/${id}/deliveries/${ping.id}/redeliver`, {
      key: owner.hookKey,
    });
    expect(again.statusCode).toBe(202);
    const all = await receiver.waitFor(
      (list) => list.filter((r) => r.body.includes(`"webhookId":${id}`)).length >= 2,
    );
    const copies = all.filter((r) => r.body.includes(`"webhookId":${id}`));
    expect(copies[1]?.headers['webhook-id']).toBe(original?.headers['webhook-id']);
    expectProblem(
      await t.api('POST', `/v1/webhooks/${id}/deliveries/999999/redeliver`, { key: owner.hookKey }),
      404,
      'delivery_not_found',
    );
    const page = await t.api('GET', `/v1/webhooks/${id}/deliveries?limit=1`, { key: owner.hookKey });
    expect(page.json().data).toHaveLength(1);
    const older = await t.api(
      'GET',
      `/v1/webhooks/${id}/deliveries?limit=1&before=${page.json().nextCursor}`,
      {
        key: owner.hookKey,
      },
    );
    expect(older.json().data[0].id).toBeLessThan(page.json().data[0].id);
  });

  it('sends no progress after the final event, and at most one progress per 5 seconds', async () => {
    const owner = await ownerWithWebhookKey(t);
    await register(t, owner.hookKey, { url: `${receiver.url}?progress` });
    const before = receiver.received.length;
    const pin = await t.createPin(owner.key);
    const token = await scanner(t).startOk(pin, ['HWID-PROGRESS']);
    for (const p of [10, 20, 30, 40]) await scanner(t).progress(token, p, `Step ${p}`);
    await scanner(t).finish(token);
    const mine = () => receiver.received.slice(before).filter((r) => JSON.parse(r.body).data?.pin === pin);
    await receiver.waitFor(() => typesOf(mine()).includes('pin.finished'));
    await new Promise((r) => setTimeout(r, 1500));
    const types = typesOf(mine());
    expect(types.filter((x) => x === 'pin.progress').length).toBeLessThanOrEqual(1);
    expect(types[types.length - 1]).toBe('pin.finished');
  });

  it('emits pin.expired once the PIN expires, though nobody reads it', async () => {
    const quick = await startTestApp(backend, { ...LOCAL, PIN_TTL_SECONDS: '1' });
    try {
      const owner = await ownerWithWebhookKey(quick);
      await register(quick, owner.hookKey, { url: `${receiver.url}?expiry` });
      const pin = await quick.createPin(owner.key);
      const got = await receiver.waitFor(
        (all) =>
          all.some((r) => JSON.parse(r.body).type === 'pin.expired' && JSON.parse(r.body).data.pin === pin),
        10_000,
      );
      const expired = got.find(
        (r) => JSON.parse(r.body).type === 'pin.expired' && JSON.parse(r.body).data.pin === pin,
      );
      expect(JSON.parse(expired?.body ?? '{}').data).toMatchObject({ pin, status: 'expired', result: null });
    } finally {
      await quick.close();
    }
  });
});

describe.each(backends().filter((b) => !b.redisUrl))('webhook safety on $name', (backend) => {
  it('refuses localhost and private addresses without WEBHOOK_ALLOW_PRIVATE_NETWORKS, and http without WEBHOOK_ALLOW_HTTP', async () => {
    const t = await startTestApp(backend, { WEBHOOK_ALLOW_HTTP: 'true' });
    try {
      const owner = await ownerWithWebhookKey(t);
      for (const url of [
        'http://localhost:9/hook',
        'http://127.0.0.1/hook',
        'http://169.254.169.254/latest',
        'http://10.0.0.5/x',
      ]) {
        const res = await t.api('POST', '/v1/webhooks', { key: owner.hookKey, body: { url } });
        expectProblem(res, 400, 'invalid_webhook_url');
      }
    } finally {
      await t.close();
    }
    const strict = await startTestApp(backend);
    try {
      const owner = await ownerWithWebhookKey(strict);
      const res = await strict.api('POST', '/v1/webhooks', {
        key: owner.hookKey,
        body: { url: 'http://example.com/hook' },
      });
      expectProblem(res, 400, 'invalid_webhook_url');
      expect(res.json().detail).toMatch(/https/);
    } finally {
      await strict.close();
    }
  });

  it('refuses IPv6 forms that carry an IPv4 address, however they are written, unless private networks are allowed', async () => {
    const urls = [
      'https://[::ffff:127.0.0.1]/hook',
      'https://[::FFFF:7F00:1]/hook',
      'https://[0000:0000:0000:0000:0000:ffff:7f00:0001]/hook',
      'https://[::ffff:8.8.8.8]/hook',
      'https://[2002:c0a8:101::1]/hook',
      'https://[64:ff9b::a9fe:a9fe]/hook',
      'https://[64:ff9b:1::a00:1]/hook',
    ];
    const strict = await startTestApp(backend);
    try {
      const owner = await ownerWithWebhookKey(strict);
      for (const url of urls) {
        const res = await strict.api('POST', '/v1/webhooks', { key: owner.hookKey, body: { url } });
        expectProblem(res, 400, 'invalid_webhook_url');
        expect(res.json().detail).toMatch(/carry an IPv4 address/);
      }
    } finally {
      await strict.close();
    }
    const open = await startTestApp(backend, { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
    try {
      const owner = await ownerWithWebhookKey(open);
      const res = await open.api('POST', '/v1/webhooks', {
        key: owner.hookKey,
        body: { url: 'https://[2002:c0a8:101::1]/hook' },
      });
      expect(res.statusCode).toBe(201);
    } finally {
      await open.close();
    }
  });

  it('disables an endpoint that has failed every delivery for 3 days', async () => {
    const clock = fakeClock(Date.now());
    const t = await startTestApp(backend, { ...LOCAL, WEBHOOK_RETRY_SCHEDULE: '1' }, clock);
    const receiver = await startReceiver();
    receiver.answer = () => 500;
    try {
      const owner = await ownerWithWebhookKey(t);
      const { id } = await register(t, owner.hookKey, { url: receiver.url });
      await t.api('POST', `/v1/webhooks/${id}/test`, { key: owner.hookKey });
      await receiver.waitFor((all) => all.length >= 1);
      // The first failure must be on record before time jumps, or its retry is scheduled after the jump.
      for (let i = 0; i < 100; i++) {
        const log = (await t.api('GET', `/v1/webhooks/${id}/deliveries`, { key: owner.hookKey })).json();
        if (log.data[0]?.attempts >= 1) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      clock.advance(3 * 24 * 3_600_000 + 1_000);
      await receiver.waitFor((all) => all.length >= 2);
      let endpoint: Record<string, unknown> = {};
      for (let i = 0; i < 50 && endpoint.enabled !== false; i++) {
        await new Promise((r) => setTimeout(r, 100));
        endpoint = (await t.api('GET', `/v1/webhooks/${id}`, { key: owner.hookKey })).json();
      }
      expect(endpoint.enabled).toBe(false);
      expect(String(endpoint.disabledReason)).toMatch(/3 days/);
    } finally {
      await t.close();
      await receiver.close();
    }
  });

  it('counts a receiver slower than WEBHOOK_TIMEOUT_SECONDS as a failed attempt', async () => {
    const t = await startTestApp(backend, { ...LOCAL, WEBHOOK_TIMEOUT_SECONDS: '1' });
    // Answers after 1.5 s: within the default 10 s, past this server's 1 s.
    const slow = createServer((_req, res) => {
      setTimeout(() => res.end('late'), 1_500).unref();
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const owner = await ownerWithWebhookKey(t);
      const { port } = slow.address() as AddressInfo;
      const { id } = await register(t, owner.hookKey, { url: `http://127.0.0.1:${port}/slow` });
      await t.api('POST', `/v1/webhooks/${id}/test`, { key: owner.hookKey });
      let entry: Record<string, unknown> | undefined;
      for (let i = 0; i < 60 && !(Number(entry?.attempts) >= 1); i++) {
        await new Promise((r) => setTimeout(r, 100));
        [entry] = (await t.api('GET', `/v1/webhooks/${id}/deliveries`, { key: owner.hookKey })).json().data;
      }
      expect(entry).toMatchObject({ delivered: false, attempts: 1, lastStatusCode: null });
      expect(String(entry?.lastError)).toMatch(/time/i);
    } finally {
      slow.closeAllConnections();
      await new Promise((r) => slow.close(r));
      await t.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanpinError } from '../../packages/client/src/index.js';
import { backends } from '../support/backends.js';
import { type Receiver, startReceiver } from '../support/receiver.js';
import { report, scanner } from '../support/scan.js';
import { type LiveApp, rejectionOf, startLiveApp } from './live.js';

const LOCAL = { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' };
const PLAYER = '123456789012345678';

describe.each(backends())('@scanpin/client endpoints on $name', (backend) => {
  let t: LiveApp;
  let receiver: Receiver;
  beforeAll(async () => {
    t = await startLiveApp(backend, LOCAL);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('creates a PIN and reads its status and results, noting the rate-limit headers', async () => {
    const owner = await t.createOwner();
    const client = t.client(owner.key);
    expect(client.rateLimit).toBeUndefined();
    const created = await client.pins.create({ type: 'FiveM', pinName: 'Client test' });
    expect(created).toMatchObject({ type: 'FiveM', status: 'pending', pinName: 'Client test' });
    expect(client.rateLimit).toEqual({ limit: 1000, remaining: 999, resetSeconds: expect.any(Number) });

    const status = await client.pins.status(created.pin.toLowerCase());
    expect(status).toMatchObject({ pin: created.pin, status: 'pending', progress: 0, isPending: true });
    expect(client.rateLimit?.remaining).toBe(998);
    const pending = await client.pins.results(created.pin);
    expect(pending).toMatchObject({ pin: created.pin, result: 'none', status: 'pending' });

    const token = await scanner(t).startOk(created.pin, ['HWID-CLIENT']);
    await scanner(t).finish(
      token,
      report({ detections: ['Aimbot'], discord: [{ id: PLAYER, username: 'player' }] }),
    );
    const results = await client.pins.results(created.pin);
    expect(results).toMatchObject({
      result: 'cheating',
      status: 'finished',
      data: { detections: ['Aimbot'] },
    });
    expect((await client.pins.status(created.pin)).data).toMatchObject({ detectionsCount: 1 });

    const risk = await client.users.riskScore(PLAYER);
    expect(risk).toMatchObject({ found: true, discordId: PLAYER, stats: { cheatingScans: 1 } });
    const lookup = await client.scannedUsers.lookup(PLAYER);
    expect(lookup).toMatchObject({ found: true, discordId: PLAYER, totalScans: 1 });
    expect(await client.users.riskScore('98765432109876543')).toMatchObject({ found: false });
  });

  it('follows a PIN over the event stream to its final state, resuming with Last-Event-ID', async () => {
    const owner = await t.createOwner();
    const client = t.client(owner.key);
    const pin = await t.createPin(owner.key);
    const seen: string[] = [];
    const done = (async () => {
      for await (const status of client.pins.events(pin)) seen.push(`${status.status}:${status.progress}`);
    })();
    await expect.poll(() => seen.length).toBe(1);
    const token = await scanner(t).startOk(pin);
    await expect.poll(() => seen.length).toBe(2);
    await scanner(t).progress(token, 50);
    await expect.poll(() => seen.length).toBe(3);
    await scanner(t).finish(token);
    await done;
    expect(seen).toEqual(['pending:0', 'scanning:0', 'scanning:50', 'finished:100']);

    // Reconnecting with an earlier Last-Event-ID after the end still answers with the final state, then ends.
    const again: string[] = [];
    for await (const status of client.pins.events(pin, { lastEventId: '1' })) again.push(status.status);
    expect(again.at(-1)).toBe('finished');
  });

  it('reconnects a stream that ends early, with Last-Event-ID, and skips nothing', async () => {
    const owner = await t.createOwner();
    const pin = await t.createPin(owner.key);
    const sentIds: (string | null)[] = [];
    // The first stream is cut after its first event, as a proxy or a restart would.
    const cutting: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (!String(input).endsWith('/events')) return response;
      sentIds.push(new Headers(init?.headers).get('last-event-id'));
      if (sentIds.length > 1 || !response.body) return response;
      const reader = response.body.getReader();
      const { value } = await reader.read();
      await reader.cancel();
      return new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(value);
            controller.close();
          },
        }),
        { status: response.status, headers: response.headers },
      );
    };
    const client = t.client(owner.key, { fetch: cutting, sleep: async () => {} });
    const seen: string[] = [];
    const done = (async () => {
      for await (const status of client.pins.events(pin)) seen.push(status.status);
    })();
    await expect.poll(() => sentIds.length).toBe(2);
    await scanner(t).finish(await scanner(t).startOk(pin));
    await done;
    expect(sentIds).toEqual([null, expect.stringMatching(/^\d+$/)]);
    expect(seen[0]).toBe('pending');
    expect(seen.at(-1)).toBe('finished');
    expect(seen.filter((s) => s === 'pending')).toHaveLength(1);
  });

  it('manages webhook endpoints and their deliveries', async () => {
    const owner = await t.createOwner();
    const hookKey = await t.issueKey(owner.accountId, ['webhooks:manage']);
    const hooks = t.client(hookKey);
    const created = await hooks.webhooks.create({
      url: receiver.url,
      events: ['pin.finished'],
      description: 'bot',
    });
    expect(created).toMatchObject({ url: receiver.url, events: ['pin.finished'], enabled: true });
    expect(created.secret).toMatch(/^whsec_/);
    expect((await hooks.webhooks.list()).data.map((w) => w.id)).toEqual([created.id]);
    expect(await hooks.webhooks.get(created.id)).toMatchObject({ id: created.id, description: 'bot' });
    expect(await hooks.webhooks.update(created.id, { description: 'renamed' })).toMatchObject({
      description: 'renamed',
    });
    const rotated = await hooks.webhooks.rotateSecret(created.id);
    expect(rotated.secret).not.toBe(created.secret);

    const ping = await hooks.webhooks.test(created.id);
    expect(ping).toMatchObject({ event: 'ping' });
    await receiver.waitFor((all) => all.some((r) => JSON.parse(r.body).type === 'ping'));
    await expect
      .poll(async () => (await hooks.webhooks.deliveries(created.id, { limit: 5 })).data[0]?.state)
      .toBe('delivered');
    const redelivered = await hooks.webhooks.redeliver(created.id, ping.id);
    expect(redelivered).toMatchObject({ event: 'ping' });

    await hooks.webhooks.delete(created.id);
    const gone = await rejectionOf(hooks.webhooks.get(created.id));
    expect(gone).toBeInstanceOf(ScanpinError);
    expect(gone).toMatchObject({ status: 404, code: 'webhook_not_found' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook, WebhookVerificationError } from '../../packages/client/src/index.js';
import { backends } from '../support/backends.js';
import { type Received, type Receiver, startReceiver } from '../support/receiver.js';
import { scanner } from '../support/scan.js';
import { integrationClient } from '../support/scanner-client.js';
import { type LiveApp, rejectionOf, startLiveApp } from './live.js';

const LOCAL = { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' };

async function refusal(call: Promise<unknown>): Promise<string> {
  const error = await rejectionOf(call);
  expect(error).toBeInstanceOf(WebhookVerificationError);
  return (error as WebhookVerificationError).reason;
}

describe.each(backends())('verifyWebhook against real deliveries on $name', (backend) => {
  let t: LiveApp;
  let receiver: Receiver;
  let secret: string;
  let ping: Received;
  let finished: Received;
  let pin: string;
  beforeAll(async () => {
    t = await startLiveApp(backend, LOCAL);
    receiver = await startReceiver();
    const owner = await t.createOwner();
    const hooks = t.client(await t.issueKey(owner.accountId, ['webhooks:manage']));
    const created = await hooks.webhooks.create({ url: receiver.url, events: ['pin.finished'] });
    secret = created.secret;
    await hooks.webhooks.test(created.id);
    pin = await t.createPin(owner.key);
    // Signed as the official build, so a clean report is legit (docs/scan-client.md, "Trust").
    const official = scanner(t, { client: await integrationClient(t) });
    await official.finish(await official.startOk(pin));
    const all = await receiver.waitFor((got) => got.length >= 2);
    const byType = (type: string) => all.find((r) => JSON.parse(r.body).type === type) as Received;
    ping = byType('ping');
    finished = byType('pin.finished');
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('returns the typed event of a genuine delivery (Node headers or a Headers object)', async () => {
    const event = await verifyWebhook(finished.body, finished.headers, secret);
    expect(event.type).toBe('pin.finished');
    if (event.type === 'ping') throw new Error('unreachable');
    expect(event.data).toMatchObject({ pin, status: 'finished', result: 'legit' });
    const headers = new Headers(Object.entries(ping.headers).map(([k, v]) => [k, String(v)]));
    const bytes = new TextEncoder().encode(ping.body);
    expect(await verifyWebhook(bytes, headers, secret)).toMatchObject({
      type: 'ping',
      data: { message: expect.any(String) },
    });
  });

  it('refuses a tampered body, a wrong secret, a missing header and a stale or replayed timestamp', async () => {
    expect(
      await refusal(verifyWebhook(finished.body.replace('legit', 'cheat'), finished.headers, secret)),
    ).toBe('invalid_signature');
    const otherSecret = `whsec_${btoa('another secret of thirty-two bytes!')}`;
    expect(await refusal(verifyWebhook(finished.body, finished.headers, otherSecret))).toBe(
      'invalid_signature',
    );
    const { 'webhook-signature': _, ...unsigned } = finished.headers;
    expect(await refusal(verifyWebhook(finished.body, unsigned, secret))).toBe('missing_header');
    const later = () => Date.now() + 6 * 60 * 1000;
    expect(await refusal(verifyWebhook(finished.body, finished.headers, secret, { now: later }))).toBe(
      'timestamp_out_of_range',
    );
    // Moving the timestamp breaks the signature, so a capture cannot be replayed with a fresh one.
    const fresh = { ...finished.headers, 'webhook-timestamp': String(Math.floor(Date.now() / 1000) + 1) };
    expect(await refusal(verifyWebhook(finished.body, fresh, secret))).toBe('invalid_signature');
    expect(
      await refusal(
        verifyWebhook(finished.body, { ...finished.headers, 'webhook-timestamp': 'soon' }, secret),
      ),
    ).toBe('invalid_timestamp');
  });
});

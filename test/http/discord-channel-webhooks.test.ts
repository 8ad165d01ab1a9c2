import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shownWebhookUrl } from '../../src/domain/discord-webhook.js';
import { backends } from '../support/backends.js';
import { expectProblem } from '../support/http.js';
import { type Receiver, startReceiver } from '../support/receiver.js';
import { report, scanner } from '../support/scan.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const LOCAL = {
  WEBHOOK_ALLOW_HTTP: 'true',
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
  WEBHOOK_RETRY_SCHEDULE: '1,1',
};
const DISCORD_URL =
  'https://discord.com/api/webhooks/123456789012345678/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-ab';

/** A Discord channel's incoming webhook as an endpoint (docs/webhooks.md, "Discord channels"). */
describe.each(backends())('Discord channel webhooks on $name', (backend) => {
  let t: TestApp;
  let receiver: Receiver;
  beforeAll(async () => {
    t = await startTestApp(backend, LOCAL);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  async function hookKeyOf() {
    const owner = await t.createOwner();
    return { ...owner, hookKey: await t.issueKey(owner.accountId, ['webhooks:manage']) };
  }

  it('a discord.com webhook URL is a Discord endpoint for pin.finished only, its token never shown again', async () => {
    const owner = await hookKeyOf();
    const created = await t.api('POST', '/v1/webhooks', { key: owner.hookKey, body: { url: DISCORD_URL } });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      format: 'discord',
      events: ['pin.finished'],
      url: 'https://discord.com/api/webhooks/123456789012345678/…',
    });
    expect(created.body).not.toContain('AbCdEfGhIjKlMnOpQrStUvWxYz');
    const listed = await t.api('GET', '/v1/webhooks', { key: owner.hookKey });
    expect(listed.body).not.toContain('AbCdEfGhIjKlMnOpQrStUvWxYz');

    // Asking a Discord endpoint for other events is said, not silently changed.
    expectProblem(
      await t.api('POST', '/v1/webhooks', {
        key: owner.hookKey,
        body: { url: DISCORD_URL, events: ['pin.progress'] },
      }),
      400,
      'invalid_webhook_url',
    );
    expectProblem(
      await t.api('PATCH', `/v1/webhooks/${body.id}`, {
        key: owner.hookKey,
        body: { events: ['pin.started'] },
      }),
      400,
      'invalid_webhook_url',
    );
    // Signed events are not sent to Discord, whatever the caller asks, and no endpoint is turned into one.
    expectProblem(
      await t.api('POST', '/v1/webhooks', {
        key: owner.hookKey,
        body: { url: DISCORD_URL, format: 'standard' },
      }),
      400,
      'invalid_webhook_url',
    );
    const plain = await t.api('POST', '/v1/webhooks', {
      key: owner.hookKey,
      body: { url: `${receiver.url}/plain` },
    });
    expectProblem(
      await t.api('PATCH', `/v1/webhooks/${plain.json().id}`, {
        key: owner.hookKey,
        body: { url: DISCORD_URL },
      }),
      400,
      'invalid_webhook_url',
    );
    // Other URLs stay standard.
    const standard = await t.api('POST', '/v1/webhooks', { key: owner.hookKey, body: { url: receiver.url } });
    expect(standard.json()).toMatchObject({ format: 'standard', url: receiver.url, events: [] });
  });

  it('sends each finished scan once, as a Discord message with the result embed and no signature', async () => {
    const owner = await hookKeyOf();
    const path = `/discord-${owner.accountId}`;
    const created = await t.api('POST', '/v1/webhooks', {
      key: owner.hookKey,
      body: { url: `${receiver.url}${path}`, format: 'discord' },
    });
    expect(created.json()).toMatchObject({ format: 'discord', events: ['pin.finished'] });
    const pin = await scanner(t).scan(
      owner.key,
      report({ detections: ['Eulen (FiveM)'], discord: [{ id: '123456789012345678', username: 'Cheater' }] }),
      ['HW-DISCORD-CHANNEL'],
    );
    const mine = () =>
      receiver.received.filter((r) => r.headers['user-agent'] !== undefined && r.body.includes(pin));
    const [got] = await receiver.waitFor(() => mine().length > 0);
    expect(got).toBeDefined();
    const message = JSON.parse(mine()[0]?.body ?? '{}');
    expect(message.allowed_mentions).toEqual({ parse: [] });
    expect(message.embeds[0].title).toContain(pin);
    // Discord's markdown characters in findings are escaped, so they show as written.
    const fields = message.embeds[0].fields as Array<{ name: string; value: string }>;
    expect(fields.find((f) => f.name.startsWith('Detections'))?.value).toContain('Eulen \\(FiveM\\)');
    expect(message.embeds[0].description).toContain('cheating');
    // A registered integration's report: its assurance is high, with no reasons to list.
    expect(message.embeds[0].description).toContain('**Assurance:** High (registered third\\-party scanner');
    expect(mine()[0]?.headers['webhook-signature']).toBeUndefined();
    // Only the final event: not created, started or progress.
    await new Promise((r) => setTimeout(r, 1500));
    expect(mine().length).toBe(1);
  });
});

describe('a Discord webhook URL as shown', () => {
  it('keeps the id and hides the token, with or without the API version', () => {
    expect(
      shownWebhookUrl('https://discord.com/api/v10/webhooks/123456789012345678/tok-en_value/', 'discord'),
    ).toBe('https://discord.com/api/v10/webhooks/123456789012345678/…/');
    expect(shownWebhookUrl('https://example.com/hook?token=1', 'standard')).toBe(
      'https://example.com/hook?token=1',
    );
  });
});

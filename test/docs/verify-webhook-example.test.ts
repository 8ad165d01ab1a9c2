import { describe, expect, it } from 'vitest';
import { verifyScanpinWebhook } from '../../docs/examples/verify-webhook.js';
import { generateWebhookSecret, webhookHeaders } from '../../src/lib/standard-webhooks.js';

/** The verification code docs/webhooks.md gives integrators accepts what the server sends, and only that. */
describe('docs/examples/verify-webhook.ts', () => {
  const body = JSON.stringify({
    type: 'ping',
    timestamp: '2026-02-11T15:25:00.000Z',
    data: { webhookId: 1 },
  });
  const now = 1_770_000_000;

  it('accepts a delivery signed the way the server signs it, also during a rotation', () => {
    const oldSecret = generateWebhookSecret();
    const newSecret = generateWebhookSecret();
    const headers = webhookHeaders([newSecret, oldSecret], 'msg_1', now, body);
    expect(verifyScanpinWebhook(body, headers, oldSecret, now).type).toBe('ping');
    expect(verifyScanpinWebhook(body, headers, newSecret, now).data).toEqual({ webhookId: 1 });
  });

  it('refuses a changed body, a wrong secret, a stale timestamp and missing headers', () => {
    const secret = generateWebhookSecret();
    const headers = webhookHeaders([secret], 'msg_2', now, body);
    expect(() => verifyScanpinWebhook(`${body} `, headers, secret, now)).toThrow(/signature/);
    expect(() => verifyScanpinWebhook(body, headers, generateWebhookSecret(), now)).toThrow(/signature/);
    expect(() => verifyScanpinWebhook(body, headers, secret, now + 301)).toThrow(/timestamp/);
    expect(() => verifyScanpinWebhook(body, {}, secret, now)).toThrow(/missing webhook-id/);
  });
});

describe('the snippet printed in docs/webhooks.md', () => {
  it('verifies a real signature and refuses a forged one', async () => {
    const { readFile, writeFile, mkdtemp } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const markdown = await readFile(new URL('../../docs/webhooks.md', import.meta.url), 'utf8');
    const snippet = /## Verifying a delivery[\s\S]*?```ts\n([\s\S]*?)```/.exec(markdown)?.[1];
    expect(snippet).toBeDefined();
    const file = join(await mkdtemp(join(tmpdir(), 'scanpin-doc-')), 'snippet.ts');
    await writeFile(file, snippet ?? '');
    const { verifyScanpinWebhook: printed } = (await import(file)) as {
      verifyScanpinWebhook: (
        body: string,
        headers: Record<string, string>,
        secret: string,
      ) => { type: string };
    };
    const secret = generateWebhookSecret();
    const body = JSON.stringify({ type: 'pin.created', timestamp: '2026-02-11T15:25:00.000Z', data: {} });
    const headers = webhookHeaders([secret], 'msg_3', Math.floor(Date.now() / 1000), body);
    expect(printed(body, headers, secret).type).toBe('pin.created');
    expect(() => printed(body, headers, generateWebhookSecret())).toThrow();
  });
});

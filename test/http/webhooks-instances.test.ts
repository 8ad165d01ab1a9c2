import { describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { startReceiver } from '../support/receiver.js';
import { scanner } from '../support/scan.js';
import { startTestApp } from '../support/test-app.js';
import { startSibling } from '../support/with-app.js';

const LOCAL = { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' };
const postgres = backends().filter((b) => b.pg);
if (postgres.length === 0)
  console.warn('SKIPPED: two instances delivering webhooks need PostgreSQL; set SCANPIN_TEST_PG_URL.');

if (postgres.length === 0) it.skip('needs PostgreSQL: set SCANPIN_TEST_PG_URL', () => {});

describe.each(postgres)('two instances on one PostgreSQL ($name)', (backend) => {
  it('deliver each event exactly once between them', async () => {
    const t = await startTestApp(backend, LOCAL);
    const sibling = await startSibling(t, backend, LOCAL);
    const receiver = await startReceiver();
    try {
      const owner = await t.createOwner();
      const hookKey = await t.issueKey(owner.accountId, ['webhooks:manage']);
      const res = await t.api('POST', '/v1/webhooks', {
        key: hookKey,
        body: { url: receiver.url, events: ['pin.created', 'pin.started', 'pin.finished'] },
      });
      expect(res.statusCode).toBe(201);
      const pins: string[] = [];
      for (let i = 0; i < 3; i++) {
        const pin = await t.createPin(owner.key);
        pins.push(pin);
        const token = await scanner(t).startOk(pin, [`HW-INSTANCES-${i}`]);
        await scanner(t).finish(token);
      }
      await receiver.waitFor((all) => all.length >= 9, 15_000);
      await new Promise((r) => setTimeout(r, 1_500));
      const ids = receiver.received.map((r) => r.headers['webhook-id']);
      expect(ids).toHaveLength(9);
      expect(new Set(ids).size).toBe(9);
    } finally {
      await receiver.close();
      await sibling.close();
      await t.close();
    }
  });

  it('sweep expiries together without emitting pin.expired twice', async () => {
    // PINs live one second here, so both instances' sweepers find them due at about the same time.
    const env = { ...LOCAL, PIN_TTL_SECONDS: '1' };
    const t = await startTestApp(backend, env);
    const sibling = await startSibling(t, backend, env);
    const receiver = await startReceiver();
    try {
      const owner = await t.createOwner();
      const hookKey = await t.issueKey(owner.accountId, ['webhooks:manage']);
      await t.api('POST', '/v1/webhooks', {
        key: hookKey,
        body: { url: receiver.url, events: ['pin.expired'] },
      });
      const pins = [await t.createPin(owner.key), await t.createPin(owner.key), await t.createPin(owner.key)];
      await receiver.waitFor((all) => all.length >= pins.length, 20_000);
      // Both sweepers have run several more times by now; any duplicate would have arrived.
      await new Promise((r) => setTimeout(r, 5_000));
      const expired = receiver.received.map((r) => JSON.parse(r.body).data.pin as string);
      expect(expired.sort()).toEqual([...pins].sort());
    } finally {
      await receiver.close();
      await sibling.close();
      await t.close();
    }
  }, 40_000);
});

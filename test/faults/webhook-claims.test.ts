import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDueWebhooks } from '../../src/application/webhooks/deliver-due.js';
import { backends } from '../support/backends.js';
import { type Receiver, startReceiver } from '../support/receiver.js';
import { startTestApp } from '../support/test-app.js';

/** Local receivers are on 127.0.0.1 over http, which production refuses by default. */
const ENV = { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' };

/*
 * The webhook worker claims due deliveries, then reads what to send. When the database fails between
 * the two (PostgreSQL stopping, seen under an outage), the claim must not outlive the failure, or the
 * deliveries wait out the whole claim (30 s) although nobody sent them (docs/webhooks.md, "Operating
 * it"). The failure is made real by renaming a table the read needs.
 */
describe.each(backends().filter((b) => b.redisUrl === undefined))(
  'webhook claims when the database fails mid-claim ($name)',
  (backend) => {
    let receiver: Receiver;
    beforeAll(async () => {
      receiver = await startReceiver();
    });
    afterAll(async () => {
      await receiver.close();
    });

    it('leave nothing claimed, so the next run sends the delivery at once', async () => {
      const t = await startTestApp(backend, ENV, undefined, { backgroundJobs: false });
      try {
        const owner = await t.createOwner();
        const hookKey = await t.issueKey(owner.accountId, ['webhooks:manage']);
        const hook = await t.api('POST', '/v1/webhooks', {
          key: hookKey,
          body: { url: receiver.url, events: ['pin.created'] },
        });
        expect(hook.statusCode, hook.body).toBe(201);
        const pin = await t.createPin(owner.key);
        const db = t.deps.store.db;

        await sql`alter table webhook_events rename to webhook_events_away`.execute(db);
        try {
          await expect(deliverDueWebhooks(t.deps)).rejects.toThrow();
        } finally {
          await sql`alter table webhook_events_away rename to webhook_events`.execute(db);
        }
        const claims = await db
          .selectFrom('webhook_deliveries')
          .select(['claimed_until', 'attempts', 'state'])
          .execute();
        expect(claims).toEqual([{ claimed_until: null, attempts: 0, state: 'pending' }]);

        expect(await deliverDueWebhooks(t.deps)).toBe(1);
        const sent = receiver.received.map((r) => JSON.parse(r.body) as { data: { pin: string } });
        expect(sent.filter((e) => e.data.pin === pin)).toHaveLength(1);
      } finally {
        await t.app.close();
      }
    });
  },
);

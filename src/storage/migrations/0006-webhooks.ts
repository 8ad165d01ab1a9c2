import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.js';

/**
 * Webhooks (docs/webhooks.md): endpoints, and an outbox of events with one delivery per endpoint,
 * written in the same transaction as the PIN change that causes them, so none is lost on a crash.
 */
export function webhooks({ idColumn }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('webhook_endpoints')
        .addColumn('id', idColumn, (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        // JSON array of event types; empty means every event.
        .addColumn('events', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        // Signing secrets, sealed with a key derived from the server's hashing secret.
        .addColumn('secret_sealed', 'text', (c) => c.notNull())
        .addColumn('previous_secret_sealed', 'text')
        .addColumn('previous_secret_expires_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        // Set by the first failure after a success; an endpoint failing for 3 days is disabled.
        .addColumn('failing_since', 'bigint')
        .addColumn('disabled_reason', 'text')
        .execute();
      await db.schema
        .createIndex('webhook_endpoints_account_idx')
        .on('webhook_endpoints')
        .column('account_id')
        .execute();

      await db.schema
        .createTable('webhook_events')
        .addColumn('id', idColumn, (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('pin_id', 'integer', (c) => c.references('pins.id'))
        .addColumn('type', 'text', (c) => c.notNull())
        // The whole payload as sent: { type, timestamp, data }.
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        // pin.progress is held back to at most one per 5 s per PIN; others are due at once.
        .addColumn('deliver_after', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('webhook_events_pin_idx')
        .on('webhook_events')
        .columns(['pin_id', 'type', 'id'])
        .execute();

      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('id', idColumn, (c) => c.primaryKey())
        .addColumn('event_id', 'integer', (c) => c.notNull().references('webhook_events.id'))
        .addColumn('endpoint_id', 'integer', (c) =>
          c.notNull().references('webhook_endpoints.id').onDelete('cascade'),
        )
        // pending, delivered, failed (retries exhausted) or cancelled (superseded, endpoint disabled).
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint')
        // A worker holds a claimed delivery until then; after a crash another picks it up.
        .addColumn('claimed_until', 'bigint')
        .addColumn('last_attempt_at', 'bigint')
        .addColumn('last_status', 'integer')
        .addColumn('last_error', 'text')
        // At most 1 KiB of the receiver's answer.
        .addColumn('last_response', 'text')
        .addColumn('delivered_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_due_idx')
        .on('webhook_deliveries')
        .columns(['state', 'next_attempt_at'])
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_endpoint_idx')
        .on('webhook_deliveries')
        .columns(['endpoint_id', 'id'])
        .execute();

      // The sweeper looks for active PINs whose time is up.
      await db.schema
        .createIndex('pins_status_expiry_idx')
        .on('pins')
        .columns(['status', 'expires_at'])
        .execute();
    },
  };
}

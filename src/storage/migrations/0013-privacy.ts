import type { Kysely } from 'kysely';

/**
 * Retention and erasure (docs/privacy.md): the daily job finds old reports and IP hashes by the
 * report's date, and removes a PIN's rows by its id, so each step is an index lookup rather than a
 * scan of the history it keeps.
 */
export function privacy() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('scan_reports_created_idx')
        .on('scan_reports')
        .column('created_at')
        .execute();
      await db.schema.createIndex('user_scans_pin_idx').on('user_scans').column('pin_id').execute();
      await db.schema
        .createIndex('webhook_deliveries_event_idx')
        .on('webhook_deliveries')
        .column('event_id')
        .execute();
    },
  };
}

import type { Kysely } from 'kysely';

/**
 * PIN codes are unique over every PIN ever made, yet retention deletes old
 * PINs (docs/privacy.md, "Retention"). The codes of deleted PINs are kept here, and only the code and
 * when it was retired: nothing that names a person or a scan, so they may outlive it.
 */
export function retiredPinCodes() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('retired_pin_codes')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('retired_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}

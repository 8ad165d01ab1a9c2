import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.js';

/** Public, expiring, revocable links to a finished scan's redacted result (docs/dashboard.md, "Sharing"). */
export function shareLinks({ idColumn }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('share_links')
        .addColumn('id', idColumn, (c) => c.primaryKey())
        .addColumn('pin_id', 'integer', (c) => c.notNull().references('pins.id'))
        .addColumn('created_by_account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('share_links_pin_idx').on('share_links').column('pin_id').execute();
    },
  };
}

import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.js';

/** Invite links an Enterprise owner hands to staff (docs/dashboard.md, "Members and invites"). */
export function invites({ idColumn }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('enterprise_invites')
        .addColumn('id', idColumn, (c) => c.primaryKey())
        .addColumn('enterprise_id', 'integer', (c) => c.notNull().references('enterprises.id'))
        .addColumn('created_by_account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        // null: any number of people until it expires or is revoked.
        .addColumn('max_uses', 'integer')
        .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('enterprise_invites_enterprise_idx')
        .on('enterprise_invites')
        .column('enterprise_id')
        .execute();
    },
  };
}

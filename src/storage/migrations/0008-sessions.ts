import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.js';

/**
 * People signing in to the dashboard (docs/dashboard.md): one-time sign-in links and server-side
 * sessions. Only SHA-256 hashes of their tokens are stored, like API keys.
 */
export function sessions({ idColumn }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('sign_in_links')
        .addColumn('id', idColumn, (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', idColumn, (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('absolute_expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .addColumn('user_agent', 'text')
        .execute();
      await db.schema.createIndex('sessions_account_idx').on('sessions').column('account_id').execute();
    },
  };
}

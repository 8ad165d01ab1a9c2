import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.js';

/** Accounts, Enterprises, keys, PINs and scan reports. */
export function core({ idColumn }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('accounts')
        .addColumn('id', idColumn, (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('discord_id', 'text')
        .addColumn('licence_expires_at', 'bigint')
        .addColumn('banned', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        // Soft delete: keys of a deleted account answer 404 account_not_found (docs/api.md, "Errors").
        .addColumn('deleted_at', 'bigint')
        .execute();

      await db.schema
        .createTable('enterprises')
        .addColumn('id', idColumn, (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('owner_account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('enterprises_owner_idx')
        .on('enterprises')
        .column('owner_account_id')
        .execute();

      await db.schema
        .createTable('enterprise_members')
        .addColumn('enterprise_id', 'integer', (c) => c.notNull().references('enterprises.id'))
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('enterprise_members_pk', ['enterprise_id', 'account_id'])
        .execute();
      await db.schema
        .createIndex('enterprise_members_account_idx')
        .on('enterprise_members')
        .column('account_id')
        .execute();

      await db.schema
        .createTable('api_keys')
        .addColumn('id', idColumn, (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('name', 'text')
        .addColumn('prefix', 'text', (c) => c.notNull())
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('permissions', 'text', (c) => c.notNull())
        .addColumn('rate_limit_per_hour', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint')
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('api_keys_account_idx').on('api_keys').column('account_id').execute();

      await db.schema
        .createTable('pins')
        .addColumn('id', idColumn, (c) => c.primaryKey())
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('enterprise_id', 'integer', (c) => c.notNull().references('enterprises.id'))
        .addColumn('pin_name', 'text')
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('ram_dump', 'integer', (c) => c.notNull())
        .addColumn('private', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('progress', 'integer', (c) => c.notNull())
        .addColumn('status_message', 'text')
        .addColumn('result', 'text')
        .addColumn('used', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('last_status_update', 'bigint')
        .addColumn('last_activity_at', 'bigint')
        .addColumn('session_token_hash', 'text', (c) => c.unique())
        .addColumn('client_version', 'text')
        .addColumn('finished_at', 'bigint')
        .execute();
      // Serves the active-PIN count on create.
      await db.schema
        .createIndex('pins_account_status_idx')
        .on('pins')
        .columns(['account_id', 'status'])
        .execute();

      await db.schema
        .createTable('scan_reports')
        .addColumn('pin_id', 'integer', (c) => c.primaryKey().references('pins.id'))
        .addColumn('detections', 'text', (c) => c.notNull())
        .addColumn('suspicious', 'text', (c) => c.notNull())
        .addColumn('warnings', 'text', (c) => c.notNull())
        .addColumn('untrusted', 'text', (c) => c.notNull())
        .addColumn('integrity', 'text', (c) => c.notNull())
        .addColumn('custom_suspicious', 'text', (c) => c.notNull())
        .addColumn('vpn', 'text')
        .addColumn('country', 'text')
        .addColumn('logon', 'text')
        .addColumn('scantime', 'text')
        .addColumn('windows', 'text')
        .addColumn('discord', 'text', (c) => c.notNull())
        .addColumn('ip_hash', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('hwids')
        .addColumn('id', idColumn, (c) => c.primaryKey())
        .addColumn('hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('scan_hwids')
        .addColumn('pin_id', 'integer', (c) => c.notNull().references('pins.id'))
        .addColumn('hwid_id', 'integer', (c) => c.notNull().references('hwids.id'))
        .addPrimaryKeyConstraint('scan_hwids_pk', ['pin_id', 'hwid_id'])
        .execute();
      await db.schema.createIndex('scan_hwids_hwid_idx').on('scan_hwids').column('hwid_id').execute();

      await db.schema
        .createTable('account_keywords')
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('keyword', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('account_keywords_pk', ['account_id', 'keyword'])
        .execute();
    },
  };
}

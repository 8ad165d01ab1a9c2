import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.js';

/**
 * Moderation by an Enterprise's staff (docs/roles.md, "Moderation"):
 * - moderation_entries: each ban, warning and note an Enterprise's staff made on a player, by the
 *   player's Discord ID (a player known only from the Enterprise's own reports has no profile), with
 *   who made it (their account, or the Discord name of a staff member using the Discord app), when,
 *   until when, and when it was lifted. A ban or warning that reaches every community points at the
 *   `bans` row that covers the player's hardware (`ban_id`); one that reaches only its Enterprise
 *   has none until the player proves their account in a scan.
 * - bans.enterprise_id and bans.account_id: the Enterprise and the staff account behind a shared
 *   staff ban; both null for an operator's.
 */
export function moderation({ idColumn }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('bans')
        .addColumn('enterprise_id', 'integer', (c) => c.references('enterprises.id'))
        .execute();
      await db.schema
        .alterTable('bans')
        .addColumn('account_id', 'integer', (c) => c.references('accounts.id'))
        .execute();

      await db.schema
        .createTable('moderation_entries')
        .addColumn('id', idColumn, (c) => c.primaryKey())
        .addColumn('enterprise_id', 'integer', (c) => c.notNull().references('enterprises.id'))
        .addColumn('discord_id', 'text', (c) => c.notNull())
        /** 'ban', 'warning' or 'note'. */
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('account_id', 'integer', (c) => c.references('accounts.id'))
        /** A Discord staff member's display name, when the entry came through the Discord app. */
        .addColumn('staff_name', 'text')
        .addColumn('ban_id', 'integer', (c) => c.references('bans.id'))
        .addColumn('expires_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('lifted_at', 'bigint')
        .execute();
      // One Enterprise's entries on one player: the player page, its lookups and risk scores.
      await db.schema
        .createIndex('moderation_entries_enterprise_idx')
        .on('moderation_entries')
        .columns(['enterprise_id', 'discord_id'])
        .execute();
      // A player's entries in every Enterprise: a proof that shares them, an erasure.
      await db.schema
        .createIndex('moderation_entries_discord_idx')
        .on('moderation_entries')
        .column('discord_id')
        .execute();
      await db.schema
        .createIndex('moderation_entries_ban_idx')
        .on('moderation_entries')
        .column('ban_id')
        .execute();
    },
  };
}

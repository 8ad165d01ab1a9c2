import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.js';

/**
 * The built-in Discord application (docs/discord.md):
 * - discord_guilds: which Enterprise each connected Discord server belongs to (at most one), and the
 *   roles whose holders are its staff (a JSON array of role IDs);
 * - discord_connect_codes: one-time codes an owner makes in the dashboard and a server's manager uses
 *   with `/scanpin connect`; only their SHA-256 is kept;
 * - discord_scan_messages: the live message of each PIN created with `/scan`, as an outbox. What it
 *   must show is the PIN's own state, so it needs no write on the scan's path: the message is due
 *   whenever the PIN's revision is past the one it last showed, and stays due until the final state
 *   was shown, so a restart or a Discord outage loses no update. A claim carries a random token, and
 *   only the claim's holder may record what it sent. The player named by `/scan` is kept to mention
 *   them, and cleared when the player is erased;
 * - discord_interactions_seen: the ids of interactions answered in the last minutes, on every
 *   instance, so a captured request replayed to any of them is refused;
 * - webhook_endpoints.format: `standard` (signed, Standard Webhooks) or `discord` (a Discord channel's
 *   incoming webhook, sent the final result as an embed);
 * - audit_events.actor_discord_user_id: the Discord user behind an action taken through the app.
 */
export function discord({ idColumn }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('discord_guilds')
        .addColumn('guild_id', 'text', (c) => c.primaryKey())
        .addColumn('enterprise_id', 'integer', (c) => c.notNull().references('enterprises.id'))
        .addColumn('staff_role_ids', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('connected_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('discord_guilds_enterprise_idx')
        .on('discord_guilds')
        .column('enterprise_id')
        .execute();

      await db.schema
        .createTable('discord_connect_codes')
        .addColumn('id', idColumn, (c) => c.primaryKey())
        .addColumn('code_hash', 'text', (c) => c.notNull().unique())
        .addColumn('enterprise_id', 'integer', (c) => c.notNull().references('enterprises.id'))
        .addColumn('created_by_account_id', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .addColumn('used_guild_id', 'text')
        .execute();

      await db.schema
        .createTable('discord_scan_messages')
        .addColumn('pin_id', 'integer', (c) => c.primaryKey().references('pins.id').onDelete('cascade'))
        .addColumn('guild_id', 'text', (c) => c.notNull())
        .addColumn('channel_id', 'text', (c) => c.notNull())
        // The interaction's token, sealed: it edits the first answer for 15 minutes.
        .addColumn('interaction_token_sealed', 'text')
        .addColumn('token_expires_at', 'bigint', (c) => c.notNull())
        // The bot's own message in the channel, once the token ran out before the scan ended.
        .addColumn('bot_message_id', 'text')
        .addColumn('sent_revision', 'integer', (c) => c.notNull().defaultTo(-1))
        .addColumn('done_at', 'bigint')
        .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
        .addColumn('claimed_until', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('claim_token', 'text')
        .addColumn('player_discord_id', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('discord_scan_messages_due_idx')
        .on('discord_scan_messages')
        .columns(['done_at', 'next_attempt_at'])
        .execute();

      await db.schema
        .createIndex('discord_scan_messages_player_idx')
        .on('discord_scan_messages')
        .column('player_discord_id')
        .execute();

      await db.schema
        .createTable('discord_interactions_seen')
        .addColumn('interaction_id', 'text', (c) => c.primaryKey())
        .addColumn('seen_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('discord_interactions_seen_at_idx')
        .on('discord_interactions_seen')
        .column('seen_at')
        .execute();

      await db.schema
        .alterTable('webhook_endpoints')
        .addColumn('format', 'text', (c) => c.notNull().defaultTo('standard'))
        .execute();
      await db.schema.alterTable('audit_events').addColumn('actor_discord_user_id', 'text').execute();
    },
  };
}

import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.js';

/**
 * Player risk (docs/risk-score.md). Aggregates are kept as counters updated when a scan finishes, so reading
 * a score or a lookup costs the same however long a player's history grows:
 * - hwids: per-profile (hardware ID) counters feeding the risk score;
 * - scanned_users: counters over every scan on hardware linked to the user, each scan counted once
 *   (user_scans), with the distinct detections and game types beside them.
 */
export function playerRisk({ idColumn }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const column of [
        'total_scans',
        'cheating_scans',
        'suspicious_scans',
        'total_detections',
        'unique_detections',
        'suspicious_findings',
      ]) {
        await db.schema
          .alterTable('hwids')
          .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      }

      await db.schema
        .createTable('hwid_detections')
        .addColumn('hwid_id', 'integer', (c) => c.notNull().references('hwids.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('hwid_detections_pk', ['hwid_id', 'name'])
        .execute();

      let users = db.schema
        .createTable('scanned_users')
        .addColumn('id', idColumn, (c) => c.primaryKey())
        .addColumn('discord_id', 'text', (c) => c.notNull().unique())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull());
      for (const column of ['scans', 'cheating_scans', 'suspicious_scans', 'clean_scans', 'detections']) {
        users = users.addColumn(column, 'integer', (c) => c.notNull().defaultTo(0));
      }
      await users
        .addColumn('first_scan_at', 'bigint')
        .addColumn('last_scan_at', 'bigint')
        .addColumn('last_cheating_at', 'bigint')
        .execute();

      await db.schema
        .createTable('user_hwids')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('scanned_users.id'))
        .addColumn('hwid_id', 'integer', (c) => c.notNull().references('hwids.id'))
        .addColumn('linked_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_hwids_pk', ['user_id', 'hwid_id'])
        .execute();
      await db.schema.createIndex('user_hwids_hwid_idx').on('user_hwids').column('hwid_id').execute();

      // The scans counted for a user: every finished scan on hardware linked to them, each once.
      await db.schema
        .createTable('user_scans')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('scanned_users.id'))
        .addColumn('pin_id', 'integer', (c) => c.notNull().references('pins.id'))
        .addPrimaryKeyConstraint('user_scans_pk', ['user_id', 'pin_id'])
        .execute();

      for (const table of ['user_detections', 'user_games']) {
        await db.schema
          .createTable(table)
          .addColumn('user_id', 'integer', (c) => c.notNull().references('scanned_users.id'))
          .addColumn('name', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint(`${table}_pk`, ['user_id', 'name'])
          .execute();
      }

      await db.schema
        .createTable('bans')
        .addColumn('id', idColumn, (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('scanned_users.id'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('lifted_at', 'bigint')
        .execute();

      await db.schema
        .createTable('ban_hwids')
        .addColumn('ban_id', 'integer', (c) => c.notNull().references('bans.id'))
        .addColumn('hwid_id', 'integer', (c) => c.notNull().references('hwids.id'))
        .addPrimaryKeyConstraint('ban_hwids_pk', ['ban_id', 'hwid_id'])
        .execute();
      await db.schema.createIndex('ban_hwids_hwid_idx').on('ban_hwids').column('hwid_id').execute();

      await db.schema
        .createTable('user_reasons')
        .addColumn('id', idColumn, (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('scanned_users.id'))
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('evidence', 'text')
        .addColumn('added_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('user_reasons_user_idx').on('user_reasons').column('user_id').execute();
    },
  };
}

import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.js';

/**
 * A PIN's timeline (docs/dashboard.md, "The dashboard API"): append-only, one row per lifecycle move,
 * written in the same transaction as the move. PINs made before this migration get what their stored
 * state tells: when they were created and, for an ended one, how and when it ended.
 */
export function pinTimeline({ idColumn }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('pin_timeline')
        .addColumn('id', idColumn, (c) => c.primaryKey())
        .addColumn('pin_id', 'integer', (c) => c.notNull().references('pins.id'))
        .addColumn('at', 'bigint', (c) => c.notNull())
        // created, started, progress, finished, expired or failed.
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('progress', 'integer', (c) => c.notNull())
        .addColumn('message', 'text')
        .execute();
      await db.schema
        .createIndex('pin_timeline_pin_idx')
        .on('pin_timeline')
        .columns(['pin_id', 'id'])
        .execute();

      await sql`
        insert into pin_timeline (pin_id, at, kind, progress, message)
        select id, created_at, 'created', 0, null from pins order by id`.execute(db);
      // A scan still running keeps its latest word; an ended PIN, how and when it ended.
      await sql`
        insert into pin_timeline (pin_id, at, kind, progress, message)
        select id,
          coalesce(last_status_update, finished_at, created_at),
          case status when 'scanning' then 'progress' when 'finished' then 'finished'
            when 'expired' then 'expired' else 'failed' end,
          progress, status_message
        from pins where status in ('scanning', 'finished', 'expired', 'error') order by id`.execute(db);
    },
  };
}

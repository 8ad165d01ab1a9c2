import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.js';

/**
 * The audit trail (docs/audit.md): one row per consequential action, append-only. No code path
 * updates or deletes a row, and triggers refuse it in the store itself on both dialects, so a bug
 * or a stray query cannot rewrite history. Rows name resources by id and hold no Discord ID of a
 * scanned person, so erasing a player never needs to touch this table (docs/privacy.md).
 */
export function audit({ dialect, idColumn }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('audit_events')
        .addColumn('id', idColumn, (c) => c.primaryKey())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('actor_kind', 'text', (c) => c.notNull())
        // No foreign keys: the trail outlives the accounts, keys and sessions it names.
        .addColumn('actor_account_id', 'integer')
        .addColumn('actor_key_id', 'integer')
        .addColumn('actor_session_id', 'integer')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('resource_type', 'text', (c) => c.notNull())
        .addColumn('resource_id', 'bigint')
        .addColumn('enterprise_id', 'integer')
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('code', 'text')
        .addColumn('detail', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_events_at_idx').on('audit_events').column('at').execute();
      await db.schema
        .createIndex('audit_events_enterprise_idx')
        .on('audit_events')
        .columns(['enterprise_id', 'id'])
        .execute();
      await db.schema
        .createIndex('audit_events_actor_idx')
        .on('audit_events')
        .columns(['actor_account_id', 'id'])
        .execute();
      await db.schema
        .createIndex('audit_events_resource_idx')
        .on('audit_events')
        .columns(['resource_type', 'resource_id'])
        .execute();
      if (dialect === 'sqlite') {
        for (const op of ['UPDATE', 'DELETE']) {
          await sql
            .raw(
              `CREATE TRIGGER audit_events_no_${op.toLowerCase()} BEFORE ${op} ON audit_events
               BEGIN SELECT RAISE(ABORT, 'audit_events is append-only'); END`,
            )
            .execute(db);
        }
      } else {
        await sql
          .raw(
            `CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
             BEGIN RAISE EXCEPTION 'audit_events is append-only'; END $$`,
          )
          .execute(db);
        await sql
          .raw(
            `CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
             FOR EACH ROW EXECUTE FUNCTION audit_events_append_only()`,
          )
          .execute(db);
      }
    },
  };
}

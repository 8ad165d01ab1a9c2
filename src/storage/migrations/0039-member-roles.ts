import type { Kysely } from 'kysely';

/**
 * Roles in an Enterprise (docs/roles.md):
 * - enterprise_members.role: admin, moderator or viewer. Members who joined before roles existed
 *   become viewers, which is what they could do (read the Enterprise's PINs, results and players).
 * - enterprise_pin_quotas: how many active PINs the staff of one role may hold together through the
 *   dashboard and the Discord app; a role without a row has MAX_ACTIVE_PINS.
 * - pins.staff_role: the role a PIN was created with through the dashboard or Discord, so it counts
 *   against that role's quota and not against its account's MAX_ACTIVE_PINS; null for the API's.
 */
export function memberRoles() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('enterprise_members')
        .addColumn('role', 'text', (c) => c.notNull().defaultTo('viewer'))
        .execute();
      await db.schema
        .createTable('enterprise_pin_quotas')
        .addColumn('enterprise_id', 'integer', (c) => c.notNull().references('enterprises.id'))
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('max_active', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('enterprise_pin_quotas_pk', ['enterprise_id', 'role'])
        .execute();
      await db.schema.alterTable('pins').addColumn('staff_role', 'text').execute();
      // A role's active staff PINs in an Enterprise, counted at every staff create.
      await db.schema
        .createIndex('pins_staff_quota_idx')
        .on('pins')
        .columns(['enterprise_id', 'staff_role', 'status'])
        .execute();
    },
  };
}

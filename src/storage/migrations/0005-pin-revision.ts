import type { Kysely } from 'kysely';

/**
 * A revision number per PIN, bumped by every write. A scanner report is decided by the lifecycle
 * rules (domain/pin-lifecycle) on the state it read and written only if the PIN is still at that
 * revision, so the store never has to restate the rules in SQL to stay safe under races.
 */
export function pinRevision() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('pins')
        .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}

import type { Kysely } from 'kysely';

/** Service-wide facts every instance must agree on (e.g. which hashing secret the data was made with). */
export function settings() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('settings')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
  };
}

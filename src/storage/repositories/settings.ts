import type { Db } from '../database.js';

/** Service-wide facts every instance sharing the store must agree on. */
export function settingsRepository(db: Db) {
  return {
    /**
     * Records `value` under `name` the first time and returns what is recorded, so every instance
     * that shares the store sees the first instance's value.
     */
    async recordOnce(name: string, value: string): Promise<string> {
      await db
        .insertInto('settings')
        .values({ name, value })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await db
        .selectFrom('settings')
        .select('value')
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      return row.value;
    },
  };
}

export type SettingsRepository = ReturnType<typeof settingsRepository>;

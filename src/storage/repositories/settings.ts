import type { Db } from '../database.js';

/**
 * Records `value` under `name` the first time and returns what is recorded, so every instance that
 * shares the store sees the first instance's value.
 */
export async function recordOnce(db: Db, name: string, value: string): Promise<string> {
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
}

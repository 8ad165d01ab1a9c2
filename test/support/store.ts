import type { PinRow, PinUpdate } from '../../src/storage/schema.js';
import type { TestApp } from './test-app.js';

/** Rows the store holds for an account: what a refused or concurrent create really left behind. */
export async function pinsOf(t: TestApp, accountId: number): Promise<PinRow[]> {
  return t.deps.store.db
    .selectFrom('pins')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('id')
    .execute();
}

/**
 * Moves a stored PIN into a state only the scan client can produce (the scanner API is a later
 * issue). Used as a fixture, e.g. to show that a `scanning` PIN counts towards the active limit.
 */
export async function setPinState(t: TestApp, code: string, changes: PinUpdate): Promise<void> {
  const res = await t.deps.store.db
    .updateTable('pins')
    .set(changes)
    .where('code', '=', code)
    .executeTakeFirst();
  if (res.numUpdatedRows !== 1n) throw new Error(`no PIN ${code} to update`);
}

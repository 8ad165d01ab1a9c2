import type { Kysely } from 'kysely';

/**
 * enterprises.verdict_to_players: whether the scanner shows the player their verdict at the end of
 * the scan (docs/dashboard.md, "Showing players their verdict"). Off unless the Enterprise's owner
 * turns it on: a cheater who sees the verdict at once learns whether a bypass worked.
 */
export function verdictToPlayers() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('enterprises')
        .addColumn('verdict_to_players', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}

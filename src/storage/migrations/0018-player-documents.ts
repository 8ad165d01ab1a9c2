import type { Kysely } from 'kysely';

/**
 * The facts behind a player's lookup and risk score, kept as one document per player
 * (docs/benchmarks.md, "Player documents"), so a read is one row instead of a walk over their
 * hardware, scans and related accounts.
 * - scanned_users.facts_version: bumped, in the same transaction, by every write that changes what the
 *   player's answers say (a scan finishing on their hardware or a related account's, a ban, a note, a
 *   link made or taken back, an erasure, a recount);
 * - player_documents: the facts as of `version`. A document whose version is not the player's is
 *   never served: it is computed again and replaced. Documents are derived data, so none are made
 *   here; the first read of each player makes its own.
 */
export function playerDocuments() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('scanned_users')
        .addColumn('facts_version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('player_documents')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('scanned_users.id'))
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('facts', 'text', (c) => c.notNull())
        .execute();
    },
  };
}

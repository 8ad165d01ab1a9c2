import type { Kysely } from 'kysely';

/**
 * What a result is worth (docs/scan-client.md, "Trust"):
 * - scan_reports.assurance: the finished scan's assurance as JSON (its client, level and reasons);
 *   null for scans finished before it was recorded;
 * - pins.proof_token_hash: SHA-256 of the one-time link the scanner shows the player after the
 *   scan's start, for proving their Discord account for this scanner session; cleared once used;
 * - pin_players.proven_session_hash: the session the proof arrived through. A proof counts for every
 *   community only when it was made through the scan's own session (docs/risk-score.md, "Whose scan
 *   it is"), so holding a PIN a player proved before is no way to frame them.
 */
export function scanAssurance() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('scan_reports').addColumn('assurance', 'text').execute();
      await db.schema.alterTable('pins').addColumn('proof_token_hash', 'text').execute();
      await db.schema.alterTable('pin_players').addColumn('proven_session_hash', 'text').execute();
      // The proof link finds its scan by the link's hash.
      await db.schema.createIndex('pins_proof_token_idx').on('pins').column('proof_token_hash').execute();
    },
  };
}

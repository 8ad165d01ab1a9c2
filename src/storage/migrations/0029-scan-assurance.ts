import type { Kysely } from 'kysely';

/**
 * What a result is worth (docs/scan-client.md, "Trust"):
 * - scan_reports.assurance: the finished scan's assurance as JSON (its client, level and reasons);
 *   null for scans finished before it was recorded;
 * - pin_players.proven_session_hash: the scanner session the proof arrived through (the one-time
 *   link the scanner shows after its start is derived from that session, so nothing more is stored
 *   for it). A proof counts for every community only when it was made through the scan's own session
 *   (docs/risk-score.md, "Whose scan it is"), so holding a PIN a player proved before is no way to
 *   frame them.
 */
export function scanAssurance() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('scan_reports').addColumn('assurance', 'text').execute();
      await db.schema.alterTable('pin_players').addColumn('proven_session_hash', 'text').execute();
    },
  };
}

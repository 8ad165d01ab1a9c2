import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.js';

/**
 * Where a scan ran (docs/scanner.md, "Where the scan ran"): one row per sighting of a network by a
 * scan: the game connection given at PIN creation, the scanner's start, a progress call from a network
 * other than the one before, the upload and the player's Discord proof. `network_hash` is a keyed hash
 * of the address's /24 or /64, never the address; `country` and `asn` come from the operator's
 * databases, null when none is loaded. IP-derived: retention drops rows past IP_RETENTION_DAYS, and
 * they go with their PIN and with the person's scans (docs/privacy.md).
 */
export function scanNetworks({ idColumn }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('scan_networks')
        .addColumn('id', idColumn, (c) => c.primaryKey())
        .addColumn('pin_id', 'integer', (c) => c.notNull().references('pins.id').onDelete('cascade'))
        .addColumn('stage', 'text', (c) => c.notNull())
        .addColumn('network_hash', 'text', (c) => c.notNull())
        .addColumn('country', 'text')
        .addColumn('asn', 'bigint')
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      // A scan's rows are read together (its finish, each progress call's last network, erasure).
      await db.schema.createIndex('scan_networks_pin_idx').on('scan_networks').column('pin_id').execute();
      // Retention finds the rows past IP_RETENTION_DAYS.
      await db.schema.createIndex('scan_networks_at_idx').on('scan_networks').column('at').execute();
    },
  };
}

import type { Kysely } from 'kysely';

/**
 * What each scan told about the machine it ran on, per hardware profile it reported
 * (docs/scan-client.md, "Same machine, same story"): the facts a forger must keep consistent from
 * one scan of a machine to the next. Scan data like the evidence it comes from (docs/privacy.md):
 * removed with its PIN. Network adapters and Discord accounts are kept only as keyed hashes, which
 * is all a comparison needs.
 * - os: the operating system and build, as the client wrote it;
 * - booted_at: the boot time moved onto the server's clock (epoch ms);
 * - clock_offset: the client's clock minus the server's at receipt (ms, signed);
 * - adapters / discord: JSON arrays of keyed hashes, null when that source was not collected.
 */
export function hardwareFacts() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('hardware_facts')
        .addColumn('hwid_id', 'integer', (c) => c.notNull().references('hwids.id'))
        .addColumn('pin_id', 'integer', (c) => c.notNull().references('pins.id').onDelete('cascade'))
        .addColumn('scanned_at', 'bigint', (c) => c.notNull())
        .addColumn('os', 'text')
        .addColumn('booted_at', 'bigint')
        .addColumn('clock_offset', 'bigint')
        .addColumn('adapters', 'text')
        .addColumn('discord', 'text')
        .addPrimaryKeyConstraint('hardware_facts_pk', ['hwid_id', 'pin_id'])
        .execute();
      // Retention and erasure remove a PIN's rows; the history of a machine reads by hwid_id (the key).
      await db.schema.createIndex('hardware_facts_pin_idx').on('hardware_facts').column('pin_id').execute();
    },
  };
}

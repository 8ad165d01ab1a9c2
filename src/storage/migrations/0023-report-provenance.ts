import type { Kysely } from 'kysely';

/**
 * Whose scan is it (docs/risk-score.md, "Whose scan it is"):
 * - pin_players: the player a PIN was made for, as the staff named them (the API's `playerDiscordId`,
 *   the Discord app's `/scan player:`), and the Discord account the player proved by signing in
 *   before the scan (the /scan page, OAuth scope `identify`);
 * - scan_accounts: each Discord account of a finished scan with how the scan knows it (`proven`,
 *   `named`, `seen` on the machine, `claimed`), whether the machine's Discord store listed it, and
 *   whether it counts for every community (`shared`) or only inside the Enterprise that ran the scan.
 *   The facts a risk score needs of the scan are copied here, so an Enterprise's own reports are one
 *   indexed read. Scans finished before this migration have no rows: their accounts were counted for
 *   everyone when they finished, and stay so;
 * - enterprises.reports_shared: operators can keep an Enterprise's reports inside it (new or abusive
 *   customers).
 */
export function reportProvenance() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('pin_players')
        .addColumn('pin_id', 'integer', (c) => c.primaryKey().references('pins.id').onDelete('cascade'))
        .addColumn('named_discord_id', 'text')
        .addColumn('named_username', 'text')
        .addColumn('proven_discord_id', 'text')
        .addColumn('proven_username', 'text')
        .addColumn('proven_at', 'bigint')
        .execute();
      // Erasing a person finds the PINs that named them or that they proved.
      await db.schema
        .createIndex('pin_players_named_idx')
        .on('pin_players')
        .column('named_discord_id')
        .execute();
      await db.schema
        .createIndex('pin_players_proven_idx')
        .on('pin_players')
        .column('proven_discord_id')
        .execute();

      await db.schema
        .createTable('scan_accounts')
        .addColumn('pin_id', 'integer', (c) => c.notNull().references('pins.id').onDelete('cascade'))
        .addColumn('discord_id', 'text', (c) => c.notNull())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('provenance', 'text', (c) => c.notNull())
        .addColumn('seen_on_machine', 'integer', (c) => c.notNull())
        .addColumn('shared', 'integer', (c) => c.notNull())
        .addColumn('enterprise_id', 'integer', (c) => c.notNull())
        .addColumn('game_type', 'text', (c) => c.notNull())
        .addColumn('verdict', 'text', (c) => c.notNull())
        .addColumn('detections', 'text', (c) => c.notNull())
        .addColumn('suspicious_findings', 'integer', (c) => c.notNull())
        .addColumn('finished_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('scan_accounts_pk', ['pin_id', 'discord_id'])
        .execute();
      // An Enterprise's own reports of one person: the read behind its risk scores and lookups.
      await db.schema
        .createIndex('scan_accounts_person_idx')
        .on('scan_accounts')
        .columns(['discord_id', 'enterprise_id', 'shared'])
        .execute();

      await db.schema
        .alterTable('enterprises')
        .addColumn('reports_shared', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
    },
  };
}

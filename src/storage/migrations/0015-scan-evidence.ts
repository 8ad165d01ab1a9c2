import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.js';
import starterPack from './rule-packs/starter-1.json' with { type: 'json' };

/**
 * Scan evidence and the rules that judge it (docs/scan-client.md). A scan's one-time nonce is kept
 * as a hash beside its session; the evidence document is kept with its scan as scan data (retention,
 * export and erasure as docs/privacy.md says); rules stay on the server. The starter pack is data
 * (`rule-packs/starter-1.json`, each rule with the public source of its pattern), loaded once here: a
 * later pack comes with a migration of its own, so this one never changes.
 */
export function scanEvidence({ idColumn }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('pins').addColumn('scan_nonce_hash', 'text').execute();
      await db.schema.alterTable('pins').addColumn('scan_started_at', 'bigint').execute();
      await db.schema
        .createTable('scan_rules')
        .addColumn('id', idColumn, (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('pattern', 'text', (c) => c.notNull())
        .addColumn('match', 'text', (c) => c.notNull())
        .addColumn('severity', 'text', (c) => c.notNull())
        .addColumn('games', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('source', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('scan_evidence')
        .addColumn('pin_id', 'integer', (c) => c.primaryKey().references('pins.id').onDelete('cascade'))
        .addColumn('receipt_id', 'text', (c) => c.notNull().unique())
        .addColumn('document', 'text', (c) => c.notNull())
        .addColumn('findings', 'text', (c) => c.notNull())
        .addColumn('received_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('scan_evidence_received_idx')
        .on('scan_evidence')
        .column('received_at')
        .execute();

      const now = Date.now();
      const rows = starterPack.rules.map((rule) => ({
        name: rule.name,
        kind: rule.kind,
        pattern: rule.pattern,
        match: rule.match,
        severity: rule.severity,
        games: JSON.stringify(rule.games),
        enabled: 1,
        source: rule.source,
        created_at: now,
        updated_at: now,
      }));
      // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
      if (rows.length > 0) await (db as Kysely<any>).insertInto('scan_rules').values(rows).execute();
    },
  };
}

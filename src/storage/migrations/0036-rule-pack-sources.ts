import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.js';

/**
 * Pack URLs the server polls (docs/rules.md, "Subscribing to a pack URL"), one row per URL:
 * - when it is next due and, while an instance checks it, until when that instance holds it
 *   (`claimed_until`), so several instances never fetch one source at once and a claim of an
 *   instance that died runs out;
 * - the validators of its last successful fetch (`etag`, `last_modified`) and the SHA-256 of the bytes
 *   it served, so an unchanged pack costs a 304 or nothing;
 * - what its last check found, for operators: when, the status, the HTTP status, the error in words,
 *   and which pack (publisher key and name) and version it served.
 */
export function rulePackSources({ idColumn }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('rule_pack_sources')
        .addColumn('id', idColumn, (c) => c.primaryKey())
        .addColumn('url', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('next_check_at', 'bigint', (c) => c.notNull())
        .addColumn('claimed_until', 'bigint')
        .addColumn('etag', 'text')
        .addColumn('last_modified', 'text')
        .addColumn('body_digest', 'text')
        .addColumn('last_checked_at', 'bigint')
        .addColumn('last_status', 'text')
        .addColumn('last_http_status', 'integer')
        .addColumn('last_error', 'text')
        .addColumn('last_imported_at', 'bigint')
        .addColumn('pack_key_id', 'text')
        .addColumn('pack_name', 'text')
        .addColumn('served_version', 'integer')
        .execute();
      // The poll finds the sources due.
      await db.schema
        .createIndex('rule_pack_sources_due_idx')
        .on('rule_pack_sources')
        .column('next_check_at')
        .execute();
    },
  };
}

import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.js';

/**
 * Known scanner clients and their signed calls (docs/scanner.md, "Signed calls"; docs/operations.md,
 * "Scanner clients"):
 * - scanner_clients: each official build (`npm run build:scanner`) and each third-party integration
 *   the operator registered, with its HMAC key sealed at rest (lib/secret-box.ts, keyed from the
 *   hashing secret: a copy of the database alone reveals no key). A client is retired by
 *   `revoked_at` at once, or by `expires_at` after a grace period;
 * - scanner_request_signatures: the digest of every signature accepted, until its timestamp leaves the
 *   window, so a replayed call is refused on every instance; the background sweep removes old rows;
 * - pins.client_kind and pins.scanner_client_id: the client a scan started with. Every later call of
 *   the scan's session must come from that same client.
 */
export function scannerClients({ idColumn }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('scanner_clients')
        .addColumn('id', idColumn, (c) => c.primaryKey())
        .addColumn('client_id', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('version', 'text')
        .addColumn('platform', 'text')
        .addColumn('key_sealed', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint')
        .addColumn('revoked_at', 'bigint')
        .addColumn('last_used_at', 'bigint')
        .execute();

      await db.schema
        .createTable('scanner_request_signatures')
        .addColumn('digest', 'text', (c) => c.primaryKey())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('scanner_request_signatures_expires_idx')
        .on('scanner_request_signatures')
        .column('expires_at')
        .execute();

      await db.schema.alterTable('pins').addColumn('client_kind', 'text').execute();
      await db.schema.alterTable('pins').addColumn('scanner_client_id', 'integer').execute();
    },
  };
}

import { sql } from 'kysely';
import type { Store } from '../../src/storage/database.js';

/**
 * What a refused request may still change, and why; everything else in every table must stay as it
 * was (docs/api.md, "Errors": a refusal changes nothing).
 *
 * - `audit_events`: the audit trail records refused attempts on purpose (docs/security.md).
 * - `api_keys.last_used_at`: a key is "used" when it authenticates, before the endpoint refuses
 *   (docs/dashboard.md, key usage).
 * - `sessions.last_seen_at`, `sessions.expires_at`: sessions slide on every signed-in call, refused
 *   or not (src/domain/session-policy.ts).
 * - `used_sign_in_states`: a Discord sign-in attempt is spent by its first return, whatever became of
 *   it (docs/dashboard.md, "Sign in with Discord").
 * - `scanner_request_signatures`, `scanner_clients.last_used_at`: a registered scanner client's
 *   signature is spent once it verified, whatever the call then met (a refused upload's signature
 *   must not be good again), and the client's last use is its last verified call (docs/scanner.md,
 *   "Signed calls").
 * - `kysely_migration`, `kysely_migration_lock`: the migrator's bookkeeping, not data.
 * - `rule_tests`' progress and `rule_test_matches`: a rule test an accepted request started goes on in
 *   the background, writing its progress and matches while later cases run (docs/scan-client.md,
 *   "Testing a rule"); a refused start that made a test would still show as a new `rule_tests` row.
 * Rate-limit counters live in process memory or Redis, never in these tables, so nothing else is
 * left out.
 */
export const EXCLUDED_TABLES: ReadonlySet<string> = new Set([
  'audit_events',
  'kysely_migration',
  'kysely_migration_lock',
  'used_sign_in_states',
  'rule_test_matches',
  'scanner_request_signatures',
]);
export const EXCLUDED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  api_keys: ['last_used_at'],
  scanner_clients: ['last_used_at'],
  sessions: ['last_seen_at', 'expires_at'],
  rule_tests: ['status', 'examined', 'matched', 'skipped', 'updated_at', 'finished_at', 'reason'],
};

async function tableNames(store: Store): Promise<string[]> {
  if (store.dialect === 'sqlite') {
    const { rows } = await sql<{ name: string }>`
      select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name
    `.execute(store.db);
    return rows.map((r) => r.name);
  }
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name
  `.execute(store.db);
  return rows.map((r) => r.name);
}

/** Every row of every table (but the exclusions above), in a stable order, as one comparable object. */
export async function dumpStore(store: Store): Promise<Record<string, string[]>> {
  const dump: Record<string, string[]> = {};
  for (const table of await tableNames(store)) {
    if (EXCLUDED_TABLES.has(table)) continue;
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(store.db);
    const drop = EXCLUDED_COLUMNS[table] ?? [];
    dump[table] = rows
      .map((row) => {
        for (const column of drop) delete row[column];
        return JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
      })
      .sort();
  }
  return dump;
}

/** The tables whose rows differ, with up to two changed rows each, for a failure message. */
export function storeChanges(before: Record<string, string[]>, after: Record<string, string[]>): string[] {
  const changes: string[] = [];
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = new Set(before[table] ?? []);
    const b = new Set(after[table] ?? []);
    const gone = [...a].filter((r) => !b.has(r));
    const added = [...b].filter((r) => !a.has(r));
    if (gone.length > 0 || added.length > 0) {
      changes.push(
        `${table}: -${gone.length} +${added.length} ${gone.slice(0, 2).join(' ')} => ${added.slice(0, 2).join(' ')}`,
      );
    }
  }
  return changes;
}

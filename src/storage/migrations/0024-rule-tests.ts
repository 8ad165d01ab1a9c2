import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.js';

/**
 * A rule's dry runs over stored evidence, as background jobs any instance can answer for
 * (docs/scan-client.md, "Testing a rule"):
 * - rule_tests: one row per test, its progress rewritten about once a second by the instance running
 *   it; `updated_at` left behind for a minute means that instance stopped (the test is read as
 *   abandoned);
 * - rule_test_matches: each scan the rule matched, in the test's order (`seq`, oldest first), with the
 *   findings' texts. They name PINs, so they are scan data: they go with their PIN (retention) and
 *   with the person's scans (erasure), and the daily retention run removes tests a week after they
 *   ended (docs/privacy.md).
 */
export function ruleTests({ idColumn }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('rule_tests')
        .addColumn('id', idColumn, (c) => c.primaryKey())
        .addColumn('rule_id', 'integer', (c) => c.notNull().references('scan_rules.id'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('examined', 'integer', (c) => c.notNull())
        .addColumn('total', 'integer', (c) => c.notNull())
        .addColumn('matched', 'integer', (c) => c.notNull())
        .addColumn('skipped', 'integer', (c) => c.notNull())
        .addColumn('time_limit_seconds', 'integer', (c) => c.notNull())
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'bigint')
        .addColumn('reason', 'text')
        .execute();
      // Retention finds the tests that stopped being written to days ago.
      await db.schema.createIndex('rule_tests_updated_idx').on('rule_tests').column('updated_at').execute();

      await db.schema
        .createTable('rule_test_matches')
        .addColumn('test_id', 'integer', (c) => c.notNull().references('rule_tests.id').onDelete('cascade'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('pin_id', 'integer', (c) => c.notNull().references('pins.id').onDelete('cascade'))
        .addColumn('received_at', 'bigint', (c) => c.notNull())
        .addColumn('findings', 'text', (c) => c.notNull())
        .addColumn('omitted', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('rule_test_matches_pk', ['test_id', 'seq'])
        .execute();
      // Removing a PIN (retention, erasure) finds its matches.
      await db.schema
        .createIndex('rule_test_matches_pin_idx')
        .on('rule_test_matches')
        .column('pin_id')
        .execute();
    },
  };
}

import type { Kysely } from 'kysely';
import { type RuleHit, ruleHitsOf } from '../../domain/rule-quality.js';
import type { Finding, Judgement } from '../../domain/rules.js';

/**
 * Rule quality (docs/rules.md, "Rule quality"):
 * - rule_hits: each rule that made a finding in a judged scan, once per scan, with how many places it
 *   matched and when the scan was judged. Written with the scan's finish, never again: a rule or pack
 *   changed later leaves it as judged.
 * - rule_false_positives: staff's mark that a rule's finding in one scan is a false positive, who made
 *   it, when, and an optional note. It belongs to the hit it marks.
 * Both are scan data: they go with their PIN (retention). The scans judged before this migration get
 * their hits from their kept findings, a page of scans at a time.
 */
const BACKFILL_PAGE = 500;
const INSERT_CHUNK = 1000;

export function ruleQuality() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('rule_hits')
        .addColumn('pin_id', 'integer', (c) => c.notNull().references('pins.id').onDelete('cascade'))
        .addColumn('rule_id', 'integer', (c) => c.notNull().references('scan_rules.id'))
        .addColumn('places', 'integer', (c) => c.notNull())
        .addColumn('hit_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('rule_hits_pk', ['pin_id', 'rule_id'])
        .execute();
      // A rule's hits over a window, and every rule's in the window for the rules list.
      await db.schema
        .createIndex('rule_hits_rule_idx')
        .on('rule_hits')
        .columns(['rule_id', 'hit_at'])
        .execute();
      await db.schema.createIndex('rule_hits_at_idx').on('rule_hits').column('hit_at').execute();

      await db.schema
        .createTable('rule_false_positives')
        .addColumn('pin_id', 'integer', (c) => c.notNull())
        .addColumn('rule_id', 'integer', (c) => c.notNull())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('note', 'text')
        .addColumn('marked_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('rule_false_positives_pk', ['pin_id', 'rule_id'])
        .addForeignKeyConstraint(
          'rule_false_positives_hit_fk',
          ['pin_id', 'rule_id'],
          'rule_hits',
          ['pin_id', 'rule_id'],
          (fk) => fk.onDelete('cascade'),
        )
        .execute();
      // The operator's list of a rule's marks, newest first.
      await db.schema
        .createIndex('rule_false_positives_rule_idx')
        .on('rule_false_positives')
        .columns(['rule_id', 'marked_at'])
        .execute();

      await backfill(db as Kysely<BackfillTables>);
    },
  };
}

interface BackfillTables {
  scan_evidence: { pin_id: number; findings: string; received_at: number };
  scan_rules: { id: number };
  rule_hits: { pin_id: number; rule_id: number; places: number; hit_at: number };
}

async function backfill(db: Kysely<BackfillTables>): Promise<void> {
  const known = new Set((await db.selectFrom('scan_rules').select('id').execute()).map((r) => Number(r.id)));
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('scan_evidence')
      .select(['pin_id', 'findings', 'received_at'])
      .where('pin_id', '>', after)
      .orderBy('pin_id')
      .limit(BACKFILL_PAGE)
      .execute();
    if (rows.length === 0) return;
    const values = rows.flatMap((row) =>
      hitsOf(row.findings)
        .filter((hit) => known.has(hit.ruleId))
        .map((hit) => ({
          pin_id: Number(row.pin_id),
          rule_id: hit.ruleId,
          places: hit.places,
          hit_at: Number(row.received_at),
        })),
    );
    // Four parameters a row: chunks keep each statement well under PostgreSQL's 65,535.
    for (let i = 0; i < values.length; i += INSERT_CHUNK)
      await db
        .insertInto('rule_hits')
        .values(values.slice(i, i + INSERT_CHUNK))
        .execute();
    after = Number(rows[rows.length - 1]?.pin_id);
  }
}

/** Kept findings: a judgement, or (before findings were bounded) the bare list. */
function hitsOf(json: string): RuleHit[] {
  const stored = JSON.parse(json) as Judgement | Finding[];
  return ruleHitsOf(Array.isArray(stored) ? { findings: stored, omitted: [] } : stored);
}

import { sql } from 'kysely';
import type { QualityCounts, RuleHit } from '../../domain/rule-quality.js';
import { DAY_MS } from '../../domain/time.js';
import type { Db } from '../database.js';

/** A false-positive mark as the dashboard shows it with the finding. */
export interface FalsePositiveMark {
  ruleId: number;
  accountId: number;
  /** The marker's account name, null if the account is gone. */
  accountName: string | null;
  note: string | null;
  markedAt: number;
}

/** A mark as the operator reads it with the rule: the scan it is on too. */
export interface RuleMark extends FalsePositiveMark {
  pinCode: string;
  enterpriseId: number;
  hitAt: number;
}

/**
 * Rule hits and staff's false-positive marks (docs/rules.md, "Rule quality"). Hits are written with a
 * scan's finish (`recordRuleHits`, in its transaction) and never rewritten; marks belong to a hit.
 */
export function ruleQualityRepository(db: Db) {
  return {
    async hitExists(pinId: number, ruleId: number): Promise<boolean> {
      const row = await db
        .selectFrom('rule_hits')
        .select('pin_id')
        .where('pin_id', '=', pinId)
        .where('rule_id', '=', ruleId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Marks (or marks again, with a new note) a hit; true when it was not marked before. */
    async mark(input: {
      pinId: number;
      ruleId: number;
      accountId: number;
      note: string | null;
      at: number;
    }): Promise<boolean> {
      const before = await db
        .selectFrom('rule_false_positives')
        .select('pin_id')
        .where('pin_id', '=', input.pinId)
        .where('rule_id', '=', input.ruleId)
        .executeTakeFirst();
      await db
        .insertInto('rule_false_positives')
        .values({
          pin_id: input.pinId,
          rule_id: input.ruleId,
          account_id: input.accountId,
          note: input.note,
          marked_at: input.at,
        })
        .onConflict((oc) =>
          oc.columns(['pin_id', 'rule_id']).doUpdateSet({
            account_id: input.accountId,
            note: input.note,
            marked_at: input.at,
          }),
        )
        .execute();
      return before === undefined;
    },

    /** Removes a mark; false when there was none. */
    async unmark(pinId: number, ruleId: number): Promise<boolean> {
      const res = await db
        .deleteFrom('rule_false_positives')
        .where('pin_id', '=', pinId)
        .where('rule_id', '=', ruleId)
        .executeTakeFirst();
      return res.numDeletedRows > 0n;
    },

    /** The marks on one scan's findings, by rule. */
    async marksOfPin(pinId: number): Promise<FalsePositiveMark[]> {
      const rows = await db
        .selectFrom('rule_false_positives as f')
        .leftJoin('accounts as a', 'a.id', 'f.account_id')
        .select(['f.rule_id', 'f.account_id', 'a.name', 'f.note', 'f.marked_at'])
        .where('f.pin_id', '=', pinId)
        .orderBy('f.rule_id')
        .execute();
      return rows.map((r) => ({
        ruleId: Number(r.rule_id),
        accountId: Number(r.account_id),
        accountName: r.name ?? null,
        note: r.note,
        markedAt: Number(r.marked_at),
      }));
    },

    /** Per rule with a hit since `since`: its hits then and how many of them are marked. */
    async totalsSince(since: number): Promise<Map<number, QualityCounts>> {
      const rows = await db
        .selectFrom('rule_hits as h')
        .leftJoin('rule_false_positives as f', (join) =>
          join.onRef('f.pin_id', '=', 'h.pin_id').onRef('f.rule_id', '=', 'h.rule_id'),
        )
        .select((eb) => ['h.rule_id', eb.fn.countAll().as('hits'), eb.fn.count('f.pin_id').as('marked')])
        .where('h.hit_at', '>=', since)
        .groupBy('h.rule_id')
        .execute();
      return new Map(
        rows.map((r) => [Number(r.rule_id), { hits: Number(r.hits), falsePositives: Number(r.marked) }]),
      );
    },

    /** One rule's hits and marks since `since`, per UTC day (the day number since 1970-01-01). */
    async perDay(ruleId: number, since: number): Promise<Array<QualityCounts & { day: number }>> {
      // Epoch milliseconds are integers in both stores, so this is an integer division in both.
      const day = sql<number>`h.hit_at / ${sql.lit(DAY_MS)}`;
      const rows = await db
        .selectFrom('rule_hits as h')
        .leftJoin('rule_false_positives as f', (join) =>
          join.onRef('f.pin_id', '=', 'h.pin_id').onRef('f.rule_id', '=', 'h.rule_id'),
        )
        .select((eb) => [day.as('day'), eb.fn.countAll().as('hits'), eb.fn.count('f.pin_id').as('marked')])
        .where('h.rule_id', '=', ruleId)
        .where('h.hit_at', '>=', since)
        .groupBy(day)
        .execute();
      return rows.map((r) => ({
        day: Number(r.day),
        hits: Number(r.hits),
        falsePositives: Number(r.marked),
      }));
    },

    /** One rule's hits and marks over everything kept. */
    async allTime(ruleId: number): Promise<QualityCounts> {
      const row = await db
        .selectFrom('rule_hits as h')
        .leftJoin('rule_false_positives as f', (join) =>
          join.onRef('f.pin_id', '=', 'h.pin_id').onRef('f.rule_id', '=', 'h.rule_id'),
        )
        .select((eb) => [eb.fn.countAll().as('hits'), eb.fn.count('f.pin_id').as('marked')])
        .where('h.rule_id', '=', ruleId)
        .executeTakeFirstOrThrow();
      return { hits: Number(row.hits), falsePositives: Number(row.marked) };
    },

    /** One rule's newest marks, with the scan each is on. */
    async recentMarks(ruleId: number, limit: number): Promise<RuleMark[]> {
      const rows = await db
        .selectFrom('rule_false_positives as f')
        .innerJoin('rule_hits as h', (join) =>
          join.onRef('h.pin_id', '=', 'f.pin_id').onRef('h.rule_id', '=', 'f.rule_id'),
        )
        .innerJoin('pins as p', 'p.id', 'f.pin_id')
        .leftJoin('accounts as a', 'a.id', 'f.account_id')
        .select([
          'f.rule_id',
          'f.account_id',
          'a.name',
          'f.note',
          'f.marked_at',
          'p.code',
          'p.enterprise_id',
          'h.hit_at',
        ])
        .where('f.rule_id', '=', ruleId)
        .orderBy('f.marked_at', 'desc')
        .orderBy('f.pin_id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        ruleId: Number(r.rule_id),
        accountId: Number(r.account_id),
        accountName: r.name ?? null,
        note: r.note,
        markedAt: Number(r.marked_at),
        pinCode: r.code,
        enterpriseId: Number(r.enterprise_id),
        hitAt: Number(r.hit_at),
      }));
    },
  };
}

export type RuleQualityRepository = ReturnType<typeof ruleQualityRepository>;

/** A judged scan's rule hits, written in its finish transaction (storage/repositories/scans.ts). */
export async function recordRuleHits(
  trx: Db,
  pinId: number,
  hits: readonly RuleHit[],
  at: number,
): Promise<void> {
  if (hits.length === 0) return;
  await trx
    .insertInto('rule_hits')
    .values(hits.map((hit) => ({ pin_id: pinId, rule_id: hit.ruleId, places: hit.places, hit_at: at })))
    .execute();
}

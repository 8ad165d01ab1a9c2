import type { Selectable } from 'kysely';
import type { RuleTest, RuleTestMatch, RuleTestStatus } from '../../domain/rule-test.js';
import type { Db } from '../database.js';
import type { RuleTestsTable } from '../schema.js';

/** Where a test's walk over stored evidence stands: the last document's place, oldest first. */
export interface EvidenceKey {
  receivedAt: number;
  pinId: number;
}

/** One stored document for a rule test: its JSON is passed on as it is, never parsed here. */
export interface EvidenceToJudge {
  pinId: number;
  gameType: string;
  receivedAt: number;
  documentJson: string;
}

export interface RuleTestProgress {
  examined: number;
  matched: number;
  skipped: number;
}

export interface NewRuleTestMatch {
  seq: number;
  pinId: number;
  receivedAt: number;
  findings: readonly string[];
  omitted: number;
}

function toRuleTest(row: Selectable<RuleTestsTable>): RuleTest {
  return {
    id: Number(row.id),
    ruleId: Number(row.rule_id),
    status: row.status as RuleTestStatus,
    examined: Number(row.examined),
    total: Number(row.total),
    matched: Number(row.matched),
    skipped: Number(row.skipped),
    timeLimitSeconds: Number(row.time_limit_seconds),
    startedAt: Number(row.started_at),
    updatedAt: Number(row.updated_at),
    finishedAt: row.finished_at === null ? null : Number(row.finished_at),
    reason: row.reason,
  };
}

/**
 * Rule tests and their matches (docs/scan-client.md, "Testing a rule"), and the reads a test makes of
 * stored evidence: the documents' keys a page at a time, then each document alone, so no read ever
 * holds more than one document (docs/security.md).
 */
export function ruleTestsRepository(db: Db) {
  return {
    /** The newest stored document's key and how many are stored up to it: what a test starting now covers. */
    async evidenceExtent(): Promise<{ last: EvidenceKey | null; total: number }> {
      const last = await db
        .selectFrom('scan_evidence')
        .select(['received_at', 'pin_id'])
        .orderBy('received_at', 'desc')
        .orderBy('pin_id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (last === undefined) return { last: null, total: 0 };
      const key = { receivedAt: Number(last.received_at), pinId: Number(last.pin_id) };
      const row = await db
        .selectFrom('scan_evidence')
        .select((eb) => eb.fn.countAll().as('n'))
        .where((eb) => eb(eb.refTuple('received_at', 'pin_id'), '<=', eb.tuple(key.receivedAt, key.pinId)))
        .executeTakeFirstOrThrow();
      return { last: key, total: Number(row.n) };
    },

    /** Up to `limit` documents' keys after `after` and up to `last`, oldest first: keys only. */
    async evidenceKeys(after: EvidenceKey | null, last: EvidenceKey, limit: number): Promise<EvidenceKey[]> {
      let query = db
        .selectFrom('scan_evidence')
        .select(['received_at', 'pin_id'])
        .where((eb) => eb(eb.refTuple('received_at', 'pin_id'), '<=', eb.tuple(last.receivedAt, last.pinId)));
      if (after !== null)
        query = query.where((eb) =>
          eb(eb.refTuple('received_at', 'pin_id'), '>', eb.tuple(after.receivedAt, after.pinId)),
        );
      const rows = await query.orderBy('received_at').orderBy('pin_id').limit(limit).execute();
      return rows.map((r) => ({ receivedAt: Number(r.received_at), pinId: Number(r.pin_id) }));
    },

    /** One stored document, or undefined if its scan was removed meanwhile. */
    async evidenceToJudge(pinId: number): Promise<EvidenceToJudge | undefined> {
      const row = await db
        .selectFrom('scan_evidence')
        .innerJoin('pins', 'pins.id', 'scan_evidence.pin_id')
        .select([
          'scan_evidence.pin_id as pin_id',
          'pins.type as type',
          'scan_evidence.received_at as received_at',
          'scan_evidence.document as document',
        ])
        .where('scan_evidence.pin_id', '=', pinId)
        .executeTakeFirst();
      if (row === undefined) return undefined;
      return {
        pinId: Number(row.pin_id),
        gameType: row.type,
        receivedAt: Number(row.received_at),
        documentJson: row.document,
      };
    },

    async start(
      test: { ruleId: number; total: number; timeLimitSeconds: number },
      now: number,
    ): Promise<RuleTest> {
      const row = await db
        .insertInto('rule_tests')
        .values({
          rule_id: test.ruleId,
          status: 'running',
          examined: 0,
          total: test.total,
          matched: 0,
          skipped: 0,
          time_limit_seconds: test.timeLimitSeconds,
          started_at: now,
          updated_at: now,
          finished_at: null,
          reason: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toRuleTest(row);
    },

    /**
     * Adds matches and writes the progress of a running test; with `end`, ends it. Run it in a
     * transaction, so the matches listed and `matched` agree. A test already ended stays as it is.
     */
    async record(
      testId: number,
      progress: RuleTestProgress,
      matches: readonly NewRuleTestMatch[],
      now: number,
      end?: { status: Exclude<RuleTestStatus, 'running'>; reason: string | null },
    ): Promise<void> {
      if (matches.length > 0)
        await db
          .insertInto('rule_test_matches')
          .values(
            matches.map((m) => ({
              test_id: testId,
              seq: m.seq,
              pin_id: m.pinId,
              received_at: m.receivedAt,
              findings: JSON.stringify(m.findings),
              omitted: m.omitted,
            })),
          )
          .execute();
      await db
        .updateTable('rule_tests')
        .set({
          examined: progress.examined,
          matched: progress.matched,
          skipped: progress.skipped,
          updated_at: now,
          ...(end === undefined ? {} : { status: end.status, reason: end.reason, finished_at: now }),
        })
        .where('id', '=', testId)
        .where('status', '=', 'running')
        .execute();
    },

    async find(testId: number): Promise<RuleTest | undefined> {
      const row = await db.selectFrom('rule_tests').selectAll().where('id', '=', testId).executeTakeFirst();
      return row === undefined ? undefined : toRuleTest(row);
    },

    /** Up to `limit` matches after `afterSeq`, in the test's order. */
    async matches(testId: number, afterSeq: number, limit: number): Promise<RuleTestMatch[]> {
      const rows = await db
        .selectFrom('rule_test_matches as m')
        .innerJoin('pins', 'pins.id', 'm.pin_id')
        .select(['m.seq as seq', 'pins.code as code', 'pins.type as type', 'm.received_at as received_at'])
        .select(['m.findings as findings', 'm.omitted as omitted'])
        .where('m.test_id', '=', testId)
        .where('m.seq', '>', afterSeq)
        .orderBy('m.seq')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        seq: Number(r.seq),
        pin: r.code,
        gameType: r.type,
        receivedAt: Number(r.received_at),
        findings: JSON.parse(r.findings) as string[],
        omitted: Number(r.omitted),
      }));
    },

    /** Removes the tests last written before `cutoff`, with their matches; returns how many. */
    async removeWrittenBefore(cutoff: number): Promise<number> {
      const old = db.selectFrom('rule_tests').select('id').where('updated_at', '<', cutoff);
      await db.deleteFrom('rule_test_matches').where('test_id', 'in', old).execute();
      const removed = await db.deleteFrom('rule_tests').where('updated_at', '<', cutoff).executeTakeFirst();
      return Number(removed.numDeletedRows);
    },
  };
}

export type RuleTestsRepository = ReturnType<typeof ruleTestsRepository>;

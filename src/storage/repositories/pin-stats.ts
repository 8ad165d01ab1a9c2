import { type ExpressionBuilder, sql } from 'kysely';
import type { PinStatus, Verdict } from '../../domain/pin-lifecycle.js';
import { DAY_MS } from '../../domain/time.js';
import type { Db } from '../database.js';
import type { Dialect } from '../migrations/index.js';
import type { Database } from '../schema.js';
import { type PinViewer, visibleTo } from './pins.js';

/** Whose PINs, and over which span of time, the aggregates cover. */
export interface StatsScope extends PinViewer {
  /** Only the PINs of this Enterprise. */
  enterpriseId?: number;
  /** Epoch ms, inclusive. */
  from: number;
  /** Epoch ms, exclusive. */
  to: number;
}

export interface EndedPinCount {
  /** Whole UTC days since the epoch. */
  day: number;
  status: PinStatus;
  result: Verdict | null;
  count: number;
}

/**
 * Aggregates over the PINs a dashboard viewer may see (the overview), computed in SQL so their cost
 * does not grow with what is returned. Timestamps are epoch milliseconds, so a UTC day is an integer
 * division on both stores.
 */
export function pinStatsRepository(db: Db, dialect: Dialect) {
  /** When a PIN ended: its finish, or the stored moment of its expiry or failure. */
  const endedAt = sql<number>`coalesce(pins.finished_at, pins.last_status_update, pins.expires_at)`;

  return {
    /** Ended PINs (finished, expired, failed) per UTC day of their end, status and verdict. */
    async endedPerDay(scope: StatsScope): Promise<EndedPinCount[]> {
      const day = sql<number>`(${endedAt} / ${sql.lit(DAY_MS)})`;
      let q = db
        .selectFrom('pins')
        .select([
          day.as('day'),
          'pins.status',
          'pins.result',
          (eb) => eb.fn.countAll<number | string>().as('count'),
        ])
        .where(visibleTo(scope))
        .where('pins.status', 'in', ['finished', 'expired', 'error'])
        .where(endedAt, '>=', scope.from)
        .where(endedAt, '<', scope.to);
      if (scope.enterpriseId !== undefined) q = q.where('pins.enterprise_id', '=', scope.enterpriseId);
      const rows = await q.groupBy([day, 'pins.status', 'pins.result']).execute();
      return rows.map((r) => ({
        day: Number(r.day),
        status: r.status,
        result: r.result,
        count: Number(r.count),
      }));
    },

    /**
     * The `limit` detections named by the most finished scans (each scan counts a name once), most
     * frequent first (docs/dashboard.md, "The dashboard API"). A scan the rules judged names its
     * detections by rule: its texts also say where ("Wurst in ~/mods/a.jar", a process id), which
     * would never add up. Its rules are read from the hits recorded with its finish, as they stand
     * now (docs/rules.md, "Rule quality"). A bare report has no rule behind its texts: each text is
     * its own name. The reports' JSON lists are expanded by the store itself.
     */
    async topDetections(scope: StatsScope, limit: number): Promise<Array<{ name: string; count: number }>> {
      const finishedInScope = (eb: ExpressionBuilder<Database, 'pins'>) =>
        eb.and([
          visibleTo(scope)(eb),
          eb('pins.status', '=', 'finished'),
          eb('pins.finished_at', '>=', scope.from),
          eb('pins.finished_at', '<', scope.to),
          ...(scope.enterpriseId === undefined ? [] : [eb('pins.enterprise_id', '=', scope.enterpriseId)]),
        ]);
      const byRule = db
        .selectFrom('pins')
        .innerJoin('rule_hits', 'rule_hits.pin_id', 'pins.id')
        .innerJoin('scan_rules', 'scan_rules.id', 'rule_hits.rule_id')
        .select(['pins.id as pin_id', 'scan_rules.name as name'])
        .where(finishedInScope)
        .where('scan_rules.severity', '=', 'detection');
      const reports = db.selectFrom('pins').innerJoin('scan_reports', 'scan_reports.pin_id', 'pins.id');
      const texts =
        dialect === 'postgres'
          ? reports.innerJoinLateral(
              sql<{ value: string }>`json_array_elements_text(scan_reports.detections::json)`.as('d'),
              (join) => join.onTrue(),
            )
          : reports.innerJoin(sql<{ value: string }>`json_each(scan_reports.detections)`.as('d'), (join) =>
              join.onTrue(),
            );
      const byText = texts
        .select(['pins.id as pin_id', sql<string>`d.value`.as('name')])
        .where(finishedInScope)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('scan_evidence')
                .select('scan_evidence.pin_id')
                .whereRef('scan_evidence.pin_id', '=', 'pins.id'),
            ),
          ),
        );
      const rows = await db
        .selectFrom(byRule.unionAll(byText).as('named'))
        .select(['named.name', (eb) => eb.fn.count<number | string>('named.pin_id').distinct().as('count')])
        .groupBy('named.name')
        .orderBy('count', 'desc')
        .orderBy('named.name')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ name: String(r.name), count: Number(r.count) }));
    },
  };
}

export type PinStatsRepository = ReturnType<typeof pinStatsRepository>;

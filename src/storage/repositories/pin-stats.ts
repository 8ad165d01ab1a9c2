import { sql } from 'kysely';
import type { PinStatus, Verdict } from '../../domain/pin-lifecycle.js';
import { DAY_MS } from '../../domain/time.js';
import type { Db } from '../database.js';
import type { Dialect } from '../migrations/index.js';
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
     * frequent first. The reports' JSON lists are expanded by the store itself.
     */
    async topDetections(scope: StatsScope, limit: number): Promise<Array<{ name: string; count: number }>> {
      const base = db.selectFrom('pins').innerJoin('scan_reports', 'scan_reports.pin_id', 'pins.id');
      const expanded =
        dialect === 'postgres'
          ? base.innerJoinLateral(
              sql<{ value: string }>`json_array_elements_text(scan_reports.detections::json)`.as('d'),
              (join) => join.onTrue(),
            )
          : base.innerJoin(sql<{ value: string }>`json_each(scan_reports.detections)`.as('d'), (join) =>
              join.onTrue(),
            );
      let q = expanded
        .select(['d.value as name', (eb) => eb.fn.count<number | string>('pins.id').distinct().as('count')])
        .where(visibleTo(scope))
        .where('pins.status', '=', 'finished')
        .where('pins.finished_at', '>=', scope.from)
        .where('pins.finished_at', '<', scope.to);
      if (scope.enterpriseId !== undefined) q = q.where('pins.enterprise_id', '=', scope.enterpriseId);
      const rows = await q
        .groupBy('d.value')
        .orderBy('count', 'desc')
        .orderBy('d.value')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ name: String(r.name), count: Number(r.count) }));
    },
  };
}

export type PinStatsRepository = ReturnType<typeof pinStatsRepository>;

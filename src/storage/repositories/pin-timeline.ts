import type { TimelineEntry } from '../../domain/pin-timeline.js';
import type { Db } from '../database.js';
import { PARAM, precompiledFor } from '../precompiled.js';

/** A timeline entry and the PIN it belongs to, as the writes of a move hand it over. */
export interface PinTimelineEntry extends TimelineEntry {
  pinId: number;
}

// Every move of a scan appends one (docs/benchmarks.md, "Profile findings"). Parameters in SQL order.
const appendEntry = precompiledFor(
  (db) =>
    db.insertInto('pin_timeline').values({
      pin_id: PARAM as unknown as number,
      at: PARAM as unknown as number,
      kind: PARAM as TimelineEntry['kind'],
      progress: PARAM as unknown as number,
      message: PARAM,
    }),
  5,
);

/** PIN timelines: appended with each move, in its transaction; never updated. */
export function pinTimelineRepository(db: Db) {
  return {
    async append(entry: PinTimelineEntry): Promise<void> {
      await appendEntry(db, entry.pinId, entry.at, entry.kind, entry.progress, entry.message);
    },

    /**
     * The PIN's entries oldest first: every move of its lifecycle, and the latest `progressLimit`
     * progress entries, so a scan client that reports endlessly cannot make the answer grow without end.
     */
    async forPin(pinId: number, progressLimit: number): Promise<TimelineEntry[]> {
      const moves = await db
        .selectFrom('pin_timeline')
        .select(['id', 'at', 'kind', 'progress', 'message'])
        .where('pin_id', '=', pinId)
        .where('kind', '!=', 'progress')
        .execute();
      const progress = await db
        .selectFrom('pin_timeline')
        .select(['id', 'at', 'kind', 'progress', 'message'])
        .where('pin_id', '=', pinId)
        .where('kind', '=', 'progress')
        .orderBy('id', 'desc')
        .limit(progressLimit)
        .execute();
      return [...moves, ...progress]
        .sort((a, b) => a.at - b.at || a.id - b.id)
        .map(({ at, kind, progress: p, message }) => ({ at, kind, progress: p, message }));
    },
  };
}

export type PinTimelineRepository = ReturnType<typeof pinTimelineRepository>;

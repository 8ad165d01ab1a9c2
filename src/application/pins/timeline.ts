import type { Pin } from '../../domain/pin.js';
import type { PinState } from '../../domain/pin-lifecycle.js';
import { timelineEntryFor } from '../../domain/pin-timeline.js';
import type { PinTimelineEntry } from '../../storage/repositories/pin-timeline.js';

/**
 * The timeline rows a move of `pin` from `before` (null: its creation) to `after` writes, in the
 * move's own transaction as its webhook events are: none for a progress report that repeats the
 * previous message.
 */
export function timelineRows(
  pin: Pick<Pin, 'id' | 'createdAt'>,
  before: PinState | null,
  after: PinState,
): PinTimelineEntry[] {
  const entry = timelineEntryFor(before, after, pin.createdAt);
  return entry === null ? [] : [{ pinId: pin.id, ...entry }];
}

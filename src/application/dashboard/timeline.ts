import { TIMELINE_PROGRESS_LIMIT, type TimelineEntry, timelineAsOf } from '../../domain/pin-timeline.js';
import type { SessionCaller } from '../access/authenticate-session.js';
import type { UseCaseContext } from '../context.js';
import { readVisiblePin } from './pins.js';

/**
 * A PIN's timeline for someone who may see it (404 otherwise, as for the PIN itself), oldest first,
 * with an expiry or idle timeout that reads already see but no write has recorded yet.
 */
export async function readPinTimeline(
  ctx: UseCaseContext,
  caller: SessionCaller,
  pinCode: string,
): Promise<TimelineEntry[]> {
  const { pin, state } = await readVisiblePin(ctx, caller, pinCode);
  const stored = await ctx.repos.pinTimeline.forPin(pin.id, TIMELINE_PROGRESS_LIMIT);
  return timelineAsOf(stored, pin.state, state, pin.createdAt);
}

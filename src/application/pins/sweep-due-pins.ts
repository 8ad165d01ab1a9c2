import { observe } from '../../domain/pin-lifecycle.js';
import type { UseCaseContext } from '../context.js';
import { lifecycleSettings } from '../settings.js';
import { pinEvent } from '../webhooks/pin-events.js';
import { timelineRows } from './timeline.js';

/**
 * Writes the time-driven moves (expiry, idle timeout) that reads already derive, and emits their
 * events (docs/webhooks.md). Each write is guarded by the PIN's revision, so when several instances
 * sweep at once only one write, and so one event, happens per PIN.
 */
export async function sweepDuePins(ctx: UseCaseContext, limit = 100): Promise<number> {
  const settings = lifecycleSettings(ctx.config);
  const now = ctx.clock();
  const due = await ctx.repos.pins.dueForTimeMoves(now, settings.idleTimeoutMs, limit);
  let written = 0;
  for (const pin of due) {
    const after = observe(pin.state, now, settings);
    if (after.status === pin.state.status) continue;
    const wrote = await ctx.transaction(async (repos) => {
      if (!(await repos.pins.writeState(pin, after))) return false;
      await repos.webhooks.record(pinEvent(pin, pin.state, after, null, now));
      for (const row of timelineRows(pin, pin.state, after)) await repos.pinTimeline.append(row);
      return true;
    });
    if (wrote) {
      written++;
      ctx.pinChanges.publish(pin.id);
    }
  }
  return written;
}

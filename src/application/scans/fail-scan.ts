import type { Pin } from '../../domain/pin.js';
import { fail } from '../../domain/pin-lifecycle.js';
import type { UseCaseContext } from '../context.js';
import { timelineRows } from '../pins/timeline.js';
import { pinEvent } from '../webhooks/pin-events.js';
import { applyMove } from './apply-move.js';

/** scanning → error: the scan client gave up, saying why. */
export async function failScan(ctx: UseCaseContext, pin: Pin, input: { message: string }): Promise<void> {
  await applyMove(
    ctx,
    pin,
    (state, now) => fail(state, input.message, now),
    (current, next, now) =>
      ctx.transaction(async (repos) => {
        if (!(await repos.pins.writeState(current, next))) return false;
        await repos.webhooks.record(pinEvent(current, current.state, next, null, now));
        for (const row of timelineRows(current, current.state, next)) await repos.pinTimeline.append(row);
        return true;
      }),
  );
}

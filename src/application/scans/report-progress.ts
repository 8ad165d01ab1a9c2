import type { Pin } from '../../domain/pin.js';
import { progress as progressMove } from '../../domain/pin-lifecycle.js';
import type { UseCaseContext } from '../context.js';
import { timelineRows } from '../pins/timeline.js';
import { pinEvent } from '../webhooks/pin-events.js';
import { applyMove } from './apply-move.js';

/** The scan client reports a step: progress never goes down and ends with the scan. */
export async function reportProgress(
  ctx: UseCaseContext,
  pin: Pin,
  input: { progress: number; statusMessage: string },
): Promise<void> {
  await applyMove(
    ctx,
    pin,
    (state, now) => progressMove(state, input.progress, input.statusMessage, now),
    (current, next, now) =>
      ctx.transaction(
        async (repos) => {
          if (!(await repos.pins.writeState(current, next))) return false;
          await repos.webhooks.record(pinEvent(current, current.state, next, null, now));
          for (const row of timelineRows(current, current.state, next)) await repos.pinTimeline.append(row);
          return true;
          // Progress is not a final state: its commit skips the disk flush (docs/operations.md, "Durability").
        },
        { durable: false },
      ),
  );
}

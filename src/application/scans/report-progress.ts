import type { Pin } from '../../domain/pin.js';
import { progress as progressMove } from '../../domain/pin-lifecycle.js';
import type { UseCaseContext } from '../context.js';
import { timelineRows } from '../pins/timeline.js';
import { rememberWithTheCall, type SignatureToRemember } from '../scanner-clients/identify-caller.js';
import { pinEvent } from '../webhooks/pin-events.js';
import { applyMove } from './apply-move.js';
import { sightingOf } from './scan-network.js';

/**
 * The scan client reports a step: progress never goes down and ends with the scan. The call's network
 * is kept in the same commit when it is not the one the scanner's calls came from last (docs/scanner.md,
 * "Where the scan ran"): one statement, so the hot write path stays one transaction.
 */
export async function reportProgress(
  ctx: UseCaseContext,
  pin: Pin,
  input: { progress: number; statusMessage: string },
  clientAddress?: string,
  /** A signed call's signature, remembered in this call's own commit (replayed: refused, nothing written). */
  signature?: SignatureToRemember | null,
): Promise<void> {
  const sighting = clientAddress === undefined ? null : await sightingOf(ctx, clientAddress);
  await applyMove(
    ctx,
    pin,
    (state, now) => progressMove(state, input.progress, input.statusMessage, now),
    (current, next, now) =>
      ctx.transaction(
        async (repos) => {
          if (!(await repos.pins.writeState(current, next))) return false;
          // After the state: a write that lost its race keeps nothing, and is decided again.
          if (signature) await rememberWithTheCall(repos, signature);
          await repos.webhooks.record(pinEvent(current, current.state, next, null, now));
          for (const row of timelineRows(current, current.state, next)) await repos.pinTimeline.append(row);
          if (sighting !== null) await repos.scanNetworks.recordIfChanged(current.id, sighting, now);
          return true;
          // Progress is not a final state: its commit skips the disk flush (docs/operations.md, "Durability").
        },
        { durable: false },
      ),
  );
}

import { isStillSignedIn, type SessionCaller } from '../access/authenticate-session.js';
import type { UseCaseContext } from '../context.js';
import { takeStreamSlot } from '../stream-slots.js';
import { type VisiblePin, visiblePinById } from './pins.js';
import { viewerOf } from './viewer.js';

/** Open event streams one session may hold on an instance (docs/dashboard.md, "The dashboard API"). */
export const MAX_STREAMS_PER_SESSION = 5;
/** An idle stream still checks this often that its session lives, so a sign-out or ban ends it. */
const RECHECK_EVERY_MS = 30_000;
/** PINs whose last sent revision a stream remembers, to drop repeated notices of one change. */
const REMEMBERED_PINS = 10_000;

export interface PinChangeEvent {
  /** Counts the stream's events: 1, 2, 3… */
  id: number;
  pin: VisiblePin;
}

export interface PinsFollower {
  events: AsyncGenerator<PinChangeEvent>;
  /** Stops following and frees the stream slot; call when the stream ends for any reason. */
  close(): void;
}

/**
 * GET /app/api/events: every change (creation included) of a PIN the person may see, as it happens.
 * Who may see what is decided afresh for each change, so a removed member stops hearing at once; the
 * stream ends when the session does.
 */
export function followVisiblePins(
  ctx: UseCaseContext,
  caller: SessionCaller,
  options: { signal: AbortSignal },
): PinsFollower {
  const releaseSlot = takeStreamSlot(ctx, { kind: 'session', id: caller.sessionId }, MAX_STREAMS_PER_SESSION);

  // Following starts now, so no change between this call and the first read of events is missed.
  const changed = new Set<number>();
  let wake: (() => void) | null = null;
  const unfollow = ctx.pinChanges.followAll((pinId) => {
    changed.add(pinId);
    wake?.();
  });
  const poke = () => wake?.();
  options.signal.addEventListener('abort', poke);

  let released = false;
  const close = () => {
    if (released) return;
    released = true;
    unfollow();
    options.signal.removeEventListener('abort', poke);
    releaseSlot();
  };

  async function* events(): AsyncGenerator<PinChangeEvent> {
    const sent = new Map<number, number>();
    let next = 1;
    try {
      for (;;) {
        if (changed.size === 0) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, RECHECK_EVERY_MS);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = null;
        }
        if (options.signal.aborted || !(await isStillSignedIn(ctx, caller))) return;
        const batch = [...changed];
        changed.clear();
        if (batch.length === 0) continue;
        const viewer = await viewerOf(ctx, caller);
        for (const pinId of batch) {
          const pin = await visiblePinById(ctx, viewer, pinId);
          // A notice can arrive twice (a shared bus echoes this instance's own); one event per change.
          if (pin === null || sent.get(pinId) === pin.pin.revision) continue;
          sent.delete(pinId);
          sent.set(pinId, pin.pin.revision);
          if (sent.size > REMEMBERED_PINS) sent.delete(sent.keys().next().value as number);
          yield { id: next++, pin };
          if (options.signal.aborted) return;
        }
      }
    } finally {
      close();
    }
  }

  return { events: events(), close };
}

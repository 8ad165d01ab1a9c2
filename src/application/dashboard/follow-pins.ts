import { type SessionCaller, sessionAdmission } from '../access/authenticate-session.js';
import type { UseCaseContext } from '../context.js';
import { followChangedPins } from '../pins/follow-changed-pins.js';
import { takeStreamSlot } from '../stream-slots.js';
import { type VisiblePin, visiblePinById } from './pins.js';
import { viewerOf } from './viewer.js';

/** Open event streams one session may hold on an instance (docs/dashboard.md, "The dashboard API"). */
export const MAX_STREAMS_PER_SESSION = 5;

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
 * stream ends as soon as the session does (signed out or ended on any instance, the account banned or
 * deleted, or the session's time up).
 */
export function followVisiblePins(
  ctx: UseCaseContext,
  caller: SessionCaller,
  options: { signal: AbortSignal },
): PinsFollower {
  const releaseSlot = takeStreamSlot(ctx, { kind: 'session', id: caller.sessionId }, MAX_STREAMS_PER_SESSION);
  const follower = followChangedPins<VisiblePin>(ctx, {
    signal: options.signal,
    releaseSlot,
    admission: { check: sessionAdmission(ctx, caller), until: caller.expiresAt },
    reader: async () => {
      const viewer = await viewerOf(ctx, caller);
      return async (pinId, last) => {
        const pin = await visiblePinById(ctx, viewer, pinId);
        return pin === null || last?.pin.revision === pin.pin.revision ? null : pin;
      };
    },
  });

  async function* events(): AsyncGenerator<PinChangeEvent> {
    for await (const event of follower.events) yield { id: event.id, pin: event.item };
  }
  return { events: events(), close: follower.close };
}

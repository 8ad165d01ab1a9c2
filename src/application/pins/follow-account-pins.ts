import type { PinStatus } from '../../domain/pin-lifecycle.js';
import { apiAccessTo } from '../../domain/pin-visibility.js';
import { keyAdmission } from '../access/authenticate-key.js';
import { type KeyCaller, liveAccountOf } from '../callers.js';
import type { UseCaseContext } from '../context.js';
import { takeStreamSlot } from '../stream-slots.js';
import { type PinEventPayload, pinEventPayload } from '../webhooks/pin-events.js';
import { followChangedPins } from './follow-changed-pins.js';
import { MAX_STREAMS_PER_KEY } from './follow-pin.js';

export interface AccountPinEvent {
  /** Counts the stream's events: 1, 2, 3… */
  id: number;
  payload: PinEventPayload;
}

export interface AccountPinsFollower {
  events: AsyncGenerator<AccountPinEvent>;
  /** Stops following and frees the stream slot; call when the stream ends for any reason. */
  close(): void;
}

interface Sent {
  revision: number;
  status: PinStatus;
  payload: PinEventPayload;
}

/**
 * GET /v1/events (docs/api.md, "Following your account's events"): every change of a PIN the key's
 * account created (the /v1 rule, domain/pin-visibility.ts), as the webhook event it emits, from now
 * on. Shares the key's stream slots with GET /v1/pins/:pinCode/events.
 */
export function followAccountPins(
  ctx: UseCaseContext,
  caller: KeyCaller,
  options: { signal: AbortSignal },
): AccountPinsFollower {
  const account = liveAccountOf(caller);
  const releaseSlot = takeStreamSlot(ctx, { kind: 'key', id: caller.keyId }, MAX_STREAMS_PER_KEY);
  const follower = followChangedPins<Sent>(ctx, {
    signal: options.signal,
    releaseSlot,
    // Ends once the key is revoked (docs/api.md, "Following your account's events").
    admission: { check: keyAdmission(ctx, caller), until: Number.POSITIVE_INFINITY },
    reader: async () => async (pinId, last) => {
      const ref = await ctx.repos.pins.findById(pinId);
      if (ref === undefined || apiAccessTo(ref, account.id) === 'forbidden') return null;
      const pin = await ctx.repos.pins.findByCode(ref.code);
      if (pin === undefined || last?.revision === pin.revision) return null;
      // A PIN first heard of mid-scan (the stream opened after it started) reports its progress.
      const before =
        last?.status ?? (pin.state.status === 'scanning' && pin.state.progress > 0 ? 'scanning' : null);
      return {
        revision: pin.revision,
        status: pin.state.status,
        payload: pinEventPayload(pin, before, pin.state, pin.report, ctx.clock()),
      };
    },
  });

  async function* events(): AsyncGenerator<AccountPinEvent> {
    for await (const event of follower.events) yield { id: event.id, payload: event.item.payload };
  }
  return { events: events(), close: follower.close };
}

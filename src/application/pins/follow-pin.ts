import type { PinWithReport } from '../../domain/pin.js';
import { normalisePinCode } from '../../domain/pin-code.js';
import { isActive, observe } from '../../domain/pin-lifecycle.js';
import { keyAdmission } from '../access/authenticate-key.js';
import type { KeyCaller } from '../callers.js';
import type { UseCaseContext } from '../context.js';
import { lifecycleSettings } from '../settings.js';
import { AdmissionWatch } from '../stream-admission.js';
import { takeStreamSlot } from '../stream-slots.js';
import { readPin } from './read-pin.js';
import { type StatusView, statusView } from './status-view.js';

/** Open event streams one API key may hold (docs/api.md, "Following a PIN live"). */
export const MAX_STREAMS_PER_KEY = 20;

export interface StatusEvent {
  /** Increases with every change of the PIN; usable as Last-Event-ID. */
  id: number;
  data: StatusView;
  final: boolean;
}

/** The PIN as a stream event now: a move that reads derive but nobody wrote yet counts as the next id. */
function eventOf(
  ctx: UseCaseContext,
  pin: PinWithReport,
  now: number,
): StatusEvent & { dueAt: number | null } {
  const settings = lifecycleSettings(ctx.config);
  const state = observe(pin.state, now, settings);
  const derived = state.status !== pin.state.status;
  const active = isActive(state.status);
  const idleAt =
    state.status === 'scanning' && state.lastActivityAt !== null
      ? state.lastActivityAt + settings.idleTimeoutMs
      : Number.POSITIVE_INFINITY;
  return {
    id: pin.revision + (derived ? 1 : 0),
    data: statusView(pin, state, pin.report),
    final: !active,
    dueAt: active ? Math.min(state.expiresAt, idleAt) : null,
  };
}

export interface PinFollower {
  /** Status events from now on: the current state first (unless the client has it), then each change. */
  events: AsyncGenerator<StatusEvent>;
  /** Frees the stream slot; call when the stream ends for any reason. */
  close(): void;
}

/**
 * GET /v1/pins/:pinCode/events: the same checks as the status endpoint, then the PIN's status as it
 * changes, until its final state or until the key is revoked. At most MAX_STREAMS_PER_KEY open at
 * once per key on an instance.
 */
export async function followPin(
  ctx: UseCaseContext,
  caller: KeyCaller,
  rawCode: string,
  options: { lastEventId: string | undefined; signal: AbortSignal },
): Promise<PinFollower> {
  const opened = await readPin(ctx, caller, rawCode);
  const close = takeStreamSlot(ctx, { kind: 'key', id: caller.keyId }, MAX_STREAMS_PER_KEY);

  const code = normalisePinCode(rawCode);
  async function* events(): AsyncGenerator<StatusEvent> {
    let wake: (() => void) | null = null;
    const poke = () => wake?.();
    const unfollow = ctx.pinChanges.follow(opened.pin.id, poke);
    // The sleep below is at most the watch's (30 s), which also re-reads a PIN whose notice was lost.
    const watch = new AdmissionWatch(keyAdmission(ctx, caller), ctx.clock, Number.POSITIVE_INFINITY, poke);
    options.signal.addEventListener('abort', poke);
    try {
      let pin: PinWithReport = opened.pin;
      let lastSent = options.lastEventId === undefined ? -1 : Number(options.lastEventId);
      for (;;) {
        const event = eventOf(ctx, pin, ctx.clock());
        if (event.id !== lastSent) {
          lastSent = event.id;
          yield { id: event.id, data: event.data, final: event.final };
        }
        if (event.final || options.signal.aborted) return;
        if (!watch.checkDue()) {
          const waitMs = Math.min(
            watch.sleepMs(),
            Math.max(10, (event.dueAt ?? Number.POSITIVE_INFINITY) - ctx.clock() + 10),
          );
          await new Promise<void>((resolve) => {
            const timer = setTimeout(() => {
              watch.slept();
              resolve();
            }, waitMs);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = null;
        }
        if (options.signal.aborted || !(await watch.stillAdmitted())) return;
        pin = (await ctx.repos.pins.findByCode(code)) ?? pin;
      }
    } finally {
      unfollow();
      watch.close();
      options.signal.removeEventListener('abort', poke);
      close();
    }
  }

  return { events: events(), close };
}

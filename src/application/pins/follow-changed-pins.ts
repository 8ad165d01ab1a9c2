import type { UseCaseContext } from '../context.js';
import { type Admission, AdmissionWatch, RECHECK_EVERY_MS } from '../stream-admission.js';

/** PINs whose last sent event a stream remembers, to drop repeated notices of one change. */
const REMEMBERED_PINS = 10_000;

export interface ChangedPinEvent<T> {
  /** Counts the stream's events: 1, 2, 3… */
  id: number;
  item: T;
}

export interface ChangedPinsFollower<T> {
  events: AsyncGenerator<ChangedPinEvent<T>>;
  /** Stops following and frees the stream slot; call when the stream ends for any reason. */
  close(): void;
}

/**
 * Reads one changed PIN as the stream's holder sees it now, given what the stream last sent for it;
 * null when there is nothing to send (not theirs to see, or a repeated notice of a change already sent).
 */
export type ChangedPinReader<T> = (pinId: number, last: T | undefined) => Promise<T | null>;

export interface FollowChangedPinsOptions<T> {
  signal: AbortSignal;
  /** Frees the stream slot the caller took for this stream. */
  releaseSlot: () => void;
  /**
   * Whether the holder may still listen; the stream ends as soon as they may not (the session signed
   * out, the key revoked). `until`: the end known when the stream opened.
   */
  admission?: { check: Admission; until: number };
  /** Called once per batch of changes, so who-may-see-what is decided afresh for each. */
  reader: () => Promise<ChangedPinReader<T>>;
}

/**
 * Every change of any PIN (PinChanges.followAll), as the holder's reader makes of it: the shared core
 * of the dashboard's stream (GET /app/api/events) and the account's (GET /v1/events). Following
 * starts at this call, so no change between it and the first read of events is missed.
 */
export function followChangedPins<T>(
  ctx: UseCaseContext,
  options: FollowChangedPinsOptions<T>,
): ChangedPinsFollower<T> {
  const changed = new Set<number>();
  let wake: (() => void) | null = null;
  const unfollow = ctx.pinChanges.followAll((pinId) => {
    changed.add(pinId);
    wake?.();
  });
  const poke = () => wake?.();
  options.signal.addEventListener('abort', poke);
  const { admission } = options;
  const watch =
    admission === undefined ? null : new AdmissionWatch(admission.check, ctx.clock, admission.until, poke);

  let released = false;
  const close = () => {
    if (released) return;
    released = true;
    unfollow();
    watch?.close();
    options.signal.removeEventListener('abort', poke);
    options.releaseSlot();
  };

  async function* events(): AsyncGenerator<ChangedPinEvent<T>> {
    const sent = new Map<number, T>();
    let next = 1;
    try {
      for (;;) {
        if (changed.size === 0 && watch?.checkDue() !== true) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(() => {
              watch?.slept();
              resolve();
            }, watch?.sleepMs() ?? RECHECK_EVERY_MS);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = null;
        }
        if (options.signal.aborted) return;
        if (watch !== null && !(await watch.stillAdmitted())) return;
        const batch = [...changed];
        changed.clear();
        if (batch.length === 0) continue;
        const read = await options.reader();
        for (const pinId of batch) {
          // A notice can arrive twice (a shared bus echoes this instance's own); the reader drops repeats.
          const item = await read(pinId, sent.get(pinId));
          if (item === null) continue;
          sent.delete(pinId);
          sent.set(pinId, item);
          if (sent.size > REMEMBERED_PINS) sent.delete(sent.keys().next().value as number);
          yield { id: next++, item };
          if (options.signal.aborted) return;
        }
      }
    } finally {
      close();
    }
  }

  return { events: events(), close };
}

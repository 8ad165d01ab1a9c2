import type { ObservedPin } from '../../../application/pins/read-pin.js';
import { resultsView } from '../../../application/pins/results-view.js';
import { statusView } from '../../../application/pins/status-view.js';
import type { Pin } from '../../../domain/pin.js';
import { iso } from '../../../domain/time.js';

/** The PIN just created (docs/api.md, "PINs"). */
export function presentCreated(pin: Pin, enterpriseName: string, playerDiscordId: string | null = null) {
  return {
    pin: pin.code,
    type: pin.type,
    status: 'pending' as const,
    pinName: pin.name,
    ramDump: pin.ramDump,
    private: pin.private,
    expiresAt: iso(pin.state.expiresAt),
    createdAt: iso(pin.createdAt),
    enterprise: enterpriseName,
    playerDiscordId,
  };
}

/**
 * The stored record an answer can be kept for: while nothing came due (expiry, idle timeout), the
 * observed state is the record's own, and the same record is answered the same way.
 */
export function keptRecordOf({ pin, state }: ObservedPin): ObservedPin['pin'] | undefined {
  return state === pin.state ? pin : undefined;
}

/** The status endpoint's body (built by the application, shared with webhooks and the stream). */
export function presentStatus({ pin, state }: ObservedPin) {
  return statusView(pin, state, pin.report);
}

/** The full detail of a finished scan, or `result: "none"` with a message saying why. */
export function presentResults({ pin, state }: ObservedPin) {
  return resultsView(pin, state);
}

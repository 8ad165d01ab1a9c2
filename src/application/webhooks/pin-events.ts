import type { Pin } from '../../domain/pin.js';
import type { PinState } from '../../domain/pin-lifecycle.js';
import type { StoredReport } from '../../domain/scan-report.js';
import { iso } from '../../domain/time.js';
import { eventForStatus } from '../../domain/webhook-events.js';
import type { OutboxEvent } from '../../storage/repositories/webhooks.js';
import { statusView } from '../pins/status-view.js';

/**
 * The webhook event a PIN change emits (docs/webhooks.md): `{ type, timestamp, data }` where `data`
 * is exactly the body GET /v1/pins/:pinCode/status returns for the new state.
 */
export function pinEvent(
  pin: Pin,
  before: PinState | null,
  after: PinState,
  report: StoredReport | null,
  now: number,
): OutboxEvent {
  const type = eventForStatus(before?.status ?? null, after.status);
  return {
    accountId: pin.accountId,
    pinId: pin.id,
    type,
    payload: { type, timestamp: iso(now), data: statusView(pin, after, report) },
    now,
  };
}

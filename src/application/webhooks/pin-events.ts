import type { Pin } from '../../domain/pin.js';
import type { PinState, PinStatus } from '../../domain/pin-lifecycle.js';
import type { StoredReport } from '../../domain/scan-report.js';
import { iso } from '../../domain/time.js';
import { eventForStatus, type PinEventType } from '../../domain/webhook-events.js';
import type { OutboxEvent } from '../../storage/repositories/webhooks.js';
import { type StatusView, statusView } from '../pins/status-view.js';

/** A webhook event's body (docs/webhooks.md, "Events"), as deliveries and GET /v1/events carry it. */
export interface PinEventPayload {
  type: PinEventType;
  timestamp: string;
  data: StatusView;
}

/**
 * The body of the event a PIN's move from `before` (null: not known, e.g. just created) into `after`
 * emits: `data` is exactly the body GET /v1/pins/:pinCode/status returns for the new state.
 */
export function pinEventPayload(
  pin: Pin,
  before: PinStatus | null,
  after: PinState,
  report: StoredReport | null,
  now: number,
): PinEventPayload {
  const type = eventForStatus(before, after.status);
  return { type, timestamp: iso(now), data: statusView(pin, after, report) };
}

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
  const payload = pinEventPayload(pin, before?.status ?? null, after, report, now);
  return { accountId: pin.accountId, pinId: pin.id, type: payload.type, payload, now };
}

import type { WithSecret } from '../../../application/webhooks/endpoints.js';
import { shownWebhookUrl } from '../../../domain/discord-webhook.js';
import { iso, isoOrNull } from '../../../domain/time.js';
import type { WebhookDelivery, WebhookEndpoint } from '../../../domain/webhook-endpoint.js';
import type { PinEventType } from '../../../domain/webhook-events.js';
import { problems } from '../../problem.js';

export function presentWebhook(endpoint: WebhookEndpoint) {
  return {
    id: endpoint.id,
    url: shownWebhookUrl(endpoint.url, endpoint.format),
    events: endpoint.events.filter((e): e is PinEventType => e !== 'ping'),
    format: endpoint.format,
    description: endpoint.description,
    enabled: endpoint.enabled,
    disabledReason: endpoint.disabledReason,
    createdAt: iso(endpoint.createdAt),
  };
}

export function presentWithSecret({ endpoint, secret }: WithSecret) {
  return { ...presentWebhook(endpoint), secret };
}

/** Row ids are 32-bit on PostgreSQL; a cursor past them is no cursor this API handed out. */
const MAX_CURSOR = 2_147_483_647;

/**
 * The rows a delivery-log query asks for: one more than `limit`, to tell whether older ones exist, and
 * before the cursor. A cursor past any id is refused as bad input rather than failing the query.
 */
export function deliveryPageOf(query: { limit?: number; before?: string }): {
  limit: number;
  rows: { limit: number; before?: number };
} {
  const limit = query.limit ?? 20;
  if (query.before === undefined) return { limit, rows: { limit: limit + 1 } };
  const before = Number(query.before);
  if (before > MAX_CURSOR)
    throw problems.invalidParameter(
      'Invalid request querystring: before must be a nextCursor from a previous page of this log.',
    );
  return { limit, rows: { limit: limit + 1, before } };
}

/** A page of the delivery log, read with one row more than `limit` to tell whether older ones exist. */
export function presentDeliveryPage(rows: readonly WebhookDelivery[], limit: number) {
  const data = rows.slice(0, limit).map(presentDelivery);
  const last = data[data.length - 1];
  return { data, nextCursor: rows.length > limit && last ? String(last.id) : null };
}

export function presentDelivery(d: WebhookDelivery) {
  return {
    id: d.id,
    eventId: d.eventId,
    event: d.event,
    state: d.state,
    delivered: d.state === 'delivered',
    attempts: d.attempts,
    lastStatusCode: d.lastStatus,
    lastError: d.lastError,
    lastResponse: d.lastResponse,
    lastAttemptAt: isoOrNull(d.lastAttemptAt),
    nextAttemptAt: isoOrNull(d.nextAttemptAt),
    deliveredAt: isoOrNull(d.deliveredAt),
    createdAt: iso(d.createdAt),
  };
}

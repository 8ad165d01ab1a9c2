import type { WithSecret } from '../../../application/webhooks/endpoints.js';
import { iso, isoOrNull } from '../../../domain/time.js';
import type { WebhookDelivery, WebhookEndpoint } from '../../../domain/webhook-endpoint.js';
import type { PinEventType } from '../../../domain/webhook-events.js';

export function presentWebhook(endpoint: WebhookEndpoint) {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events.filter((e): e is PinEventType => e !== 'ping'),
    description: endpoint.description,
    enabled: endpoint.enabled,
    disabledReason: endpoint.disabledReason,
    createdAt: iso(endpoint.createdAt),
  };
}

export function presentWithSecret({ endpoint, secret }: WithSecret) {
  return { ...presentWebhook(endpoint), secret };
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

import type { WebhookFormat } from './discord-webhook.js';
import type { EventType } from './webhook-events.js';

/** A receiver registered by an account (docs/webhooks.md). Its secrets never leave the server but once. */
export interface WebhookEndpoint {
  id: number;
  accountId: number;
  url: string;
  description: string | null;
  /** Empty means every event. */
  events: EventType[];
  /** `standard`: signed events; `discord`: a Discord channel's webhook, sent finished results. */
  format: WebhookFormat;
  enabled: boolean;
  createdAt: number;
  failingSince: number | null;
  disabledReason: string | null;
}

export type DeliveryState = 'pending' | 'delivered' | 'failed' | 'cancelled';

/** One event's delivery to one endpoint, as the delivery log shows it. */
export interface WebhookDelivery {
  id: number;
  eventId: number;
  endpointId: number;
  event: EventType;
  state: DeliveryState;
  attempts: number;
  nextAttemptAt: number | null;
  lastAttemptAt: number | null;
  lastStatus: number | null;
  lastError: string | null;
  lastResponse: string | null;
  deliveredAt: number | null;
  createdAt: number;
}

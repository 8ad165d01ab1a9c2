import { Type } from 'typebox';
import { WEBHOOK_FORMATS } from '../../../domain/discord-webhook.js';
import { EVENT_TYPES, PIN_EVENT_TYPES } from '../../../domain/webhook-events.js';
import { KEYED_ERRORS, Nullable, problemResponses, Timestamp } from '../../schemas/common.js';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
export const WebhookParams = Type.Object({ id: Id });
export const DeliveryParams = Type.Object({ id: Id, deliveryId: Id });

const Events = Type.Array(Type.Enum(PIN_EVENT_TYPES), {
  maxItems: PIN_EVENT_TYPES.length * 2,
  description: 'Event types to receive; empty (the default) means every event.',
});
const Url = Type.String({
  minLength: 1,
  maxLength: 2048,
  description: 'https:// URL that receives the events.',
  examples: ['https://bot.example.com/scanpin'],
});
const Description = Nullable(Type.String({ maxLength: 200 }));
const Format = Type.Enum([...WEBHOOK_FORMATS], {
  description:
    '`standard`: signed events (Standard Webhooks). `discord`: a Discord channel’s incoming webhook, sent each finished scan’s result as an embed (events are then `pin.finished` only). Left out: `discord` for a discord.com webhook URL, else `standard`.',
});

export const CreateWebhookBody = Type.Object(
  {
    url: Url,
    events: Type.Optional(Events),
    description: Type.Optional(Description),
    format: Type.Optional(Format),
  },
  { additionalProperties: false },
);

export const UpdateWebhookBody = Type.Object(
  {
    url: Type.Optional(Url),
    events: Type.Optional(Events),
    description: Type.Optional(Description),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const endpointFields = {
  id: Type.Integer(),
  url: Type.String({
    description: 'The receiver; a Discord webhook’s token is not shown again (…) once saved.',
  }),
  events: Type.Array(Type.Enum(PIN_EVENT_TYPES)),
  format: Format,
  description: Nullable(Type.String()),
  enabled: Type.Boolean(),
  disabledReason: Nullable(Type.String({ description: 'Why the service disabled it, if it did.' })),
  createdAt: Timestamp,
};

export const Webhook = Type.Object(endpointFields);
export const WebhookWithSecret = Type.Object({
  ...endpointFields,
  secret: Type.String({
    description: 'The signing secret (whsec_…). Shown only in this answer: store it now.',
    examples: ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
  }),
});
export const WebhookList = Type.Object({ data: Type.Array(Webhook) });

export const Delivery = Type.Object({
  id: Type.Integer(),
  eventId: Type.Integer(),
  event: Type.Enum(EVENT_TYPES),
  state: Type.Enum(['pending', 'delivered', 'failed', 'cancelled']),
  delivered: Type.Boolean(),
  attempts: Type.Integer(),
  lastStatusCode: Nullable(Type.Integer()),
  lastError: Nullable(Type.String()),
  lastResponse: Nullable(Type.String({ description: 'The first 1 KiB of the receiver’s last answer.' })),
  lastAttemptAt: Nullable(Timestamp),
  nextAttemptAt: Nullable(Timestamp),
  deliveredAt: Nullable(Timestamp),
  createdAt: Timestamp,
});

export const DeliveryPage = Type.Object({
  data: Type.Array(Delivery),
  nextCursor: Nullable(
    Type.String({ description: 'Pass as `before` for the next (older) page; null at the end.' }),
  ),
});

export const DeliveryQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    before: Type.Optional(
      Type.String({
        // 1 to 2147483647 (row ids are 32-bit on PostgreSQL), written out so the document promises
        // exactly what the server takes.
        pattern:
          '^(?:[1-9][0-9]{0,8}|1[0-9]{9}|20[0-9]{8}|21[0-3][0-9]{7}|214[0-6][0-9]{6}|2147[0-3][0-9]{5}|21474[0-7][0-9]{4}|214748[0-2][0-9]{3}|2147483[0-5][0-9]{2}|21474836[0-3][0-9]|214748364[0-7])$',
        description: 'A cursor from a previous page.',
        examples: ['1024'],
      }),
    ),
  },
  { additionalProperties: false },
);

export const webhookErrors = problemResponses(...KEYED_ERRORS, 400, 404, 409, 413);

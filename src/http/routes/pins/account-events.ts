import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { UseCaseContext } from '../../../application/context.js';
import { followAccountPins } from '../../../application/pins/follow-account-pins.js';
import { MAX_STREAMS_PER_KEY } from '../../../application/pins/follow-pin.js';
import { PIN_EVENT_TYPES } from '../../../domain/webhook-events.js';
import { eventStreams } from '../../plugins/event-stream.js';
import { callerOf } from '../../plugins/key-auth.js';
import { EventStream, KEYED_ERRORS, problemResponses } from '../../schemas/common.js';

/**
 * GET /v1/events (docs/api.md, "Following your account's events"): server-sent events of every
 * change of a PIN the key's account created, each as its webhook event, so `scanpin events listen`
 * can forward them to a bot without a public address. Opening it counts as one request against the
 * key's budget; its events do not.
 */
export function accountEventsRoute(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const serveStream = eventStreams(app);

    app.get(
      '/v1/events',
      {
        schema: {
          summary: "Follow your account's PIN events live (server-sent events)",
          description: `text/event-stream: from the moment it opens, one event per change of a PIN your account created, named by its webhook event type (${PIN_EVENT_TYPES.join(', ')}) and whose data is the webhook body \`{ type, timestamp, data }\` with the PIN's status body as \`data\` (docs/webhooks.md, "Events"); unlike deliveries, every progress change is sent. A heartbeat comment every 15 s; the stream stays open until you close it. Shares the key's ${MAX_STREAMS_PER_KEY} open streams with the per-PIN streams.`,
          tags: ['Public API'],
          security: [{ apiKey: [] }],
          response: {
            200: EventStream('A text/event-stream of pin.* events carrying webhook bodies.'),
            // 404 account_not_found: the key's account was deleted (docs/api.md, "Errors").
            ...problemResponses(...KEYED_ERRORS, 404),
          },
        },
        config: { permission: 'pins:status' },
      },
      (request, reply) =>
        serveStream(
          request,
          reply,
          (signal) => followAccountPins(ctx, callerOf(request), { signal }),
          (event) =>
            `event: ${event.payload.type}\nid: ${event.id}\ndata: ${JSON.stringify(event.payload)}\n\n`,
        ),
    );
  };
}

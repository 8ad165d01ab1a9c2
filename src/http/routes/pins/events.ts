import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { UseCaseContext } from '../../../application/context.js';
import { followPin } from '../../../application/pins/follow-pin.js';
import { eventStreams } from '../../plugins/event-stream.js';
import { callerOf } from '../../plugins/key-auth.js';
import { EventStream, KEYED_ERRORS, problemResponses } from '../../schemas/common.js';
import { PinParams } from './schemas.js';
import { pinCodeValidation } from './validation.js';

/**
 * GET /v1/pins/:pinCode/events (docs/api.md, "Following a PIN live"): server-sent events of one
 * PIN's status. Opening it counts as one request against the key's budget; its events do not.
 */
export function pinEventsRoute(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const serveStream = eventStreams(app);

    app.get(
      '/v1/pins/:pinCode/events',
      {
        schema: {
          summary: 'Follow a PIN live (server-sent events)',
          description:
            'text/event-stream: the current status first, then one `status` event per change (the same body as the status endpoint), a heartbeat comment every 15 s, and the stream ends after the final state. Send `Last-Event-ID` to skip a state you already have. At most 20 open streams per key.',
          tags: ['Public API'],
          security: [{ apiKey: [] }],
          params: PinParams,
          headers: Type.Object({ 'last-event-id': Type.Optional(Type.String({ pattern: '^[0-9]{1,12}$' })) }),
          response: {
            200: EventStream('A text/event-stream of `status` events.'),
            ...problemResponses(...KEYED_ERRORS, 400, 404),
          },
        },
        config: { permission: 'pins:status', mapValidation: pinCodeValidation },
      },
      (request, reply) =>
        serveStream(
          request,
          reply,
          (signal) =>
            followPin(ctx, callerOf(request), request.params.pinCode, {
              lastEventId: request.headers['last-event-id'],
              signal,
            }),
          (event) => `event: status\nid: ${event.id}\ndata: ${JSON.stringify(event.data)}\n\n`,
        ),
    );
  };
}

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { UseCaseContext } from '../../../application/context.js';
import { followVisiblePins, MAX_STREAMS_PER_SESSION } from '../../../application/dashboard/follow-pins.js';
import { eventStreams } from '../../plugins/event-stream.js';
import { personOf } from '../../plugins/session-auth.js';
import { EventStream } from '../../schemas/common.js';
import { presentListedPin } from './present.js';
import { security, sessionErrors, tags } from './schemas.js';

/**
 * GET /app/api/events (docs/dashboard.md, "The dashboard API"): server-sent events of every change
 * of a PIN the person may see, so the dashboard's lists update without polling.
 */
export function eventRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const serveStream = eventStreams(app);

    app.get(
      '/events',
      {
        schema: {
          tags,
          security,
          summary: 'Follow the PINs you may see, live (server-sent events)',
          description: `text/event-stream: one \`pin\` event per change of a PIN you may see, its creation included, whose data is the PIN as GET /app/api/pins lists it; a heartbeat comment every 15 s. At most ${MAX_STREAMS_PER_SESSION} open streams per session; the stream ends when the session does.`,
          response: {
            200: EventStream('A text/event-stream of `pin` events.'),
            ...sessionErrors,
          },
        },
      },
      (request, reply) =>
        serveStream(
          request,
          reply,
          (signal) => followVisiblePins(ctx, personOf(request), { signal }),
          (event) => `event: pin\nid: ${event.id}\ndata: ${JSON.stringify(presentListedPin(event.pin))}\n\n`,
        ),
    );
  };
}

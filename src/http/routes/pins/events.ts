import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { UseCaseContext } from '../../../application/context.js';
import { followPin } from '../../../application/pins/follow-pin.js';
import { callerOf } from '../../plugins/key-auth.js';
import { KEYED_ERRORS, problemResponses } from '../../schemas/common.js';
import { PinParams } from './schemas.js';
import { pinCodeValidation } from './validation.js';

/** A comment line keeps proxies and clients from timing the stream out. */
const HEARTBEAT_MS = 15_000;

/**
 * GET /v1/pins/:pinCode/events (docs/api.md, "Following a PIN live"): server-sent events of one
 * PIN's status. Opening it counts as one request against the key's budget; its events do not.
 */
export function pinEventsRoute(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const open = new Set<AbortController>();
    // On shutdown streams end cleanly, so in-flight requests are not held up by them.
    app.addHook('preClose', async () => {
      for (const controller of open) controller.abort();
    });

    app.get(
      '/v1/pins/:pinCode/events',
      {
        schema: {
          summary: 'Follow a PIN live (server-sent events)',
          description:
            'text/event-stream: the current status first, then one `status` event per change (the same body as the status endpoint), a heartbeat comment every 15 s, and the stream ends after the final state. Send `Last-Event-ID` to skip a state you already have. At most 20 open streams per key.',
          tags: ['PINs'],
          security: [{ apiKey: [] }],
          params: PinParams,
          headers: Type.Object({ 'last-event-id': Type.Optional(Type.String({ pattern: '^[0-9]{1,12}$' })) }),
          response: {
            200: Type.String({ description: 'A text/event-stream of `status` events.' }),
            ...problemResponses(...KEYED_ERRORS, 400, 404),
          },
        },
        config: { permission: 'pins:status', mapValidation: pinCodeValidation },
      },
      async (request, reply) => {
        const controller = new AbortController();
        const follower = await followPin(ctx, callerOf(request), request.params.pinCode, {
          lastEventId: request.headers['last-event-id'],
          signal: controller.signal,
        });
        open.add(controller);
        reply.hijack();
        const res = reply.raw;
        res.writeHead(200, {
          ...(reply.getHeaders() as Record<string, string>),
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        });
        res.write(': scanpin event stream\n\n');
        const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
        const stop = () => controller.abort();
        request.raw.on('close', stop);
        try {
          for await (const event of follower.events) {
            res.write(`event: status\nid: ${event.id}\ndata: ${JSON.stringify(event.data)}\n\n`);
          }
        } catch (err) {
          request.log.warn({ err }, 'event stream ended by an error');
        } finally {
          clearInterval(heartbeat);
          request.raw.off('close', stop);
          follower.close();
          open.delete(controller);
          res.end();
        }
      },
    );
  };
}

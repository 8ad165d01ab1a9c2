import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** A comment line keeps proxies and clients from timing the stream out. */
const HEARTBEAT_MS = 15_000;

/** What a use case hands a stream: its events, and how to let go of them (freeing the stream slot). */
export interface StreamFollower<T> {
  events: AsyncIterable<T>;
  close(): void;
}

/**
 * Server-sent event streams on `app`'s routes (docs/api.md, "Following a PIN live", and
 * docs/dashboard.md, "The dashboard API"). The returned function serves one: `follow` runs first, so
 * its refusals (too many streams, not found) are still problem bodies; then the reply becomes a
 * text/event-stream of `format(event)` with a heartbeat comment, until the events end, the client
 * goes away or the server shuts down.
 */
export function eventStreams(app: FastifyInstance) {
  const open = new Set<AbortController>();
  let closing = false;
  // On shutdown streams end cleanly, so in-flight requests are not held up by them.
  app.addHook('preClose', async () => {
    closing = true;
    for (const controller of open) controller.abort();
  });

  return async function serve<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    follow: (signal: AbortSignal) => StreamFollower<T> | Promise<StreamFollower<T>>,
    format: (event: T) => string,
  ): Promise<void> {
    const controller = new AbortController();
    const follower = await follow(controller.signal);
    open.add(controller);
    // A stream still being set up when shutdown began would otherwise stay open past it.
    if (closing) controller.abort();
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      // Never kept (docs/api.md, "Caching"), and never compressed or buffered by a proxy on the way.
      'cache-control': 'no-store, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(': scanpin event stream\n\n');
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
    const stop = () => controller.abort();
    request.raw.on('close', stop);
    try {
      for await (const event of follower.events) res.write(format(event));
    } catch (err) {
      request.log.warn({ err }, 'event stream ended by an error');
    } finally {
      clearInterval(heartbeat);
      request.raw.off('close', stop);
      follower.close();
      open.delete(controller);
      res.end();
    }
  };
}

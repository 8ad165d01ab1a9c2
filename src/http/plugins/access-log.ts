import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One access line per request, written when it is answered, with the request in it: Fastify's
 * default writes two (on arrival and on answer), a measurable share of a status poll at the default
 * log level (docs/benchmarks.md, "Profile findings"). Errors, stream failures and the rest keep
 * Fastify's own lines. What a request line may show is decided by the serializers in src/logger.ts.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

import type { FastifyInstance } from 'fastify';
import { problems } from '../../problem.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** A scanner body kept as bytes (inflated, unparsed): the intake's workers parse it. */
    rawJsonBody?: Buffer;
  }
}

/**
 * In the calling plugin only: JSON bodies are kept as bytes instead of parsed on the event loop, for
 * the routes whose bodies are large enough that parsing them there would stall every other answer
 * (docs/security.md, "Evidence uploads"). The routes keep their body schema for the OpenAPI document;
 * the workers check the bytes against it.
 */
export function keepRawJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    request.rawJsonBody = body as Buffer;
    done(null, null);
  });
}

/** The bytes keepRawJsonBody kept; a request that sent none is refused as every JSON route refuses it. */
export function rawJsonBodyOf(request: { rawJsonBody?: Buffer }): Buffer {
  if (request.rawJsonBody === undefined) throw problems.invalidBody('The body is empty. Send a JSON object.');
  return request.rawJsonBody;
}

/** The workers validate the body against the route's schema; Fastify's validator must not see `null`. */
export const validatedInWorker = () => () => true;

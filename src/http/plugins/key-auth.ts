import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authenticateKey } from '../../application/access/authenticate-key.js';
import type { KeyCaller } from '../../application/callers.js';
import type { UseCaseContext } from '../../application/context.js';
import type { Permission } from '../../domain/permissions.js';
import { problemFor } from '../problem.js';
import { setRateLimitHeaders } from './rate-limit-headers.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission a key needs for this route (docs/api.md, "Authentication"). */
    permission?: Permission;
  }
  interface FastifyRequest {
    /** Set by the key check on the keyed /v1 routes; null anywhere else. */
    caller: KeyCaller | null;
  }
}

/** Registers the key check (with the rate limit and permission) on every route of `app`. */
export function requireApiKey(app: FastifyInstance, ctx: UseCaseContext): void {
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const raw = request.headers['x-api-key'];
    const outcome = await authenticateKey(ctx, {
      rawKey: typeof raw === 'string' ? raw : undefined,
      ip: () => request.ip,
      permission: request.routeOptions.config.permission,
    });
    setRateLimitHeaders(reply, outcome.limit);
    if (!outcome.ok) throw problemFor(outcome.failure);
    request.caller = outcome.caller;
  });
}

/** The caller of a keyed route; its absence means the route was registered outside the key check. */
export function callerOf(request: FastifyRequest): KeyCaller {
  if (request.caller === null) throw new Error(`${request.routeOptions.url} is not behind the API key check`);
  return request.caller;
}

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../deps.js';
import { createPinRoute } from './create.js';
import { pinResultsRoute } from './results.js';
import { pinStatusRoute } from './status.js';

export function pinRoutes(deps: AppDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    await app.register(createPinRoute(deps));
    await app.register(pinStatusRoute(deps));
    await app.register(pinResultsRoute(deps));
  };
}

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { UseCaseContext } from '../../../application/context.js';
import { accountEventsRoute } from './account-events.js';
import { cancelPinRoute } from './cancel.js';
import { createPinRoute } from './create.js';
import { pinEventsRoute } from './events.js';
import { pinResultsRoute } from './results.js';
import { pinStatusRoute } from './status.js';

export function pinRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    await app.register(createPinRoute(ctx));
    await app.register(pinStatusRoute(ctx));
    await app.register(pinResultsRoute(ctx));
    await app.register(pinEventsRoute(ctx));
    await app.register(cancelPinRoute(ctx));
    await app.register(accountEventsRoute(ctx));
  };
}

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { UseCaseContext } from '../../../application/context.js';
import { requireSession } from '../../plugins/session-auth.js';
import { enterpriseRoutes } from './enterprises.js';
import { dashboardPinRoutes } from './pins.js';
import { sessionRoutes } from './session.js';
import { shareLinkRoutes } from './share-links.js';

/** The dashboard's JSON API under /app/api (docs/dashboard.md): a session cookie, never an API key. */
export function dashboardApi(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    requireSession(app, ctx);
    await app.register(sessionRoutes(ctx));
    await app.register(dashboardPinRoutes(ctx));
    await app.register(shareLinkRoutes(ctx));
    await app.register(enterpriseRoutes(ctx));
  };
}

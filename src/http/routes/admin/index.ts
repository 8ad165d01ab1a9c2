import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { UseCaseContext } from '../../../application/context.js';
import { adminAuth } from '../../plugins/admin-auth.js';
import { accountRoutes } from './accounts.js';
import { bootstrapRoute } from './bootstrap.js';
import { enterpriseRoutes } from './enterprises.js';
import { keyRoutes } from './keys.js';
import { playerAdminRoutes } from './players.js';

/** Operator API (docs/operations.md, "Operator API"), behind the x-admin-token header. */
export function adminRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addHook('onRequest', adminAuth(ctx));
    await app.register(bootstrapRoute(ctx));
    await app.register(accountRoutes(ctx));
    await app.register(enterpriseRoutes(ctx));
    await app.register(keyRoutes(ctx));
    await app.register(playerAdminRoutes(ctx));
  };
}

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../deps.js';
import { adminAuth } from '../../plugins/admin-auth.js';
import { accountRoutes } from './accounts.js';
import { enterpriseRoutes } from './enterprises.js';
import { keyRoutes } from './keys.js';
import { playerAdminRoutes } from './players.js';

/** Operator API (CONTRACT §8), behind the x-admin-token header. */
export function adminRoutes(deps: AppDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addHook('onRequest', adminAuth(deps.adminToken));
    await app.register(accountRoutes(deps));
    await app.register(enterpriseRoutes(deps));
    await app.register(keyRoutes(deps));
    await app.register(playerAdminRoutes(deps));
  };
}

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { UseCaseContext } from '../../../application/context.js';
import { adminAuth } from '../../plugins/admin-auth.js';
import { problemResponses } from '../../schemas/common.js';
import { accountRoutes } from './accounts.js';
import { auditAdminRoutes } from './audit.js';
import { bootstrapRoute } from './bootstrap.js';
import { discordGuildAdminRoutes } from './discord-guilds.js';
import { enterpriseRoutes } from './enterprises.js';
import { hardwareHubRoutes } from './hardware-hubs.js';
import { keyRoutes } from './keys.js';
import { playerAdminRoutes } from './players.js';
import { privacyAdminRoutes } from './privacy.js';
import { rulePackSourceAdminRoutes } from './rule-pack-sources.js';
import { rulePackAdminRoutes } from './rule-packs.js';
import { ruleAdminRoutes } from './rules.js';
import { scannerClientAdminRoutes } from './scanner-clients.js';

/** Operator API (docs/operations.md, "Operator API"), behind the x-admin-token header. */
export function adminRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    // Wrong tokens are counted per client address (http/plugins/client-address-limit.ts): any
    // operator route can answer 429 once an address has guessed too often.
    app.addHook('onRoute', (route) => {
      const schema = route.schema as { hide?: boolean; response?: Record<string, unknown> } | undefined;
      if (schema?.response === undefined || schema.hide === true) return;
      route.schema = {
        ...schema,
        response: { ...problemResponses(429), ...schema.response },
      } as typeof route.schema;
    });
    app.addHook('onRequest', adminAuth(ctx));
    await app.register(bootstrapRoute(ctx));
    await app.register(accountRoutes(ctx));
    await app.register(enterpriseRoutes(ctx));
    await app.register(keyRoutes(ctx));
    await app.register(playerAdminRoutes(ctx));
    await app.register(hardwareHubRoutes(ctx));
    await app.register(privacyAdminRoutes(ctx));
    await app.register(auditAdminRoutes(ctx));
    await app.register(ruleAdminRoutes(ctx));
    await app.register(rulePackAdminRoutes(ctx));
    await app.register(rulePackSourceAdminRoutes(ctx));
    await app.register(scannerClientAdminRoutes(ctx));
    await app.register(discordGuildAdminRoutes(ctx));
  };
}

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { UseCaseContext } from '../../../application/context.js';
import { requireSession } from '../../plugins/session-auth.js';
import { dashboardAuditRoutes } from './audit.js';
import { authOptionsRoutes } from './auth-options.js';
import { dashboardDiscordRoutes } from './discord.js';
import { enterpriseSettingsRoutes } from './enterprise-settings.js';
import { enterpriseRoutes } from './enterprises.js';
import { eventRoutes } from './events.js';
import { evidenceRoutes } from './evidence.js';
import { falsePositiveRoutes } from './false-positives.js';
import { invitePreviewRoutes } from './invite-preview.js';
import { keyRoutes } from './keys.js';
import { keywordRoutes } from './keywords.js';
import { moderationRoutes } from './moderation.js';
import { overviewRoutes } from './overview.js';
import { passkeyRoutes } from './passkeys.js';
import { dashboardPinRoutes } from './pins.js';
import { dashboardPlayerRoutes } from './players.js';
import { sessionRoutes } from './session.js';
import { shareLinkRoutes } from './share-links.js';
import { timelineRoutes } from './timeline.js';
import { dashboardWebhookRoutes } from './webhooks.js';

/** The dashboard's JSON API under /app/api (docs/dashboard.md): a session cookie, never an API key. */
export function dashboardApi(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    requireSession(app, ctx);
    await app.register(sessionRoutes(ctx));
    await app.register(dashboardPinRoutes(ctx));
    await app.register(shareLinkRoutes(ctx));
    await app.register(enterpriseRoutes(ctx));
    await app.register(enterpriseSettingsRoutes(ctx));
    await app.register(timelineRoutes(ctx));
    await app.register(evidenceRoutes(ctx));
    await app.register(falsePositiveRoutes(ctx));
    await app.register(eventRoutes(ctx));
    await app.register(keyRoutes(ctx));
    await app.register(dashboardWebhookRoutes(ctx));
    await app.register(dashboardPlayerRoutes(ctx));
    await app.register(moderationRoutes(ctx));
    await app.register(overviewRoutes(ctx));
    await app.register(keywordRoutes(ctx));
    await app.register(authOptionsRoutes(ctx));
    await app.register(passkeyRoutes(ctx));
    await app.register(invitePreviewRoutes(ctx));
    await app.register(dashboardAuditRoutes(ctx));
    await app.register(dashboardDiscordRoutes(ctx));
  };
}

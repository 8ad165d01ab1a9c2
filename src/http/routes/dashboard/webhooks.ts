import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { UseCaseContext } from '../../../application/context.js';
import { accountCallerOf } from '../../../application/dashboard/account-caller.js';
import { personOf } from '../../plugins/session-auth.js';
import { webhookRoutes } from '../webhooks/index.js';
import { security, tags } from './schemas.js';

/**
 * The person's own webhook endpoints (docs/webhooks.md): the /v1/webhooks routes themselves, mounted
 * under /app/api for the signed-in account instead of a key's.
 */
export function dashboardWebhookRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return webhookRoutes(ctx, {
    prefix: '',
    tags,
    security,
    config: {},
    listSummary: 'Your webhook endpoints',
    caller: (request) => accountCallerOf(ctx, personOf(request)),
  });
}

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { UseCaseContext } from '../../../application/context.js';
import { previewInvite } from '../../../application/dashboard/invite-preview.js';
import { problemResponses } from '../../schemas/common.js';
import { tags } from './schemas.js';

/** What an invite link leads to, before anyone signs in (docs/dashboard.md, "Members and invites"). */
export function invitePreviewRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/invites/preview',
      {
        config: { signedOut: true },
        schema: {
          tags,
          security: [],
          summary: 'The Enterprise an invite link leads to',
          description:
            'Needs no session, changes nothing and spends no use. `usable` is false when the invite is used up, revoked or expired, or its Enterprise is deactivated; an unknown token answers 404 unknown_invite.',
          querystring: Type.Object({
            token: Type.String({
              pattern: '^[A-Za-z0-9_-]{20,100}$',
              description: 'The last part of the invite URL.',
            }),
          }),
          response: {
            200: Type.Object({ enterprise: Type.String(), usable: Type.Boolean() }),
            ...problemResponses(400, 404, 429),
          },
        },
      },
      async (request) => previewInvite(ctx, request.query.token),
    );
  };
}

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { UseCaseContext } from '../../../application/context.js';
import { discordSignInEnabled } from '../../../application/people/discord-sign-in.js';
import { passkeysAvailable } from '../../../application/people/passkeys.js';
import { problemResponses } from '../../schemas/common.js';
import { tags } from './schemas.js';

/** How people can sign in here, for the sign-in page (docs/dashboard.md, "Signing in"). */
export function authOptionsRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/auth/options',
      {
        config: { signedOut: true },
        schema: {
          tags,
          security: [],
          summary: 'Which ways of signing in this server offers',
          description:
            'Needs no session. `discord` is true when "Sign in with Discord" is set up; `passkey` when this server\'s PUBLIC_URL can have passkeys (a domain on https://, or localhost); sign-in links always work.',
          response: {
            200: Type.Object({ discord: Type.Boolean(), passkey: Type.Boolean() }),
            ...problemResponses(429),
          },
        },
      },
      async () => ({ discord: discordSignInEnabled(ctx.config), passkey: passkeysAvailable(ctx) }),
    );
  };
}

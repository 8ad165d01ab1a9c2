import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { UseCaseContext } from '../../application/context.js';
import {
  DISCORD_CALLBACK_PATH,
  finishDiscordSignIn,
  startDiscordSignIn,
} from '../../application/people/discord-sign-in.js';
import { publicBaseUrl } from '../../config.js';
import { limitByClientAddress } from '../plugins/client-address-limit.js';
import { setSessionCookie } from '../plugins/session-auth.js';

/** Holds one browser's sealed sign-in attempt; sent back only to /auth/discord/… */
const ATTEMPT_COOKIE = 'scanpin_discord_sign_in';
const ATTEMPT_COOKIE_PATH = '/auth/discord';

const StartQuery = Type.Object({
  invite: Type.Optional(
    Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$', description: 'The token of an invite link.' }),
  ),
  next: Type.Optional(
    Type.String({ description: 'A path on this site to land on; anything else is ignored.' }),
  ),
});

/**
 * Discord sends `code` and `state`, or `error` and `state`. A repeated parameter is accepted here and
 * read as missing, so even a mangled callback ends on the sign-in page rather than as an error body.
 */
const OneOrMore = Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())]));
const CallbackQuery = Type.Object({ code: OneOrMore, state: OneOrMore, error: OneOrMore });
const single = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

function attemptCookieOptions(ctx: UseCaseContext) {
  return {
    path: ATTEMPT_COOKIE_PATH,
    httpOnly: true,
    // Lax: the cookie must come back on Discord's top-level redirect to the callback.
    sameSite: 'lax' as const,
    secure: publicBaseUrl(ctx.config).startsWith('https://'),
  };
}

/** Redirects in this flow are never cached, and never tell the next site where the browser was. */
function redirectHeaders(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
}

/**
 * "Sign in with Discord" (docs/dashboard.md, "Signing in"). The sign-in page's button opens
 * /auth/discord; Discord sends the browser back to /auth/discord/callback, which signs in and lands
 * on `next` (or, after an invite, on the Enterprise), or goes back to /sign-in?error=<reason>.
 */
export function discordAuthRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    // Signed out, so counted per client address (docs/api.md, "Rate limits").
    const limit = limitByClientAddress(ctx);
    app.get(
      '/auth/discord',
      { schema: { hide: true, querystring: StartQuery }, onRequest: limit },
      async (request, reply) => {
        const started = startDiscordSignIn(ctx, request.query);
        reply.setCookie(ATTEMPT_COOKIE, started.pending, {
          ...attemptCookieOptions(ctx),
          maxAge: started.maxAgeSeconds,
        });
        return redirectHeaders(reply).redirect(started.redirectTo, 302);
      },
    );

    app.get(
      DISCORD_CALLBACK_PATH,
      { schema: { hide: true, querystring: CallbackQuery }, onRequest: limit },
      async (request, reply) => {
        const pending = request.cookies[ATTEMPT_COOKIE];
        const outcome = await finishDiscordSignIn(ctx, {
          pending,
          state: single(request.query.state),
          code: single(request.query.code),
          error: single(request.query.error),
          userAgent: request.headers['user-agent'] ?? null,
        });
        // An attempt is good for one return from Discord, whatever became of it.
        if (pending !== undefined) reply.clearCookie(ATTEMPT_COOKIE, attemptCookieOptions(ctx));
        redirectHeaders(reply);
        if (!outcome.ok) {
          const level = outcome.error === 'discord_unavailable' ? 'warn' : 'info';
          request.log[level]({ reason: outcome.error, detail: outcome.detail }, 'Discord sign-in refused');
          return reply.redirect(`/sign-in?error=${outcome.error}`, 303);
        }
        setSessionCookie(reply, ctx, outcome.session.token);
        return reply.redirect(outcome.redirectTo, 303);
      },
    );
  };
}

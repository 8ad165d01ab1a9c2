import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { UseCaseContext } from '../../application/context.js';
import { signInWithLink } from '../../application/people/sign-in.js';
import { SERVER_PAGE_STYLE_SOURCE, serverPage } from '../pages/server-page.js';
import { limitByClientAddress } from '../plugins/client-address-limit.js';
import { assertSameOrigin, setSessionCookie } from '../plugins/session-auth.js';
import { problemResponses } from '../schemas/common.js';

const TokenParams = Type.Object({
  token: Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$', description: 'The token from the sign-in link.' }),
});

/**
 * Sign-in links land here (docs/dashboard.md, "Signing in"). Opening the link only shows a button:
 * chat apps fetch links to preview them, and a GET that signed in would spend the one-time link on
 * the preview bot. The button POSTs back to the same address, which signs in and sets the cookie.
 */
function confirmPage(): string {
  return serverPage({
    title: 'Sign in to scanpin',
    robots: 'noindex',
    body: `<h1>Sign in to scanpin</h1>
<p>This one-time link signs you in to the scanpin dashboard on this device.</p>
<form method="post"><button type="submit">Sign in</button></form>
<footer>The link works once and for 15 minutes. If you did not expect it, close this page.</footer>`,
  });
}

function pageHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header(
      'content-security-policy',
      `default-src 'none'; style-src ${SERVER_PAGE_STYLE_SOURCE}; form-action 'self'; frame-ancestors 'none'`,
    )
    .header('x-robots-tag', 'noindex')
    .header('referrer-policy', 'same-origin')
    .header('cache-control', 'no-store');
}

export function signInRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    // The confirmation form posts with an empty url-encoded body; there is nothing in it to read.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, _body, done) => done(null, {}),
    );

    // Tokens are counted per client address before anything else, so they cannot be guessed.
    const limit = limitByClientAddress(ctx);

    app.get(
      '/sign-in/:token',
      { schema: { hide: true, params: TokenParams }, onRequest: limit },
      async (_request, reply) => pageHeaders(reply).type('text/html; charset=utf-8').send(confirmPage()),
    );

    // The origin is checked next, as on the rest of the dashboard API: before the input is even read.
    const sameOrigin = async (request: FastifyRequest) => assertSameOrigin(request, ctx);

    app.post(
      '/sign-in/:token',
      { schema: { hide: true, params: TokenParams }, onRequest: [limit, sameOrigin] },
      async (request, reply) => {
        const session = await signInWithLink(ctx, {
          token: request.params.token,
          userAgent: request.headers['user-agent'] ?? null,
        });
        setSessionCookie(reply, ctx, session.token);
        return pageHeaders(reply).redirect('/', 303);
      },
    );

    app.post(
      '/app/api/sign-in',
      {
        schema: {
          tags: ['Dashboard'],
          summary: 'Sign in with the token of a sign-in link',
          description: 'Sets the session cookie. The link is spent whether or not the cookie is kept.',
          body: Type.Object({ token: TokenParams.properties.token }, { additionalProperties: false }),
          response: { 204: Type.Null(), ...problemResponses(400, 403, 429) },
        },
        onRequest: [limit, sameOrigin],
      },
      async (request, reply) => {
        const session = await signInWithLink(ctx, {
          token: request.body.token,
          userAgent: request.headers['user-agent'] ?? null,
        });
        setSessionCookie(reply, ctx, session.token);
        return reply.code(204).send(null);
      },
    );
  };
}

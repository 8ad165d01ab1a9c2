import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { UseCaseContext } from '../../application/context.js';
import { UseCaseFailure } from '../../application/failures.js';
import { type SignInLinkState, signInLinkState, signInWithLink } from '../../application/people/sign-in.js';
import { plural } from '../../domain/plural.js';
import { SIGN_IN_LINK_TTL_MS } from '../../domain/session-policy.js';
import { SERVER_PAGE_STYLE_SOURCE, serverPage } from '../pages/server-page.js';
import { limitByClientAddress } from '../plugins/client-address-limit.js';
import { assertSameOrigin, setSessionCookie } from '../plugins/session-auth.js';
import { problemResponses } from '../schemas/common.js';

/** How long a link lasts, as the pages say it ("15 minutes"): the rule's own value, never a copy. */
const LINK_LIFETIME = plural(Math.round(SIGN_IN_LINK_TTL_MS / 60_000), 'minute');

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
<footer>The link works once and for ${LINK_LIFETIME}. If you did not expect it, close this page.</footer>`,
  });
}

/**
 * A link that no longer signs in, opened in a browser: what happened and what to do next, as a page
 * rather than a problem body (an API client that asks for JSON still gets the problem).
 */
const DEAD_LINK: Record<
  Exclude<SignInLinkState, 'usable'>,
  { status: number; title: string; text: string }
> = {
  used: {
    status: 410,
    title: 'This sign-in link was already used',
    text: 'Each link signs in once. If you used it, you are signed in on that device. Otherwise ask your operator for a new link, or sign in with your passkey.',
  },
  expired: {
    status: 410,
    title: 'This sign-in link has expired',
    text: `Links last ${LINK_LIFETIME}. Ask your operator for a new one, or sign in with your passkey.`,
  },
  unknown: {
    status: 404,
    title: 'This sign-in link is not known',
    text: 'Check that it was copied whole. Otherwise ask your operator for a new link, or sign in with your passkey.',
  },
};

function deadLinkPage(state: Exclude<SignInLinkState, 'usable'>): string {
  const words = DEAD_LINK[state];
  return serverPage({
    title: words.title,
    robots: 'noindex',
    body: `<h1>${words.title}</h1>
<p>${words.text}</p>
<p><a class="button" href="/sign-in">Go to the sign-in page</a></p>
<footer>Added a passkey in Settings? It signs you in without a link.</footer>`,
  });
}

function bannedPage(): string {
  return serverPage({
    title: 'This account cannot sign in',
    robots: 'noindex',
    body: `<h1>This account cannot sign in</h1>
<p>The account this link is for is banned. Contact the operator of this scanpin server.</p>`,
  });
}

/** A browser navigating (it asks for HTML before JSON); an API client asking for JSON gets the problem. */
function wantsPage(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  const html = accept.indexOf('text/html');
  const json = accept.search(/application\/(problem\+)?json/);
  return html !== -1 && (json === -1 || html < json);
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
      async (request, reply) => {
        const state = await signInLinkState(ctx, request.params.token);
        pageHeaders(reply).type('text/html; charset=utf-8');
        if (state === 'usable') return reply.send(confirmPage());
        return reply.code(DEAD_LINK[state].status).send(deadLinkPage(state));
      },
    );

    // The origin is checked next, as on the rest of the dashboard API: before the input is even read.
    const sameOrigin = async (request: FastifyRequest) => assertSameOrigin(request, ctx);

    app.post(
      '/sign-in/:token',
      { schema: { hide: true, params: TokenParams }, onRequest: [limit, sameOrigin] },
      async (request, reply) => {
        let session: Awaited<ReturnType<typeof signInWithLink>>;
        try {
          session = await signInWithLink(ctx, {
            token: request.params.token,
            userAgent: request.headers['user-agent'] ?? null,
          });
        } catch (err) {
          if (!(err instanceof UseCaseFailure) || !wantsPage(request)) throw err;
          pageHeaders(reply).type('text/html; charset=utf-8');
          if (err.failure.code === 'account_banned') return reply.code(403).send(bannedPage());
          if (err.failure.code !== 'invalid_sign_in_link') throw err;
          const state = await signInLinkState(ctx, request.params.token);
          const dead = state === 'usable' ? 'used' : state;
          return reply.code(DEAD_LINK[dead].status).send(deadLinkPage(dead));
        }
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

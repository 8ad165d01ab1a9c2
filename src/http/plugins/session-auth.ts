import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authenticateSession, type SessionCaller } from '../../application/access/authenticate-session.js';
import type { UseCaseContext } from '../../application/context.js';
import { refuse } from '../../application/failures.js';
import { publicBaseUrl } from '../../config.js';
import { limitByClientAddress } from './client-address-limit.js';
import { setRateLimitHeaders } from './rate-limit-headers.js';

/** The dashboard's session cookie (docs/dashboard.md, "Sessions"). */
export const SESSION_COOKIE = 'scanpin_session';
/** The browser may keep the cookie this long; the server ends the session sooner when unused. */
const COOKIE_MAX_AGE_SECONDS = 30 * 24 * 3600;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session (the sign-in call itself). */
    signedOut?: boolean;
  }
  interface FastifyRequest {
    /** Set by the session check on the dashboard API; null anywhere else. */
    person: SessionCaller | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard for cookie-authenticated calls: a state-changing request must
 * come from this site. Browsers name the page's origin in `Origin` (or at least say where the
 * request came from in `Sec-Fetch-Site`); a client that sends neither is not a browser, so carries
 * no ambient cookie an attacker could ride on.
 */
export function assertSameOrigin(request: FastifyRequest, ctx: UseCaseContext): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.origin;
  const site = request.headers['sec-fetch-site'];
  // A page sent with a no-referrer policy (or a sandboxed frame) says `Origin: null`; only the
  // browser's own Sec-Fetch-Site can then vouch that the request is same-origin.
  if (origin === 'null') {
    if (site !== 'same-origin') refuse({ code: 'cross_site_request' });
    return;
  }
  if (typeof origin === 'string' && origin !== '') {
    let sent: string;
    try {
      sent = new URL(origin).origin;
    } catch {
      refuse({ code: 'cross_site_request' });
    }
    const own = [
      new URL(publicBaseUrl(ctx.config)).origin,
      `${request.protocol}://${request.headers.host ?? ''}`,
    ];
    if (!own.includes(sent)) refuse({ code: 'cross_site_request' });
    return;
  }
  if (site === 'cross-site' || site === 'same-site') refuse({ code: 'cross_site_request' });
}

export function setSessionCookie(reply: FastifyReply, ctx: UseCaseContext, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: publicBaseUrl(ctx.config).startsWith('https://'),
    maxAge: COOKIE_MAX_AGE_SECONDS,
  });
}

export function clearSessionCookie(reply: FastifyReply, ctx: UseCaseContext): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: publicBaseUrl(ctx.config).startsWith('https://'),
  });
}

/** Registers the origin check and the session check on every route of `app`. */
export function requireSession(app: FastifyInstance, ctx: UseCaseContext): void {
  app.decorateRequest('person', null);
  const limitSignedOut = limitByClientAddress(ctx);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    assertSameOrigin(request, ctx);
    // Routes that need no session are counted per client address instead (invite tokens, say).
    if (request.routeOptions.config.signedOut) return limitSignedOut(request, reply);
    const { caller, limit } = await authenticateSession(ctx, request.cookies[SESSION_COOKIE]);
    setRateLimitHeaders(reply, limit);
    request.person = caller;
  });
}

/** The person behind a dashboard route; its absence means the route was registered outside the check. */
export function personOf(request: FastifyRequest): SessionCaller {
  if (request.person === null) throw new Error(`${request.routeOptions.url} is not behind the session check`);
  return request.person;
}

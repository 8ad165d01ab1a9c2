import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { type Config, publicBaseUrl } from '../../config.js';

/**
 * The policy every answer falls back to: JSON, problems, redirects, streams, files. Nothing in an API
 * answer may run, load or be framed (OWASP REST Security Cheat Sheet, "Security headers"). Pages
 * replace it with their own (the dashboard's in http/routes/web-app.ts, the sign-in and share pages,
 * the API reference).
 */
export const FALLBACK_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * An HTML page that sets no policy of its own gets this one: the fallback, plus no <base> and no form
 * posts, which only mean something in a document.
 */
export const FALLBACK_PAGE_CSP = `${FALLBACK_CSP}; base-uri 'none'; form-action 'none'`;

/**
 * Routes whose answers are the same for everyone and hold nothing of anyone's (docs/api.md,
 * "Caching"): health probes, the published document and the API reference. They keep the caching
 * they had (none said). Every other answer is `no-store` unless its route sets a policy of its own:
 * the dashboard's shell page and hashed assets, the player page `/scan` and its downloads.
 */
const SHARED_ROUTES = /^\/(healthz|readyz|openapi\.json)$|^\/docs(\/|$)/;

/** 180 days, without subdomains: the operator's other hosts on the same domain are not ours to pin. */
export const HSTS_MAX_AGE_SECONDS = 15_552_000;

/**
 * What a browser only reads from a document it renders (docs/operations.md, "Security headers"):
 * opener isolation, agent clustering, DNS prefetching, IE's open-download and XSS-auditor switches,
 * Flash/PDF cross-domain policies. On a JSON answer they are bytes Node validates for nothing.
 */
export const HTML_ONLY_HEADERS: Readonly<Record<string, string>> = {
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/**
 * Security headers (docs/operations.md, "Security headers"): on every answer no sniffing, no framing,
 * no referrer, resources for this site only, HSTS when PUBLIC_URL is https (a browser ignores it
 * over plain http, and a local http set-up must not be pinned to https), and nothing that names the
 * server software; on HTML pages also the document-only headers above. Registered first, so even
 * refusals sent from the earliest hooks carry them.
 *
 * And `Cache-Control: no-store` (docs/api.md, "Caching"): whatever a key, a session, the operator
 * token or a scanner token opened, and any refusal on the way, is never kept by a browser or a proxy.
 * Set before the route runs, so an answer sent again as the text it was before
 * (http/plugins/serialized-answers.ts) carries it too; a route with a policy of its own replaces it,
 * and the shared routes above drop it.
 *
 * The headers never vary by request, so they are computed once and copied in by synchronous hooks:
 * every header is validated again by Node on every answer, and /healthz cost 2.7 times a bare route
 * mostly in such fixed work (docs/benchmarks.md, "Profile findings"). A page's own CSP, set later
 * with reply.header, replaces the fallback.
 */
export async function installSecurityHeaders(
  app: FastifyInstance,
  config: Pick<Config, 'publicUrl' | 'host' | 'port'>,
): Promise<void> {
  const headers = securityHeadersOf(config);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // Decided once per route as it is added, not per request; runs after the hook above.
  app.addHook('onRoute', (route) => {
    if (!SHARED_ROUTES.test(route.url)) return;
    const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
    route.onRequest = [mayBeKept, ...own];
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html')) {
      reply.headers(HTML_ONLY_HEADERS);
      if (reply.getHeader('content-security-policy') === FALLBACK_CSP) {
        reply.header('content-security-policy', FALLBACK_PAGE_CSP);
      }
    }
    done(null, payload);
  });
}

function mayBeKept(_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  reply.removeHeader('cache-control');
  done();
}

/**
 * The headers every answer carries, as a plain record, also for the few answers no hook sees
 * (Fastify's `frameworkErrors`, a URL that is not valid percent-encoding: always a problem body).
 * test/security/headers.test.ts holds it equal to what the plugin above sends.
 */
export function securityHeadersOf(
  config: Pick<Config, 'publicUrl' | 'host' | 'port'>,
): Record<string, string> {
  return {
    'content-security-policy': FALLBACK_CSP,
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    ...(publicBaseUrl(config).startsWith('https://')
      ? { 'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}` }
      : {}),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cache-control': 'no-store',
  };
}

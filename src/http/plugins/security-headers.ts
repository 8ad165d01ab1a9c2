import type { FastifyInstance } from 'fastify';
import { type Config, publicBaseUrl } from '../../config.js';

/**
 * The policy every answer falls back to: JSON, problems, redirects, streams. Nothing in an API answer
 * may run, load or be framed. Pages replace it with their own (the dashboard's in
 * http/routes/web-app.ts, the sign-in and share pages, the API reference).
 */
const FALLBACK_DIRECTIVES = {
  'default-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
};

/** The policy as sent, directives joined by a bare semicolon. */
export const FALLBACK_CSP = Object.entries(FALLBACK_DIRECTIVES)
  .map(([name, values]) => `${name} ${values.join(' ')}`)
  .join(';');

/** 180 days, without subdomains: the operator's other hosts on the same domain are not ours to pin. */
export const HSTS_MAX_AGE_SECONDS = 15_552_000;

/**
 * Security headers on every answer (docs/operations.md, "Security headers"): no sniffing, no framing,
 * no referrer beyond this site, HSTS when PUBLIC_URL is https (a browser ignores it over plain http,
 * and a local http set-up must not be pinned to https), and nothing that names the server software.
 * Registered first, so even refusals sent from the earliest hooks carry them.
 *
 * The headers never vary by request, so they are computed once and copied in by one synchronous
 * hook. @fastify/helmet rebuilt its middleware (parsing the CSP again) in an async hook on every
 * request, a measurable share of a status poll (docs/benchmarks.md, "Profile findings"). A page's
 * own CSP, set later with reply.header, replaces the fallback.
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
}

/**
 * The same headers as a plain record, for the few answers no hook sees (Fastify's `frameworkErrors`,
 * a URL that is not valid percent-encoding). test/security/headers.test.ts holds it equal to what
 * the plugin above sends.
 */
export function securityHeadersOf(
  config: Pick<Config, 'publicUrl' | 'host' | 'port'>,
): Record<string, string> {
  return {
    'content-security-policy': FALLBACK_CSP,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    ...(publicBaseUrl(config).startsWith('https://')
      ? { 'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}` }
      : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

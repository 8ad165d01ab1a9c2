import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import {
  FALLBACK_CSP,
  HSTS_MAX_AGE_SECONDS,
  HTML_ONLY_HEADERS,
  securityHeadersOf,
} from '../../src/http/plugins/security-headers.js';
import { API_REFERENCE_CSP } from '../../src/http/routes/api-reference.js';
import { CONTENT_SECURITY_POLICY } from '../../src/http/routes/web-app.js';
import { backends, sqliteBackend } from '../support/backends.js';
import { openSse } from '../support/sse.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** A stand-in for web/dist as `vite build` lays it out. */
function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'scanpin-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  writeFileSync(join(dir, 'assets', 'app-Ab12Cd34.js'), 'console.log(1);');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

type Headers = Record<string, string | string[] | number | undefined>;

/** The document-only headers, as docs/operations.md ("Security headers") lists them. */
const HTML_ONLY = {
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/**
 * What every answer carries, whatever it is (docs/operations.md, "Security headers"); `html`: a page,
 * which carries the document-only headers too, and anything else must not.
 */
function expectSecurityHeaders(headers: Headers, what: string, https = false, html = false): void {
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(String(headers['content-security-policy']), what).toContain("frame-ancestors 'none'");
  expect(headers['referrer-policy'], what).toMatch(/^(no-referrer|same-origin)$/);
  expect(headers['cross-origin-resource-policy'], what).toBe('same-origin');
  expect(headers['x-powered-by'], what).toBeUndefined();
  expect(headers.server, what).toBeUndefined();
  if (https) expect(headers['strict-transport-security'], what).toBe(`max-age=${HSTS_MAX_AGE_SECONDS}`);
  else expect(headers['strict-transport-security'], what).toBeUndefined();
  for (const [name, value] of Object.entries(HTML_ONLY)) {
    expect(headers[name], `${what}: ${name}`).toBe(html ? value : undefined);
  }
}

describe.each(backends())('security headers on every answer on $name', (backend) => {
  let t: TestApp;
  let dist: string;
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    dist = fakeDist();
    t = await startTestApp(backend, {}, undefined, { webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('JSON answers and problems fall back to a CSP that lets nothing run, load or frame', async () => {
    const owner = await t.createOwner();
    const answers = {
      health: await get('/healthz'),
      openapi: await get('/openapi.json'),
      created: await t.api('POST', '/v1/pins/create', { key: owner.key, body: { type: 'FiveM' } }),
      missingKey: await get('/v1/pins/A7K3M2P9/status'),
      notFound: await get('/no/such/route'),
      badBody: await t.api('POST', '/v1/pins/create', { key: owner.key, body: '{' }),
      admin401: await t.adminRaw('GET', '/admin/v1/accounts/1', undefined, 'wrong-token-0123456789'),
      dashboard401: await get('/app/api/me'),
      scanner401: await t.api('POST', '/v1/scanner/progress', { body: { progress: 1, statusMessage: 'x' } }),
    };
    for (const [what, res] of Object.entries(answers)) {
      expectSecurityHeaders(res.headers, what);
      expect(res.headers['content-security-policy'], what).toBe(FALLBACK_CSP);
      expect(res.headers['referrer-policy'], what).toBe('no-referrer');
    }
  });

  it('answers no hook sees (a URL that is not valid percent-encoding) carry exactly the same headers', async () => {
    const bad = await get('/%zz');
    expect(bad.statusCode).toBe(400);
    // An answer of the API (the health probes drop `cache-control`, docs/api.md "Caching").
    const normal = await get('/no/such/route');
    const security = (h: Headers) =>
      Object.fromEntries(
        Object.entries(h).filter(
          ([name]) => !/^(content-type|content-length|date|connection|x-request-id)$/.test(name),
        ),
      );
    expect(security(bad.headers)).toEqual(security(normal.headers));
    expect(security(normal.headers)).toEqual(securityHeadersOf(loadConfig({})));
    // Exactly these, on a non-HTML answer: the OWASP REST set, nothing a browser reads only from pages.
    expect(Object.keys(security(normal.headers)).sort()).toEqual([
      'cache-control',
      'content-security-policy',
      'cross-origin-resource-policy',
      'referrer-policy',
      'x-content-type-options',
      'x-frame-options',
    ]);
    expect(HTML_ONLY_HEADERS).toEqual(HTML_ONLY);
  });

  it("keeps each page's own strict CSP: the dashboard, its assets, the sign-in, share and reference pages", async () => {
    const page = await get('/');
    expect(page.statusCode).toBe(200);
    expectSecurityHeaders(page.headers, 'dashboard page', false, true);
    expect(page.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers['referrer-policy']).toBe('same-origin');

    for (const url of ['/assets/app-Ab12Cd34.js', '/favicon.svg']) {
      const asset = await get(url);
      expect(asset.statusCode, url).toBe(200);
      expectSecurityHeaders(asset.headers, url);
    }

    // A live link's page holds the confirm form; an unknown link's page says so, under the same rules.
    const owner = await t.createOwner();
    const link = await t.admin<{ url: string }>(
      'POST',
      `/admin/v1/accounts/${owner.accountId}/sign-in-links`,
    );
    const signIn = await get(new URL(link.url).pathname);
    expect(signIn.statusCode).toBe(200);
    expectSecurityHeaders(signIn.headers, 'sign-in page', false, true);
    expect(signIn.headers['content-security-policy']).toMatch(
      /^default-src 'none'; style-src .+; form-action 'self'/,
    );

    const unknownLink = await get(`/sign-in/${'a'.repeat(43)}`);
    expect(unknownLink.statusCode).toBe(404);
    expectSecurityHeaders(unknownLink.headers, 'unknown sign-in link page', false, true);
    expect(unknownLink.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src /);

    const share = await get(`/share/${'a'.repeat(43)}`);
    expect(share.statusCode).toBe(404);
    expectSecurityHeaders(share.headers, 'share page', false, true);
    expect(share.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src /);

    const reference = await get('/docs/');
    expect(reference.statusCode).toBe(200);
    expectSecurityHeaders(reference.headers, 'API reference', false, true);
    expect(reference.headers['content-security-policy']).toBe(API_REFERENCE_CSP);
  });

  it('event streams carry them too (a real socket: the stream writes its own head)', async () => {
    const owner = await t.createOwner();
    const pin = await t.createPin(owner.key);
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const stream = await openSse(`${address}/v1/pins/${pin}/events`, { 'x-api-key': owner.key });
    try {
      expect(stream.status).toBe(200);
      const headers = Object.fromEntries(stream.headers.entries());
      expect(headers['content-type']).toMatch(/^text\/event-stream/);
      expectSecurityHeaders(headers, 'event stream');
    } finally {
      stream.close();
    }
  });
});

describe('HSTS', () => {
  const sqlite = sqliteBackend();

  it('is sent on every answer when PUBLIC_URL is https, and never over a plain http set-up', async () => {
    const secure = await startTestApp(sqlite, { PUBLIC_URL: 'https://scanpin.example.com' });
    try {
      for (const url of ['/healthz', '/v1/pins/A7K3M2P9/status', '/no/such/route', '/%zz']) {
        expectSecurityHeaders((await secure.app.inject({ method: 'GET', url })).headers, url, true);
      }
      const page = `/sign-in/${'a'.repeat(43)}`;
      expectSecurityHeaders(
        (await secure.app.inject({ method: 'GET', url: page })).headers,
        page,
        true,
        true,
      );
    } finally {
      await secure.close();
    }
    const plain = await startTestApp(sqlite, { PUBLIC_URL: 'http://127.0.0.1:8080' });
    try {
      expectSecurityHeaders((await plain.app.inject({ method: 'GET', url: '/healthz' })).headers, 'http');
    } finally {
      await plain.close();
    }
  });
});

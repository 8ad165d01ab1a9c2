import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FALLBACK_CSP } from '../../src/http/plugins/security-headers.js';
import { CONTENT_SECURITY_POLICY, defaultWebDist, SPA_PATHS } from '../../src/http/routes/web-app.js';
import { backends } from '../support/backends.js';
import { expectProblem } from '../support/http.js';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../support/test-app.js';

const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/app-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = 'console.log("dashboard");';

/** A stand-in for web/dist as `vite build` lays it out. */
function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'scanpin-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets', 'app-Ab12Cd34.js'), SCRIPT);
  writeFileSync(join(dir, 'assets', 'app-Ab12Cd34.css'), 'body{margin:0}');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dir, '.secret'), 'not for anyone');
  return dir;
}

function expectPage(res: LightMyRequestResponse): void {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.body).toBe(INDEX);
  expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('same-origin');
  expect(res.headers['cache-control']).toBe('no-cache');
}

/** The dashboard's pages, served by the server itself (docs/dashboard.md, "The pages"). */
describe.each(backends())('the dashboard pages on $name', (backend) => {
  let t: TestApp;
  let dist: string;
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    dist = fakeDist();
    t = await startTestApp(backend, {}, undefined, { webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers every page path with index.html, under a same-origin-only CSP', async () => {
    for (const path of [
      '/',
      '/pins/A7K3M2P9',
      '/players',
      '/players/123456789012345678',
      '/overview',
      '/keys',
      '/webhooks',
      '/settings',
      '/audit',
      '/sign-in',
      '/sign-in?error=denied',
      '/invite/abcdefghijklmnopqrstuvwxyz',
      '/operator/scanner-clients',
    ]) {
      expectPage(await get(path));
    }
    expect(SPA_PATHS).toHaveLength(12);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data:",
      "connect-src 'self'",
      "font-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ]) {
      expect(CONTENT_SECURITY_POLICY).toContain(directive);
    }
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe|https?:|\*/);
  });

  it('lets the browser revalidate index.html (ETag → 304) and answers HEAD', async () => {
    const first = await get('/');
    const etag = first.headers.etag;
    expect(typeof etag).toBe('string');
    const again = await get('/overview', { 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    const head = await t.app.inject({ method: 'HEAD', url: '/keys' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  });

  it('serves hashed assets with a year-long immutable cache, and the icon with a short one', async () => {
    const script = await get('/assets/app-Ab12Cd34.js');
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe(SCRIPT);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    const css = await get('/assets/app-Ab12Cd34.css');
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('keeps answering 404 route_not_found for unknown paths, API or not', async () => {
    for (const path of [
      '/v1/nothing',
      '/v1',
      '/admin/v1/nothing',
      '/app/api/nothing',
      '/app/api',
      '/app',
      '/auth/nothing',
      '/docs/nothing',
      '/index.html',
      '/nothing',
      '/pins',
      '/pins/A7K3M2P9/extra',
      '/settings/extra',
      '/assets/missing-00000000.js',
      '/assets/',
      '/.secret',
    ]) {
      const res = await get(path);
      expectProblem(res, 404, 'route_not_found');
      // Not the pages' policy: the fallback every API answer carries (http/plugins/security-headers.ts).
      expect(res.headers['content-security-policy']).toBe(FALLBACK_CSP);
    }
    // A path that climbs out of /assets/ never reaches a file outside it.
    for (const path of ['/assets/../index.html', '/assets/%2e%2e/.secret', '/assets/..%2f.secret']) {
      const res = await get(path);
      expect(res.statusCode, path).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, path).toBeLessThan(500);
      expect(res.body).not.toContain('not for anyone');
    }
  });

  it('serves the operator page with no session, under the pages’ CSP; its API still wants the operator token', async () => {
    // No cookie and no token: the page is the same index.html as every dashboard page.
    const page = await get('/operator/scanner-clients');
    expectPage(page);
    expect(page.headers['set-cookie']).toBeUndefined();
    // Everything it shows comes from the operator API with the token the operator types in.
    expectProblem(await get('/admin/v1/scanner-clients'), 401, 'invalid_admin_token');
    const listed = await get('/admin/v1/scanner-clients', { 'x-admin-token': ADMIN_TOKEN });
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['cache-control']).toBe('no-store');
    // Only the page itself is the dashboard's: no other path under /operator is.
    for (const path of ['/operator', '/operator/', '/operator/scanner-clients/1', '/operator/nothing']) {
      expectProblem(await get(path), 404, 'route_not_found');
    }
  });

  it('leaves the API and the server-rendered pages where they were', async () => {
    expectProblem(await get('/app/api/me'), 401, 'not_signed_in');
    const post = await t.app.inject({ method: 'POST', url: '/' });
    expectProblem(post, 405, 'method_not_allowed');
    expect(post.headers.allow).toBe('GET, HEAD');
    const owner = await t.createOwner();
    const link = await t.admin<{ url: string }>(
      'POST',
      `/admin/v1/accounts/${owner.accountId}/sign-in-links`,
    );
    const signInLink = await get(new URL(link.url).pathname);
    expect(signInLink.body).toContain('<form method="post">');
    expect((await get('/openapi.json')).json().paths['/']).toBeUndefined();
  });
});

describe.each(backends())('a server started without building the pages, on $name', (backend) => {
  let t: TestApp;
  let empty: string;

  beforeAll(async () => {
    empty = mkdtempSync(join(tmpdir(), 'scanpin-web-missing-'));
    t = await startTestApp(backend, {}, undefined, { webDistDir: join(empty, 'dist') });
  });
  afterAll(async () => {
    await t.close();
    rmSync(empty, { recursive: true, force: true });
  });

  it('answers the pages with 503 saying to run npm run build, and keeps the API working', async () => {
    for (const path of ['/', '/pins/A7K3M2P9', '/sign-in']) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expectProblem(res, 503, 'service_unavailable');
      expect(res.json().detail).toContain('npm run build');
    }
    expectProblem(await t.app.inject({ method: 'GET', url: '/assets/app.js' }), 404, 'route_not_found');
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('the built dashboard', () => {
  it('is found in web/dist from the package root, wherever the server code runs from', () => {
    expect(defaultWebDist()).toBe(join(process.cwd(), 'web', 'dist'));
  });
});

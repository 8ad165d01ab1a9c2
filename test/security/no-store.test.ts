import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { type Person, signIn } from '../support/person.js';
import { report, scanner } from '../support/scan.js';
import { openSse } from '../support/sse.js';
import { ADMIN_TOKEN, ALL_PERMISSIONS, type Owner, startTestApp, type TestApp } from '../support/test-app.js';

type Json = Record<string, unknown>;

interface Operation {
  method: string;
  path: string;
  scheme: string | null;
  body: unknown;
  stream: boolean;
}

function operationsOf(doc: Json): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(item)) {
      const security = ((op.security as Json[] | undefined) ?? []).flatMap((s) => Object.keys(s));
      const responses = Object.values((op.responses ?? {}) as Record<string, Json>);
      const requestBody = (op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
      ops.push({
        method: method.toUpperCase(),
        path,
        scheme: security[0] ?? null,
        body: requestBody?.['application/json']?.example,
        stream: responses.some((r) => 'text/event-stream' in ((r.content ?? {}) as Json)),
      });
    }
  }
  return ops;
}

/** Reads first, then writes, then removals; signing out last, so the session opens every other call. */
function rank(op: Operation): number {
  if (/sign-out/.test(op.path)) return 4;
  if (op.method === 'GET') return 0;
  if (op.method === 'DELETE') return 2;
  return 1;
}

const PLAYER = '345678901234567893';

/** A stand-in for web/dist as `vite build` lays it out. */
function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'scanpin-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  writeFileSync(join(dir, 'assets', 'app-Ab12Cd34.js'), 'console.log(1);');
  return dir;
}

/**
 * No answer that a credential opened, nor any refusal on the way, may be kept by a browser or a proxy
 * (docs/api.md, "Caching"): every operation of /openapi.json (so a route added later is covered
 * without touching this file) is called with its own kind of credential, and its answer, whatever the
 * status, says `Cache-Control: no-store`. So do the shared result page and the event streams. Things
 * that are the same for everyone keep the caching they had.
 */
describe.each(backends())('Cache-Control on $name', (backend) => {
  let t: TestApp;
  let dist: string;
  let owner: Owner;
  let person: Person;
  let finished: string;
  let base: string;
  const noStore = (res: { headers: Record<string, unknown> }, what: string) =>
    expect(String(res.headers['cache-control']), what).toMatch(/\bno-store\b/);

  beforeAll(async () => {
    dist = fakeDist();
    t = await startTestApp(
      backend,
      {
        UNAUTHENTICATED_PER_MINUTE: '1000000',
        WEBHOOK_ALLOW_HTTP: 'true',
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      },
      undefined,
      { webDistDir: dist },
    );
    owner = await t.createOwner('Caching Owner');
    person = await signIn(t, owner.accountId);
    finished = await scanner(t).scan(
      owner.key,
      report({ detections: ['Eulen'], discord: [{ id: PLAYER, username: 'P' }] }),
      ['HW-CACHE'],
    );
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('is no-store on every operation of the document, called with its credential, and on its refusals', async () => {
    const ops = operationsOf(t.app.swagger() as unknown as Json).sort((a, b) => rank(a) - rank(b));
    expect(ops.length).toBeGreaterThan(60);
    const key = await t.issueKey(owner.accountId, [...ALL_PERMISSIONS, 'webhooks:manage']);
    const pending = await t.createPin(owner.key);
    const scanToken = await scanner(t).startOk(await t.createPin(owner.key));
    const credentials: Record<string, Record<string, string>> = {
      apiKey: { 'x-api-key': key },
      sessionCookie: { cookie: person.cookie },
      adminToken: { 'x-admin-token': ADMIN_TOKEN },
      sessionToken: { authorization: `Bearer ${scanToken}` },
    };
    const statuses = new Map<number, number>();
    for (const op of ops) {
      // The health probes are the same for everyone (the last test).
      if (op.path === '/healthz' || op.path === '/readyz') continue;
      const url = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
        if (name === 'pinCode') return op.stream ? finished : pending;
        if (name === 'discordId') return PLAYER;
        // Reads of the owner's own; everything else names no resource, so nothing is removed.
        if (op.method !== 'GET') return '999999';
        if (name === 'accountId') return String(owner.accountId);
        if (name === 'id' && /enterprises/.test(op.path)) return String(owner.enterpriseId);
        if (name === 'id' && /accounts/.test(op.path)) return String(owner.accountId);
        return '999999';
      });
      const what = `${op.method} ${op.path}`;
      if (op.stream) {
        // A real socket: a stream writes its own head. A finished PIN's stream ends after one event.
        const stream = await openSse(`${base}${url}`, op.scheme ? (credentials[op.scheme] ?? {}) : {});
        expect(stream.status, what).toBe(200);
        expect(stream.headers.get('cache-control'), what).toMatch(/\bno-store\b/);
        stream.close();
        continue;
      }
      const withBody = op.body !== undefined || ['POST', 'PUT', 'PATCH'].includes(op.method);
      const headers = op.scheme ? (credentials[op.scheme] ?? {}) : {};
      const opts: InjectOptions = {
        method: op.method as InjectOptions['method'],
        url,
        headers: { ...headers, ...(withBody ? { 'content-type': 'application/json' } : {}) },
        ...(withBody ? { payload: JSON.stringify(op.body ?? {}) } : {}),
      };
      const res = await t.app.inject(opts);
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      noStore(res, `${what} -> ${res.statusCode}`);
      if (op.scheme === null) continue;
      // The same route refusing a caller without a credential.
      const refused = await t.app.inject({
        ...opts,
        headers: withBody ? { 'content-type': 'application/json' } : {},
      });
      noStore(refused, `${what} without a credential -> ${refused.statusCode}`);
    }
    // The walk reached the routes' own answers, not only refusals.
    const answered = [...statuses].filter(([s]) => s < 300).reduce((n, [, c]) => n + c, 0);
    expect(answered).toBeGreaterThan(40);
  });

  it('is no-store on an answer sent again as the text it was before, and on unknown paths', async () => {
    const first = await t.api('GET', `/v1/pins/${finished}/status`, { key: owner.key });
    const again = await t.api('GET', `/v1/pins/${finished}/status`, { key: owner.key });
    expect(again.body).toBe(first.body);
    noStore(first, 'first poll');
    noStore(again, 'a poll answered with the kept text');
    const risk = () => t.api('GET', `/v1/users/${PLAYER}/risk-score`, { key: owner.key });
    noStore(await risk(), 'risk score');
    noStore(await risk(), 'risk score again');
    noStore(await t.app.inject({ method: 'GET', url: '/v1/no/such/route' }), 'unknown path');
    noStore(await t.app.inject({ method: 'GET', url: '/%zz' }), 'malformed path');
  });

  it('is no-store on the shared result page, found or not, and on the dashboard stream', async () => {
    // The walk above signed its session out.
    person = await signIn(t, owner.accountId);
    const made = await person.call('POST', `/pins/${finished}/share-links`, {});
    const page = await t.app.inject({ method: 'GET', url: new URL(made.json().url).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Eulen');
    noStore(page, 'share page');
    noStore(await t.app.inject({ method: 'GET', url: `/share/${'a'.repeat(43)}` }), 'unknown share link');

    const stream = await openSse(`${base}/app/api/events`, { cookie: person.cookie });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('cache-control')).toBe('no-store, no-transform');
    stream.close();
  });

  it('leaves what is the same for everyone as it was', async () => {
    const get = (url: string) => t.app.inject({ method: 'GET', url });
    for (const url of ['/healthz', '/readyz', '/openapi.json', '/docs/']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBeUndefined();
    }
    expect((await get('/assets/app-Ab12Cd34.js')).headers['cache-control']).toMatch(/immutable/);
    expect((await get('/')).headers['cache-control']).toBe('no-cache');
    expect((await get('/scan')).headers['cache-control']).toBe('no-cache');
  });
});

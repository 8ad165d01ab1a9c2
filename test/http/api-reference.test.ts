import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_SECTIONS } from '../../src/http/openapi/document.js';
import { PUBLISHED_EXAMPLES } from '../../src/http/openapi/published-examples.js';
import { API_REFERENCE_CSP } from '../../src/http/routes/api-reference.js';
import { CONTENT_SECURITY_POLICY } from '../../src/http/routes/web-app.js';
import { backends } from '../support/backends.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM interop.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

type Json = Record<string, unknown>;
interface Media {
  schema?: Json;
  example?: unknown;
  examples?: Record<string, { value: Json }>;
}
interface Response {
  description?: string;
  content?: Record<string, Media>;
  headers?: Record<string, unknown>;
}
interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, Response>;
}

/** The five published endpoints (docs/api.md), as the document names them. */
const PUBLISHED = [
  ['post', '/v1/pins/create'],
  ['get', '/v1/pins/{pinCode}/status'],
  ['get', '/v1/pins/{pinCode}/results'],
  ['get', '/v1/users/{discordId}/risk-score'],
  ['get', '/v1/scanned-users/lookup/{discordId}'],
] as const;

/** An http(s) origin anywhere in a text: what a page could load from elsewhere. */
const ORIGIN = /https?:\/\/[^\s"'<>)]+/g;

function operations(doc: Json): Array<{ method: string; path: string; op: Operation }> {
  return Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ method, path, op })),
  );
}

describe.each(backends())('the API reference page on $name', (backend) => {
  let t: TestApp;
  let doc: Json;

  beforeAll(async () => {
    t = await startTestApp(backend);
    doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  });
  afterAll(async () => t?.close());

  it('answers /docs with an HTML page under the strict Content-Security-Policy', async () => {
    for (const url of ['/docs', '/docs/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-security-policy']).toBe(API_REFERENCE_CSP);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.body).toContain('<div id="swagger-ui">');
    }
    // The dashboard's policy, with one hashed style: only the server itself, no other host.
    expect(API_REFERENCE_CSP).not.toMatch(/unsafe-inline|unsafe-eval|https?:|\*/);
    const directives = (csp: string) => csp.split('; ').filter((d) => !d.startsWith('style-src'));
    expect(directives(API_REFERENCE_CSP)).toEqual(directives(CONTENT_SECURITY_POLICY));
    expect(API_REFERENCE_CSP).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
  });

  it('serves every file the page names from this server, and names no other origin', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/docs' })).body;
    expect(html.match(ORIGIN) ?? []).toEqual([]);
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] as string);
    expect(assets.length).toBeGreaterThanOrEqual(5);
    for (const asset of assets) {
      expect(asset, asset).toMatch(/^\/docs\/static\/[^/]/);
      const res = await t.app.inject({ method: 'GET', url: asset });
      expect(res.statusCode, asset).toBe(200);
      expect(res.headers['content-security-policy'], asset).toBe(API_REFERENCE_CSP);
      if (asset.endsWith('.js')) expect(res.headers['content-type'], asset).toMatch(/javascript/);
      if (asset.endsWith('.css')) expect(res.headers['content-type'], asset).toMatch(/^text\/css/);
    }
    // The page's own start-up script loads the document from here and posts it nowhere.
    const init = (await t.app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' })).body;
    const code = init
      .split('\n')
      .filter((line) => !line.trim().startsWith('//'))
      .join('\n');
    expect(code.match(ORIGIN) ?? []).toEqual([]);
    expect(init).toContain('validatorUrl: null');
    // The stylesheets pull in nothing remote (their url() values are data: images).
    for (const css of assets.filter((a) => a.endsWith('.css'))) {
      const body = (await t.app.inject({ method: 'GET', url: css })).body;
      const urls = [...body.matchAll(/url\(\s*["']?([^"')]+)/g)].map((m) => m[1] as string);
      expect(
        urls.filter((u) => !u.startsWith('data:')),
        css,
      ).toEqual([]);
    }
  });

  it('keeps the page and its files out of the document', () => {
    const paths = Object.keys(doc.paths as Json);
    expect(paths.filter((p) => p.startsWith('/docs'))).toEqual([]);
  });

  it('groups operations into the documented sections, in order, each with a description', () => {
    const tags = doc.tags as Array<{ name: string; description?: string }>;
    expect(tags.map((tag) => tag.name)).toEqual(API_SECTIONS.map((s) => s.name));
    for (const tag of tags) expect(tag.description, tag.name).toBeTruthy();
    for (const { method, path, op } of operations(doc)) {
      expect(op.tags?.length, `${method} ${path}`).toBe(1);
    }
  });

  it('gives every operation a summary, a description naming its access, and its security', () => {
    for (const { method, path, op } of operations(doc)) {
      const name = `${method} ${path}`;
      expect(op.summary, name).toBeTruthy();
      expect(op.description, name).toMatch(/\*\*Access:\*\* /);
      expect(Array.isArray(op.security), name).toBe(true);
      if (path.startsWith('/v1/') && !path.startsWith('/v1/scanner/')) {
        expect(op.security, name).toEqual([{ apiKey: [] }]);
      }
    }
  });

  it('gives every body and every documented status an example that fits its schema', () => {
    const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
    const components = doc.components as Json;
    const check = (name: string, schema: Json | undefined, value: unknown) => {
      expect(schema, name).toBeDefined();
      const validate = ajv.compile({ components, allOf: [schema] });
      if (!validate(value)) failures.push(`${name}: ${JSON.stringify(validate.errors?.slice(0, 2))}`);
    };
    const failures: string[] = [];
    let errorExamples = 0;
    for (const { method, path, op } of operations(doc)) {
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
        expect(media.example, `${method} ${path} body`).toBeDefined();
        if (type === 'application/json') check(`${method} ${path} body`, media.schema, media.example);
      }
      for (const [status, response] of Object.entries(op.responses)) {
        const name = `${method} ${path} ${status}`;
        expect(response.description, name).not.toBe('Default Response');
        for (const [type, media] of Object.entries(response.content ?? {})) {
          if (Number(status) >= 400) {
            const examples = Object.entries(media.examples ?? {});
            expect(examples.length, name).toBeGreaterThan(0);
            for (const [code, example] of examples) {
              expect(example.value.code, name).toBe(code);
              expect(example.value.status, name).toBe(Number(status));
              check(`${name} ${code}`, media.schema, example.value);
              errorExamples++;
            }
          } else {
            expect(media.example, name).toBeDefined();
            if (type === 'application/json') check(name, media.schema, media.example);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(errorExamples).toBeGreaterThan(200);
  });

  it('uses every hand-written example of the published endpoints', () => {
    for (const [key, example] of Object.entries(PUBLISHED_EXAMPLES)) {
      const [method = '', path = '', status = ''] = key.split(' ');
      const response = (doc.paths as Record<string, Record<string, Operation>>)[path]?.[method]?.responses[
        status
      ];
      expect(response?.content?.['application/json']?.example, key).toEqual(example);
    }
  });

  it('documents the rate-limit headers on every answer of the five published endpoints', () => {
    for (const [method, path] of PUBLISHED) {
      const op = (doc.paths as Record<string, Record<string, Operation>>)[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      for (const [status, response] of Object.entries(op?.responses ?? {})) {
        expect(Object.keys(response.headers ?? {}), `${method} ${path} ${status}`).toEqual(
          expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']),
        );
      }
      expect(Object.keys(op?.responses['429']?.headers ?? {})).toContain('Retry-After');
    }
  });

  it('sends the documented rate-limit headers on the five published endpoints', async () => {
    const owner = await t.createOwner('Header Reader');
    const pin = await t.createPin(owner.key);
    const calls = [
      ['POST', '/v1/pins/create', { type: 'FiveM' }],
      ['GET', `/v1/pins/${pin}/status`, undefined],
      ['GET', `/v1/pins/${pin}/results`, undefined],
      ['GET', '/v1/users/123456789012345678/risk-score', undefined],
      ['GET', '/v1/scanned-users/lookup/123456789012345678', undefined],
    ] as const;
    for (const [method, url, body] of calls) {
      const res = await t.api(method, url, { key: owner.key, ...(body ? { body } : {}) });
      expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(300);
      for (const header of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
        expect(res.headers[header], `${url} ${header}`).toMatch(/^\d+$/);
      }
    }
  });

  it('words each error example exactly as the server answers it', async () => {
    const owner = await t.createOwner('Reference Reader');
    const narrow = await t.issueKey(owner.accountId, ['pins:results']);
    const answers = [
      { method: 'GET', url: '/v1/pins/A7K3M2P9/status', path: '/v1/pins/{pinCode}/status', key: narrow },
      { method: 'GET', url: '/v1/pins/A7K3M2P9/status', path: '/v1/pins/{pinCode}/status', key: undefined },
      { method: 'GET', url: '/v1/pins/A7K3M2P9/status', path: '/v1/pins/{pinCode}/status', key: owner.key },
      { method: 'GET', url: '/v1/pins/nope/results', path: '/v1/pins/{pinCode}/results', key: owner.key },
      {
        method: 'GET',
        url: '/v1/users/12/risk-score',
        path: '/v1/users/{discordId}/risk-score',
        key: owner.key,
      },
      {
        method: 'GET',
        url: '/v1/scanned-users/lookup/abc',
        path: '/v1/scanned-users/lookup/{discordId}',
        key: 'sp_not_a_real_key',
      },
    ] as const;
    const seen = new Set<string>();
    for (const a of answers) {
      const res = await t.api(a.method, a.url, a.key === undefined ? {} : { key: a.key });
      const body = res.json() as Json;
      const op = (doc.paths as Record<string, Record<string, Operation>>)[a.path]?.get;
      const media = Object.values(op?.responses[String(res.statusCode)]?.content ?? {});
      expect(media.length).toBeGreaterThan(0);
      const example = media[0]?.examples?.[String(body.code)];
      expect(example?.value, `${a.url} → ${res.statusCode} ${body.code}`).toEqual(body);
      seen.add(String(body.code));
    }
    expect([...seen].sort()).toEqual(
      [
        'insufficient_permission',
        'invalid_api_key',
        'invalid_discord_id',
        'invalid_pin_code',
        'missing_api_key',
        'pin_not_found',
      ].sort(),
    );
  });
});

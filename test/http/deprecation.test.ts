import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deprecation } from '../../src/http/openapi/deprecation.js';
import { problemResponses } from '../../src/http/schemas/common.js';
import { backends } from '../support/backends.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * docs/versioning.md, "Deprecations": an operation marked deprecated in its route config says so on
 * every answer (Deprecation, RFC 9745; Sunset, RFC 8594; a Link to the announcement) and in
 * /openapi.json. No real operation is deprecated yet, so the test registers one of its own.
 */
const DEPRECATION: Deprecation = {
  since: '2026-03-01T00:00:00Z',
  sunset: '2026-09-01T00:00:00Z',
  link: 'https://scanpin.example.com/changelog#deprecated',
};

describe.each(backends())('deprecation headers on $name', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(backend, {}, undefined, {
      beforeReady: (app) => {
        app.get(
          '/v1/test-only/old/:id',
          {
            schema: {
              tags: ['Public API'],
              summary: 'An old operation',
              params: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
              response: {
                200: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
                ...problemResponses(400),
              },
            },
            config: { deprecation: DEPRECATION },
          },
          async (request) => ({ id: (request.params as { id: number }).id }),
        );
        app.get(
          '/v1/test-only/current',
          {
            schema: {
              tags: ['Public API'],
              summary: 'A current operation',
              response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } },
            },
          },
          async () => ({ ok: true }),
        );
      },
    });
  });
  afterAll(async () => t?.close());

  it('sends Deprecation, Sunset and Link on a success', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/test-only/old/7' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.deprecation).toBe(`@${Date.parse(DEPRECATION.since) / 1000}`);
    expect(res.headers.sunset).toBe('Tue, 01 Sep 2026 00:00:00 GMT');
    expect(res.headers.link).toBe(`<${DEPRECATION.link}>; rel="deprecation"; type="text/html"`);
  });

  it('sends them on a refusal too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/test-only/old/not-a-number' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_parameter');
    expect(res.headers.deprecation).toBe('@1772323200');
    expect(res.headers.sunset).toBe('Tue, 01 Sep 2026 00:00:00 GMT');
  });

  it('leaves operations that are not deprecated alone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/test-only/current' });
    expect(res.headers.deprecation).toBeUndefined();
    expect(res.headers.sunset).toBeUndefined();
    const real = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(real.headers.deprecation).toBeUndefined();
  });

  it('marks the operation deprecated in /openapi.json, and no other', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.paths['/v1/test-only/old/{id}'].get.deprecated).toBe(true);
    const deprecated = Object.entries(doc.paths as Record<string, Record<string, { deprecated?: boolean }>>)
      .flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })))
      .filter(({ op }) => op.deprecated)
      .map(({ path }) => path);
    expect(deprecated).toEqual(['/v1/test-only/old/{id}']);
  });
});

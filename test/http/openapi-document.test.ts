import { readFileSync } from 'node:fs';
import swagger from '@fastify/swagger';
import { Validator } from '@seriousme/openapi-schema-validator';
import Fastify, { type FastifyReply } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { installContractCheck, takeContractViolations } from '../support/contract.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

type Json = Record<string, unknown>;

describe.each(backends())('the OpenAPI document on $name', (backend) => {
  let t: TestApp;
  let doc: Json;
  beforeAll(async () => {
    t = await startTestApp(backend);
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(async () => t.close());

  it('is valid OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('names the release that serves it, the version of package.json (docs/versioning.md)', () => {
    const release = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;
    expect((doc.info as Json).version).toBe(release);
    expect(release).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('sends every error as application/problem+json with the shared Problem schema', () => {
    const schemas = (doc.components as Json).schemas as Json;
    expect(schemas.Problem).toMatchObject({ required: ['type', 'title', 'status', 'code', 'detail'] });
    const paths = doc.paths as Record<string, Record<string, { responses: Record<string, Json> }>>;
    let errors = 0;
    for (const [path, item] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(item)) {
        for (const [status, response] of Object.entries(op.responses)) {
          if (Number(status) < 400) continue;
          errors++;
          expect(response.content, `${method} ${path} ${status}`).toEqual({
            'application/problem+json': expect.objectContaining({
              schema: { $ref: '#/components/schemas/Problem' },
            }),
          });
        }
        // docs/api.md, "Errors": any request may meet a bug or a shutting-down instance.
        expect(Object.keys(op.responses), `${method} ${path}`).toEqual(
          expect.arrayContaining(['500', '503']),
        );
      }
    }
    expect(errors).toBeGreaterThan(100);
  });
});

/** The check itself (test/support/contract.ts), against a small app whose answers break its document. */
describe('the contract check of the HTTP suite', () => {
  it('records undocumented statuses, content types, bodies and headers, and nothing for good answers', async () => {
    const app = Fastify();
    await app.register(swagger, {
      openapi: { openapi: '3.1.0', info: { title: 't', version: '1' } },
      // Route schemas cannot mark a response header required; the document can.
      transformObject: (input) => {
        const doc = (input as { openapiObject: Json }).openapiObject;
        const paths = doc.paths as Record<string, Record<string, Json>>;
        const responses = paths['/things/{id}']?.get?.responses as Record<string, Json>;
        ((responses['200'] as Json).headers as Record<string, Json>)['x-count'] = {
          required: true,
          schema: { type: 'integer' },
        };
        return doc;
      },
    });
    const Thing = { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } as const;
    app.get(
      '/things/:id',
      {
        schema: {
          response: {
            200: {
              description: 'A thing.',
              headers: { 'x-count': { type: 'integer' } },
              content: { 'application/json': { schema: Thing } },
            },
          },
        },
      },
      async (request, reply) => {
        const { id } = request.params as { id: string };
        reply.header('x-count', '3');
        // An undocumented status; the reply's type only allows documented ones.
        if (id === 'teapot') return (reply as FastifyReply).code(418).send({ id: 2 });
        if (id === 'text') return reply.type('text/plain').send('three');
        if (id === 'bad-header') return reply.header('x-count', 'many').send({ id: 4 });
        if (id === 'no-header') return reply.removeHeader('x-count').send({ id: 5 });
        if (id === 'bad-body')
          return reply.type('application/json').serializer(JSON.stringify).send({ id: 'six' });
        return reply.send({ id: 1 });
      },
    );
    app.get('/hidden', { schema: { hide: true } }, async () => 'not in the document');
    installContractCheck(app);
    await app.ready();
    takeContractViolations();

    const answers: Record<string, RegExp | undefined> = {
      '/things/1': undefined,
      '/hidden': undefined,
      '/things/teapot': /status 418 is not documented/,
      '/things/text': /content-type text\/plain is not documented/,
      '/things/bad-header': /header x-count: "many" \/ must be integer/,
      '/things/no-header': /documented header x-count is missing/,
      '/things/bad-body': /body: \/id must be integer/,
      '/nowhere': /content-type application\/json is not application\/problem\+json/,
    };
    for (const [url, expected] of Object.entries(answers)) {
      await app.inject({ method: 'GET', url });
      const found = takeContractViolations();
      if (expected === undefined) expect(found, url).toEqual([]);
      else expect(found, url).toEqual([expect.stringMatching(expected)]);
    }
    await app.close();
  });
});

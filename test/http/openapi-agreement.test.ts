import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteBackend } from '../support/backends.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const sqlite = sqliteBackend();

/** What /openapi.json promises a parameter takes is what the server takes (docs/api.md). */
describe('the document and the server agree', () => {
  let t: TestApp;
  let key: string;
  let webhookId: number;
  beforeAll(async () => {
    t = await startTestApp(sqlite, { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
    key = await t.issueKey((await t.createOwner()).accountId, ['webhooks:manage']);
    const res = await t.api('POST', '/v1/webhooks', { key, body: { url: 'http://127.0.0.1:9/hook' } });
    webhookId = res.json().id;
  });
  afterAll(async () => t.close());

  it('on the delivery log cursor: every value the pattern allows is taken, every other refused', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const params = doc.paths['/v1/webhooks/{id}/deliveries'].get.parameters as Array<{
      name: string;
      schema: { pattern: string };
    }>;
    const pattern = new RegExp(params.find((p) => p.name === 'before')?.schema.pattern ?? '^$');
    for (const before of ['1', '9', '1024', '2147483647', '2147483648', '9999999999', '0', '01', '-1']) {
      const res = await t.api('GET', `/v1/webhooks/${webhookId}/deliveries?before=${before}`, { key });
      expect(res.statusCode === 200, `before=${before}: ${res.statusCode} ${res.body}`).toBe(
        pattern.test(before),
      );
    }
  });
  it('on text in bodies: the server refuses NUL, and the document says so on every string a body carries', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const allowsNul: string[] = [];
    const marked: string[] = [];
    const visit = (schema: Record<string, unknown> | undefined, where: string): void => {
      if (schema === undefined || typeof schema !== 'object') return;
      const types = Array.isArray(schema.type) ? schema.type : [schema.type];
      // A mark covers everything under it.
      if (schema['x-nul-allowed'] === true) return void marked.push(where);
      if (types.includes('string') && schema.enum === undefined && schema.const === undefined) {
        const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : undefined;
        if (pattern === undefined || pattern.test('a\u0000b')) allowsNul.push(where);
      }
      for (const key of ['items', 'additionalProperties'] as const) {
        const sub = schema[key];
        if (typeof sub === 'object' && sub !== null) visit(sub as Record<string, unknown>, `${where}[]`);
      }
      for (const branch of (schema.anyOf ?? []) as Record<string, unknown>[]) visit(branch, where);
      for (const [name, sub] of Object.entries((schema.properties ?? {}) as Record<string, unknown>)) {
        visit(sub as Record<string, unknown>, `${where}.${name}`);
      }
    };
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
      for (const [method, op] of Object.entries(ops)) {
        const body = (
          op as { requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> } }
        ).requestBody?.content?.['application/json']?.schema;
        visit(body, `${method.toUpperCase()} ${path} body`);
      }
    }
    expect(allowsNul).toEqual([]);
    // Hardware IDs may carry it, as firmware reports them, and the evidence document, whose control
    // characters are stored escaped (docs/scan-client.md, "Control characters"): the document marks them so.
    expect(marked.sort()).toEqual(['POST /v1/scanner/evidence body', 'POST /v1/scanner/start body.hwids[]']);
    const res = await t.api('POST', '/v1/webhooks', {
      key,
      body: { url: 'http://127.0.0.1:9/a', description: 'a\u0000b' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_body');
  });
});

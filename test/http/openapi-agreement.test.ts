import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const sqlite = backends()[0];
if (sqlite === undefined) throw new Error('no SQLite backend');

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
});

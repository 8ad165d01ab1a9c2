import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe.each(backends())('health and a first PIN on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t.close());

  it('is live and ready without a key', async () => {
    expect((await t.api('GET', '/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.api('GET', '/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('creates a PIN and reads it back', async () => {
    const owner = await t.createOwner();
    const pin = await t.createPin(owner.key);
    const res = await t.api('GET', `/v1/pins/${pin}/status`, { key: owner.key });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('pending');
  });
});

import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { expectProblem, unusedPinCode } from '../support/http.js';
import { report, scanner } from '../support/scan.js';
import { openSse } from '../support/sse.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';
import { startSibling } from '../support/with-app.js';

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe.each(backends())('the PIN event stream on $name', (backend) => {
  let t: TestApp;
  let base: string;
  let owner: Owner;
  beforeAll(async () => {
    t = await startTestApp(backend);
    base = await listen(t.app);
    owner = await t.createOwner();
  });
  afterAll(async () => t.close());

  it('sends the current state, each change, and closes after the final state', async () => {
    const pin = await t.createPin(owner.key);
    const stream = await openSse(`${base}/v1/pins/${pin}/events`, { 'x-api-key': owner.key });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('x-ratelimit-limit')).toBe('1000');
    await stream.waitFor((e) => e.length === 1);
    expect(stream.events[0]).toMatchObject({ event: 'status', data: { pin, status: 'pending' } });

    const token = await scanner(t).startOk(pin);
    await stream.waitFor((e) => e.some((x) => x.data.status === 'scanning'));
    await scanner(t).progress(token, 50, 'Half way');
    await stream.waitFor((e) => e.some((x) => x.data.progress === 50));
    await scanner(t).finish(token, report({ detections: ['Eulen'] }));
    await stream.ended;
    const last = stream.events[stream.events.length - 1];
    const status = await t.api('GET', `/v1/pins/${pin}/status`, { key: owner.key });
    expect(last?.data).toEqual(status.json());
    const ids = stream.events.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('skips the current state when Last-Event-ID says the client has it', async () => {
    const pin = await t.createPin(owner.key);
    const first = await openSse(`${base}/v1/pins/${pin}/events`, { 'x-api-key': owner.key });
    const [event] = await first.waitFor((e) => e.length === 1);
    first.close();
    const again = await openSse(`${base}/v1/pins/${pin}/events`, {
      'x-api-key': owner.key,
      'last-event-id': event?.id ?? '',
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(again.events).toHaveLength(0);
    await scanner(t).startOk(pin);
    await again.waitFor((e) => e.length === 1);
    expect(again.events[0]?.data.status).toBe('scanning');
    again.close();
  });

  it('answers like the status endpoint before streaming: 404, 403, 400', async () => {
    const other = await t.createOwner('Other');
    const pin = await t.createPin(other.key);
    expectProblem(
      await t.api('GET', `/v1/pins/${unusedPinCode()}/events`, { key: owner.key }),
      404,
      'pin_not_found',
    );
    expectProblem(await t.api('GET', `/v1/pins/${pin}/events`, { key: owner.key }), 403, 'pin_forbidden');
    expectProblem(await t.api('GET', '/v1/pins/bad/events', { key: owner.key }), 400, 'invalid_pin_code');
  });

  it('holds at most 20 open streams per key', async () => {
    const many = await t.createOwner('Watcher');
    const pin = await t.createPin(many.key);
    const streams = [];
    for (let i = 0; i < 20; i++)
      streams.push(await openSse(`${base}/v1/pins/${pin}/events`, { 'x-api-key': many.key }));
    expect(streams.every((s) => s.status === 200)).toBe(true);
    const refused = await t.api('GET', `/v1/pins/${pin}/events`, { key: many.key });
    expectProblem(refused, 429, 'too_many_streams');
    for (const s of streams) s.close();
    await new Promise((r) => setTimeout(r, 200));
    const after = await openSse(`${base}/v1/pins/${pin}/events`, { 'x-api-key': many.key });
    expect(after.status).toBe(200);
    after.close();
  });
});

describe.each(backends().filter((b) => b.pg || b.redisUrl))(
  'streams across instances on $name',
  (backend) => {
    it('a stream held by one instance sees a finish made on the other', async () => {
      const t = await startTestApp(backend);
      const sibling = await startSibling(t, backend);
      try {
        const siblingBase = await listen(sibling);
        const owner = await t.createOwner();
        const pin = await t.createPin(owner.key);
        const token = await scanner(t).startOk(pin);
        const stream = await openSse(`${siblingBase}/v1/pins/${pin}/events`, { 'x-api-key': owner.key });
        await stream.waitFor((e) => e.some((x) => x.data.status === 'scanning'));
        await scanner(t).finish(token);
        await stream.waitFor((e) => e.some((x) => x.data.status === 'finished'), 5_000);
        await stream.ended;
      } finally {
        await sibling.close();
        await t.close();
      }
    });
  },
);

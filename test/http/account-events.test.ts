import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepDuePins } from '../../src/application/pins/sweep-due-pins.js';
import { backends } from '../support/backends.js';
import { expectProblem } from '../support/http.js';
import { report, scanner } from '../support/scan.js';
import { openSse } from '../support/sse.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

describe.each(backends())("the account's event stream (GET /v1/events) on $name", (backend) => {
  let t: TestApp;
  let base: string;
  let owner: Owner;
  beforeAll(async () => {
    t = await startTestApp(backend);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    owner = await t.createOwner();
  });
  afterAll(async () => t.close());

  it("sends each change of the account's PINs as its webhook event, in order", async () => {
    const stream = await openSse(`${base}/v1/events`, { 'x-api-key': owner.key });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('x-ratelimit-limit')).toBe('1000');

    const pin = await t.createPin(owner.key);
    await stream.waitFor((e) => e.length === 1);
    const token = await scanner(t).startOk(pin);
    await stream.waitFor((e) => e.length === 2);
    await scanner(t).progress(token, 50, 'Half way');
    await stream.waitFor((e) => e.length === 3);
    await scanner(t).finish(token, report({ detections: ['Eulen'] }));
    await stream.waitFor((e) => e.length === 4);
    stream.close();

    expect(stream.events.map((e) => e.event)).toEqual([
      'pin.created',
      'pin.started',
      'pin.progress',
      'pin.finished',
    ]);
    for (const e of stream.events) {
      expect(e.data.type).toBe(e.event);
      expect(typeof e.data.timestamp).toBe('string');
      expect(e.data.data).toMatchObject({ pin });
    }
    expect(stream.events.map((e) => Number(e.id))).toEqual([1, 2, 3, 4]);
    // `data` is exactly the status body, as in a webhook delivery (docs/webhooks.md, "Events").
    const status = await t.api('GET', `/v1/pins/${pin}/status`, { key: owner.key });
    expect(stream.events[3]?.data.data).toEqual(status.json());
  });

  it('sends pin.expired when a PIN runs out of time unused', async () => {
    let now = Date.now();
    const timed = await startTestApp(backend, {}, () => now);
    try {
      await timed.app.listen({ host: '127.0.0.1', port: 0 });
      const timedBase = `http://127.0.0.1:${(timed.app.server.address() as AddressInfo).port}`;
      const someone = await timed.createOwner();
      const stream = await openSse(`${timedBase}/v1/events`, { 'x-api-key': someone.key });
      const pin = await timed.createPin(someone.key);
      await stream.waitFor((e) => e.length === 1);
      now += 3 * 3_600_000 + 1_000;
      await sweepDuePins(timed.deps);
      await stream.waitFor((e) => e.length === 2);
      stream.close();
      expect(stream.events[1]).toMatchObject({
        event: 'pin.expired',
        data: { type: 'pin.expired', data: { pin, status: 'expired' } },
      });
    } finally {
      await timed.close();
    }
  });

  it("never sends another account's PIN", async () => {
    const other = await t.createOwner('Other');
    const stream = await openSse(`${base}/v1/events`, { 'x-api-key': owner.key });
    const theirs = await t.createPin(other.key);
    await scanner(t).finish(await scanner(t).startOk(theirs), report());
    const mine = await t.createPin(owner.key);
    await stream.waitFor((e) => e.length === 1);
    await new Promise((r) => setTimeout(r, 200));
    stream.close();
    expect(stream.events.map((e) => (e.data.data as { pin: string }).pin)).toEqual([mine]);
  });

  it('refuses as documented: 401 without or with an unknown key, 403 without pins:status', async () => {
    expectProblem(await t.api('GET', '/v1/events'), 401, 'missing_api_key');
    expectProblem(await t.api('GET', '/v1/events', { key: 'sp_unknown' }), 401, 'invalid_api_key');
    const createOnly = await t.issueKey(owner.accountId, ['pins:create']);
    expectProblem(await t.api('GET', '/v1/events', { key: createOnly }), 403, 'insufficient_permission');
  });

  it("shares the key's 20 stream slots with the per-PIN streams", async () => {
    const many = await t.createOwner('Watcher');
    const pin = await t.createPin(many.key);
    const streams = [];
    for (let i = 0; i < 19; i++)
      streams.push(await openSse(`${base}/v1/pins/${pin}/events`, { 'x-api-key': many.key }));
    streams.push(await openSse(`${base}/v1/events`, { 'x-api-key': many.key }));
    expect(streams.every((s) => s.status === 200)).toBe(true);
    expectProblem(await t.api('GET', '/v1/events', { key: many.key }), 429, 'too_many_streams');
    for (const s of streams) s.close();
    await new Promise((r) => setTimeout(r, 200));
    const after = await openSse(`${base}/v1/events`, { 'x-api-key': many.key });
    expect(after.status).toBe(200);
    after.close();
  });
});

import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { backends } from '../support/backends.js';
import { signIn } from '../support/person.js';
import { report, scanner } from '../support/scan.js';
import { openSse } from '../support/sse.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

/*
 * Logs (docs/operations.md, "Logs"): a waiting PIN's code is the only secret its scan needs, so no log
 * line may hold one. Every route family that carries a PIN code in its path or query is driven
 * through a real server logging at `trace`, and the captured output holds no PIN code of those
 * requests, in any case: only its first two characters and `******`.
 */

const masked = (pin: string) => `${pin.slice(0, 2)}******`;

describe.each(backends())('no PIN code in any log line on $name', (backend) => {
  const lines: string[] = [];
  let t: TestApp;
  let owner: Owner;
  /** Every PIN code a request below carried. */
  const pins: string[] = [];
  const logged = () => lines.join('');

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger('trace', sink);
    t = await startTestApp(backend, { MAX_ACTIVE_PINS: '20' }, undefined, {
      logger,
      serviceLog: logger,
      // A fault of ours whose message quotes the URL it failed on.
      beforeReady: (app) => {
        app.get('/test/pins/:pinCode/fault', { schema: { hide: true } }, async (request) => {
          throw new Error(`could not answer ${request.method} ${request.url}`);
        });
      },
    });
    owner = await t.createOwner();
  });
  afterAll(async () => t.close());

  const newPin = async () => {
    const pin = await t.createPin(owner.key);
    pins.push(pin);
    return pin;
  };

  it('API: status, results, their 404 and 405, in any case', async () => {
    const pin = await newPin();
    const key = owner.key;
    expect((await t.api('GET', `/v1/pins/${pin}/status`, { key })).statusCode).toBe(200);
    expect((await t.api('GET', `/v1/pins/${pin.toLowerCase()}/results?x=${pin}`, { key })).statusCode).toBe(
      200,
    );
    expect((await t.api('DELETE', `/v1/pins/${pin}/status`, { key })).statusCode).toBe(405);
    expect((await t.api('GET', `/v1/pins/${pin}/nothing`, { key })).statusCode).toBe(404);
    expect((await t.api('GET', `/v1/pins/${pin}/status`)).statusCode).toBe(401);
    expect(logged()).toContain(`/v1/pins/${masked(pin)}/status`);
    expect(logged()).toContain(`/v1/pins/${masked(pin.toLowerCase())}/results`);
    expect(logged()).toContain('/v1/pins/create');
  });

  it("API: a PIN's event stream, followed and refused", async () => {
    const pin = await newPin();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const stream = await openSse(`http://127.0.0.1:${port}/v1/pins/${pin}/events`, {
      'x-api-key': owner.key,
    });
    expect(stream.status).toBe(200);
    await stream.waitFor((events) => events.length > 0);
    stream.close();
    // A stream that was served writes no access line (http/plugins/event-stream.ts); a refused one does.
    const stranger = await t.createOwner('Stranger');
    expect((await t.api('GET', `/v1/pins/${pin}/events`, { key: stranger.key })).statusCode).toBe(403);
    expect((await t.api('GET', `/v1/pins/${pin}/events`)).statusCode).toBe(401);
    expect(logged()).toContain(`/v1/pins/${masked(pin)}/events`);
  });

  it("dashboard: a PIN's page, its API calls and its share links", async () => {
    const pin = await newPin();
    // Only a finished scan can be shared.
    expect((await scanner(t).finish(await scanner(t).startOk(pin), report())).statusCode).toBe(200);
    const person = await signIn(t, owner.accountId);
    for (const path of ['', '/timeline', '/evidence', '/share-links', '/discord-message'])
      expect((await person.get(`/pins/${pin}${path}`)).statusCode).toBeLessThan(500);
    const share = await person.call('POST', `/pins/${pin.toLowerCase()}/share-links`, {});
    expect(share.statusCode).toBe(201);
    // The page itself (503 dashboard_not_built where the dashboard was not built): logged all the same.
    await t.app.inject({ method: 'GET', url: `/pins/${pin}` });
    expect((await t.app.inject({ method: 'GET', url: new URL(share.json().url).pathname })).statusCode).toBe(
      200,
    );
    expect(logged()).toContain(`/app/api/pins/${masked(pin)}/timeline`);
    expect(logged()).toContain(`"url":"/pins/${masked(pin)}"`);
    expect(logged()).toContain('/share/[token]');
  });

  it('scanner: a start with the PIN in the body (and in a query), then the scan', async () => {
    const pin = await newPin();
    const token = await scanner(t).startOk(pin);
    expect(
      (await t.api('POST', `/v1/scanner/start?pin=${pin}`, { body: { pin, hwids: ['H'] } })).statusCode,
    ).toBe(409);
    expect((await scanner(t).finish(token, report())).statusCode).toBe(200);
    expect(logged()).toContain('"url":"/v1/scanner/start"');
    expect(logged()).toContain('/v1/scanner/finish');
  });

  it('errors: a fault whose message quotes the URL', async () => {
    const pin = await newPin();
    const res = await t.app.inject({ method: 'GET', url: `/test/pins/${pin}/fault` });
    expect(res.statusCode).toBe(500);
    expect(logged()).toContain(`could not answer GET /test/pins/${masked(pin)}/fault`);
  });

  it('left no PIN code in the log, in any case', () => {
    expect(pins.length).toBe(5);
    const text = logged().toLowerCase();
    // What the mask hides: the last six characters, in whatever case they were sent.
    for (const pin of pins) expect(text).not.toContain(pin.slice(2).toLowerCase());
  });
});

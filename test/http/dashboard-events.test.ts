import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { type Person, signIn } from '../support/person.js';
import { report, scanner } from '../support/scan.js';
import { openSse, type SseStream } from '../support/sse.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The dashboard's live stream (docs/dashboard.md, "The dashboard API"): every change of a PIN the
 * person may see, creation included, and nothing of anyone else's.
 */
describe.each(backends())('dashboard event stream on $name', (backend) => {
  let t: TestApp;
  let base: string;
  let owner: Owner;
  let outsider: Owner;
  let ownerP: Person;
  let memberP: Person;
  const streams: SseStream[] = [];

  const follow = async (who: Person): Promise<SseStream> => {
    const stream = await openSse(`${base}/app/api/events`, { cookie: who.cookie });
    streams.push(stream);
    return stream;
  };
  const pinsIn = (stream: SseStream) => stream.events.map((e) => e.data.pin);
  const waitForPin = (stream: SseStream, pin: string, status = 'pending') =>
    stream.waitFor((events) => events.some((e) => e.data.pin === pin && e.data.status === status));

  beforeAll(async () => {
    t = await startTestApp(backend, { MAX_ACTIVE_PINS: '50' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    owner = await t.createOwner('Streaming Owner');
    outsider = await t.createOwner('Elsewhere');
    const member = await t.createAccount('Watching Staff');
    await t.admin('POST', `/admin/v1/enterprises/${owner.enterpriseId}/members`, { accountId: member });
    ownerP = await signIn(t, owner.accountId);
    memberP = await signIn(t, member);
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await t.close();
  });

  it('shows a member the owner’s PIN being created and scanned, as the PIN list shows it', async () => {
    const stream = await follow(memberP);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('x-ratelimit-limit')).toBe('600');

    const pin = await t.createPin(owner.key, { type: 'FiveM', pinName: 'Live' });
    await waitForPin(stream, pin);
    expect(stream.events[0]).toMatchObject({
      event: 'pin',
      data: {
        pin,
        status: 'pending',
        pinName: 'Live',
        mine: false,
        creator: 'Streaming Owner',
        private: false,
      },
    });
    const listed = (await memberP.get('/pins')).json().data.find((p: { pin: string }) => p.pin === pin);
    expect(stream.events[0]?.data).toEqual(listed);

    const sc = scanner(t);
    const token = await sc.startOk(pin);
    await waitForPin(stream, pin, 'scanning');
    await sc.progress(token, 40, 'Reading memory');
    await stream.waitFor((events) => events.some((e) => e.data.progress === 40));
    await sc.finish(token, report({ detections: ['Eulen'] }));
    await waitForPin(stream, pin, 'finished');

    const last = stream.events[stream.events.length - 1];
    expect(last?.data).toEqual((await memberP.get(`/pins/${pin}`)).json().status);
    expect(last?.data).toMatchObject({ result: 'cheating', data: { detectionsCount: 1 } });
    const ids = stream.events.map((e) => Number(e.id));
    expect(ids).toEqual(ids.map((_, i) => i + 1));
    stream.close();
  });

  it('shows creations made in the dashboard too', async () => {
    const stream = await follow(memberP);
    const made = await ownerP.call('POST', '/pins', { type: 'Rust' });
    await waitForPin(stream, made.json().pin);
    stream.close();
  });

  it('never shows a member a private PIN or another Enterprise’s; the creator sees their private one', async () => {
    const memberStream = await follow(memberP);
    const ownerStream = await follow(ownerP);
    const privatePin = await t.createPin(owner.key, { type: 'Rust', private: true });
    const elsewhere = await t.createPin(outsider.key);
    const token = await scanner(t).startOk(privatePin);
    await scanner(t).finish(token);
    // Changes are handled in order: once a later one arrives, the earlier ones were weighed.
    const marker = await t.createPin(owner.key);
    await waitForPin(memberStream, marker);
    await waitForPin(ownerStream, marker);
    expect(pinsIn(memberStream)).not.toContain(privatePin);
    expect(pinsIn(memberStream)).not.toContain(elsewhere);
    expect(pinsIn(ownerStream)).toContain(privatePin);
    expect(pinsIn(ownerStream)).not.toContain(elsewhere);
    memberStream.close();
    ownerStream.close();
  });

  it('stops at once for a removed member, and ends when the session is signed out', async () => {
    const leaving = await t.createAccount('Leaving Staff');
    await t.admin('POST', `/admin/v1/enterprises/${owner.enterpriseId}/members`, { accountId: leaving });
    const leavingP = await signIn(t, leaving);
    const stream = await follow(leavingP);
    const before = await t.createPin(owner.key);
    await waitForPin(stream, before);
    await t.admin('DELETE', `/admin/v1/enterprises/${owner.enterpriseId}/members/${leaving}`);
    const after = await t.createPin(owner.key);
    const ownPin = await t.createPin(outsider.key);
    // The removed member's own view is now empty, so nothing arrives; the outsider's stream proves time passed.
    const outsiderStream = await follow(await signIn(t, outsider.accountId));
    await scanner(t).startOk(ownPin);
    await waitForPin(outsiderStream, ownPin, 'scanning');
    await scanner(t).startOk(after);
    await new Promise((r) => setTimeout(r, 200));
    expect(pinsIn(stream)).not.toContain(after);

    expect((await leavingP.call('POST', '/sign-out')).statusCode).toBe(204);
    await t.createPin(owner.key);
    await stream.ended;
    outsiderStream.close();
  });

  it('ends when the account is banned, or deleted, sending nothing more', async () => {
    for (const ending of [{ banned: true }, null]) {
      const staff = await t.createAccount('Soon Gone');
      await t.admin('POST', `/admin/v1/enterprises/${owner.enterpriseId}/members`, { accountId: staff });
      const stream = await follow(await signIn(t, staff));
      const before = await t.createPin(owner.key);
      await waitForPin(stream, before);
      if (ending === null) await t.admin('DELETE', `/admin/v1/accounts/${staff}`);
      else await t.admin('PATCH', `/admin/v1/accounts/${staff}`, ending);
      const after = await t.createPin(owner.key);
      await stream.ended;
      expect(pinsIn(stream)).not.toContain(after);
    }
  });

  it('holds at most 5 open streams per session, and refuses without a session', async () => {
    const watcher = await signIn(t, owner.accountId);
    const open: SseStream[] = [];
    for (let i = 0; i < 5; i++) {
      const s = await follow(watcher);
      expect(s.status).toBe(200);
      open.push(s);
    }
    const sixth = await follow(watcher);
    expect(sixth.status).toBe(429);
    expect(JSON.parse(sixth.body)).toMatchObject({ code: 'too_many_streams' });
    expect(JSON.parse(sixth.body).detail).toMatch(/session/);
    // Another session of the same person has its own allowance.
    expect((await follow(ownerP)).status).toBe(200);
    open[0]?.close();
    await open[0]?.ended;
    await new Promise((r) => setTimeout(r, 100));
    expect((await follow(watcher)).status).toBe(200);

    const nobody = await openSse(`${base}/app/api/events`, {});
    expect(nobody.status).toBe(401);
    expect(JSON.parse(nobody.body)).toMatchObject({ code: 'not_signed_in' });
  });
});

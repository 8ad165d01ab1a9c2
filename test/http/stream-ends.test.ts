import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_MAX_MS } from '../../src/domain/session-policy.js';
import { DAY_MS } from '../../src/domain/time.js';
import { backends } from '../support/backends.js';
import { type Person, signIn } from '../support/person.js';
import { openSse, type SseStream } from '../support/sse.js';
import { ADMIN_TOKEN, type Owner, startTestApp, type TestApp } from '../support/test-app.js';
import { startSibling } from '../support/with-app.js';

/** Whether the stream ended within `ms`; nothing else (no PIN change) wakes it in these tests. */
async function endsWithin(stream: SseStream, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([stream.ended.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Well under the 30 s an idle stream sleeps between checks of who holds it. */
const PROMPTLY_MS = 3_000;

/**
 * An event stream outlives the request that opened it, so it ends as soon as what let it in does
 * (docs/dashboard.md, "Sessions"; docs/api.md, "Following a PIN live"): the dashboard's stream when
 * its session is signed out, ended from another device or everywhere, its account banned, or its
 * time is up; a keyed stream when its key is revoked. At once, without waiting for a PIN change, and
 * on every instance where the instances share a bus.
 */
describe.each(backends())('event streams end with what opened them on $name', (backend) => {
  // Real time, moved on by `offset` when a test needs the session's end to be near.
  let offset = 0;
  const clock = () => Date.now() + offset;
  let t: TestApp;
  let base: string;
  let owner: Owner;
  const open: SseStream[] = [];

  const follow = async (url: string, headers: Record<string, string>): Promise<SseStream> => {
    const stream = await openSse(`${base}${url}`, headers);
    open.push(stream);
    expect(stream.status, stream.body).toBe(200);
    return stream;
  };
  const dashboardStream = (who: Person) => follow('/app/api/events', { cookie: who.cookie });

  beforeAll(async () => {
    t = await startTestApp(backend, { MAX_ACTIVE_PINS: '50' }, clock);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    owner = await t.createOwner('Stream Owner');
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await t.close();
  });

  it('a sign-out ends that session’s stream at once, and no other', async () => {
    const person = await signIn(t, owner.accountId);
    const other = await signIn(t, owner.accountId);
    const stream = await dashboardStream(person);
    const otherStream = await dashboardStream(other);
    expect((await person.call('POST', '/sign-out')).statusCode).toBe(204);
    expect(await endsWithin(stream, PROMPTLY_MS)).toBe(true);
    // The person's other session was asked too, and is still signed in.
    expect(await endsWithin(otherStream, 300)).toBe(false);
    otherStream.close();
  });

  it('ending a session from another device, or everywhere, ends its streams at once', async () => {
    const laptop = await signIn(t, owner.accountId);
    const phone = await signIn(t, owner.accountId);
    const onPhone = await dashboardStream(phone);
    const phoneId = (await phone.get('/sessions'))
      .json<{ id: number; current: boolean }[]>()
      .find((s) => s.current)?.id as number;
    expect((await laptop.call('DELETE', `/sessions/${phoneId}`)).statusCode).toBe(204);
    expect(await endsWithin(onPhone, PROMPTLY_MS)).toBe(true);

    const streams = [await dashboardStream(laptop), await dashboardStream(laptop)];
    expect((await laptop.call('POST', '/sign-out-everywhere')).statusCode).toBe(204);
    for (const s of streams) expect(await endsWithin(s, PROMPTLY_MS)).toBe(true);
  });

  it('a ban or a deletion ends the account’s streams at once', async () => {
    for (const ending of [{ banned: true }, null]) {
      const staff = await t.createAccount('Soon Gone');
      const stream = await dashboardStream(await signIn(t, staff));
      if (ending === null) await t.admin('DELETE', `/admin/v1/accounts/${staff}`);
      else await t.admin('PATCH', `/admin/v1/accounts/${staff}`, ending);
      expect(await endsWithin(stream, PROMPTLY_MS)).toBe(true);
    }
  });

  it('ends when the session’s time is up', async () => {
    const person = await signIn(t, owner.accountId);
    try {
      // Used every few days, the session lives 30 days at most from sign-in: move on to 1.5 s before that.
      for (const days of [6, 12, 18, 24]) {
        offset = days * DAY_MS;
        expect((await person.get('/me')).statusCode).toBe(200);
      }
      offset = SESSION_MAX_MS - 1_500;
      const stream = await dashboardStream(person);
      expect(await endsWithin(stream, 300)).toBe(false);
      expect(await endsWithin(stream, PROMPTLY_MS)).toBe(true);
      expect((await person.get('/me')).statusCode).toBe(401);
    } finally {
      offset = 0;
    }
  });

  it('a revoked key ends its PIN streams and its account stream at once', async () => {
    const key = await t.issueKey(owner.accountId, ['pins:status']);
    const pin = await t.createPin(owner.key);
    const keys = await t.admin<{ id: number; prefix: string }[]>(
      'GET',
      `/admin/v1/accounts/${owner.accountId}/keys`,
    );
    const keyId = keys.find((k) => key.startsWith(k.prefix))?.id as number;
    const pinStream = await follow(`/v1/pins/${pin}/events`, { 'x-api-key': key });
    const accountStream = await follow('/v1/events', { 'x-api-key': key });
    // Another key's streams stay open.
    const kept = await follow(`/v1/pins/${pin}/events`, { 'x-api-key': owner.key });
    await pinStream.waitFor((events) => events.length === 1);
    await t.admin('DELETE', `/admin/v1/keys/${keyId}`);
    expect(await endsWithin(pinStream, PROMPTLY_MS)).toBe(true);
    expect(await endsWithin(accountStream, PROMPTLY_MS)).toBe(true);
    expect(await endsWithin(kept, 300)).toBe(false);
    kept.close();
  });

  // Instances share notices through Redis or PostgreSQL; SQLite alone is one process.
  it.runIf(backend.pg || backend.redisUrl !== undefined)(
    'a sign-out or a revoked key on another instance ends the streams here at once',
    async () => {
      const sibling = await startSibling(t, backend);
      try {
        // Until the sibling's connection to the bus is up, what it announces is lost (the 30 s
        // re-check is the net for that): wait until a PIN it creates reaches a stream here.
        // Two instances write one SQLite file here: under a loaded machine a write can wait out the busy
        // timeout, which answers 503 and saves nothing (docs/operations.md), so it is sent again.
        const again = async (send: () => Promise<LightMyRequestResponse>) => {
          let res = await send();
          for (let retry = 0; res.statusCode === 503 && retry < 3; retry++) res = await send();
          return res;
        };
        // A PIN made before that connection is up is lost, so one is made every second until one arrives.
        const watching = await dashboardStream(await signIn(t, owner.accountId));
        for (let attempt = 1; ; attempt++) {
          const made = await again(() =>
            sibling.inject({
              method: 'POST',
              url: '/v1/pins/create',
              headers: { 'x-api-key': owner.key, 'content-type': 'application/json' },
              payload: { type: 'FiveM' },
            }),
          );
          expect(made.statusCode).toBe(201);
          const seen = await watching
            .waitFor((events) => events.some((e) => e.data.pin === made.json().pin), 1_000)
            .then(
              () => true,
              () => false,
            );
          if (seen) break;
          if (attempt === 10) throw new Error('the sibling never reached this instance through the bus');
        }
        watching.close();

        const person = await signIn(t, owner.accountId);
        const stream = await dashboardStream(person);
        const out = await again(() =>
          sibling.inject({ method: 'POST', url: '/app/api/sign-out', headers: { cookie: person.cookie } }),
        );
        expect(out.statusCode).toBe(204);
        expect(await endsWithin(stream, PROMPTLY_MS)).toBe(true);

        const admin = { 'x-admin-token': ADMIN_TOKEN };
        const issued = await again(() =>
          sibling.inject({
            method: 'POST',
            url: `/admin/v1/accounts/${owner.accountId}/keys`,
            headers: { ...admin, 'content-type': 'application/json' },
            payload: { permissions: ['pins:status'] },
          }),
        );
        const { id, key } = issued.json<{ id: number; key: string }>();
        const keyed = await follow('/v1/events', { 'x-api-key': key });
        const revoked = await again(() =>
          sibling.inject({ method: 'DELETE', url: `/admin/v1/keys/${id}`, headers: admin }),
        );
        expect(revoked.statusCode).toBe(204);
        expect(await endsWithin(keyed, PROMPTLY_MS)).toBe(true);
      } finally {
        await sibling.close();
      }
    },
    // Bounded by its own loop (10 attempts); two instances on one loaded machine need more than 20 s.
    60_000,
  );
});

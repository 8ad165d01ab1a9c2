import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Backend } from '../support/backends.js';
import { expectProblem } from '../support/http.js';
import { signIn } from '../support/person.js';
import { type Receiver, startReceiver } from '../support/receiver.js';
import { report, scanner } from '../support/scan.js';
import { openSse } from '../support/sse.js';
import { ADMIN_TOKEN, type Owner, startTestApp, type TestApp } from '../support/test-app.js';
import { startSibling } from '../support/with-app.js';
import { badAnswers, callEveryEndpoint, openEveryStream } from './support/every-endpoint.js';
import { findPostgresBin, type PrivatePostgres, startPrivatePostgres } from './support/private-postgres.js';

/*
 * PostgreSQL going away under a running server and coming back (docs/operations.md, "When things
 * fail"): 503 problems meanwhile, /readyz failing, /healthz up, recovery without a restart, and no
 * acknowledged write lost. On a private cluster: the shared one is never stopped.
 */
const found = findPostgresBin();
if ('missing' in found) {
  console.warn(`\n*** SKIPPED test/faults/postgres-outage.test.ts: ${found.missing} ***\n`);
}

const PLAYER = '111111111111111111';
/** Local webhook receivers are on 127.0.0.1 over http; retries come quickly. */
const ENV = {
  MAX_ACTIVE_PINS: '10000',
  WEBHOOK_ALLOW_HTTP: 'true',
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
  WEBHOOK_RETRY_SCHEDULE: '1,1,1,1,1',
  DATABASE_STALL_TIMEOUT_SECONDS: '2',
};
/** Answered from configuration alone, so they keep working while the database is away. */
const STORE_FREE = new Set(['GET /app/api/auth/options']);

async function waitUntil(what: string, check: () => Promise<boolean>, withinMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    if (await check()) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not happen within ${withinMs} ms`);
}

describe.skipIf('missing' in found)('PostgreSQL outage (private cluster)', () => {
  let cluster: PrivatePostgres;
  let t: TestApp;
  let owner: Owner;
  let sibling: FastifyInstance;
  let receiver: Receiver;
  let base: string;
  /** Every PIN this suite was told about (a 201, or made by a helper); the store may hold no other. */
  const known = new Set<string>();
  beforeAll(async () => {
    if (!('bin' in found)) return;
    cluster = await startPrivatePostgres(found.bin);
    const backend: Backend = {
      name: 'private-postgres',
      databaseUrl: () => cluster.url,
      pg: true,
      redisUrl: undefined,
    };
    t = await startTestApp(backend, ENV);
    owner = await t.createOwner();
    // Events of PINs created around the outage must all be delivered once it is over.
    receiver = await startReceiver();
    const hookKey = await t.issueKey(owner.accountId, ['webhooks:manage']);
    const hook = await t.api('POST', '/v1/webhooks', {
      key: hookKey,
      body: { url: receiver.url, events: ['pin.created'] },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    // A second instance on the same database: its changes reach the first one's streams through
    // LISTEN/NOTIFY, which must reconnect by itself after the outage too.
    sibling = await startSibling(t, backend, ENV);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    await sibling?.close().catch(() => {});
    await receiver?.close();
    await t?.app.close().catch(() => {});
    cluster?.destroy();
  });

  it.each(['fast', 'immediate'] as const)(
    'stop -m %s: 503 problems meanwhile, then recovers by itself with every acknowledged write',
    async (mode) => {
      const scan = scanner(t);
      const person = await signIn(t, owner.accountId);
      // Acknowledged before the outage: PINs, a whole scan, a ban.
      const finishedPin = await scan.scan(
        owner.key,
        report({ discord: [{ id: PLAYER, username: 'Player' }] }),
        [`HWID-${mode}`],
      );
      const ban = await t.admin<{ id: number }>('POST', `/admin/v1/scanned-users/${PLAYER}/bans`, {
        status: 'banned',
        reason: `banned before the ${mode} outage`,
      });
      const scanningPin = await t.createPin(owner.key);
      const sessionToken = await scan.startOk(scanningPin, [`HWID-${mode}-2`]);
      expect((await scan.progress(sessionToken, 40)).statusCode).toBe(204);
      // Known at once, so a failure in this run does not show up as a stray row in the next one.
      known.add(finishedPin).add(scanningPin);

      // Creates keep coming while the cluster stops: each 201 must survive, whatever the timing.
      // A create sent before the stop may be answered 201 after it (pg_ctl blocks this process while
      // the cluster shuts down); one sent once the cluster is down never may.
      const acknowledged: string[] = [];
      const acknowledgedAfterStop: string[] = [];
      let refusedAfterStop = 0;
      let stopped = false;
      let writing = true;
      const unexpected: string[] = [];
      const writer = (async () => {
        while (writing) {
          const sentAfterStop = stopped;
          const res = await t.api('POST', '/v1/pins/create', { key: owner.key, body: { type: 'FiveM' } });
          if (res.statusCode === 201) {
            const pin = res.json<{ pin: string }>().pin;
            acknowledged.push(pin);
            known.add(pin);
            if (sentAfterStop) acknowledgedAfterStop.push(pin);
          } else if (res.statusCode === 503 && res.json<{ code: string }>().code === 'service_unavailable') {
            if (sentAfterStop) refusedAfterStop++;
          } else unexpected.push(`${res.statusCode} ${res.body}`);
          await new Promise((r) => setTimeout(r, 10));
        }
      })();
      onTestFinished(() => {
        writing = false;
      });
      await new Promise((r) => setTimeout(r, 300));
      const before = await pinStatuses(t, owner.key, [finishedPin, scanningPin]);
      cluster.stop(mode);
      stopped = true;
      let restarted = false;
      onTestFinished(() => {
        if (!restarted) cluster.start();
      });
      await new Promise((r) => setTimeout(r, 300));

      // Meanwhile: health up, readiness down, every endpoint a bounded 503 (or an answer that needs no store).
      expect((await t.api('GET', '/healthz')).statusCode).toBe(200);
      const ready = await t.api('GET', '/readyz');
      expectProblem(ready, 503, 'service_unavailable');
      const credentials = {
        key: owner.key,
        pin: scanningPin,
        sessionToken,
        discordId: PLAYER,
        cookie: person.cookie,
      };
      const answers = await callEveryEndpoint(t, credentials, ADMIN_TOKEN, false);
      const streams = await openEveryStream(t, base, credentials);
      expect(streams.length).toBeGreaterThan(1);
      expect(badAnswers(streams), JSON.stringify(streams)).toEqual([]);
      for (const s of streams)
        expect(`${s.url} ${s.status} ${s.code}`).toMatch(/ (503 service_unavailable|200 stream)$/);
      expect(badAnswers(answers), JSON.stringify(badAnswers(answers))).toEqual([]);
      const storeBound = answers.filter((a) => /^\/(v1|admin\/v1|app\/api)\//.test(a.url));
      expect(storeBound.length).toBeGreaterThan(15);
      // Calls that need the store answer 503; refusals decided without it (a bad input, a cached
      // key lacking the permission) stay 4xx; only what is answered from configuration may succeed.
      for (const a of storeBound) {
        if (STORE_FREE.has(`${a.method} ${a.url}`)) continue;
        expect(`${a.method} ${a.url} ${a.status} ${a.code}`).toMatch(/ (503 service_unavailable|4\d\d \w+)$/);
      }
      expect(storeBound.filter((a) => a.status === 503).length).toBeGreaterThan(15);
      expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(10_000);
      // The scan's finish during the outage is refused whole.
      const finishDuring = await scan.finish(sessionToken, report({ detections: ['Refused during outage'] }));
      expectProblem(finishDuring, 503, 'service_unavailable');
      expect(finishDuring.headers['retry-after']).toBe('5');

      writing = false;
      await writer;
      expect(unexpected).toEqual([]);
      expect(acknowledgedAfterStop).toEqual([]);
      expect(refusedAfterStop).toBeGreaterThan(0);

      // Back: the server notices by itself, no restart.
      cluster.start();
      restarted = true;
      const recoveredInMs = await waitUntil(
        '/readyz 200',
        async () => (await t.api('GET', '/readyz')).statusCode === 200,
        20_000,
      );
      console.log(
        `[faults] postgres stop -m ${mode}: ${answers.length} operations answered within ` +
          `${Math.max(...answers.map((a) => a.ms))} ms (${answers.filter((a) => a.status === 503).length} with 503); ` +
          `ready again ${recoveredInMs} ms after restart; ${acknowledged.length} creates acknowledged around the stop`,
      );

      // Every acknowledged write is there, unchanged; the refused finish left nothing behind.
      const after = await pinStatuses(t, owner.key, [finishedPin, scanningPin]);
      expect(after).toEqual(before);
      expect(after[scanningPin]?.status).toBe('scanning');
      for (const pin of acknowledged) {
        expect((await t.api('GET', `/v1/pins/${pin}/status`, { key: owner.key })).statusCode).toBe(200);
      }
      const bans = await t.api('GET', `/v1/scanned-users/lookup/${PLAYER}`, { key: owner.key });
      expect(bans.statusCode).toBe(200);
      expect(bans.json<{ isBanned: boolean }>().isBanned).toBe(true);
      // No row of a refused create: every stored PIN is one that was acknowledged (or made above).
      const stored = await t.deps.store.db
        .selectFrom('pins')
        .select('code')
        .where('account_id', '=', owner.accountId)
        .execute();
      const unacknowledged = stored.filter((r) => !known.has(r.code));
      // A create whose commit raced the stop may have been stored without its answer reaching us;
      // what was refused after the stop never is.
      expect(unacknowledged.length).toBeLessThanOrEqual(1);
      for (const extra of unacknowledged) {
        known.add(extra.code);
        expect((await t.api('GET', `/v1/pins/${extra.code}/status`, { key: owner.key })).statusCode).toBe(
          200,
        );
      }

      // Every acknowledged create's pin.created event is delivered, those queued during the outage too.
      const deliveredWithin = Date.now();
      const delivered = () =>
        new Set(
          receiver.received
            .map((r) => JSON.parse(r.body) as { data: { pin: string } })
            .map((e) => e.data.pin),
        );
      while (!acknowledged.every((pin) => delivered().has(pin))) {
        const missing = acknowledged.filter((pin) => !delivered().has(pin));
        expect(Date.now() - deliveredWithin, `pin.created never delivered for ${missing}`).toBeLessThan(
          15_000,
        );
        await new Promise((r) => setTimeout(r, 200));
      }

      // Changes made on the other instance reach this one's streams again (LISTEN reconnected): each
      // progress notifies; without notifications a stream would only re-read after 30 s.
      const followed = await t.createPin(owner.key);
      known.add(followed);
      const stream = await openSse(`${base}/v1/pins/${followed}/events`, { 'x-api-key': owner.key });
      await stream.waitFor((events) => events.length === 1);
      const viaSibling = (path: string, body: unknown, token?: string) =>
        sibling.inject({
          method: 'POST',
          url: `/v1/scanner/${path}`,
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          payload: JSON.stringify(body),
        });
      const started = await viaSibling('start', { pin: followed, hwids: [`HWID-${mode}-3`] });
      expect(started.statusCode).toBe(201);
      const siblingToken = started.json<{ sessionToken: string }>().sessionToken;
      const heardWithin = Date.now();
      for (let progress = 1; !stream.events.some((e) => e.data.status === 'scanning'); progress++) {
        expect(
          Date.now() - heardWithin,
          'a change on the other instance never reached the stream',
        ).toBeLessThan(10_000);
        await viaSibling('progress', { progress, statusMessage: 'Working' }, siblingToken);
        await new Promise((r) => setTimeout(r, 250));
      }
      stream.close();

      // And it works again: the scan refused during the outage finishes now, a new ban lifts.
      const finished = await scan.finish(sessionToken, report());
      expect(finished.statusCode).toBe(200);
      expect((await t.adminRaw('DELETE', `/admin/v1/bans/${ban.id}`)).statusCode).toBe(204);
      known.add(await t.createPin(owner.key));
    },
    60_000,
  );

  it('stalls (SIGSTOP): /readyz fails within its probe timeout, /healthz answers, calls are bounded; thawed: works again', async () => {
    const pin = await t.createPin(owner.key);
    known.add(pin);
    // Several idle connections in the pool: a request takes one that is open but will never answer.
    await Promise.all(
      Array.from({ length: 8 }, () => t.api('GET', `/v1/pins/${pin}/status`, { key: owner.key })),
    );
    cluster.freeze(true);
    try {
      const timed = async (call: () => Promise<{ statusCode: number; body: string }>) => {
        const started = Date.now();
        const res = await Promise.race([
          call(),
          new Promise<null>((r) => setTimeout(() => r(null), 15_000).unref()),
        ]);
        return {
          ms: Date.now() - started,
          status: res?.statusCode ?? 0,
          body: res?.body ?? 'no answer in 15 s',
        };
      };
      const health = await timed(() => t.api('GET', '/healthz'));
      const ready = await timed(() => t.api('GET', '/readyz'));
      const status = await timed(() => t.api('GET', `/v1/pins/${pin}/status`, { key: owner.key }));
      const create = await timed(() =>
        t.api('POST', '/v1/pins/create', { key: owner.key, body: { type: 'FiveM' } }),
      );
      console.log(
        `[faults] postgres stalled: healthz ${health.status} in ${health.ms} ms, readyz ${ready.status} in ${ready.ms} ms, status ${status.status} in ${status.ms} ms, create ${create.status} in ${create.ms} ms`,
      );
      expect(health.status).toBe(200);
      expect(ready.status).toBe(503);
      expect(ready.ms).toBeLessThan(3_000);
      // A status poll may be answered from memory (nothing can change while the store is frozen),
      // or, once the key or the PIN must be read again, refused like any call that needs the store.
      expect([200, 503], status.body).toContain(status.status);
      expect(create.status, create.body).toBe(503);
      // DATABASE_STALL_TIMEOUT_SECONDS (2 here) for the open connection, or the 5 s connect timeout.
      expect(status.ms).toBeLessThan(7_000);
      expect(create.ms).toBeLessThan(7_000);
    } finally {
      cluster.freeze(false);
    }
    await waitUntil('/readyz 200', async () => (await t.api('GET', '/readyz')).statusCode === 200, 20_000);
    expect((await t.api('GET', `/v1/pins/${pin}/status`, { key: owner.key })).statusCode).toBe(200);
  }, 60_000);
});

async function pinStatuses(
  t: TestApp,
  key: string,
  pins: string[],
): Promise<Record<string, Record<string, unknown>>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const pin of pins) {
    const res = await t.api('GET', `/v1/pins/${pin}/status`, { key });
    expect(res.statusCode).toBe(200);
    out[pin] = res.json();
  }
  return out;
}

import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openStreamCount } from '../../src/application/stream-slots.js';
import { runCli } from '../../src/cli/index.js';
import { type LiveApp, startLiveApp } from '../client/live.js';
import { backends } from '../support/backends.js';
import { type Receiver, startReceiver, typesOf } from '../support/receiver.js';
import { report, scanner } from '../support/scan.js';
import type { Owner } from '../support/test-app.js';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

/** Runs the CLI until the test aborts it (Ctrl-C) or it ends by itself. */
function listen(args: string[]) {
  const controller = new AbortController();
  const out: string[] = [];
  const err: string[] = [];
  const done = runCli(args, {
    out: (s) => out.push(s),
    err: (s) => err.push(s),
    signal: controller.signal,
  });
  return { out, err, done, stop: () => controller.abort() };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(backends())('scanpin events listen --forward-to (docs/cli.md) on $name', (backend) => {
  let t: LiveApp;
  let owner: Owner;
  let receiver: Receiver;
  const as = (key: string) => ['--key', key, '--url', t.baseUrl];
  /**
   * Until the CLI's event stream is open on the server: a fixed pause was too short on a loaded
   * machine, and an event sent before the stream opened is, as documented, never sent on it.
   */
  const streamOpen = async () => {
    const keys = await t.admin<Array<{ id: number }>>('GET', `/admin/v1/accounts/${owner.accountId}/keys`);
    const id = keys[0]?.id as number;
    const deadline = Date.now() + 15_000;
    while (openStreamCount(t.deps, { kind: 'key', id }) === 0) {
      if (Date.now() > deadline) throw new Error('the CLI did not open its event stream within 15 s');
      await pause(25);
    }
    await pause(100);
  };
  beforeAll(async () => {
    t = await startLiveApp(backend, { MAX_ACTIVE_PINS: '20' });
    owner = await t.createOwner();
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  afterEach(() => {
    receiver.received.length = 0;
    receiver.answer = () => 200;
  });

  it('forwards each event of a scan, signed with the given secret, and reports the receiver’s answer', async () => {
    receiver.answer = (_, i) => (i === 1 ? 500 : 204);
    const run = listen([
      'events',
      ...as(owner.key),
      'listen',
      '--forward-to',
      receiver.url,
      '--secret',
      SECRET,
    ]);
    await streamOpen();
    const pin = await t.createPin(owner.key);
    const token = await scanner(t).startOk(pin);
    await scanner(t).finish(token, report({ detections: ['Eulen'] }));
    await receiver.waitFor((r) => r.length === 3);
    await pause(100);
    run.stop();
    expect(await run.done).toBe(0);

    expect(typesOf(receiver.received)).toEqual(['pin.created', 'pin.started', 'pin.finished']);
    const verifier = new Webhook(SECRET);
    for (const r of receiver.received) {
      const verified = verifier.verify(r.body, r.headers as Record<string, string>) as {
        data: { pin: string };
      };
      expect(verified.data.pin).toBe(pin);
    }
    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBe(3);

    expect(run.out).toHaveLength(3);
    expect(run.out[0]).toMatch(new RegExp(`pin\\.created\\s+${pin}\\s+pending\\s+-> 204 No Content$`));
    expect(run.out[1]).toMatch(/pin\.started .*-> 500 Internal Server Error$/);
    expect(run.out[2]).toMatch(/pin\.finished .*finished cheating\s+-> 204 No Content$/);
    expect(run.err.join('\n')).toContain('the secret you gave');
    expect(run.err.join('\n')).not.toContain(SECRET);
  });

  it('with --json prints one line per event; without --secret it prints the one it generated', async () => {
    const run = listen(['events', ...as(owner.key), '--json', 'listen', '--forward-to', receiver.url]);
    await streamOpen();
    const pin = await t.createPin(owner.key);
    await receiver.waitFor((r) => r.length === 1);
    await pause(100);
    run.stop();
    expect(await run.done).toBe(0);
    const secret = /(whsec_[A-Za-z0-9+/=]+)/.exec(run.err.join('\n'))?.[1] as string;
    const [received] = receiver.received;
    new Webhook(secret).verify(received?.body ?? '', received?.headers as Record<string, string>);
    expect(JSON.parse(run.out[0] ?? '')).toEqual({
      event: JSON.parse(received?.body ?? ''),
      receiver: { status: 200 },
    });
    expect(JSON.parse(received?.body ?? '')).toMatchObject({ type: 'pin.created', data: { pin } });
  });

  it('reports an unreachable receiver and keeps listening', async () => {
    const gone = await startReceiver();
    await gone.close();
    const run = listen(['events', ...as(owner.key), 'listen', '--forward-to', gone.url]);
    await streamOpen();
    await t.createPin(owner.key);
    await t.createPin(owner.key);
    const deadline = Date.now() + 5000;
    while (run.out.length < 2 && Date.now() < deadline) await pause(50);
    run.stop();
    expect(await run.done).toBe(0);
    expect(run.out).toHaveLength(2);
    for (const line of run.out) expect(line).toMatch(/pin\.created .*-> not delivered \(ECONNREFUSED\)$/);
  });

  it('reconnects with backoff when the stream drops', async () => {
    const run = listen(['events', ...as(owner.key), 'listen', '--forward-to', receiver.url]);
    await streamOpen();
    t.app.server.closeAllConnections();
    await pause(1_600);
    expect(run.err.join('\n')).toContain('reconnecting in 1 s');
    const pin = await t.createPin(owner.key);
    await receiver.waitFor((r) => r.length === 1);
    run.stop();
    expect(await run.done).toBe(0);
    expect(JSON.parse(receiver.received[0]?.body ?? '')).toMatchObject({ data: { pin } });
  });

  it('exits 3 for a refused key and 2 for bad usage, without retrying', async () => {
    const statusless = await t.issueKey(owner.accountId, ['pins:create']);
    const refused = listen(['events', ...as(statusless), 'listen', '--forward-to', receiver.url]);
    expect(await refused.done).toBe(3);
    expect(refused.err.join('\n')).toMatch(/403 insufficient_permission/);
    const unknown = listen(['events', ...as('sp_unknown'), 'listen', '--forward-to', receiver.url]);
    expect(await unknown.done).toBe(3);
    expect(await listen(['events', ...as(owner.key), 'listen']).done).toBe(2);
    expect(await listen(['events', ...as(owner.key), 'listen', '--forward-to', 'not a url']).done).toBe(2);
    const badSecret = ['--forward-to', receiver.url, '--secret', 'hunter2'];
    expect(await listen(['events', ...as(owner.key), 'listen', ...badSecret]).done).toBe(2);
  });
});

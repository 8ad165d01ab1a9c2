import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteBackend } from '../support/backends.js';
import { openSse } from '../support/sse.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/*
 * Slow clients (docs/operations.md, "Timeouts"): a real socket that sends its headers or its body
 * byte by byte, or never finishes, is cut off by the server's deadlines. The deadlines are the Node
 * server's, the same whatever the store, so this runs on SQLite only.
 */

const HEADERS_TIMEOUT_S = 1;
const REQUEST_TIMEOUT_S = 2;

interface Outcome {
  /** What the server sent before it closed, if anything. */
  received: string;
  /** Milliseconds from the first byte sent to the socket's close. */
  closedAfterMs: number;
}

/** Sends `head` at once, then one byte of `trickle` every `everyMs`, until the server closes. */
function slowClient(port: number, head: string, trickle: string, everyMs: number): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket: Socket = connect(port, '127.0.0.1');
    let received = '';
    let i = 0;
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept a slow client for 10 s; got ${JSON.stringify(received)}`));
    }, 10_000);
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (socket.destroyed || socket.writableEnded) return;
        socket.write(trickle[i % trickle.length] ?? 'x');
        i += 1;
      }, everyMs);
    });
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ received, closedAfterMs: Date.now() - started });
    });
  });
}

/** Node's deadline answer, as a problem body like every other error (docs/api.md, "Errors"). */
function expectTimeoutProblem(outcome: Outcome): void {
  expect(outcome.received).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  expect(outcome.received).toMatch(/\r\nContent-Type: application\/problem\+json/);
  const body = JSON.parse(outcome.received.slice(outcome.received.indexOf('\r\n\r\n') + 4));
  expect(body).toMatchObject({
    type: 'about:blank',
    title: 'Request Timeout',
    status: 408,
    code: 'bad_request',
  });
}

const sqlite = sqliteBackend();

describe('slow clients are cut off', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await startTestApp(sqlite, {
      HEADERS_TIMEOUT_SECONDS: String(HEADERS_TIMEOUT_S),
      REQUEST_TIMEOUT_SECONDS: String(REQUEST_TIMEOUT_S),
    });
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = Number(new URL(address).port);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('headers sent byte by byte: 408 and closed soon after HEADERS_TIMEOUT_SECONDS', async () => {
    const outcome = await slowClient(
      port,
      'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n',
      'X-Slow: abcdef',
      100,
    );
    expectTimeoutProblem(outcome);
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_S * 1000 - 50);
    expect(outcome.closedAfterMs).toBeLessThan(HEADERS_TIMEOUT_S * 1000 + 2500);
  });

  it('a body that never finishes: 408 and closed soon after REQUEST_TIMEOUT_SECONDS', async () => {
    const head =
      'POST /v1/scanner/start HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      'Content-Length: 60000\r\n\r\n{"pin":"';
    const outcome = await slowClient(port, head, 'a', 100);
    expectTimeoutProblem(outcome);
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_S * 1000 - 50);
    expect(outcome.closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_S * 1000 + 2500);
  });

  it('a client that opens a connection and sends nothing is closed too', async () => {
    const outcome = await slowClient(port, '', '', 60_000);
    expect(outcome.closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_S * 1000 + 2500);
  });

  it('a prompt client is unaffected, and an event stream outlives the request deadline', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(res.status).toBe(200);

    const owner = await t.createOwner();
    const pin = await t.createPin(owner.key);
    const stream = await openSse(`http://127.0.0.1:${port}/v1/pins/${pin}/events`, {
      'x-api-key': owner.key,
    });
    try {
      expect(stream.status).toBe(200);
      let ended = false;
      void stream.ended.then(() => {
        ended = true;
      });
      await new Promise((r) => setTimeout(r, (REQUEST_TIMEOUT_S + 1) * 1000));
      expect(ended).toBe(false);
    } finally {
      stream.close();
    }
  });
});

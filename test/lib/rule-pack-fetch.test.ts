import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPackDocument } from '../../src/lib/rule-pack-fetch.js';
import type { ResolveAll } from '../../src/lib/webhook-transport.js';
import { type Receiver, startReceiver } from '../support/receiver.js';

/** A DNS stand-in answering every name with `address`, as a hostile name server could. */
const answering =
  (address: string): ResolveAll =>
  (_hostname, _options, callback) =>
    callback(null, [{ address, family: 4 }]);

const open = { allowPrivateNetworks: true, timeoutMs: 5_000, maxBytes: 1_000 };

describe('fetching a pack URL under the webhooks’ address rules', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  it('answers the body and its validators, and a 304 when they still hold', async () => {
    receiver.respond = (r) =>
      r.headers['if-none-match'] === '"v1"'
        ? { status: 304 }
        : {
            status: 200,
            headers: { etag: '"v1"', 'last-modified': 'Tue, 01 Apr 2025 10:00:00 GMT' },
            body: '{}',
          };
    const first = await fetchPackDocument(receiver.url, open);
    expect(first).toMatchObject({
      kind: 'fetched',
      etag: '"v1"',
      lastModified: 'Tue, 01 Apr 2025 10:00:00 GMT',
    });
    expect(first.kind === 'fetched' && first.body.toString()).toBe('{}');
    const again = await fetchPackDocument(receiver.url, {
      ...open,
      etag: '"v1"',
      lastModified: 'Tue, 01 Apr 2025 10:00:00 GMT',
    });
    expect(again).toEqual({ kind: 'not-modified', status: 304 });
    const last = receiver.received.at(-1);
    expect(last?.method).toBe('GET');
    expect(last?.headers['if-modified-since']).toBe('Tue, 01 Apr 2025 10:00:00 GMT');
  });

  it('refuses a redirect, an error status, and a body over the limit (declared or streamed)', async () => {
    receiver.respond = () => ({ status: 302, headers: { location: 'http://169.254.169.254/latest' } });
    expect(await fetchPackDocument(receiver.url, open)).toMatchObject({
      kind: 'failed',
      status: 302,
      error: expect.stringContaining('not followed'),
    });
    receiver.respond = () => ({ status: 404, body: 'no' });
    expect(await fetchPackDocument(receiver.url, open)).toMatchObject({ kind: 'failed', status: 404 });
    receiver.respond = () => ({ status: 200, body: 'x'.repeat(1_001) });
    expect(await fetchPackDocument(receiver.url, open)).toMatchObject({
      kind: 'failed',
      error: expect.stringContaining('larger than 1000 bytes'),
    });
    // No Content-Length: the limit is counted as the body arrives.
    receiver.respond = () => ({
      status: 200,
      headers: { 'transfer-encoding': 'chunked' },
      body: 'y'.repeat(5_000),
    });
    expect(await fetchPackDocument(receiver.url, open)).toMatchObject({
      kind: 'failed',
      error: expect.stringContaining('larger than'),
    });
  });

  it('gives up at the time limit', async () => {
    const { createServer } = await import('node:http');
    const silent = createServer(() => undefined); // never answers
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    try {
      const started = Date.now();
      const result = await fetchPackDocument(`http://127.0.0.1:${port}/pack.json`, {
        ...open,
        timeoutMs: 200,
      });
      expect(result).toEqual({ kind: 'failed', status: null, error: 'no answer within the time limit' });
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });

  it('never connects to a private address: literal, by name, or a name resolving to one at connect time', async () => {
    const before = receiver.received.length;
    const strict = { ...open, allowPrivateNetworks: false };
    for (const url of [receiver.url, 'http://localhost/pack.json', 'https://[::1]/pack.json']) {
      expect(await fetchPackDocument(url, strict)).toMatchObject({
        kind: 'failed',
        status: null,
        error: expect.stringContaining('private'),
      });
    }
    // A public-looking name whose DNS answer is loopback when the socket connects (DNS rebinding).
    const port = new URL(receiver.url).port;
    expect(
      await fetchPackDocument(`http://packs.example.org:${port}/pack.json`, {
        ...strict,
        resolve: answering('127.0.0.1'),
      }),
    ).toMatchObject({ kind: 'failed', error: expect.stringContaining('private') });
    expect(receiver.received.length).toBe(before);
  });
});

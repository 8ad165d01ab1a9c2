import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkWebhookUrlShape, isForbiddenAddress } from '../../src/domain/webhook-url.js';
import { checkWebhookDestination, guardedLookup, postWebhook } from '../../src/lib/webhook-transport.js';

describe('which webhook URLs are allowed', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.20.30.40', true],
    ['172.16.0.1', true],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['fe80::1', true],
    ['fd00::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['8.8.8.8', false],
    ['1.1.1.1', false],
    ['2606:4700:4700::1111', false],
  ])('%s forbidden: %s', (address, forbidden) => {
    expect(isForbiddenAddress(address)).toBe(forbidden);
  });

  it('wants https (http only when allowed), no credentials, no fragment', () => {
    expect(checkWebhookUrlShape('https://bot.example.com/hook', { allowHttp: false }).ok).toBe(true);
    expect(checkWebhookUrlShape('http://bot.example.com/hook', { allowHttp: false })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/https/),
    });
    expect(checkWebhookUrlShape('http://bot.example.com/hook', { allowHttp: true }).ok).toBe(true);
    expect(checkWebhookUrlShape('ftp://bot.example.com/', { allowHttp: true }).ok).toBe(false);
    expect(checkWebhookUrlShape('https://user:pw@bot.example.com/', { allowHttp: false }).ok).toBe(false);
    expect(checkWebhookUrlShape('https://bot.example.com/#x', { allowHttp: false }).ok).toBe(false);
    expect(checkWebhookUrlShape('not a url', { allowHttp: false }).ok).toBe(false);
  });

  it('refuses localhost by name, literal private addresses, and names resolving to them', async () => {
    const strict = { allowPrivateNetworks: false };
    expect((await checkWebhookDestination(new URL('https://localhost/x'), strict)).ok).toBe(false);
    expect((await checkWebhookDestination(new URL('https://[::1]/x'), strict)).ok).toBe(false);
    expect((await checkWebhookDestination(new URL('https://10.0.0.1/x'), strict)).ok).toBe(false);
    expect((await checkWebhookDestination(new URL('https://8.8.8.8/x'), strict)).ok).toBe(true);
    expect(
      (await checkWebhookDestination(new URL('https://10.0.0.1/x'), { allowPrivateNetworks: true })).ok,
    ).toBe(true);
  });
});

describe('sending one delivery', () => {
  let server: Server;
  let base: string;
  let port: number;
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        if (req.url === '/ok') return res.writeHead(204).end();
        if (req.url === '/echo') return res.writeHead(200).end(`${req.headers['webhook-id']}:${body}`);
        if (req.url === '/redirect') return res.writeHead(302, { location: '/ok' }).end();
        if (req.url === '/big') return res.writeHead(500).end('x'.repeat(100_000));
        if (req.url === '/slow') return; // never answers
        res.writeHead(404).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const open = { allowPrivateNetworks: true, timeoutMs: 2_000 };

  it('succeeds on a 2xx and sends the body and headers', async () => {
    expect(await postWebhook(`${base}/ok`, '{}', {}, open)).toMatchObject({
      ok: true,
      status: 204,
      error: null,
    });
    const echo = await postWebhook(`${base}/echo`, '{"a":1}', { 'webhook-id': 'msg_1' }, open);
    expect(echo).toMatchObject({ ok: true, status: 200, responseExcerpt: 'msg_1:{"a":1}' });
  });

  it('does not follow a redirect', async () => {
    const r = await postWebhook(`${base}/redirect`, '{}', {}, open);
    expect(r).toMatchObject({ ok: false, status: 302, error: expect.stringMatching(/redirect/) });
  });

  it('keeps at most 1 KiB of the answer', async () => {
    const r = await postWebhook(`${base}/big`, '{}', {}, open);
    expect(r).toMatchObject({ ok: false, status: 500 });
    expect(r.responseExcerpt).toHaveLength(1024);
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const r = await postWebhook(`${base}/slow`, '{}', {}, { ...open, timeoutMs: 300 });
    expect(r).toMatchObject({ ok: false, status: null, error: 'no answer within the time limit' });
  });

  it('refuses a private address at connect time, by literal and through DNS', async () => {
    const strict = { allowPrivateNetworks: false, timeoutMs: 2_000 };
    expect((await postWebhook(`${base}/ok`, '{}', {}, strict)).ok).toBe(false);
    expect((await postWebhook(`http://localhost:${port}/ok`, '{}', {}, strict)).ok).toBe(false);
    // A public-looking name that resolves to a private address is caught in the lookup the socket
    // uses (DNS rebinding); "localhost" stands in for such a name here.
    const lookup = guardedLookup(false);
    const error = await new Promise<Error | null>((resolve) =>
      lookup('localhost', {}, (err) => resolve(err)),
    );
    expect(error?.message).toMatch(/private/);
    const allowed = guardedLookup(true);
    const address = await new Promise<string>((resolve) =>
      allowed('localhost', {}, (_err, found) => resolve(String(found))),
    );
    expect(address).toMatch(/127\.0\.0\.1|::1/);
  });
});

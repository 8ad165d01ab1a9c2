import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkWebhookUrlShape, isForbiddenAddress } from '../../src/domain/webhook-url.js';
import {
  checkWebhookDestination,
  describeRequestError,
  guardedLookup,
  postWebhook,
  type ResolveAll,
} from '../../src/lib/webhook-transport.js';

/** A DNS stand-in answering every name with `addresses`, as a receiver's own DNS server could. */
function answering(...addresses: string[]): ResolveAll {
  return (_hostname, _options, callback) =>
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
}

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

  it('refuses IPv6 forms carrying an IPv4 address, written in the URL or resolved from its name', async () => {
    const strict = { allowPrivateNetworks: false };
    for (const host of [
      '[::FFFF:127.0.0.1]',
      '[0:0:0:0:0:ffff:7f00:1]',
      '[2002:7f00:1::1]',
      '[64:ff9b:1::a]',
    ]) {
      const found = await checkWebhookDestination(new URL(`https://${host}/x`), strict);
      expect(found).toMatchObject({ ok: false, reason: expect.stringMatching(/carry an IPv4 address/) });
    }
    for (const address of ['2002:a00:1::1', '64:ff9b::a9fe:a9fe', '::ffff:8.8.8.8', '2001:0:4136:e378::1']) {
      const url = new URL('https://hooks.example.com/x');
      expect(await checkWebhookDestination(url, { ...strict, resolve: answering(address) })).toMatchObject({
        ok: false,
        reason: expect.stringMatching(/resolves to a refused address/),
      });
    }
    const url = new URL('https://hooks.example.com/x');
    expect((await checkWebhookDestination(url, { ...strict, resolve: answering('2606:4700::1') })).ok).toBe(
      true,
    );
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

  it('refuses, at connect time, a name that resolves to an IPv6 form carrying an IPv4 address', async () => {
    const strict = { allowPrivateNetworks: false, timeoutMs: 2_000 };
    // The name resolves to the receiver's address here: the stand-in reaches the socket's lookup.
    const reached = await postWebhook(
      `http://hooks.example.com:${port}/ok`,
      '{}',
      {},
      {
        ...open,
        resolve: answering('127.0.0.1'),
      },
    );
    expect(reached).toMatchObject({ ok: true, status: 204 });
    for (const address of [
      '2002:7f00:1::1',
      '0:0:0:0:0:ffff:7f00:1',
      '64:ff9b:1::7f00:1',
      '::ffff:8.8.8.8',
    ]) {
      const refused = await postWebhook(
        `http://hooks.example.com:${port}/ok`,
        '{}',
        {},
        {
          ...strict,
          resolve: answering('8.8.8.8', address),
        },
      );
      expect(refused).toMatchObject({
        ok: false,
        status: null,
        error: expect.stringMatching(/carry an IPv4/),
      });
    }
  });
});

describe('a failed request in words', () => {
  /** A socket error as Node makes it (its message names the address and port it tried). */
  const socketError = (code: string, address: string, port: number) =>
    Object.assign(new Error(`connect ${code} ${address}:${port}`), {
      code,
      errno: -113,
      syscall: 'connect',
      address,
      port,
    });

  it('says why without the address or port it tried, whatever the error', () => {
    const said = (err: unknown) => {
      const words = describeRequestError(err);
      expect(words).not.toMatch(/10\.0\.0\.7|2001:db8|:443|8443/);
      return words;
    };
    expect(said(socketError('EHOSTUNREACH', '10.0.0.7', 443))).toBe('the host could not be reached');
    expect(said(socketError('ENETUNREACH', '2001:db8::7', 443))).toBe(
      'the network of the host could not be reached',
    );
    expect(said(socketError('ETIMEDOUT', '10.0.0.7', 8443))).toBe('the connection timed out');
    expect(said(socketError('ECONNREFUSED', '10.0.0.7', 443))).toBe('the connection was refused');
    // Trying IPv6 and IPv4 at once (autoSelectFamily) fails with both attempts' errors.
    expect(
      said(
        new AggregateError([
          socketError('ENETUNREACH', '2001:db8::7', 443),
          socketError('ETIMEDOUT', '10.0.0.7', 443),
        ]),
      ),
    ).toBe('the network of the host could not be reached');
    // A code not known here is named, its message never passed on.
    expect(said(socketError('ENOBUFS', '10.0.0.7', 443))).toBe('the request failed (ENOBUFS)');
    expect(said(new Error('connect to 10.0.0.7:443 went wrong'))).toBe('the request failed');
    expect(said(Object.assign(new Error('Parse Error'), { code: 'HPE_INVALID_CONSTANT' }))).toBe(
      'the answer was not valid HTTP',
    );
  });

  it('a real refused connection says so, without the address or port', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const r = await postWebhook(
      `http://127.0.0.1:${port}/x`,
      '{}',
      {},
      {
        allowPrivateNetworks: true,
        timeoutMs: 2_000,
      },
    );
    expect(r).toMatchObject({ ok: false, status: null, error: 'the connection was refused' });
    expect(r.error).not.toContain(String(port));
  });
});

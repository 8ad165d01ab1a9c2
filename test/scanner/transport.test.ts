import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { type AddressInfo, createServer as createTcpServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScanServer } from '../../packages/scanner/src/server/client.js';
import { post } from '../../packages/scanner/src/server/transport.js';

/**
 * How the scan client talks HTTP (packages/scanner/src/server/transport.ts): through `node:http(s)`,
 * whose sockets get keep-alive only once connected (Node's fetch turns it on before the connect, which
 * Wine 8 fails: docs/scan-client.md, "Live Windows calls and the Windows build under Wine"), with
 * certificates checked as before and failures named for the player.
 */

const servers: Server[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const s of servers.splice(0)) await new Promise((resolve) => s.close(resolve));
});

async function listening(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('the scan client transport', () => {
  it('answers a standard Response: status, every header, the body', async () => {
    const host = await listening(
      createHttpServer((req, res) => {
        let body = '';
        req.on('data', (c) => {
          body += c;
        });
        req.on('end', () => {
          res.setHeader('set-cookie', ['a=1', 'b=2']);
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ got: body, length: req.headers['content-length'] }));
        });
      }),
    );
    const res = await post(new URL(`http://${host}/x`), {
      headers: { 'content-type': 'application/json' },
      body: new TextEncoder().encode('{"a":1}'),
      signal: AbortSignal.timeout(10_000),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toBe('a=1, b=2');
    expect(await res.json()).toEqual({ got: '{"a":1}', length: '7' });
  });

  it('never turns TCP keep-alive on before the socket is connected', async () => {
    const calls: boolean[] = [];
    const original = Socket.prototype.setKeepAlive;
    vi.spyOn(Socket.prototype, 'setKeepAlive').mockImplementation(function (this: Socket, ...args) {
      calls.push(this.connecting);
      return original.apply(this, args);
    });
    const host = await listening(createHttpServer((_req, res) => res.end('{}')));
    const res = await post(new URL(`http://${host}/`), {
      headers: {},
      body: new Uint8Array(),
      signal: AbortSignal.timeout(10_000),
    });
    await res.text();
    expect(calls.filter((connecting) => connecting)).toEqual([]);
  });

  it('names a server that is not there, as fetch did', async () => {
    const probe = createTcpServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    await expect(
      new ScanServer(new URL(`http://127.0.0.1:${port}`)).start('ABCDEFGH', ['HW'], '0.1.0'),
    ).rejects.toThrow(
      `Cannot reach the scan server at http://127.0.0.1:${port} (ECONNREFUSED). Check your connection and the address.`,
    );
  });

  it('refuses a certificate that no authority signed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scanpin-tls-'));
    const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
    const subject = '/CN=127.0.0.1';
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        subject,
        '-keyout',
        key,
        '-out',
        cert,
      ],
      {
        stdio: 'ignore',
      },
    );
    const tls = { key: readFileSync(key), cert: readFileSync(cert) };
    rmSync(dir, { recursive: true, force: true });
    let reached = false;
    const host = await listening(
      createHttpsServer(tls, (_req, res) => {
        reached = true;
        res.end('{}');
      }),
    );
    await expect(
      new ScanServer(new URL(`https://${host}`)).start('ABCDEFGH', ['HW'], '0.1.0'),
    ).rejects.toThrow(
      /Cannot reach the scan server at https:\/\/127\.0\.0\.1:\d+ \(DEPTH_ZERO_SELF_SIGNED_CERT\)/,
    );
    expect(reached).toBe(false);
  });
});

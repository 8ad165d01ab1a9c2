import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { RedirectRefused, ScanServer } from '../../packages/scanner/src/server/client.js';

/**
 * The scan client and redirects (docs/scan-client.md, "The server address"): each call carries the
 * PIN, the hardware IDs or the evidence, so the client follows a few redirects within the server's
 * own origin and none elsewhere. Two local servers: the scan server, and the one it redirects to.
 */

interface Seen {
  method: string;
  url: string;
  body: string;
}

interface Local {
  server: Server;
  origin: string;
  seen: Seen[];
}

const running: Server[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await new Promise((resolve) => s.close(resolve));
});

async function local(
  handle: (req: IncomingMessage, res: ServerResponse, body: string) => void,
  host = '127.0.0.1',
): Promise<Local> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', body });
      handle(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  running.push(server);
  return { server, origin: `http://${host}:${(server.address() as AddressInfo).port}`, seen };
}

const START = {
  sessionToken: 'token',
  nonce: 'nonce',
  pin: 'ABCDEFGH',
  type: 'Java',
  serverTime: new Date().toISOString(),
  plan: { sources: [], hints: [] },
};

function redirect(res: ServerResponse, status: number, location: string): void {
  res.writeHead(status, { location });
  res.end();
}

function answer(res: ServerResponse): void {
  res.writeHead(201, { 'content-type': 'application/json' });
  res.end(JSON.stringify(START));
}

describe('redirects from the scan server', () => {
  it('are never followed to another origin: the PIN and hardware IDs never reach it', async () => {
    const elsewhere = await local((_req, res) => answer(res));
    for (const status of [301, 302, 303, 307, 308]) {
      const scan = await local((_req, res) => redirect(res, status, `${elsewhere.origin}/v1/scanner/start`));
      const start = new ScanServer(new URL(scan.origin)).start('ABCDEFGH', ['HWID-SECRET'], '0.1.0');
      await expect(start).rejects.toThrow(RedirectRefused);
      await expect(start).rejects.toThrow(
        `The scan server at ${scan.origin} tried to send the scan to ${elsewhere.origin}.`,
      );
      expect(scan.seen).toHaveLength(1);
    }
    expect(elsewhere.seen).toEqual([]);
  });

  it('to the same server by another name or scheme is another origin too: never followed', async () => {
    let target = '';
    const scan = await local((_req, res) => redirect(res, 307, target));
    const port = new URL(scan.origin).port;
    for (const elsewhere of [
      `http://localhost:${port}/v1/scanner/start`,
      `https://127.0.0.1:${port}/v1/scanner/start`,
    ]) {
      target = elsewhere;
      await expect(new ScanServer(new URL(scan.origin)).start('ABCDEFGH', ['HW'], '0.1.0')).rejects.toThrow(
        RedirectRefused,
      );
    }
    expect(scan.seen).toHaveLength(2);
  });

  it('are followed within the origin, re-sending the same request, a few times at most', async () => {
    const scan = await local((req, res) => {
      if (req.url === '/v1/scanner/start') redirect(res, 307, '/moved/start');
      else if (req.url === '/moved/start') redirect(res, 308, '/v1/real/start');
      else answer(res);
    });
    const start = await new ScanServer(new URL(scan.origin)).start('ABCDEFGH', ['HW'], '0.1.0');
    expect(start.pin).toBe('ABCDEFGH');
    expect(scan.seen.map((s) => [s.method, s.url])).toEqual([
      ['POST', '/v1/scanner/start'],
      ['POST', '/moved/start'],
      ['POST', '/v1/real/start'],
    ]);
    expect(new Set(scan.seen.map((s) => s.body)).size).toBe(1);

    const loop = await local((_req, res) => redirect(res, 307, '/again'));
    await expect(new ScanServer(new URL(loop.origin)).start('ABCDEFGH', ['HW'], '0.1.0')).rejects.toThrow(
      /redirected the scanner more than 3 times/,
    );
    expect(loop.seen).toHaveLength(4);
  });
});

describe('the scan client’s evidence upload', () => {
  it('sends the nonce in the Scanpin-Nonce header too, so a wrong one is refused before the body', async () => {
    let nonceHeader: string | undefined;
    const scan = await local((req, res) => {
      nonceHeader = req.headers['scanpin-nonce'] as string | undefined;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ result: 'legit', receipt: { id: 'rcpt_x', counts: {} } }));
    });
    const client = new ScanServer(new URL(scan.origin));
    const doc = { nonce: 'the-scans-own-nonce-0123' } as Parameters<ScanServer['evidence']>[1];
    await client.evidence('token', doc);
    expect(nonceHeader).toBe('the-scans-own-nonce-0123');
  });
});

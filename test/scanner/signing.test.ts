import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { newClientId } from '../../packages/scanner/src/identity/client-id.js';
import { maskKey, unmaskKey } from '../../packages/scanner/src/identity/masked-key.js';
import { ScanServer, ServerRefusal } from '../../packages/scanner/src/server/client.js';

/**
 * The scanner's side of the signed-call protocol (docs/scan-client.md, "Official builds"), checked
 * against a local server that records each request as it arrived. The expected signature is computed
 * here from the protocol's words, not with the scanner's (or the server's) code.
 */

interface Seen {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const running: Server[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await new Promise((resolve) => s.close(resolve));
});

const START = {
  sessionToken: 'session-token-of-this-scan',
  nonce: 'nonce',
  pin: 'ABCDEFGH',
  type: 'Java',
  serverTime: new Date().toISOString(),
  plan: { sources: [], hints: [] },
};

/** A scanner API that answers every call; `refuse` may turn a request down first. */
async function recordingServer(
  opts: { dateOffsetMs?: number; refuse?: (s: Seen) => boolean } = {},
): Promise<{ url: URL; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const s = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      seen.push(s);
      res.setHeader('date', new Date(Date.now() + (opts.dateOffsetMs ?? 0)).toUTCString());
      if (opts.refuse?.(s)) {
        res.writeHead(401, { 'content-type': 'application/problem+json' });
        res.end(JSON.stringify({ code: 'invalid_client_signature', detail: 'The signature is stale.' }));
        return;
      }
      if (s.path.endsWith('/start')) {
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(JSON.stringify(START));
      } else if (s.path.endsWith('/evidence')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ result: 'legit', receipt: { id: 'rcpt_1', counts: {} } }));
      } else {
        res.writeHead(204);
        res.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  running.push(server);
  return { url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`), seen };
}

const hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** The signature the protocol asks for, from its text. */
function expectedSignature(key: Buffer, s: Seen, sessionToken: string | null): string {
  const canonical = [
    'scanpin-signature-v1',
    s.method.toUpperCase(),
    s.path,
    String(s.headers['scanpin-timestamp']),
    sessionToken === null ? '-' : hex(sessionToken),
    hex(s.body),
  ].join('\n');
  return `v1=${createHmac('sha256', key).update(canonical, 'utf8').digest('base64url')}`;
}

const EVIDENCE = {
  schema: 2,
  nonce: 'nonce',
  client: { version: '0.1.0', platform: 'linux', arch: 'x64' },
  sources: {},
} as unknown as Parameters<ScanServer['evidence']>[1];

describe('the scanner signs its calls', () => {
  it('as a registered client: the client id, the timestamp and the HMAC of each call', async () => {
    const key = randomBytes(32);
    const clientId = newClientId();
    expect(clientId).toMatch(/^spc_[0-9A-Za-z]{24}$/);
    const { url, seen } = await recordingServer();
    const server = new ScanServer(url, { kind: 'registered', clientId, key });
    const start = await server.start('ABCDEFGH', ['HWID'], '0.1.0');
    await server.progress(start.sessionToken, 10, 'Working');
    // The same call again in the same second would sign alike, and the server refuses a signature it
    // has seen: the second one is signed for a later second.
    await server.progress(start.sessionToken, 10, 'Working');
    await server.evidence(start.sessionToken, EVIDENCE);
    await server.fail(start.sessionToken, 'stopped');

    expect(seen.map((s) => s.path)).toEqual([
      '/v1/scanner/start',
      '/v1/scanner/progress',
      '/v1/scanner/progress',
      '/v1/scanner/evidence',
      '/v1/scanner/fail',
    ]);
    for (const [i, s] of seen.entries()) {
      expect(s.headers['scanpin-client']).toBe(clientId);
      expect(Math.abs(Number(s.headers['scanpin-timestamp']) - Date.now() / 1000)).toBeLessThan(10);
      expect(s.headers['scanpin-signature']).toBe(
        expectedSignature(key, s, i === 0 ? null : START.sessionToken),
      );
    }
    // The upload is signed over the gzip bytes as sent.
    expect(seen[3]?.headers['content-encoding']).toBe('gzip');
    expect(seen[3]?.body.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(seen[1]?.headers['scanpin-signature']).not.toBe(seen[2]?.headers['scanpin-signature']);
    // The key itself is never sent in any form.
    const everything = seen.map((s) => JSON.stringify(s.headers) + s.body.toString('latin1')).join('\n');
    for (const form of [key.toString('hex'), key.toString('base64'), key.toString('base64url')])
      expect(everything).not.toContain(form);
  });

  it('as the development client when it runs from source: a label and no signature', async () => {
    const { url, seen } = await recordingServer();
    const server = new ScanServer(url);
    const start = await server.start('ABCDEFGH', ['HWID'], '0.1.0');
    await server.progress(start.sessionToken, 10, 'Working');
    for (const s of seen) {
      expect(s.headers['scanpin-client']).toBe('development');
      expect(s.headers['scanpin-signature']).toBeUndefined();
      expect(s.headers['scanpin-timestamp']).toBeUndefined();
    }
  });

  it('on the server’s clock when this computer’s is far off: once refused, signed again and accepted', async () => {
    const key = randomBytes(32);
    const offset = 20 * 60_000;
    const stale = (s: Seen) =>
      Math.abs(Number(s.headers['scanpin-timestamp']) * 1000 - (Date.now() + offset)) > 300_000;
    const { url, seen } = await recordingServer({ dateOffsetMs: offset, refuse: stale });
    const server = new ScanServer(url, { kind: 'registered', clientId: newClientId(), key });
    const start = await server.start('ABCDEFGH', ['HWID'], '0.1.0');
    await server.progress(start.sessionToken, 10, 'Working');
    expect(seen.map((s) => stale(s))).toEqual([true, false, false]);
    expect(seen[1]?.headers['scanpin-signature']).toBe(expectedSignature(key, seen[1] as Seen, null));
  });

  it('does not try again when the signature is refused and the clocks agree', async () => {
    const { url, seen } = await recordingServer({ dateOffsetMs: 0, refuse: () => true });
    const server = new ScanServer(url, { kind: 'registered', clientId: newClientId(), key: randomBytes(32) });
    const refused = await server.start('ABCDEFGH', ['HWID'], '0.1.0').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ServerRefusal);
    expect((refused as ServerRefusal).code).toBe('invalid_client_signature');
    expect((refused as ServerRefusal).message).toBe(
      `The scan server did not accept this scanner's signature. The signature is stale. If it happens again, download the current scanner from ${url.origin}/scan.`,
    );
    expect(seen).toHaveLength(1);
  });
});

describe('the key an official build carries', () => {
  it('is split into shares of numbers, none of them the key, and put back together exactly', () => {
    const key = randomBytes(32);
    const shares = maskKey(key);
    expect(shares.length).toBeGreaterThanOrEqual(2);
    for (const share of shares) expect(Buffer.from(share).equals(key)).toBe(false);
    expect(Buffer.from(unmaskKey(shares) ?? []).equals(key)).toBe(true);
    expect(unmaskKey([[1, 2, 3]])).toBeNull();
    expect(unmaskKey('key')).toBeNull();
    expect(unmaskKey([shares[0], [...(shares[1] ?? []).slice(0, 31), 256]])).toBeNull();
  });
});

import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { ADMIN_TOKEN } from '../support/test-app.js';
import { judge } from './judge.js';
import type { Operation } from './operations.js';
import { type FuzzApp, startFuzzApp } from './world.js';

/**
 * What `inject` cannot send: malformed HTTP on a real socket (duplicate and oversized headers, bad
 * request lines, broken framing). Node's parser refuses most of it before Fastify routes; the answer
 * must still be a problem body (docs/api.md, "Errors"), never a 5xx, and the server keeps serving.
 */
const ANY: Operation = {
  method: 'GET',
  path: '/',
  auth: 'none',
  pathParams: [],
  pathSchemas: {},
  query: [],
  body: undefined,
  page: false,
  stream: false,
};

const HOST = 'Host: 127.0.0.1\r\n';
const BIG = 'a'.repeat(20_000);
const KEY = `sp_${'A'.repeat(40)}`;

/** Raw requests, written to the socket as they are. */
const RAW: readonly [string, string | Buffer][] = [
  [
    'duplicate x-api-key',
    `GET /v1/pins/AAAAAAAA/status HTTP/1.1\r\n${HOST}x-api-key: ${KEY}\r\nx-api-key: ${KEY}\r\n\r\n`,
  ],
  [
    'duplicate x-admin-token, one right',
    `GET /admin/v1/accounts/1 HTTP/1.1\r\n${HOST}x-admin-token: ${ADMIN_TOKEN}\r\nx-admin-token: wrong\r\n\r\n`,
  ],
  [
    'duplicate cookie',
    `GET /app/api/me HTTP/1.1\r\n${HOST}Cookie: scanpin_session=a\r\nCookie: scanpin_session=b\r\n\r\n`,
  ],
  [
    'duplicate authorization',
    `POST /v1/scanner/fail HTTP/1.1\r\n${HOST}Authorization: Bearer a\r\nAuthorization: Bearer b\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`,
  ],
  [
    'duplicate content-type',
    `POST /v1/scanner/start HTTP/1.1\r\n${HOST}Content-Type: text/plain\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`,
  ],
  [
    'two different content-lengths',
    `POST /v1/scanner/start HTTP/1.1\r\n${HOST}Content-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}`,
  ],
  [
    'content-length and chunked',
    `POST /v1/scanner/start HTTP/1.1\r\n${HOST}Content-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
  ],
  [
    'bad chunk size',
    `POST /v1/scanner/start HTTP/1.1\r\n${HOST}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
  ],
  ['oversized header', `GET /healthz HTTP/1.1\r\n${HOST}X-Big: ${BIG}\r\n\r\n`],
  ['oversized x-api-key', `GET /v1/pins/AAAAAAAA/status HTTP/1.1\r\n${HOST}x-api-key: ${BIG}\r\n\r\n`],
  ['oversized URL', `GET /v1/pins/${BIG}/status HTTP/1.1\r\n${HOST}\r\n`],
  ['many headers', `GET /healthz HTTP/1.1\r\n${HOST}${'X-A: 1\r\n'.repeat(3000)}\r\n`],
  ['control character in a header', `GET /healthz HTTP/1.1\r\n${HOST}X-A: a\u0001b\r\n\r\n`],
  ['header without a colon', `GET /healthz HTTP/1.1\r\n${HOST}NoColonHere\r\n\r\n`],
  ['garbage request line', 'GARBAGE\r\n\r\n'],
  ['unknown HTTP version', `GET /healthz HTTP/9.9\r\n${HOST}\r\n`],
  ['lowercase method', `get /healthz HTTP/1.1\r\n${HOST}\r\n`],
  ['unknown method', `BREW /healthz HTTP/1.1\r\n${HOST}\r\n`],
  ['no Host header', 'GET /healthz HTTP/1.1\r\n\r\n'],
  ['absolute-form target', `GET http://evil.example/healthz HTTP/1.1\r\n${HOST}\r\n`],
  ['asterisk target', `OPTIONS * HTTP/1.1\r\n${HOST}\r\n`],
  ['raw traversal', `GET /v1/pins/../../../etc/passwd HTTP/1.1\r\n${HOST}\r\n`],
  ['raw NUL in path', `GET /v1/pins/A\u0000A/status HTTP/1.1\r\n${HOST}\r\n`],
  ['space in path', `GET /v1/pins/A A/status HTTP/1.1\r\n${HOST}\r\n`],
  ['bare LF line endings', `GET /healthz HTTP/1.1\n${HOST.replace('\r\n', '\n')}\n`],
  [
    'latin-1 in a header',
    Buffer.from(`GET /app/api/me HTTP/1.1\r\n${HOST}Cookie: scanpin_session=\xe9\xff\r\n\r\n`, 'latin1'),
  ],
  [
    'invalid UTF-8 in the path',
    Buffer.concat([
      Buffer.from('GET /v1/pins/'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from(`/status HTTP/1.1\r\n${HOST}\r\n`),
    ]),
  ],
  ['HTTP/1.0 without Host', 'GET /readyz HTTP/1.0\r\n\r\n'],
  [
    'body longer than content-length',
    `POST /v1/scanner/start HTTP/1.1\r\n${HOST}Content-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}{"pin":"x"}`,
  ],
];

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Writes `raw`, reads what comes back until the server closes or 3 s pass; parses the first answer. */
function exchange(port: number, raw: string | Buffer): Promise<RawAnswer | undefined> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(parse(Buffer.concat(chunks).toString('latin1')));
    };
    const timer = setTimeout(done, 3000);
    socket.on('data', (d) => {
      chunks.push(d);
      const text = Buffer.concat(chunks).toString('latin1');
      const answer = parse(text);
      if (
        answer &&
        answer.body.length >= Number(answer.headers['content-length'] ?? Number.POSITIVE_INFINITY)
      )
        done();
    });
    socket.on('end', done);
    socket.on('error', done);
    socket.write(raw);
  });
}

function parse(text: string): RawAnswer | undefined {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const status = Number(statusLine.split(' ')[1]);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  const length = Number(headers['content-length'] ?? Number.NaN);
  const rest = text.slice(end + 4);
  return { status, headers, body: Number.isFinite(length) ? rest.slice(0, length) : rest };
}

describe.each(backends().filter((b) => b.name === 'sqlite'))(
  'malformed HTTP on a socket ($name)',
  (backend) => {
    let target: FuzzApp;
    let port: number;
    beforeAll(async () => {
      target = await startFuzzApp(backend);
      await target.app.listen({ host: '127.0.0.1', port: 0 });
      port = (target.app.server.address() as AddressInfo).port;
    });
    afterAll(async () => target?.close());

    it.each(RAW)('%s: a problem answer or a closed connection, never a 5xx', async (_name, raw) => {
      const answer = await exchange(port, raw);
      // The parser may also just close a connection it cannot read; that is an answer too.
      if (answer !== undefined) {
        const verdict = judge(ANY, 'GET', {
          status: answer.status,
          headers: answer.headers,
          body: answer.body,
        });
        expect(verdict.problems, `${answer.status} ${JSON.stringify(answer.headers)} ${answer.body}`).toEqual(
          [],
        );
      }
      const health = await exchange(port, `GET /healthz HTTP/1.1\r\n${HOST}Connection: close\r\n\r\n`);
      expect(health?.status).toBe(200);
    });
  },
);

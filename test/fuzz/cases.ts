import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { ADMIN_TOKEN } from '../support/test-app.js';
import {
  bodyFor,
  contentType,
  exactFrom,
  headerValue,
  hostileJson,
  hostileString,
  oddMethod,
  rawBody,
  validFrom,
} from './arbitraries.js';
import type { Operation } from './operations.js';
import type { World } from './world.js';

/** Which credential a case presents: the right one, someone else's, none, or a broken one. */
type Credential = 'valid' | 'other' | 'none' | 'revoked' | 'garbage';

/** One fuzzed request, as data: printed as the counterexample when a property fails. */
export interface FuzzCase {
  op: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload: string | Buffer | undefined;
  stream: boolean;
}

/**
 * Percent-encodes like encodeURIComponent, but a lone surrogate (which that refuses) is sent as its
 * WTF-8 bytes (%ED%A0%80): what a client with broken UTF-16 really puts on the wire.
 */
export function encode(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const unit = s.charCodeAt(i);
    const next = s.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(s.slice(i, i + 2));
      i++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out +=
        `%${(0xe0 | (unit >> 12)).toString(16)}%${(0x80 | ((unit >> 6) & 0x3f)).toString(16)}%${(0x80 | (unit & 0x3f)).toString(16)}`.toUpperCase();
    } else {
      out += encodeURIComponent(s[i] ?? '');
    }
  }
  return out;
}

function pathValue(name: string, after: string, world: World): fc.Arbitrary<string> {
  const known = (world.hints[`${name}@${after}`] ?? world.hints[name] ?? []).map(String);
  const hostile = fc.oneof(
    hostileString.map(encode),
    // Sent as typed: traversal and percent sequences reach the router undecoded.
    fc.constantFrom(
      '..',
      '.',
      '%2e%2e',
      '..%2F..%2F',
      '%00',
      '%',
      '%zz',
      '%c0%ae',
      'a%2Fb',
      '%u0041',
      ';x=1',
    ),
    fc.integer().map(String),
  );
  return known.length === 0
    ? hostile
    : fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...known) }, { weight: 2, arbitrary: hostile });
}

function credentialHeaders(
  op: Operation,
  cred: Credential,
  world: World,
  bad: string,
): Record<string, string> {
  if (cred === 'none') return {};
  switch (op.auth) {
    case 'apiKey':
      return {
        'x-api-key': {
          valid: world.ownerKey,
          other: world.memberKey,
          revoked: world.revokedKey,
          garbage: bad,
        }[cred],
      };
    case 'adminToken':
      return { 'x-admin-token': cred === 'valid' ? ADMIN_TOKEN : cred === 'other' ? `${ADMIN_TOKEN}x` : bad };
    case 'sessionCookie':
    case 'none':
      // Pages and open routes get a cookie too: the dashboard's pages read it.
      return {
        cookie: {
          valid: world.cookie,
          other: world.memberCookie,
          revoked: 'scanpin_session=; scanpin_session=x',
          garbage: bad,
        }[cred],
      };
    case 'sessionToken':
      return {
        authorization: {
          valid: `Bearer ${world.scannerToken}`,
          other: `Bearer ${world.scannerToken}x`,
          revoked: `Basic ${Buffer.from('a:b').toString('base64')}`,
          garbage: bad,
        }[cred],
      };
  }
}

function queryFor(op: Operation, world: World): fc.Arbitrary<string> {
  const known = op.query.map((q) =>
    fc
      .oneof(
        { weight: 3, arbitrary: validFrom(q.schema, world.hints, q.name) },
        { weight: 1, arbitrary: hostileJson },
      )
      .map((v) => [q.name, v] as const),
  );
  const extra = fc.tuple(hostileString, hostileString);
  return fc
    .tuple(
      fc.subarray(known.length > 0 ? known : [fc.constant(['x', 1] as const)]),
      fc.oneof(
        { weight: 3, arbitrary: fc.constant([]) },
        { weight: 1, arbitrary: fc.array(extra, { maxLength: 2 }) },
      ),
    )
    .chain(([picked, extras]) =>
      fc.tuple(fc.tuple(...(picked as fc.Arbitrary<readonly [string, unknown]>[])), fc.constant(extras)),
    )
    .map(([pairs, extras]) => {
      const parts = [...pairs, ...extras].map(
        ([k, v]) => `${encode(k)}=${encode(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`,
      );
      return parts.length === 0 ? '' : `?${parts.join('&')}`;
    });
}

/** Generated requests for one operation of the world. */
export function caseFor(op: Operation, world: World): fc.Arbitrary<FuzzCase> {
  const params = fc.tuple(
    ...op.pathParams.map((p) => {
      const segments = op.path.split('/');
      return pathValue(p, segments[segments.indexOf(`{${p}}`) - 1] ?? '', world);
    }),
  );
  const body: fc.Arbitrary<string | Buffer | undefined> =
    op.body === undefined
      ? fc.oneof(
          { weight: 4, arbitrary: fc.constant(undefined) },
          {
            weight: 1,
            arbitrary: fc.oneof(
              rawBody,
              hostileJson.map((v) => JSON.stringify(v) ?? 'null'),
            ),
          },
        )
      : fc.oneof(
          { weight: 5, arbitrary: bodyFor(op.body, world.hints).map((v) => JSON.stringify(v) ?? 'null') },
          { weight: 1, arbitrary: rawBody },
          { weight: 1, arbitrary: fc.constant(undefined) },
        );
  const extraHeaders = fc.dictionary(
    fc.constantFrom(
      'x-request-id',
      'accept',
      'accept-encoding',
      'origin',
      'sec-fetch-site',
      'referer',
      'x-forwarded-for',
      'x-forwarded-proto',
      'host',
      'if-none-match',
      'if-modified-since',
      'range',
      'last-event-id',
      'user-agent',
      'content-length',
      'transfer-encoding',
      'expect',
      'authorization',
      'x-api-key',
      'x-admin-token',
      'cookie',
    ),
    headerValue,
    { maxKeys: 3 },
  );
  return fc
    .record({
      method: fc.oneof({ weight: 9, arbitrary: fc.constant(op.method) }, { weight: 1, arbitrary: oddMethod }),
      params,
      query: op.query.length > 0 ? queryFor(op, world) : fc.oneof(fc.constant(''), queryFor(op, world)),
      suffix: fc.oneof(
        { weight: 12, arbitrary: fc.constant('') },
        {
          weight: 1,
          arbitrary: fc.constantFrom('/', '//', '/..', '/../..', '/%2e%2e/x', '/.', '/x', '%00', '#x'),
        },
      ),
      cred: fc.oneof(
        { weight: 5, arbitrary: fc.constant<Credential>('valid') },
        { weight: 3, arbitrary: fc.constantFrom<Credential>('other', 'none', 'revoked', 'garbage') },
      ),
      bad: headerValue,
      body,
      type: contentType,
      extra: fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: extraHeaders }),
    })
    .map((c) => {
      let i = 0;
      const path = op.path.replace(/\{[A-Za-z]+\}/g, () => c.params[i++] ?? '');
      const headers: Record<string, string> = {
        ...c.extra,
        ...credentialHeaders(op, c.cred, world, c.bad),
      };
      if (c.body !== undefined && c.type !== undefined) headers['content-type'] = c.type;
      return {
        op: `${op.method} ${op.path}`,
        method: c.method,
        url: `${path}${c.suffix}${c.query}`,
        headers,
        payload: c.body,
        stream: op.stream,
      };
    });
}

/** A query or path value as it goes in a URL: strings as they are, anything else as JSON. */
const urlText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

/**
 * A request exactly as /openapi.json describes the operation: its own method, the world's valid
 * credential, and path, query and body values that its schemas allow (`exactFrom`), the world's own
 * ids and codes often, so the request reaches the use case behind it.
 */
export function documentedCaseFor(op: Operation, world: World): fc.Arbitrary<FuzzCase> {
  const segments = op.path.split('/');
  const params = fc.tuple(
    ...op.pathParams.map((p) => {
      const after = segments[segments.indexOf(`{${p}}`) - 1] ?? '';
      const schema = op.pathSchemas[p] ?? {};
      const generated = exactFrom(schema, {}, p);
      const known = exactFrom(schema, { [p]: world.hints[`${p}@${after}`] ?? world.hints[p] ?? [] }, p);
      return fc.oneof({ weight: 3, arbitrary: known }, { weight: 1, arbitrary: generated }).map(urlText);
    }),
  );
  const optional = op.query.filter((q) => !q.required);
  const query = fc
    .tuple(fc.tuple(...op.query.filter((q) => q.required).map((q) => fc.constant(q))), fc.subarray(optional))
    .chain(([required, picked]) =>
      fc.tuple(
        ...[...required, ...picked].map((q) =>
          exactFrom(q.schema, world.hints, q.name).map((v) => `${encode(q.name)}=${encode(urlText(v))}`),
        ),
      ),
    )
    .map((parts) => (parts.length === 0 ? '' : `?${parts.join('&')}`));
  const body =
    op.body === undefined
      ? fc.constant(undefined)
      : exactFrom(op.body, world.hints).map((v) => JSON.stringify(v) ?? 'null');
  return fc.record({ params, query, body }).map((c) => {
    let i = 0;
    const path = op.path.replace(/\{[A-Za-z]+\}/g, () => encode(c.params[i++] ?? ''));
    const headers = credentialHeaders(op, 'valid', world, '');
    if (c.body !== undefined) headers['content-type'] = 'application/json';
    return {
      op: `${op.method} ${op.path}`,
      method: op.method,
      url: `${path}${c.query}`,
      headers,
      payload: c.body,
      stream: op.stream,
    };
  });
}

export interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: string;
}

/**
 * Sends a case with `inject`. Streams are read to their head and dropped; anything else is read
 * whole, within a time limit: a request the server never answers is a failure too.
 */
export async function send(app: FastifyInstance, c: FuzzCase): Promise<Answer | { refused: string }> {
  let res: Awaited<ReturnType<FastifyInstance['inject']>>;
  try {
    res = await app.inject({
      method: c.method as InjectOptions['method'],
      url: c.url,
      headers: c.headers,
      ...(c.payload === undefined ? {} : { payload: c.payload }),
      payloadAsStream: true,
      signal: AbortSignal.timeout(15_000),
    });
  } catch (err) {
    // light-my-request itself refused to build the request (a method or URL it cannot express).
    return { refused: String(err) };
  }
  const type = String(res.headers['content-type'] ?? '');
  const stream = res.stream();
  if (type.startsWith('text/event-stream')) {
    stream.destroy();
    return { status: res.statusCode, headers: res.headers, body: '' };
  }
  const chunks: Buffer[] = [];
  const timer = setTimeout(() => stream.destroy(new Error('no end to the answer within 15 s')), 15_000);
  try {
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  } finally {
    clearTimeout(timer);
  }
  return { status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') };
}

/** A case as a short line for failure messages and logs: no huge payloads. */
export function describeCase(c: FuzzCase): string {
  const cut = (s: string) => (s.length > 160 ? `${s.slice(0, 160)}…(${s.length})` : s);
  const payload =
    c.payload === undefined
      ? ''
      : ` body=${cut(typeof c.payload === 'string' ? c.payload : c.payload.toString('hex'))}`;
  const headers = Object.fromEntries(Object.entries(c.headers).map(([k, v]) => [k, cut(v)]));
  return `${c.method} ${cut(c.url)} headers=${JSON.stringify(headers)}${payload}`;
}

import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';

/**
 * One HTTP POST to the scan server, answered as a standard `Response`, through `node:http` and
 * `node:https` rather than the global `fetch`.
 *
 * Why not `fetch`: Node's fetch (undici) turns TCP keep-alive on before the socket connects, so libuv
 * sets `TCP_KEEPALIVE` on the bare socket, and a Windows layer that lacks that option fails the
 * connect itself. Debian's Wine 8 is one (`setsockopt` answers "Unknown IPPROTO_TCP optname 0x3", and
 * Node reports `connect UNKNOWN`): the Windows executable could not reach any server there
 * (docs/scan-client.md, "Live Windows calls and the Windows build under Wine"). `node:http` sets
 * keep-alive only once the socket is connected, where a missing option costs nothing. Certificates
 * are checked exactly as `fetch` checks them (Node's own CA store, plus `NODE_EXTRA_CA_CERTS`).
 * Redirects are never followed here: the caller decides (docs/scan-client.md, "The server address").
 */
export interface PostOptions {
  headers: Record<string, string>;
  body: Uint8Array;
  signal: AbortSignal;
}

/** A transport failure, shaped like fetch's (`cause.code`), so the caller names it the same way. */
export class TransportError extends Error {
  constructor(
    message: string,
    override readonly cause: { code?: string; message: string },
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

export function post(url: URL, options: PostOptions): Promise<Response> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Response>((resolve, reject) => {
    const fail = (error: Error & { code?: string }) =>
      reject(new TransportError('fetch failed', { code: error.code, message: error.message }));
    const req = send(
      url,
      {
        method: 'POST',
        headers: { ...options.headers, 'content-length': String(options.body.byteLength) },
        signal: options.signal,
      },
      (res: IncomingMessage) => resolve(toResponse(res)),
    );
    req.on('error', fail);
    req.end(options.body);
  });
}

/** Response headers as `Headers`: a repeated header (set-cookie) keeps every value. */
function toResponse(res: IncomingMessage): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const status = res.statusCode ?? 0;
  // A body on a 204 or 304 is refused by `Response`; the server sends none there anyway.
  const empty = status === 204 || status === 304;
  if (empty) res.resume();
  const body = empty ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>);
  return new Response(body, { status, statusText: res.statusMessage ?? '', headers });
}

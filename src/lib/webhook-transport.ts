import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isForbiddenAddress, isLocalName, literalAddressOf } from '../domain/webhook-url.js';

/**
 * Sends one webhook delivery over HTTP(S). The address is checked at connect time, in the same DNS
 * answer the socket then uses, so a name that resolves to a public address when the endpoint is
 * saved and to 127.0.0.1 later (DNS rebinding) is still refused (docs/webhooks.md, "Safety").
 * Redirects are never followed: a 3xx is a failed attempt.
 */

/** How much of a receiver's answer the delivery log keeps. */
export const RESPONSE_EXCERPT_BYTES = 1024;

export interface PostResult {
  ok: boolean;
  /** The receiver's status code, or null when no answer came. */
  status: number | null;
  responseExcerpt: string | null;
  /** Why the attempt failed, in words for the delivery log; null on success. */
  error: string | null;
}

/** Why an address is refused; webhook deliveries and rule pack fetches share it (docs/webhooks.md, "Safety"). */
export const PRIVATE_REFUSAL =
  'the address is private, loopback, link-local or otherwise special-purpose (IPv6 forms that carry an IPv4 address among them), which this server does not connect to';

/** Every address a host name resolves to. node:dns in production; tests pass their own answers. */
export type ResolveAll = (
  hostname: string,
  options: LookupOptions,
  callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const systemResolve: ResolveAll = (hostname, options, callback) =>
  dnsLookup(hostname, { ...options, all: true }, callback);

class ForbiddenAddressError extends Error {
  constructor() {
    super(PRIVATE_REFUSAL);
  }
}

/** A DNS lookup that fails when any answer is a forbidden address, so the socket cannot use one. */
export function guardedLookup(
  allowPrivateNetworks: boolean,
  resolve: ResolveAll = systemResolve,
): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, options, (err, addresses) => {
      if (err) return callback(err, '', 0);
      if (!allowPrivateNetworks && addresses.some((a) => isForbiddenAddress(a.address))) {
        return callback(new ForbiddenAddressError(), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (first === undefined) return callback(new Error(`no address for ${hostname}`), '', 0);
      callback(null, first.address, first.family);
    });
  };
}

export async function checkWebhookDestination(
  url: URL,
  options: { allowPrivateNetworks: boolean; resolve?: ResolveAll },
): Promise<{ ok: true } | { ok: false; reason: string }> {
  if (options.allowPrivateNetworks) return { ok: true };
  const literal = literalAddressOf(url);
  if (isLocalName(url.hostname) || (literal !== undefined && isForbiddenAddress(literal))) {
    return { ok: false, reason: `The URL's host is refused: ${PRIVATE_REFUSAL}.` };
  }
  if (literal !== undefined) return { ok: true };
  // A name that does not resolve yet is accepted (it may be set up later; deliveries retry); one that
  // resolves to a private address now is refused now rather than at every delivery.
  const addresses = await new Promise<LookupAddress[]>((resolve) =>
    (options.resolve ?? systemResolve)(url.hostname, {}, (err, found) => resolve(err ? [] : found)),
  );
  if (addresses.some((a) => isForbiddenAddress(a.address))) {
    return { ok: false, reason: `The URL's host name resolves to a refused address: ${PRIVATE_REFUSAL}.` };
  }
  return { ok: true };
}

/** Socket errors in words; Node's own messages name the address and port ("connect EHOSTUNREACH 10.0.0.7:443"). */
const ERROR_WORDS: Readonly<Record<string, string>> = {
  ENOTFOUND: 'the host name could not be resolved',
  EAI_AGAIN: 'the host name could not be resolved',
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  ECONNABORTED: 'the connection was aborted',
  EPIPE: 'the connection was closed while sending',
  EHOSTUNREACH: 'the host could not be reached',
  EHOSTDOWN: 'the host could not be reached',
  ENETUNREACH: 'the network of the host could not be reached',
  ENETDOWN: 'the network of the host could not be reached',
  ETIMEDOUT: 'the connection timed out',
  EADDRNOTAVAIL: 'no route to the host from this server',
  EPROTO: 'the TLS handshake failed',
};

/**
 * A failed request's cause in words for an operator, kept in delivery logs and a pack source's last
 * error and shown by the API: never the URL, which may carry a token, nor an address or port, so a
 * Node error's own message is never passed on (docs/webhooks.md, "Safety").
 */
export function describeRequestError(err: unknown): string {
  if (err instanceof ForbiddenAddressError) return err.message;
  // Trying several addresses at once (autoSelectFamily) fails with every attempt's error: the first says why.
  const e = (err instanceof AggregateError && err.errors.length > 0 ? err.errors[0] : err) as
    | NodeJS.ErrnoException
    | undefined;
  if (e instanceof ForbiddenAddressError) return e.message;
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return 'no answer within the time limit';
  const code = typeof e?.code === 'string' ? e.code : '';
  const words = ERROR_WORDS[code];
  if (words !== undefined) return words;
  if (code.startsWith('ERR_TLS')) return 'the TLS handshake failed';
  if (/CERT|SSL/.test(code)) return 'the certificate was not accepted';
  if (code.startsWith('HPE_')) return 'the answer was not valid HTTP';
  return /^[A-Z][A-Z0-9_]{1,40}$/.test(code) ? `the request failed (${code})` : 'the request failed';
}

/**
 * Literal addresses and "localhost" never reach the guarded lookup, so they are refused before any
 * connection is tried.
 */
export function refusedBeforeConnect(url: URL, allowPrivateNetworks: boolean): boolean {
  if (allowPrivateNetworks) return false;
  const literal = literalAddressOf(url);
  return isLocalName(url.hostname) || (literal !== undefined && isForbiddenAddress(literal));
}

export function postWebhook(
  target: string,
  body: string,
  headers: Record<string, string>,
  options: { allowPrivateNetworks: boolean; timeoutMs: number; resolve?: ResolveAll },
): Promise<PostResult> {
  const url = new URL(target);
  if (refusedBeforeConnect(url, options.allowPrivateNetworks)) {
    return Promise.resolve({ ok: false, status: null, responseExcerpt: null, error: PRIVATE_REFUSAL });
  }
  const client = url.protocol === 'https:' ? https : http;
  const signal = AbortSignal.timeout(options.timeoutMs);
  return new Promise<PostResult>((resolve) => {
    let settled = false;
    const settle = (result: PostResult) => {
      if (!settled) {
        settled = true;
        resolve(result);
      }
    };
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(options.allowPrivateNetworks, options.resolve),
        signal,
        // One connection per attempt: a kept-alive socket would skip the address check next time.
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          const excerpt = Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8');
          const ok = status >= 200 && status < 300;
          settle({
            ok,
            status,
            responseExcerpt: excerpt === '' ? null : excerpt,
            error: ok
              ? null
              : status >= 300 && status < 400
                ? `the receiver answered ${status}; redirects are not followed`
                : `the receiver answered ${status}`,
          });
          res.destroy();
        };
        res.on('data', (chunk: Buffer) => {
          if (size < RESPONSE_EXCERPT_BYTES) chunks.push(chunk);
          size += chunk.length;
          if (size >= RESPONSE_EXCERPT_BYTES) finish();
        });
        res.on('end', finish);
        res.on('error', finish);
      },
    );
    req.on('error', (err) =>
      settle({ ok: false, status: null, responseExcerpt: null, error: describeRequestError(err) }),
    );
    req.end(body);
  });
}

import http from 'node:http';
import https from 'node:https';
import {
  describeRequestError,
  guardedLookup,
  PRIVATE_REFUSAL,
  type ResolveAll,
  refusedBeforeConnect,
} from './webhook-transport.js';

/**
 * Fetches a subscribed pack URL (docs/rules.md, "Subscribing to a pack URL") under the webhooks'
 * address rules: literal private addresses and "localhost" refused before connecting, every DNS answer
 * checked at connect time by the lookup the socket then uses (so a name re-pointed at 127.0.0.1 is
 * still refused), one connection per fetch, redirects not followed, at most `maxBytes` read, the whole
 * answer within `timeoutMs`. A conditional request (If-None-Match, If-Modified-Since) lets an
 * unchanged pack cost a 304 and nothing more.
 */

export const PACK_USER_AGENT = 'scanpin-rule-packs/1';

export type PackFetch =
  | { kind: 'not-modified'; status: 304 }
  | { kind: 'fetched'; status: 200; body: Buffer; etag: string | null; lastModified: string | null }
  /** `error` is for operators: what went wrong and, where it helps, what to do; never the URL. */
  | { kind: 'failed'; status: number | null; error: string };

export interface PackFetchOptions {
  allowPrivateNetworks: boolean;
  timeoutMs: number;
  maxBytes: number;
  /** The validators of the last successful fetch, sent back so an unchanged pack is a 304. */
  etag?: string | null;
  lastModified?: string | null;
  resolve?: ResolveAll;
}

function header(value: string | string[] | undefined): string | null {
  const one = Array.isArray(value) ? value[0] : value;
  return one === undefined || one === '' ? null : one;
}

export function fetchPackDocument(target: string, options: PackFetchOptions): Promise<PackFetch> {
  const url = new URL(target);
  if (refusedBeforeConnect(url, options.allowPrivateNetworks))
    return Promise.resolve({ kind: 'failed', status: null, error: PRIVATE_REFUSAL });
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': PACK_USER_AGENT };
  if (options.etag) headers['if-none-match'] = options.etag;
  if (options.lastModified) headers['if-modified-since'] = options.lastModified;
  const client = url.protocol === 'https:' ? https : http;
  const signal = AbortSignal.timeout(options.timeoutMs);
  return new Promise<PackFetch>((resolve) => {
    let settled = false;
    const settle = (result: PackFetch) => {
      if (!settled) {
        settled = true;
        resolve(result);
      }
    };
    const req = client.request(
      url,
      {
        method: 'GET',
        headers,
        lookup: guardedLookup(options.allowPrivateNetworks, options.resolve),
        signal,
        // One connection per fetch: a kept-alive socket would skip the address check next time.
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const fail = (error: string) => {
          settle({ kind: 'failed', status, error });
          res.destroy();
        };
        if (status === 304) {
          settle({ kind: 'not-modified', status });
          res.destroy();
          return;
        }
        if (status >= 300 && status < 400)
          return fail(
            `the server answered ${status} (a redirect), which is not followed: subscribe to the address the pack is really at`,
          );
        if (status !== 200) return fail(`the server answered ${status}`);
        const tooLarge = `the pack is larger than ${options.maxBytes} bytes, the most a pack may be`;
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > options.maxBytes) return fail(tooLarge);
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) return fail(tooLarge);
          chunks.push(chunk);
        });
        res.on('end', () =>
          settle({
            kind: 'fetched',
            status: 200,
            body: Buffer.concat(chunks),
            etag: header(res.headers.etag),
            lastModified: header(res.headers['last-modified']),
          }),
        );
        // Aborted by the time limit, or cut off by the server mid-body.
        res.on('error', (err) => settle({ kind: 'failed', status, error: describeRequestError(err) }));
        res.on('close', () => {
          if (!res.complete)
            settle({ kind: 'failed', status, error: 'the answer was cut off before its end' });
        });
      },
    );
    req.on('error', (err) => settle({ kind: 'failed', status: null, error: describeRequestError(err) }));
    req.end();
  });
}

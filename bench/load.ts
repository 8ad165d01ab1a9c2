/*
 * One measured endpoint: autocannon, 50 connections, in this process (never the server's). Any
 * non-2xx answer or error fails the figure rather than flattering it.
 */
import autocannon from 'autocannon';

export const CONNECTIONS = 50;

export interface Figure {
  rps: number;
  p50: number;
  p99: number;
  /** Requests that did not get a 2xx; a figure with any is marked and not trusted. */
  failures: number;
}

export interface Request {
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: unknown;
  /** Sent in turn as x-api-key, one per request: load spread over many accounts. */
  keys?: readonly string[];
}

export async function measure(base: string, request: Request, seconds: number): Promise<Figure> {
  const body = request.body === undefined ? undefined : JSON.stringify(request.body);
  const keys = request.keys ?? [];
  let turn = 0;
  const result = await autocannon({
    ...(keys.length === 0
      ? {}
      : {
          requests: [
            {
              setupRequest: (req) => ({
                ...req,
                headers: { ...req.headers, 'x-api-key': keys[turn++ % keys.length] as string },
              }),
            },
          ],
        }),
    url: base + request.path,
    method: request.method ?? 'GET',
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...request.headers },
    ...(body === undefined ? {} : { body }),
    connections: CONNECTIONS,
    pipelining: 1,
    duration: seconds,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // Nothing answered within the run counts as a failure too, not as a quiet zero.
    failures: result.non2xx + result.errors + result.timeouts || (result.requests.total === 0 ? 1 : 0),
  };
}

/** A short unmeasured run first, so JIT warm-up and cold caches do not count against the endpoint. */
export async function warmAndMeasure(base: string, request: Request, seconds: number): Promise<Figure> {
  await measure(base, request, 1);
  return measure(base, request, seconds);
}

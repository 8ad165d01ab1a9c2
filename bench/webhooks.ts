/*
 * Webhook deliveries per second to a local receiver (in this process, not the server's): one
 * endpoint subscribed to pin.created, then `count` PINs created at once; the rate is counted from the
 * first delivery received to the last. The endpoint is deleted afterwards so later phases send nothing.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Api } from './api.js';

export interface Deliveries {
  count: number;
  received: number;
  perSecond: number;
  /** From the PIN's creation being acknowledged to its delivery arriving, ms. */
  p50: number;
  p99: number;
}

export async function measureWebhooks(
  base: string,
  key: string,
  count: number,
  timeoutS = 120,
): Promise<Deliveries> {
  const arrivals: number[] = [];
  const createdAt = new Map<string, number>();
  const lags: number[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      const now = performance.now();
      arrivals.push(now);
      try {
        const code = (JSON.parse(body) as { data?: { pin?: string } }).data?.pin;
        const at = code === undefined ? undefined : createdAt.get(code);
        if (at !== undefined) lags.push(now - at);
      } catch {
        // counted all the same
      }
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const api = new Api(base, key);
  const endpoint = await api.call<{ id: number }>('POST', '/v1/webhooks', { url, events: ['pin.created'] });
  try {
    let next = 0;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (next < count) {
          next++;
          const pin = await api.createPin();
          createdAt.set(pin, performance.now());
        }
      }),
    );
    const deadline = performance.now() + timeoutS * 1000;
    while (arrivals.length < count && performance.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
  } finally {
    await api.call('DELETE', `/v1/webhooks/${endpoint.id}`);
    await new Promise((r) => receiver.close(() => r(undefined)));
    receiver.closeAllConnections();
  }
  lags.sort((a, b) => a - b);
  const first = arrivals[0] ?? 0;
  const last = arrivals[arrivals.length - 1] ?? 0;
  return {
    count,
    received: arrivals.length,
    perSecond: arrivals.length > 1 ? (arrivals.length - 1) / ((last - first) / 1000) : 0,
    p50: lags[Math.floor(lags.length / 2)] ?? Number.NaN,
    p99: lags[Math.floor(lags.length * 0.99)] ?? Number.NaN,
  };
}

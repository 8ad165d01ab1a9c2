/*
 * Concurrent event streams held by one server (GET /v1/pins/:pinCode/events), and the server's
 * resident memory per stream. A key holds at most 20 streams (docs/api.md, "Following a PIN live"),
 * so the streams are spread over many keys of one account, all following PINs it owns.
 */
import { type ClientRequest, request } from 'node:http';
import type { Running } from './processes.js';

export interface Streams {
  target: number;
  held: number;
  /** (RSS with every stream open − RSS before) / streams held, in KB. */
  kbPerStream: number;
  rssBeforeMb: number;
  rssWithStreamsMb: number;
  openSeconds: number;
}

const PER_KEY = 20;
const WAVE = 250;

function open(base: string, pin: string, key: string): Promise<ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/v1/pins/${pin}/events`, {
      headers: { 'x-api-key': key, accept: 'text/event-stream' },
      agent: false,
    });
    req.setTimeout(30_000, () => req.destroy(new Error('no answer within 30 s')));
    req.on('response', (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`events answered ${res.statusCode}`));
        return;
      }
      req.setTimeout(0);
      // Held once the first event (the current status) has arrived.
      res.once('data', () => resolve(req));
      res.on('error', () => {});
    });
    req.on('error', reject);
    req.end();
  });
}

export async function measureStreams(
  server: Running,
  pins: readonly string[],
  keys: readonly string[],
  target: number,
): Promise<Streams> {
  const wanted = Math.min(target, keys.length * PER_KEY);
  const before = server.memory().rssMb;
  const held: ClientRequest[] = [];
  let firstError: unknown = null;
  const started = performance.now();
  for (let i = 0; i < wanted; i += WAVE) {
    const wave = [];
    for (let j = i; j < Math.min(wanted, i + WAVE); j++) {
      wave.push(open(server.url, pins[j % pins.length] as string, keys[Math.floor(j / PER_KEY)] as string));
    }
    for (const outcome of await Promise.allSettled(wave)) {
      if (outcome.status === 'fulfilled') held.push(outcome.value);
      else firstError ??= outcome.reason;
    }
  }
  const openSeconds = (performance.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, 1000));
  const withStreams = server.memory().rssMb;
  if (firstError !== null)
    console.warn(`  streams: ${wanted - held.length} not held, first: ${String(firstError)}`);
  for (const req of held) req.destroy();
  await new Promise((r) => setTimeout(r, 1000));
  return {
    target,
    held: held.length,
    kbPerStream: held.length === 0 ? Number.NaN : ((withStreams - before) * 1024) / held.length,
    rssBeforeMb: before,
    rssWithStreamsMb: withStreams,
    openSeconds,
  };
}

import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as a webhook receiver saw it. */
export interface Received {
  method: string;
  /** The path and query asked for. */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * A real HTTP receiver on 127.0.0.1. `answer` decides each response status (default 200); tests
 * read what arrived, or wait until something matching arrives.
 */
export interface Receiver {
  url: string;
  received: Received[];
  answer: (request: Received, index: number) => number;
  /** When set, the whole response instead of `answer`'s status and "ok" (a server serving a file). */
  respond?: (
    request: Received,
    index: number,
  ) => { status: number; headers?: Record<string, string>; body?: string | Buffer };
  waitFor(predicate: (all: Received[]) => boolean, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export function startReceiver(): Promise<Receiver> {
  return startReceiverOn(0);
}

/** A receiver on a chosen port (0: any free one). */
export async function startReceiverOn(port: number): Promise<Receiver> {
  const received: Received[] = [];
  const receiver: Receiver = {
    url: '',
    received,
    answer: () => 200,
    async waitFor(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > deadline) {
          throw new Error(
            `receiver: condition not met in ${timeoutMs} ms; got ${received.map((r) => JSON.parse(r.body).type).join(', ')}`,
          );
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      received.push(entry);
      if (receiver.respond !== undefined) {
        const answer = receiver.respond(entry, received.length - 1);
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body);
        return;
      }
      res.statusCode = receiver.answer(entry, received.length - 1);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return receiver;
}

/** The event types a receiver got, in arrival order. */
export function typesOf(received: readonly Received[]): string[] {
  return received.map((r) => (JSON.parse(r.body) as { type: string }).type);
}

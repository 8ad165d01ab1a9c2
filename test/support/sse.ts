import { type IncomingMessage, request } from 'node:http';

/**
 * A server-sent events client for tests: collects `status` events until the stream ends. Each stream
 * has a connection of its own that `close()` destroys, as a browser leaving the page does. (fetch kept
 * an aborted stream's connection open for its keep-alive time, so the server saw the client go only
 * then, and a test app's close waited those four seconds.)
 */
export interface SseEvent {
  event: string;
  id: string;
  data: Record<string, unknown>;
}

export interface SseStream {
  status: number;
  headers: Headers;
  events: SseEvent[];
  /** Comment lines (heartbeats) seen so far. */
  comments: string[];
  ended: Promise<void>;
  waitFor(predicate: (events: SseEvent[]) => boolean, timeoutMs?: number): Promise<SseEvent[]>;
  close(): void;
  body: string;
}

export async function openSse(url: string, headers: Record<string, string>): Promise<SseStream> {
  const req = request(url, { headers, agent: false });
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    req.once('response', resolve).once('error', reject).end();
  });
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    for (const one of Array.isArray(value) ? value : [value ?? '']) responseHeaders.append(name, one);
  }
  const status = res.statusCode ?? 0;
  const stream: SseStream = {
    status,
    headers: responseHeaders,
    events: [],
    comments: [],
    body: '',
    ended: Promise.resolve(),
    async waitFor(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(stream.events)) {
        if (Date.now() > deadline)
          throw new Error(
            `sse: condition not met; got ${JSON.stringify(stream.events.map((e) => e.data.status))}`,
          );
        await new Promise((r) => setTimeout(r, 25));
      }
      return stream.events;
    },
    close: () => req.destroy(),
  };
  if (status < 200 || status >= 300) {
    res.setEncoding('utf8');
    for await (const chunk of res) stream.body += chunk;
    return stream;
  }
  res.setEncoding('utf8');
  let buffer = '';
  stream.ended = (async () => {
    try {
      for await (const chunk of res) {
        buffer += chunk as string;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const fields: Record<string, string> = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) stream.comments.push(line);
            else {
              const at = line.indexOf(':');
              fields[line.slice(0, at)] = line.slice(at + 1).trimStart();
            }
          }
          if (fields.data !== undefined) {
            stream.events.push({
              event: fields.event ?? 'message',
              id: fields.id ?? '',
              data: JSON.parse(fields.data),
            });
          }
          cut = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted by the test
    }
  })();
  return stream;
}

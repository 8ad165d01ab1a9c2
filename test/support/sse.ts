/** A server-sent events client over fetch, for tests: collects `status` events until the stream ends. */
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
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  const stream: SseStream = {
    status: res.status,
    headers: res.headers,
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
    close: () => controller.abort(),
  };
  if (!res.ok || res.body === null) {
    stream.body = await res.text();
    return stream;
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  stream.ended = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
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

/** One server-sent event (the text/event-stream format, WHATWG HTML "Server-sent events"). */
export interface ServerSentEvent {
  event: string;
  data: string;
  id: string | undefined;
}

/**
 * Parses a text/event-stream body as it arrives. Comment lines (the server's `: heartbeat`) and
 * `retry:` are skipped; an event is dispatched at each blank line.
 */
export async function* parseEventStream(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let id: string | undefined;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let newline = buffer.search(/\r\n|\r|\n/);
      while (newline !== -1) {
        const line = buffer.slice(0, newline);
        const width = buffer.startsWith('\r\n', newline) ? 2 : 1;
        // A lone \r at the very end may be the first half of \r\n still in flight.
        if (!done && buffer[newline] === '\r' && newline + 1 === buffer.length) break;
        buffer = buffer.slice(newline + width);
        if (line === '') {
          if (data.length > 0) yield { event: event || 'message', data: data.join('\n'), id };
          event = '';
          data = [];
        } else if (!line.startsWith(':')) {
          const colon = line.indexOf(':');
          const field = colon === -1 ? line : line.slice(0, colon);
          let value = colon === -1 ? '' : line.slice(colon + 1);
          if (value.startsWith(' ')) value = value.slice(1);
          if (field === 'event') event = value;
          else if (field === 'data') data.push(value);
          else if (field === 'id' && !value.includes('\0')) id = value;
        }
        newline = buffer.search(/\r\n|\r|\n/);
      }
      if (done) return;
    }
  } finally {
    // Stops the download when the consumer leaves early (a `break`, an abort).
    await reader.cancel().catch(() => {});
  }
}

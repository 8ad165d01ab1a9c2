import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseEventStream, type ServerSentEvent } from '../../packages/client/src/event-stream.js';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function parse(chunks: string[]): Promise<ServerSentEvent[]> {
  const out: ServerSentEvent[] = [];
  for await (const event of parseEventStream(streamOf(chunks))) out.push(event);
  return out;
}

const TEXT =
  ': heartbeat\n\nevent: status\nid: 1\ndata: {"pin":"A","progress":0}\n\n: heartbeat\r\n\r\nevent: status\r\nid: 2\r\ndata: {"pin":"Ä…"}\r\ndata: second line\r\n\r\ndata:no space\n\n';
const EXPECTED: ServerSentEvent[] = [
  { event: 'status', id: '1', data: '{"pin":"A","progress":0}' },
  { event: 'status', id: '2', data: '{"pin":"Ä…"}\nsecond line' },
  { event: 'message', id: '2', data: 'no space' },
];

describe('parseEventStream (text/event-stream)', () => {
  it('parses events, skips comments, and keeps the last id', async () => {
    expect(await parse([TEXT])).toEqual(EXPECTED);
  });

  it('gives the same events however the bytes are split into chunks', async () => {
    const bytes = new TextEncoder().encode(TEXT);
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 12 }),
        async (cuts) => {
          const points = [0, ...cuts.sort((a, b) => a - b), bytes.length];
          const stream = new ReadableStream<Uint8Array>({
            start(controller) {
              for (let i = 1; i < points.length; i++)
                controller.enqueue(bytes.slice(points[i - 1], points[i]));
              controller.close();
            },
          });
          const out: ServerSentEvent[] = [];
          for await (const event of parseEventStream(stream)) out.push(event);
          expect(out).toEqual(EXPECTED);
        },
      ),
    );
  });
});

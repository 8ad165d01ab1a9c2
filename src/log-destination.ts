import { writeSync } from 'node:fs';
import { type DestinationStream, pino } from 'pino';

/** How long the last flush, as the process exits, may wait for a reader that is not reading. */
const EXIT_FLUSH_MS = 1_000;
const EXIT_FLUSH_PAUSE_MS = 10;

/** What sonic-boom (pino's destination) keeps of the lines not written yet. */
interface PendingLines {
  fd: number;
  _bufs: Array<string | Buffer>;
  _writingBuf: string | Buffer;
  _writing: boolean;
  _len: number;
}

/**
 * Standard output as pino writes it by default (asynchronously, every line kept until written), with
 * a last flush that cannot hang the exit (docs/operations.md, "Logs"). pino writes the lines still
 * waiting synchronously as the process exits, and sonic-boom's writer retries any error but a full
 * pipe's forever, 100 ms apart: with the reader of a full pipe gone (EPIPE), SIGTERM never ended the
 * process, nor did the 10-second forced exit, whose timer cannot run while the exit blocks. This flush
 * writes what it can, stops at the first error other than a full pipe, and waits for a full pipe at
 * most a second: the lines left are dropped.
 */
export function stdoutDestination(): DestinationStream {
  const stream = pino.destination({ dest: 1, sync: false });
  const lines = stream as unknown as PendingLines;
  // Should a later sonic-boom keep its lines elsewhere, its own flush stays.
  if (!Array.isArray(lines._bufs)) return stream;
  stream.flushSync = () => {
    // A write in progress is the thread pool's; what waits behind it is ours to write now.
    const pending = [...(lines._writing ? [] : [lines._writingBuf]), ...lines._bufs];
    lines._bufs = [];
    lines._writingBuf = '';
    lines._len = 0;
    writeWithin(lines.fd, pending, Date.now() + EXIT_FLUSH_MS);
  };
  return stream;
}

function writeWithin(fd: number, chunks: Array<string | Buffer>, deadline: number): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (const chunk of chunks) {
    let rest = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    while (rest.length > 0) {
      try {
        rest = rest.subarray(writeSync(fd, rest));
      } catch (err) {
        // EPIPE (no reader), EBADF, …: nothing more can be written. A full pipe (EAGAIN) may drain.
        if ((err as NodeJS.ErrnoException).code !== 'EAGAIN' || Date.now() >= deadline) return;
        Atomics.wait(pause, 0, 0, EXIT_FLUSH_PAUSE_MS);
      }
    }
  }
}

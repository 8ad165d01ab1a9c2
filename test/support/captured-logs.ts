import { Writable } from 'node:stream';
import { createLogger } from '../../src/logger.js';

/** A logger whose every line, request and service logs alike, a test can read back. */
export function capturingLogs() {
  const lines: string[] = [];
  const logger = createLogger(
    'trace',
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
  return { lines, logger };
}

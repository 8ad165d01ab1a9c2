import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { Config } from '../../config.js';
import { Problem } from '../problem.js';

type TimeoutSettings = Pick<
  Config,
  'headersTimeoutSeconds' | 'requestTimeoutSeconds' | 'idleTimeoutSeconds' | 'keepAliveTimeoutSeconds'
>;

/**
 * How long the server waits for a client (docs/operations.md, "Timeouts"), as Fastify and Node server
 * options. A client that sends its headers or its body byte by byte (or never finishes) holds a
 * connection and memory; these cut it off with 408 and a closed connection.
 *
 * Node checks the header and request deadlines on a timer (30 s by default), which would let a slow
 * client overstay a short deadline by that much; the timer here runs at a quarter of the shorter
 * deadline, between 250 ms and 5 s.
 */
export function serverTimeouts(config: TimeoutSettings) {
  const headersMs = config.headersTimeoutSeconds * 1000;
  // Node requires the header deadline to be no longer than the whole request's.
  const requestMs = Math.max(headersMs, config.requestTimeoutSeconds * 1000);
  return {
    requestTimeout: requestMs,
    connectionTimeout: config.idleTimeoutSeconds * 1000,
    clientErrorHandler: answerClientError,
    keepAliveTimeout: config.keepAliveTimeoutSeconds * 1000,
    http: {
      headersTimeout: headersMs,
      requestTimeout: requestMs,
      connectionsCheckingInterval: Math.min(5000, Math.max(250, Math.floor(headersMs / 4))),
      // Node answers an HTTP/1.1 request without Host itself, with an empty 400 no hook sees; let it
      // through so it gets the same answers (and problem bodies) as any other (docs/api.md, "Errors").
      requireHostHeader: false,
    },
  };
}

/** What a client that broke the protocol, or ran out of time, is told before its connection closes. */
function clientProblem(code: string | undefined): Problem {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new Problem(
        408,
        'bad_request',
        'The request headers or body did not arrive in time. Send the whole request promptly, then retry.',
      );
    case 'HPE_HEADER_OVERFLOW':
      return new Problem(
        431,
        'bad_request',
        'The request headers are too large. Send fewer or shorter headers.',
      );
    default:
      return new Problem(400, 'bad_request', 'The request is not valid HTTP/1.1.');
  }
}

/**
 * Fastify's `clientErrorHandler`: errors Node finds before there is a request (a deadline passed,
 * malformed HTTP) get a problem body like every other error (docs/api.md, "Errors"), not Fastify's
 * own JSON shape, and the connection is closed.
 */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const problem = clientProblem(error.code);
    const body = JSON.stringify(problem.toBody());
    socket.write(
      `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status]}\r\n` +
        'Content-Type: application/problem+json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy();
}

import { createGunzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { problems } from '../../problem.js';

/**
 * `Content-Encoding: gzip` for large uploads (docs/scanner.md, "Evidence"). The body is inflated as it
 * arrives and Fastify's body limit counts the inflated bytes, so a small bomb cannot grow past it. A
 * body that is not gzip, or another encoding, is refused before the route runs.
 */
export async function gunzipBody(
  request: FastifyRequest,
  _reply: FastifyReply,
  payload: NodeJS.ReadableStream,
): Promise<NodeJS.ReadableStream> {
  const encoding = request.headers['content-encoding']?.trim().toLowerCase();
  if (encoding === undefined || encoding === '' || encoding === 'identity') return payload;
  if (encoding !== 'gzip')
    throw problems.invalidBody(`Content-Encoding ${encoding} is not accepted: send gzip or no encoding.`);
  const gunzip = createGunzip();
  // Fastify compares this with Content-Length, which counts the compressed bytes.
  let received = 0;
  payload.on('data', (chunk: Buffer) => {
    received += chunk.length;
    (gunzip as unknown as { receivedEncodedLength: number }).receivedEncodedLength = received;
  });
  gunzip.on('error', () => {
    // Surfaced by the body reader as an invalid body (errors plugin), never as a crash.
  });
  (gunzip as unknown as { receivedEncodedLength: number }).receivedEncodedLength = 0;
  payload.pipe(gunzip);
  return gunzip;
}

import { createHash, type Hash } from 'node:crypto';
import { Transform } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UseCaseContext } from '../../../application/context.js';
import { UseCaseFailure } from '../../../application/failures.js';
import {
  type IdentifiedCall,
  identifySessionCall,
  identifyStart,
  type PendingSignature,
  type ScannerCaller,
  type ScannerCallHeaders,
  type SignatureToRemember,
  verifySignedCall,
} from '../../../application/scanner-clients/identify-caller.js';
import type { StartedClient } from '../../../domain/scanner-clients.js';
import { EMPTY_BODY_DIGEST } from '../../../domain/scanner-signature.js';
import { countRefusedCredential } from '../../plugins/client-address-limit.js';
import { decodeJsonBody } from '../../plugins/json-body.js';
import { sessionPin, sessionTokenOf } from './session-token.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who sent this scanner call (docs/scanner.md, "Signed calls"); set before the body is read. */
    scannerCaller: ScannerCaller | null;
    /** A registered client's signature, checked once the body has been read. */
    scannerSignature: {
      pending: PendingSignature;
      /** The wire bytes' hash, fed as they arrive: only for an encoded (gzip) body. */
      body: Hash | null;
      /** The digest of a body that arrived as it is (the JSON parser saw its bytes). */
      digest: string | null;
    } | null;
    /** A progress call's signature, remembered by the call's own transaction (report-progress.ts). */
    signatureToRemember: SignatureToRemember | null;
  }
}

const PROGRESS_PATH = '/v1/scanner/progress';

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function isEncoded(request: FastifyRequest): boolean {
  const encoding = request.headers['content-encoding']?.trim().toLowerCase();
  return encoding !== undefined && encoding !== '' && encoding !== 'identity';
}

/** The digest of the body's wire bytes, however they were read (none: the empty body's). */
function digestOf(request: FastifyRequest, signed: { body: Hash | null; digest: string | null }): string {
  if (signed.body !== null) return signed.body.digest('hex');
  if (signed.digest !== null) return signed.digest;
  if (request.rawJsonBody !== undefined) return sha256Of(request.rawJsonBody);
  return EMPTY_BODY_DIGEST;
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

function headersOf(request: FastifyRequest): ScannerCallHeaders {
  return {
    client: header(request, 'scanpin-client'),
    timestamp: header(request, 'scanpin-timestamp'),
    signature: header(request, 'scanpin-signature'),
  };
}

/** The client a start records on the scan's pin row. */
export function startedClientOf(request: FastifyRequest): StartedClient {
  const caller = request.scannerCaller;
  if (caller === null) throw new Error(`${request.routeOptions.url} has no identified scanner caller`);
  return { kind: caller.kind, scannerClientId: caller.clientId };
}

/**
 * Identifies every scanner call of this plugin's routes (docs/scanner.md, "Signed calls"), in three
 * steps that keep the ordering the scanner API promises:
 * - onRequest, before any body is read: the caller's kind from its headers, and for a session call the
 *   client its scan started with. An unknown client id, a retired build, a kind SCANNER_ACCEPT leaves
 *   out and a stale timestamp are refused here; refused signatures count against the address, as
 *   refused session tokens do, so keys cannot be guessed;
 * - preParsing: a registered client's body is hashed as its bytes arrive, before any inflation (the
 *   signature covers the bytes on the wire), passing each chunk on without keeping it;
 * - preValidation, once the body is read and before it is looked at: the signature over method, path,
 *   timestamp, session and body digest, and the replay memory.
 * Register it after the session hook on session routes, so the session's scan is known.
 */
export function signedScannerCalls(
  ctx: UseCaseContext,
  app: FastifyInstance,
  kind: 'start' | 'session',
): void {
  app.decorateRequest('scannerCaller', null);
  app.decorateRequest('scannerSignature', null);
  app.decorateRequest('signatureToRemember', null);

  async function refusedCounted<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    work: () => Promise<T>,
  ): Promise<T> {
    try {
      return await work();
    } catch (refused) {
      if (refused instanceof UseCaseFailure && refused.failure.code === 'invalid_client_signature') {
        await countRefusedCredential(ctx, request, reply);
      }
      throw refused;
    }
  }

  app.addHook('onRequest', async (request, reply) => {
    const identified: IdentifiedCall = await refusedCounted(request, reply, () =>
      kind === 'start'
        ? identifyStart(ctx, headersOf(request))
        : identifySessionCall(ctx, sessionPin(request), headersOf(request)),
    );
    request.scannerCaller = identified.caller;
    if (identified.pending !== null)
      request.scannerSignature = { pending: identified.pending, body: null, digest: null };
  });

  // A body that arrives as it is, the usual case, is hashed where its bytes are read anyway: one hash
  // of one buffer, no stream in between (docs/benchmarks.md, "Signature cost"). Uploads keep their own
  // parser (raw-json-body.ts), whose bytes are hashed before the signature is checked.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const signed = request.scannerSignature;
    if (signed !== null && signed.body === null) signed.digest = sha256Of(body as Buffer);
    const decoded = decodeJsonBody(body as Buffer);
    if ('refused' in decoded) done(decoded.refused);
    else done(null, decoded.value);
  });

  // An encoded body is hashed as its wire bytes arrive, before it is inflated.
  app.addHook('preParsing', async (request, _reply, payload) => {
    const signed = request.scannerSignature;
    if (signed === null || !isEncoded(request)) return payload;
    const hash = createHash('sha256');
    signed.body = hash;
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    });
    payload.on('error', (err) => hashing.destroy(err));
    return payload.pipe(hashing);
  });

  app.addHook('preValidation', async (request, reply) => {
    const signed = request.scannerSignature;
    if (signed === null) return;
    const path = request.url.split('?', 1)[0] ?? request.url;
    request.signatureToRemember = await refusedCounted(request, reply, () =>
      verifySignedCall(
        ctx,
        signed.pending,
        {
          method: request.method,
          path,
          sessionToken: kind === 'session' ? sessionTokenOf(request) : null,
          bodyDigest: digestOf(request, signed),
        },
        // A scan's most frequent call remembers its signature in its own commit; the others move the
        // scan's lifecycle once (verifySignedCall).
        request.routeOptions.url === PROGRESS_PATH ? 'with-the-call' : 'by-the-lifecycle',
      ),
    );
  });
}

import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed-call protocol of registered scanner clients (docs/scanner.md, "Signed calls"). It is
 * public: third-party integrations implement it from that page, so what is here must stay exactly
 * what the page says. Pure: the request's parts in, a yes or no out.
 */

/** A call's timestamp may be this far from the server's clock, either way. */
export const SIGNATURE_WINDOW_SECONDS = 300;

const CANONICAL_PREFIX = 'scanpin-signature-v1';
const HEADER_PREFIX = 'v1=';
/** HMAC-SHA256 is 32 bytes; base64url without padding writes it in 43 characters. */
const SIGNATURE_BYTES = 32;
const BASE64URL_43 = /^[A-Za-z0-9_-]{43}$/;
/** Whole seconds, decimal; 12 digits reach far past any clock this server will see. */
const TIMESTAMP = /^[0-9]{1,12}$/;

/** SHA-256 of the empty string: the body digest of a call without a body. */
export const EMPTY_BODY_DIGEST = createHash('sha256').update('').digest('hex');

/** What a signature covers, each part exactly as sent. */
export interface SignedParts {
  /** Upper-cased before signing. */
  method: string;
  /** The path without the query string, e.g. `/v1/scanner/start`. */
  path: string;
  /** The `Scanpin-Timestamp` header as sent. */
  timestamp: string;
  /** Lowercase hex SHA-256 of the session token, or `-` for /start. */
  session: string;
  /** Lowercase hex SHA-256 of the body bytes as sent on the wire (the gzip bytes when gzipped). */
  body: string;
}

/** The UTF-8 string a client signs. */
export function canonicalString(parts: SignedParts): string {
  return [
    CANONICAL_PREFIX,
    parts.method.toUpperCase(),
    parts.path,
    parts.timestamp,
    parts.session,
    parts.body,
  ].join('\n');
}

/** The `<session>` part: the session token's SHA-256, or `-` when the call has no session (/start). */
export function sessionPart(sessionToken: string | null): string {
  return sessionToken === null ? '-' : createHash('sha256').update(sessionToken).digest('hex');
}

/** HMAC-SHA256 of the canonical string under the client's key. */
export function signatureOf(key: Uint8Array, parts: SignedParts): Buffer {
  return createHmac('sha256', key).update(canonicalString(parts), 'utf8').digest();
}

/** The `Scanpin-Signature` header a client sends for these parts. */
export function signatureHeader(key: Uint8Array, parts: SignedParts): string {
  return `${HEADER_PREFIX}${signatureOf(key, parts).toString('base64url')}`;
}

/** The signature bytes of a `Scanpin-Signature` header, or null when it is not `v1=<43 base64url>`. */
export function parseSignatureHeader(header: string | undefined): Buffer | null {
  if (header === undefined || !header.startsWith(HEADER_PREFIX)) return null;
  const encoded = header.slice(HEADER_PREFIX.length);
  if (!BASE64URL_43.test(encoded)) return null;
  const bytes = Buffer.from(encoded, 'base64url');
  return bytes.length === SIGNATURE_BYTES ? bytes : null;
}

/**
 * Whether `signature` is the client's signature of these parts. Compared in constant time, so the
 * answer's timing says nothing of how much of a guess was right.
 */
export function signatureMatches(key: Uint8Array, parts: SignedParts, signature: Uint8Array): boolean {
  const expected = signatureOf(key, parts);
  return signature.length === expected.length && timingSafeEqual(expected, signature);
}

export type TimestampRefusal = 'missing' | 'malformed' | 'stale';

/**
 * Why a `Scanpin-Timestamp` is refused, or null when it is within the window of `nowMs`. A stale
 * timestamp (either way: a clock far ahead is as good as a replay later) is refused before anything
 * else, so no replay memory is needed beyond the window.
 */
export function timestampRefusal(header: string | undefined, nowMs: number): TimestampRefusal | null {
  if (header === undefined || header === '') return 'missing';
  if (!TIMESTAMP.test(header)) return 'malformed';
  const skew = Math.abs(nowMs / 1000 - Number(header));
  return skew > SIGNATURE_WINDOW_SECONDS ? 'stale' : null;
}

/**
 * When an accepted signature may be forgotten: once its timestamp has left the window, the call is
 * refused as stale anyway (epoch milliseconds, a second to spare for the rounding of `nowMs / 1000`).
 */
export function replayMemoryUntil(timestamp: string): number {
  return (Number(timestamp) + SIGNATURE_WINDOW_SECONDS + 1) * 1000;
}

/**
 * What the replay memory keeps of an accepted call: a digest of the client and the signature, never
 * the signature itself. A signature covers the whole request, so the same one again is the same call.
 */
export function replayDigest(clientId: string, signature: Uint8Array): string {
  return createHash('sha256').update(clientId).update('\n').update(signature).digest('hex');
}

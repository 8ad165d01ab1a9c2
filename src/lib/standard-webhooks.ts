import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com, docs/webhooks.md "Verifying a
 * delivery"): `webhook-signature` is `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`, keyed with
 * the base64-decoded part of the secret after `whsec_`. Several signatures are space-separated.
 */

const SECRET_PREFIX = 'whsec_';
/** 24 random bytes is the spec's minimum; 32 gives a full SHA-256 block of key. */
const SECRET_BYTES = 32;
export const USER_AGENT = 'scanpin-webhooks/1';

export function generateWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64');
}

function keyOf(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  return Buffer.from(encoded, 'base64');
}

/** The base64 HMAC of one message under one secret, without the `v1,` prefix. */
export function signatureFor(secret: string, msgId: string, timestampSeconds: number, body: string): string {
  return createHmac('sha256', keyOf(secret)).update(`${msgId}.${timestampSeconds}.${body}`).digest('base64');
}

/** One `v1,<sig>` per secret, space-separated: during a rotation both the old and new secret sign. */
export function signatureHeader(
  secrets: readonly string[],
  msgId: string,
  timestampSeconds: number,
  body: string,
): string {
  return secrets.map((s) => `v1,${signatureFor(s, msgId, timestampSeconds, body)}`).join(' ');
}

export function webhookHeaders(
  secrets: readonly string[],
  msgId: string,
  timestampSeconds: number,
  body: string,
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'webhook-id': msgId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': signatureHeader(secrets, msgId, timestampSeconds, body),
  };
}

/** How far a delivery's timestamp may be from the receiver's clock, per the spec's recommendation. */
export const TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;

/**
 * True when one of the header's `v1` signatures matches and the timestamp is within tolerance.
 * Used by our own tests and by `events listen --forward-to`'s receivers; integrators get the same code
 * in docs/webhooks.md.
 */
export function verifyWebhookSignature(
  secret: string,
  headers: { id: string; timestamp: string; signature: string },
  body: string,
  nowSeconds: number = Math.floor(Date.now() / 1000),
): boolean {
  const ts = Number(headers.timestamp);
  if (!Number.isInteger(ts) || Math.abs(nowSeconds - ts) > TIMESTAMP_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signatureFor(secret, headers.id, ts, body));
  return headers.signature.split(' ').some((part) => {
    const [version, sig] = part.split(',', 2);
    if (version !== 'v1' || sig === undefined) return false;
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

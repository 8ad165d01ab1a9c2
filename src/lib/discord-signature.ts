import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';

/**
 * Discord signs every interaction it sends with the application's Ed25519 key: the signature
 * (`X-Signature-Ed25519`, hex) is over `X-Signature-Timestamp` followed by the raw body as received
 * ("Security and Authorization" under "Receiving and Responding" in Discord's API documentation).
 * Only `node:crypto` is needed. The portal shows the public key as 32 raw bytes in hex, which
 * `createPublicKey` does not take as such: wrapped in the fixed DER prefix of an Ed25519
 * SubjectPublicKeyInfo (RFC 8410), it does.
 */
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/**
 * What is wrong with a public key value, or undefined for a key Discord could have made. Verifiers
 * (OpenSSL's included) accept a signature under a small-order key without knowing any secret: with
 * such a key every signature of the right shape may verify, and anyone could send interactions as
 * Discord. So a key must be the canonical encoding (y < p, no "negative zero") of a point on the curve
 * in the prime-order subgroup, as every key made from a secret is. `@noble/curves` decodes it (strictly,
 * as RFC 8032 asks) and tests the point's order.
 */
export function weakDiscordPublicKey(hex: string): string | undefined {
  if (!/^[0-9a-fA-F]{64}$/.test(hex))
    return 'must be the 64 hexadecimal characters the developer portal shows';
  let point: InstanceType<typeof ed25519.Point>;
  try {
    point = ed25519.Point.fromHex(hex.toLowerCase(), false);
  } catch {
    return 'is not a valid Ed25519 public key (not a point on the curve in its canonical encoding)';
  }
  if (point.isSmallOrder())
    return 'is a small-order Ed25519 point, under which signatures verify without any secret';
  if (!point.isTorsionFree()) return 'is not in the Ed25519 prime-order subgroup, so no secret key made it';
  return undefined;
}

/** The application's public key, or an error naming what is wrong with the value. */
export function discordPublicKey(hex: string): KeyObject {
  const weak = weakDiscordPublicKey(hex);
  if (weak !== undefined) throw new Error(`DISCORD_PUBLIC_KEY ${weak}.`);
  return createPublicKey({
    key: Buffer.concat([SPKI_ED25519_PREFIX, Buffer.from(hex, 'hex')]),
    format: 'der',
    type: 'spki',
  });
}

/**
 * Whether `signature` is the application's signature of `timestamp` + `rawBody`. Anything malformed
 * is simply not a valid signature (`Buffer.from` would silently drop bad hex, so it is checked first).
 */
export function isDiscordSignature(
  key: KeyObject,
  signature: string | undefined,
  timestamp: string | undefined,
  rawBody: Buffer,
): boolean {
  if (signature === undefined || timestamp === undefined) return false;
  if (!/^[0-9a-fA-F]{128}$/.test(signature) || !/^[0-9]{1,12}$/.test(timestamp)) return false;
  try {
    return verify(
      null,
      Buffer.concat([Buffer.from(timestamp, 'utf8'), rawBody]),
      key,
      Buffer.from(signature, 'hex'),
    );
  } catch {
    return false;
  }
}

import { createPublicKey, type KeyObject, verify } from 'node:crypto';

/**
 * Discord signs every interaction it sends with the application's Ed25519 key: the signature
 * (`X-Signature-Ed25519`, hex) is over `X-Signature-Timestamp` followed by the raw body as received
 * ("Security and Authorization" under "Receiving and Responding" in Discord's API documentation).
 * Only `node:crypto` is needed. The portal shows the public key as 32 raw bytes in hex, which
 * `createPublicKey` does not take as such: wrapped in the fixed DER prefix of an Ed25519
 * SubjectPublicKeyInfo (RFC 8410), it does.
 */
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** The application's public key, or an error naming what is wrong with the value. */
export function discordPublicKey(hex: string): KeyObject {
  if (!/^[0-9a-fA-F]{64}$/.test(hex))
    throw new Error('DISCORD_PUBLIC_KEY must be the 64 hexadecimal characters the developer portal shows.');
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

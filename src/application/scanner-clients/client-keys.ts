import { randomBytes } from 'node:crypto';
import { CLIENT_ID_PREFIX, CLIENT_ID_RANDOM_LENGTH, CLIENT_KEY_BYTES } from '../../domain/scanner-clients.js';
import { randomBase62 } from '../../lib/crypto.js';
import type { SecretBox } from '../../lib/secret-box.js';

/** A new client's public id and key (docs/scanner.md, "Signed calls"). */
export function newClientCredentials(): { clientId: string; key: string } {
  return {
    clientId: `${CLIENT_ID_PREFIX}${randomBase62(CLIENT_ID_RANDOM_LENGTH)}`,
    key: randomBytes(CLIENT_KEY_BYTES).toString('base64url'),
  };
}

/** The key as bytes, from its base64url form. */
export function keyBytes(key: string): Buffer {
  return Buffer.from(key, 'base64url');
}

/**
 * Opened keys, by their sealed form: every scanner call checks a signature, and opening the key each
 * time would cost a decryption per call for nothing. The sealed form changes whenever a key does.
 */
const OPENED_MAX = 256;
const opened = new WeakMap<SecretBox, Map<string, Buffer>>();

export function openedKey(box: SecretBox, sealed: string): Buffer {
  let keys = opened.get(box);
  if (keys === undefined) {
    keys = new Map();
    opened.set(box, keys);
  }
  let key = keys.get(sealed);
  if (key === undefined) {
    key = keyBytes(box.open(sealed));
    if (keys.size >= OPENED_MAX) keys.delete(keys.keys().next().value as string);
    keys.set(sealed, key);
  }
  return key;
}

import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A new public client id: `spc_` and 24 random base62 characters (docs/scan-client.md, "Official builds"). */
export function newClientId(): string {
  let id = '';
  while (id.length < 24) {
    // 248 is the largest multiple of 62 below 256: bytes from it up are dropped, so every character is
    // equally likely.
    for (const byte of randomBytes(32)) if (byte < 248 && id.length < 24) id += BASE62[byte % 62];
  }
  return `spc_${id}`;
}

export const CLIENT_ID = /^spc_[0-9A-Za-z]{24}$/;

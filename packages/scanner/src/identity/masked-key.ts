import { randomBytes } from 'node:crypto';

/**
 * An official build's key, as the build embeds it (docs/scan-client.md, "Official builds"): split into
 * XOR shares, each a list of numbers, none of which is the key. No encoding of the key (hex, base64,
 * base64url or its raw bytes) is ever in the executable, so `strings` of the file cannot show it; the
 * scanner puts it back together only when it signs. This masks the key from a casual look, not from a
 * determined reverse engineer, which is why every build gets a key of its own and old builds retire.
 */
export type KeyShares = number[][];

const SHARES = 3;

/** The shares of `key`: random pads, and the key XORed with all of them. */
export function maskKey(key: Uint8Array): KeyShares {
  const pads = Array.from({ length: SHARES - 1 }, () => randomBytes(key.length));
  const last = Uint8Array.from(key, (byte, i) => pads.reduce((acc, pad) => acc ^ (pad[i] ?? 0), byte));
  return [...pads.map((pad) => [...pad]), [...last]];
}

/** The key back from its shares; null when they are not shares of one key of 32 bytes. */
export function unmaskKey(shares: unknown): Uint8Array | null {
  if (!Array.isArray(shares) || shares.length < 2) return null;
  const valid = shares.every(
    (s): s is number[] =>
      Array.isArray(s) && s.length === 32 && s.every((b) => Number.isInteger(b) && b >= 0 && b <= 255),
  );
  if (!valid) return null;
  const key = new Uint8Array(32);
  for (const share of shares as number[][])
    for (let i = 0; i < 32; i++) key[i] = (key[i] ?? 0) ^ (share[i] ?? 0);
  return key;
}

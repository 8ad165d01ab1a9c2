import { sha256Hex } from '../../lib/crypto.js';

/** Keys whose hash is remembered; the oldest is forgotten first. */
const CAPACITY = 10_000;
const hashes = new Map<string, string>();

/**
 * The stored form of an API key (its SHA-256), remembered for the keys in use: a bot polling every
 * few seconds sends the same key each time, and hashing it anew was 4 % of a status poll's CPU
 * profile (docs/benchmarks.md, "Profile findings"). Only keys that name a live principal are
 * remembered (the caller says so), so a script guessing keys cannot fill this.
 */
export function keyHashOf(rawKey: string): string {
  return hashes.get(rawKey) ?? sha256Hex(rawKey);
}

/** Remembers the hash of a key that was found to be valid. */
export function rememberKeyHash(rawKey: string, hash: string): void {
  if (hashes.has(rawKey)) return;
  if (hashes.size >= CAPACITY) hashes.delete(hashes.keys().next().value as string);
  hashes.set(rawKey, hash);
}

/** How many keys are remembered (for tests). */
export function rememberedKeyCount(): number {
  return hashes.size;
}

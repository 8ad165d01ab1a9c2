import { createHash } from 'node:crypto';
import { randomToken } from './crypto.js';

/**
 * Proof Key for Code Exchange (RFC 7636), S256 only: the browser's sign-in attempt keeps a random
 * verifier, Discord is shown only its hash, and the code Discord hands back is worth nothing without
 * the verifier. A code intercepted or slipped into another browser's callback cannot be redeemed.
 */

/** 32 random bytes as base64url: 43 characters, all from the unreserved set RFC 7636 allows. */
export function newCodeVerifier(): string {
  return randomToken(32);
}

export function codeChallengeS256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

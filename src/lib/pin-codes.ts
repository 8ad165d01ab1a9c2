import { PIN_ALPHABET, PIN_LENGTH } from '../domain/pin-code.js';
import { randomString } from './crypto.js';

/** A fresh PIN code from the cryptographic source; uniqueness is enforced by the store. */
export function generatePinCode(): string {
  return randomString(PIN_ALPHABET, PIN_LENGTH);
}

/** PIN codes (docs/api.md, "PINs"): 8 characters without the look-alikes 0, 1, I and O. */
export const PIN_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const PIN_LENGTH = 8;

/**
 * Path parameters are upper-cased before use, so the accepted pattern is case-insensitive.
 * Written out rather than with a flag because JSON Schema patterns carry no flags.
 */
export const PIN_CODE_PATTERN = '^[A-HJ-NP-Za-hj-np-z2-9]{8}$';

export function normalisePinCode(raw: string): string {
  return raw.toUpperCase();
}

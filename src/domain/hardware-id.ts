/*
 * Placeholder hardware IDs: values that firmware and drivers report when they have no real serial.
 * Thousands of unrelated machines share them, so linking players through them would make strangers
 * "alt accounts" of each other and give one profile an unbounded history. They are not linked.
 */

const PLACEHOLDERS = new Set([
  'NONE',
  'NULL',
  'N/A',
  'NA',
  'UNKNOWN',
  'INVALID',
  'DEFAULT',
  'DEFAULT STRING',
  'TO BE FILLED BY O.E.M.',
  'TO BE FILLED BY OEM',
  'O.E.M.',
  'OEM',
  'SYSTEM SERIAL NUMBER',
  'SYSTEM PRODUCT NAME',
  'CHASSIS SERIAL NUMBER',
  'BASE BOARD SERIAL NUMBER',
  'NOT SPECIFIED',
  'NOT APPLICABLE',
  'NOT AVAILABLE',
  '123456789',
  '0123456789',
]);

/** True for a hardware ID that identifies no machine in particular. */
export function isPlaceholderHwid(raw: string): boolean {
  const value = raw.trim().toUpperCase();
  if (PLACEHOLDERS.has(value)) return true;
  // One character repeated, ignoring separators: 00000000-0000-0000-0000-000000000000, FFFF-FFFF, ….
  const bare = value.replace(/[\s\-_:.{}]/g, '');
  return bare.length === 0 || /^(.)\1*$/.test(bare);
}

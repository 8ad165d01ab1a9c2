/*
 * Hardware IDs that identify no machine in particular (docs/risk-score.md, "Placeholders and hubs").
 *
 * Placeholders are the values firmware and drivers report when they have no real serial. They are
 * known in advance, so they are never linked at all. Hubs are the ones nobody listed: any value seen
 * with more distinct accounts than `HWID_HUB_THRESHOLD` is shared by many machines, whatever it says,
 * and stops linking from then on.
 */

/**
 * Known placeholders, compared by their letters and digits only (upper case): firmware writes the
 * same words with and without dots, spaces, dashes or a trailing NUL (`To be filled by O.E.M`,
 * `Default string\0`), and a separator never makes a value more of a serial.
 */
const PLACEHOLDERS = new Set([
  'NONE',
  'NULL',
  'NA',
  'UNKNOWN',
  'INVALID',
  'DEFAULT',
  'DEFAULTSTRING',
  'TOBEFILLEDBYOEM',
  'OEM',
  'SERIAL',
  'SERIALNUMBER',
  'SYSTEMSERIALNUMBER',
  'SYSTEMPRODUCTNAME',
  'CHASSISSERIALNUMBER',
  'BASEBOARDSERIALNUMBER',
  'NOTSPECIFIED',
  'NOTAPPLICABLE',
  'NOTAVAILABLE',
  'NOASSETTAG',
  'EMPTY',
  // Counting sequences some vendors ship as every board's serial.
  '1234567',
  '12345678',
  '123456789',
  '1234567890',
  '0123456789',
  '01234567',
  '0123456789ABCDEF',
  // The SMBIOS UUID of many white-label boards: 03000200-0400-0500-0006-000700080009.
  '03000200040005000006000700080009',
]);

/** The letters and digits of a value, upper-cased: how placeholders are compared. */
function bareForm(raw: string): string {
  return raw.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

/** True for a hardware ID that identifies no machine in particular. */
export function isPlaceholderHwid(raw: string): boolean {
  if (PLACEHOLDERS.has(bareForm(raw))) return true;
  // Nothing but separators, or one character repeated: 00000000-0000-0000-0000-000000000000, FFFF-FFFF, ….
  const rest = raw.toUpperCase().replace(/[\s\0\-_:.{}]/g, '');
  return rest.length === 0 || /^(.)\1*$/u.test(rest);
}

/** How many distinct accounts a hardware ID may be seen with and still link them (docs/risk-score.md). */
export const DEFAULT_HWID_HUB_THRESHOLD = 20;

/** A hardware ID seen with more accounts than the threshold is a hub: it links nobody from then on. */
export function isHardwareHub(accountsSeen: number, threshold: number): boolean {
  return accountsSeen > threshold;
}

/**
 * What a scan that reported no real hardware ID is filed under (hashed with the server's secret): a
 * profile of its own, one machine seen once, never anyone's history (docs/risk-score.md).
 */
export function oneOffProfileSource(pinId: number): string {
  return `unidentified-machine:${pinId}`;
}

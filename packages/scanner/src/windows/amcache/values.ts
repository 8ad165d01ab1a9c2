import { filetimeToIso } from '../filetime-iso.js';
import { AMCACHE_SHA1_PREFIX_BYTES, type Sha1Coverage } from './entry.js';
import type { AmcacheKey } from './key-view.js';

/**
 * Reading Amcache values whatever type Windows gave them: the Appraiser's writers changed over the
 * years (a size is a REG_QWORD in current hives, a REG_DWORD or a string in others), so each reader
 * accepts the forms a person would read the same way and returns null for anything else.
 */

/** A string value, trimmed; null when absent, empty or not a string. */
export function stringValue(key: AmcacheKey, name: string): string | null {
  const decoded = key.value(name)?.decoded();
  if (decoded?.kind !== 'string') return null;
  const text = decoded.value.trim();
  return text === '' ? null : text;
}

/** A non-negative integer: REG_DWORD, REG_QWORD, or a decimal or `0x` hex string. */
export function integerValue(key: AmcacheKey, name: string): number | null {
  const decoded = key.value(name)?.decoded();
  if (decoded === undefined) return null;
  if (decoded.kind === 'dword') return decoded.value;
  if (decoded.kind === 'qword') return safeNumber(decoded.value);
  if (decoded.kind !== 'string') return null;
  const text = decoded.value.trim();
  if (/^\d+$/.test(text)) return safeNumber(BigInt(text));
  if (/^0x[0-9a-f]+$/i.test(text)) return safeNumber(BigInt(text));
  return null;
}

function safeNumber(n: bigint): number | null {
  return n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : null;
}

/** A REG_QWORD FILETIME as ISO 8601, or null. */
export function filetimeValue(key: AmcacheKey, name: string): string | null {
  const decoded = key.value(name)?.decoded();
  return decoded?.kind === 'qword' ? filetimeToIso(decoded.value) : null;
}

/** A REG_DWORD of seconds since 1970 (the older layout's link time) as ISO 8601; 0 is unset. */
export function posixTimeValue(key: AmcacheKey, name: string): string | null {
  const decoded = key.value(name)?.decoded();
  if (decoded?.kind !== 'dword' || decoded.value === 0) return null;
  return new Date(decoded.value * 1000).toISOString();
}

/**
 * `LinkDate`: the PE header's TimeDateStamp written as `MM/DD/YYYY HH:MM:SS` in UTC (the form plaso's
 * amcache plugin and AmcacheParser read). Anything else, or a date that does not exist, is null.
 */
export function parseLinkDate(text: string | null): string | null {
  if (text === null) return null;
  const match = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (match === null) return null;
  const [month, day, year, hour, minute, second] = match.slice(1).map(Number) as number[];
  const ms = Date.UTC(year as number, (month as number) - 1, day, hour, minute, second);
  const date = new Date(ms);
  // Date.UTC rolls 02/30 over to March: a date that does not exist is not read as another one.
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== (month as number) - 1 ||
    date.getUTCDate() !== day ||
    (hour as number) > 23 ||
    (minute as number) > 59 ||
    (second as number) > 59
  ) {
    return null;
  }
  return date.toISOString();
}

/**
 * `FileId` (and the older layout's value `101`): `0000` followed by the SHA-1 in hex. The four zeros
 * are a fixed prefix, not part of the hash (ANSSI, "Analysis of the AmCache"). `bad` when set but not
 * of that form; `absent` when not set or empty.
 */
export function parseFileId(text: string | null): { sha1: string } | 'absent' | 'bad' {
  if (text === null) return 'absent';
  const match = /^0000([0-9a-f]{40})$/i.exec(text);
  return match === null ? 'bad' : { sha1: (match[1] as string).toLowerCase() };
}

export function sha1Coverage(size: number | null): Sha1Coverage {
  if (size === null) return 'unknown';
  return size > AMCACHE_SHA1_PREFIX_BYTES ? 'first-30-mib' : 'whole-file';
}

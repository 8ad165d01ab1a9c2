import { TIMESTAMP_PATTERN } from '@scanpin/evidence';

/**
 * An event's TimeCreated as the evidence document may carry it. Windows writes it as a FILETIME, which
 * the reader renders as a valid ISO 8601 time; but a record is data the player controls, and a crafted
 * or damaged one may hold any text there (a string, a SYSTEMTIME with month 13). The server refuses a
 * whole document with one time its schema does not take (docs/api.md, "Timestamps"), so only the
 * spellings it takes pass: the evidence package's TIMESTAMP_PATTERN, with a real calendar day, hour,
 * minute and offset (what the pattern alone lets through, the server's date-time check refuses).
 */

const PATTERN = new RegExp(TIMESTAMP_PATTERN);
const FIELDS = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** `text` when the server takes it as a timestamp, else null (a leap second is refused too: never real here). */
export function documentTime(text: string | null | undefined): string | null {
  if (text === null || text === undefined || !PATTERN.test(text)) return null;
  const match = FIELDS.exec(text);
  if (match === null) return null;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = match
    .slice(1)
    .map((part) => Number(part ?? 0)) as [number, number, number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59) return null;
  return text;
}

import { TIMESTAMP_PATTERN } from '@scanpin/evidence';

/**
 * Timestamps as callers send them (docs/api.md, "Timestamps"): any RFC 3339 date-time, read to the
 * millisecond in UTC. The API answers in one spelling (`2026-02-11T15:25:00.000Z`, see time.ts) but
 * takes every one the RFC allows, so a client that follows the RFC, or generates values from
 * /openapi.json, is never refused for spelling:
 * - `t` and `z` in either case (RFC 3339, section 5.6, note);
 * - any offset, `-00:00` included, and any number of fraction digits (cut to milliseconds);
 * - a leap second, `23:59:60` in UTC (section 5.7): JavaScript time has no leap seconds, so it is
 *   read as the last millisecond before the next minute, `23:59:59.999`, which keeps its day and its
 *   order with every other instant.
 * What the API cannot write back in its own spelling is refused: an instant before year 0000 or after
 * year 9999 in UTC (year 0000 with a positive offset, year 9999 with a negative one).
 */

/** The earliest and latest instants the API takes and answers: years 0000 to 9999 in UTC. */
export const EARLIEST_TIMESTAMP_MS = -62_167_219_200_000; // 0000-01-01T00:00:00.000Z
export const LATEST_TIMESTAMP_MS = 253_402_300_799_999; // 9999-12-31T23:59:59.999Z

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;

/**
 * The spellings `parseTimestamp` takes, as a JSON Schema pattern for /openapi.json, held in
 * packages/evidence because the evidence document's schema uses it too (no server code there).
 */
export { TIMESTAMP_PATTERN };

const PATTERN = new RegExp(TIMESTAMP_PATTERN);

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Epoch milliseconds of a UTC calendar time; years below 100 are not shifted to 19xx as Date.UTC does. */
function utc(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  ms: number,
) {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, ms);
  return date.getTime();
}

/**
 * Epoch milliseconds of an RFC 3339 date-time, or undefined when `text` is not one the API takes
 * (see above). Pure: the same text always gives the same instant.
 */
export function parseTimestamp(text: string): number | undefined {
  const m = DATE_TIME.exec(text);
  if (m === null || !PATTERN.test(text)) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const fraction = m[7] ?? '';
  const sign = m[8] === '-' ? -1 : 1;
  const offsetHours = Number(m[9] ?? 0);
  const offsetMinutes = Number(m[10] ?? 0);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 60 || offsetHours > 23 || offsetMinutes > 59) return undefined;
  const offset = sign * (offsetHours * 60 + offsetMinutes);
  if (second === 60) {
    // Only 23:59:60 in UTC is a leap second; the local time is that plus the offset.
    const utcMinute = (((hour * 60 + minute - offset) % 1440) + 1440) % 1440;
    if (utcMinute !== 23 * 60 + 59) return undefined;
  }
  const ms =
    second === 60
      ? utc(year, month, day, hour, minute, 59, 999)
      : utc(year, month, day, hour, minute, second, Number(fraction.padEnd(3, '0').slice(0, 3)));
  const instant = ms - offset * 60_000;
  return instant >= EARLIEST_TIMESTAMP_MS && instant <= LATEST_TIMESTAMP_MS ? instant : undefined;
}

/** `parseTimestamp` of a value a schema already checked (format date-time); anything else is a bug. */
export function timestampOf(text: string): number {
  const ms = parseTimestamp(text);
  if (ms === undefined) throw new Error('timestampOf: a value the date-time format refuses reached a route');
  return ms;
}

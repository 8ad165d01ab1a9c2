/**
 * The string patterns the document's schema shares with the rest of the API, held here so that the
 * package needs nothing from the server; the server's domain re-exports them (docs/api.md).
 */

/** Player IDs (docs/api.md, "Players"): a chat-platform (Discord) user ID is 17 to 20 decimal digits. */
export const DISCORD_ID_PATTERN = '^[0-9]{17,20}$';

const TIME = '[Tt]\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?';
const DATE = '-\\d{2}-\\d{2}';
/** 0001 to 9998: any offset keeps these within years 0000 to 9999 in UTC. */
const INNER_YEARS = '(?:000[1-9]|00[1-9]\\d|0[1-9]\\d{2}|[1-8]\\d{3}|9[0-8]\\d{2}|99[0-8]\\d|999[0-8])';

/**
 * The timestamp spellings the server's `parseTimestamp` takes (src/domain/timestamp-input.ts), as a
 * JSON Schema pattern for /openapi.json: RFC 3339 date-time with `T` and `Z` in either case and an
 * offset written `±hh:mm`; year 0000 only with `Z`, `+00:00` or a negative offset, year 9999 only with
 * `Z`, `-00:00` or a positive one. Day, hour and leap-second ranges are the `date-time` format's; the
 * two together are exactly what the server takes (checked by test/domain/timestamp-input.test.ts).
 */
export const TIMESTAMP_PATTERN =
  `^(?:${INNER_YEARS}${DATE}${TIME}(?:[Zz]|[+-]\\d{2}:\\d{2})` +
  `|0000${DATE}${TIME}(?:[Zz]|\\+00:00|-\\d{2}:\\d{2})` +
  `|9999${DATE}${TIME}(?:[Zz]|-00:00|\\+\\d{2}:\\d{2}))$`;

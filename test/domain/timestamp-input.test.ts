import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EARLIEST_TIMESTAMP_MS,
  LATEST_TIMESTAMP_MS,
  parseTimestamp,
  TIMESTAMP_PATTERN,
} from '../../src/domain/timestamp-input.js';
import { rfc3339DateTime } from '../fuzz/arbitraries.js';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM interop.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;
/** The schema /openapi.json publishes for a timestamp a caller sends, read as a client's validator does. */
const documented = addFormats(new Ajv2020({ strict: false })).compile({
  type: 'string',
  format: 'date-time',
  pattern: TIMESTAMP_PATTERN,
});

describe('timestamps a caller sends (docs/api.md, "Timestamps")', () => {
  it.each([
    ['2026-02-11T15:25:00.000Z', '2026-02-11T15:25:00.000Z'],
    ['2026-02-11t15:25:00z', '2026-02-11T15:25:00.000Z'],
    ['2026-02-11T16:25:00.5+01:00', '2026-02-11T15:25:00.500Z'],
    ['2026-02-11T15:25:00.123456789012Z', '2026-02-11T15:25:00.123Z'],
    ['2026-02-11T15:25:00-00:00', '2026-02-11T15:25:00.000Z'],
    ['2016-12-31T23:59:60Z', '2016-12-31T23:59:59.999Z'],
    ['2016-12-31T23:59:60.5z', '2016-12-31T23:59:59.999Z'],
    ['2017-01-01T00:59:60+01:00', '2016-12-31T23:59:59.999Z'],
    ['1969-07-20T20:17:40Z', '1969-07-20T20:17:40.000Z'],
    ['0000-01-01T00:00:00Z', '0000-01-01T00:00:00.000Z'],
    ['0000-01-01T00:00:00-01:00', '0000-01-01T01:00:00.000Z'],
    ['9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'],
    ['9999-12-31T23:59:59+05:00', '9999-12-31T18:59:59.000Z'],
  ])('takes %s as %s', (text, iso) => {
    expect(new Date(parseTimestamp(text) ?? Number.NaN).toISOString()).toBe(iso);
    expect(documented(text)).toBe(true);
  });

  it.each([
    '2026-12-31T23:58:60Z', // not 23:59:60 in UTC
    '2026-02-30T00:00:00Z',
    '2026-13-01T00:00:00Z',
    '2026-01-01T24:00:00Z',
    '2026-01-01T00:00:00+24:00',
    '2026-01-01 00:00:00Z', // not RFC 3339's date-time production
    '2026-01-01T00:00:00+0200',
    '2026-01-01T00:00:00',
    '0000-01-01T00:00:00+01:00', // before year 0000 in UTC
    '9999-12-31T23:59:59-00:01', // after year 9999 in UTC
    '+010000-01-01T00:00:00Z',
    'tomorrow',
  ])('refuses %s, and the document says so', (text) => {
    expect(parseTimestamp(text)).toBeUndefined();
    expect(documented(text)).toBe(false);
  });

  it('takes exactly what the published schema allows, every RFC 3339 spelling, within the years it writes', () => {
    fc.assert(
      fc.property(rfc3339DateTime, (text) => {
        const ms = parseTimestamp(text);
        expect(ms !== undefined, text).toBe(documented(text));
        if (ms !== undefined) {
          expect(ms).toBeGreaterThanOrEqual(EARLIEST_TIMESTAMP_MS);
          expect(ms).toBeLessThanOrEqual(LATEST_TIMESTAMP_MS);
          // The API writes it back in its one spelling, and reads that as the same instant.
          expect(parseTimestamp(new Date(ms).toISOString())).toBe(ms);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('reads a spelling in either case, and any offset, as the same instant', () => {
    fc.assert(
      fc.property(rfc3339DateTime, (text) => {
        const ms = parseTimestamp(text);
        if (ms !== undefined) expect(parseTimestamp(text.toUpperCase())).toBe(ms);
      }),
    );
  });
});

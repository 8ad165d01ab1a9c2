import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import type { Json } from './operations.js';

/**
 * Hostile values: what a careless or malicious caller sends. Strings that break paths, SQL, encodings
 * and number parsing; JSON that is deep, huge, or shaped to reach an object's prototype.
 */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e309',
  'NaN',
  'Infinity',
  '2147483648',
  '9223372036854775808',
  '99999999999999999999999',
  '00000000000000000001',
  '123456789012345678',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '../',
  '../../etc/passwd',
  '..%2f..%2f',
  '%2e%2e',
  '%2e%2e%2f',
  '..\\..\\windows',
  '%00',
  '\u0000',
  'A\u0000B',
  "' OR '1'='1",
  "'; DROP TABLE pins; --",
  '" OR ""="',
  '1; select pg_sleep(5)',
  '%',
  '%%',
  '%zz',
  '%c0%ae',
  '\ud800',
  'a\udfffb',
  '\ufeff',
  '\u202e',
  '\u200b',
  '𝕊𝕔𝕒𝕟',
  '👨‍👩‍👧‍👦',
  'ǅ',
  'İ',
  'ß',
  'a7k3m2p9',
  'A7K3M2P9',
  'AAAAAAAA',
  '<script>alert(1)</script>',
  ['$', '{7*7}'].join(''),
  '{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  'http://127.0.0.1/',
  'https://[::1]/',
  'file:///etc/passwd',
  'javascript:alert(1)',
  '//evil.example',
  '\r\nX-Injected: 1',
  '\t',
  'A'.repeat(101),
  'A'.repeat(5000),
];

/** Any string, with the hostile ones often. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom('\ud800', '\udc00', 'a', '\u0000', '\uffff') }) },
  { weight: 1, arbitrary: fc.integer({ min: 60, max: 70_000 }).map((n) => 'x'.repeat(n)) },
);

/** Nested arrays or objects `depth` levels deep, as a value (JSON.stringify handles a few thousand). */
function nested(depth: number, object: boolean): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = object ? { a: value } : [value];
  return value;
}

/** A JSON value that is the wrong thing almost anywhere. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    -0,
    1.5,
    1e308,
    -1e308,
    2 ** 53 + 1,
    2 ** 31,
    '',
    [],
    {},
    [null],
    { '': '' },
    JSON.parse('{"__proto__": {"admin": true}}'),
    { constructor: { prototype: { admin: true } } },
    { toString: 'x', valueOf: 1, hasOwnProperty: 2 },
  ),
  hostileString,
  fc.integer({ min: 10, max: 3000 }).chain((d) => fc.boolean().map((o) => nested(d, o))),
  fc.integer({ min: 100, max: 20_000 }).map((n) => Array.from({ length: n }, (_, i) => i)),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Values a test world holds, by property or parameter name: they let input reach the use cases. */
export type Hints = Record<string, readonly unknown[]>;

// ajv-formats is CommonJS; its default export arrives wrapped under ESM interop.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;
const hintAjv = addFormats(new Ajv2020({ strict: false }));
const hintChecks = new WeakMap<Json, (value: unknown) => boolean>();

/** Whether a world's value fits `schema` (a PIN status is no ban status), for exact generation. */
function fits(schema: Json, value: unknown): boolean {
  let check = hintChecks.get(schema);
  if (check === undefined) {
    const validate = hintAjv.compile(schema);
    check = (v) => validate(v) === true;
    hintChecks.set(schema, check);
  }
  return check(value);
}

function withHints(
  name: string | undefined,
  hints: Hints,
  arb: fc.Arbitrary<unknown>,
  exactly?: Json,
): fc.Arbitrary<unknown> {
  const named = name === undefined ? undefined : hints[name];
  const known = exactly === undefined ? named : named?.filter((v) => fits(exactly, v));
  if (known === undefined || known.length === 0) return arb;
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: arb });
}

/** A value that satisfies `schema`, mostly: enough to pass validation and reach the use case. */
export function validFrom(schema: Json, hints: Hints, name?: string, depth = 0): fc.Arbitrary<unknown> {
  return withHints(name, hints, validBare(schema, hints, depth, false));
}

/**
 * A value that satisfies `schema` exactly, in any form the schema allows: every type of a type list,
 * strings of any Unicode (NUL included) unless a `pattern` says otherwise, every spelling RFC 3339
 * gives a `date-time`. What a client that generates its values from /openapi.json may send.
 */
export function exactFrom(schema: Json, hints: Hints, name?: string, depth = 0): fc.Arbitrary<unknown> {
  return withHints(name, hints, validBare(schema, hints, depth, true), schema);
}

const DIGIT = fc.constantFrom(...'0123456789');
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const daysIn = (year: number, month: number) =>
  [
    31,
    year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28,
    31,
    30,
    31,
    30,
    31,
    31,
    30,
    31,
    30,
    31,
  ][month - 1] ?? 31;

/**
 * RFC 3339 date-times in every spelling the RFC allows (section 5.6): `t` and `z` in either case, any
 * number of fraction digits, `Z`, `-00:00` and every offset, a leap second (only at 23:59:60 UTC, as
 * ajv-formats reads the RFC), and years 0000 to 9999, their ends often.
 */
export const rfc3339DateTime: fc.Arbitrary<string> = fc
  .record({
    year: fc.oneof(fc.integer({ min: 0, max: 9999 }), fc.constantFrom(0, 1, 1969, 1970, 2026, 9998, 9999)),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 31 }),
    hour: fc.integer({ min: 0, max: 23 }),
    minute: fc.integer({ min: 0, max: 59 }),
    second: fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: 0, max: 59 }) },
      { weight: 1, arbitrary: fc.constant(60) },
    ),
    fraction: fc.option(fc.string({ unit: DIGIT, minLength: 1, maxLength: 12 })),
    t: fc.constantFrom('T', 't'),
    offset: fc.oneof(
      fc.constantFrom('Z', 'z', '+00:00', '-00:00'),
      fc.tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })),
    ),
  })
  .map((v) => {
    const day = Math.min(v.day, daysIn(v.year, v.month));
    let { hour, minute } = v;
    if (v.second === 60) {
      // A leap second is 23:59:60 in UTC: the local time is that plus the offset.
      const east =
        typeof v.offset === 'string' ? 0 : (v.offset[0] === '+' ? 1 : -1) * (v.offset[1] * 60 + v.offset[2]);
      const local = (((23 * 60 + 59 + east) % 1440) + 1440) % 1440;
      hour = Math.floor(local / 60);
      minute = local % 60;
    }
    const offset =
      typeof v.offset === 'string' ? v.offset : `${v.offset[0]}${pad(v.offset[1])}:${pad(v.offset[2])}`;
    const fraction = v.fraction === null ? '' : `.${v.fraction}`;
    return `${pad(v.year, 4)}-${pad(v.month)}-${pad(day)}${v.t}${pad(hour)}:${pad(minute)}:${pad(v.second)}${fraction}${offset}`;
  });

/** Code points for exact strings: any, with the ones that trip storage and parsers often. */
const ANY_CODE_POINT: fc.Arbitrary<string> = fc.oneof(
  { weight: 12, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('\u0000', '\u0001', '\u007f', '\u0085', '\u2028', '\ufeff', '\u{10ffff}'),
  },
);

const codePoints = (s: string) => [...s].length;

function exactString(schema: Json): fc.Arbitrary<string> {
  const min = (schema.minLength as number | undefined) ?? 0;
  const max = Math.min((schema.maxLength as number | undefined) ?? min + 40, min + 40);
  const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : undefined;
  const free = fc.string({ unit: ANY_CODE_POINT, minLength: min, maxLength: Math.max(min, max) });
  let base: fc.Arbitrary<string>;
  if (schema.format === 'date-time') base = rfc3339DateTime;
  else if (schema.format === 'ipv4') base = fc.ipV4();
  else if (schema.format === 'ipv6') base = fc.ipV6();
  else if (schema.format !== undefined)
    throw new Error(`no exact generator for format ${String(schema.format)}`);
  else if (pattern === undefined) return free;
  // A pattern that most text passes (no NUL, say) filters free text, which keeps its lengths; a
  // narrow one (digits, a code) generates from the pattern itself.
  else if (fc.sample(free, { numRuns: 40, seed: 1 }).filter((s) => pattern.test(s)).length >= 20) base = free;
  else base = fc.stringMatching(pattern);
  return base.filter(
    (s) =>
      codePoints(s) >= min &&
      codePoints(s) <= ((schema.maxLength as number | undefined) ?? Number.POSITIVE_INFINITY) &&
      (pattern?.test(s) ?? true),
  );
}

function validBare(schema: Json, hints: Hints, depth: number, exact: boolean): fc.Arbitrary<unknown> {
  if (depth > (exact ? 16 : 6)) return fc.constant(null);
  const from = exact ? exactFrom : validFrom;
  const branches = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (branches !== undefined && branches.length > 0) {
    return fc.oneof(...branches.map((b) => from(b, hints, undefined, depth + 1)));
  }
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  if (exact && Array.isArray(schema.type) && schema.type.length > 1) {
    return fc.oneof(...schema.type.map((type) => validBare({ ...schema, type }, hints, depth, true)));
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      if (exact) return exactString(schema);
      if (schema.format === 'ipv4') return fc.ipV4();
      if (schema.format === 'ipv6') return fc.ipV6();
      if (schema.format === 'date-time') {
        return fc
          .integer({ min: Date.now() - 86_400_000, max: Date.now() + 30 * 86_400_000 })
          .map((ms) => new Date(ms).toISOString());
      }
      const min = (schema.minLength as number | undefined) ?? 0;
      const max = Math.min((schema.maxLength as number | undefined) ?? 40, min + 40);
      return fc.string({ minLength: min, maxLength: Math.max(min, max) });
    }
    case 'integer':
    case 'number': {
      const min = (schema.minimum as number | undefined) ?? -1000;
      const max = (schema.maximum as number | undefined) ?? 1_000_000;
      return fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = (schema.items as Json | undefined) ?? {};
      const min = (schema.minItems as number | undefined) ?? 0;
      const max = Math.min((schema.maxItems as number | undefined) ?? 4, min + 4);
      const item = from(items, hints, undefined, depth + 1);
      return exact && schema.uniqueItems === true
        ? fc.uniqueArray(item, { minLength: min, maxLength: max, selector: (v) => JSON.stringify(v) })
        : fc.array(item, { minLength: min, maxLength: max });
    }
    case 'object': {
      const props = (schema.properties as Record<string, Json> | undefined) ?? {};
      const required = (schema.required as string[] | undefined) ?? [];
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, sub] of Object.entries(props)) {
        record[key] = exact ? exactFrom(sub, hints, key, depth + 1) : mutated(sub, hints, key, depth + 1);
      }
      const value = fc.record(record, { requiredKeys: required.filter((k) => k in props) });
      const least = (schema.minProperties as number | undefined) ?? 0;
      return exact && least > 0 ? value.filter((v) => Object.keys(v).length >= least) : value;
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Mostly valid, sometimes a hostile value in this spot: wrong type, huge, deep, odd unicode. */
export function mutated(schema: Json, hints: Hints, name?: string, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    // Rare enough that a report of a dozen fields still often arrives whole and reaches the use case.
    { weight: 14, arbitrary: validFrom(schema, hints, name, depth) },
    { weight: 1, arbitrary: hostileJson },
  );
}

/** A body for a schema: a near-valid object, sometimes with unknown keys, sometimes anything. */
export function bodyFor(schema: Json, hints: Hints): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: mutated(schema, hints) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(validFrom(schema, hints), fc.dictionary(hostileString, hostileJson, { maxKeys: 3 }))
        .map(([base, extra]) =>
          typeof base === 'object' && base !== null && !Array.isArray(base) ? { ...extra, ...base } : base,
        ),
    },
    { weight: 1, arbitrary: hostileJson },
  );
}

/** Request bodies that are not JSON at all, or JSON only in part. */
export const rawBody: fc.Arbitrary<string | Buffer> = fc.oneof(
  fc.constantFrom<string | Buffer>(
    '',
    '{',
    '{"a":',
    '}',
    'nul',
    '{"a":1}garbage',
    "{'a': 1}",
    '{"a": NaN}',
    '{"a": 1,}',
    '\ufeff{}',
    '"\\ud800"',
    '{"pin": "\\u0000"}',
    '{"a":"\\uDFFF\\uD800"}',
    '{"__proto__": {"x": 1}}',
    Buffer.from([0xff, 0xfe, 0xfd]),
    Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
    'a=1&b=2',
    '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
  ),
  fc.integer({ min: 1000, max: 400_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
  fc.integer({ min: 1000, max: 100_000 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
  // Over the 1 MiB body limit (docs/api.md, "Limits").
  fc.integer({ min: 1_048_577, max: 1_300_000 }).map((n) => `{"a":"${'x'.repeat(n)}"}`),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

export const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      undefined,
      'application/json; charset=utf-8',
      'application/json; charset=utf-16',
      'APPLICATION/JSON',
      'application/problem+json',
      'application/vnd.api+json',
      'text/plain',
      'text/html',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/octet-stream',
      '',
      '*/*',
      'application/json, text/plain',
      'application/json; charset="\u0000"',
      ';;;',
    ),
  },
);

/** Methods beyond the operation's own: odd, unknown to the route, or unknown to HTTP. */
export const oddMethod = fc.constantFrom(
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'TRACE',
  'PROPFIND',
  'SEARCH',
  'LOCK',
  'MKCOL',
);

/** Header values Node's parser lets through (visible latin-1 and tab), of any length up to 8 KiB. */
export const headerValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS.filter((s) => /^[\t\x20-\x7e\x80-\xff]*$/.test(s))),
  fc.string({
    unit: fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCharCode(c === 0x7f ? 0x7e : c)),
    maxLength: 60,
  }),
  fc.integer({ min: 100, max: 8000 }).map((n) => 'h'.repeat(n)),
);

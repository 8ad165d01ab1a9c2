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

function withHints(
  name: string | undefined,
  hints: Hints,
  arb: fc.Arbitrary<unknown>,
): fc.Arbitrary<unknown> {
  const known = name === undefined ? undefined : hints[name];
  if (known === undefined || known.length === 0) return arb;
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: arb });
}

/** A value that satisfies `schema`, mostly: enough to pass validation and reach the use case. */
export function validFrom(schema: Json, hints: Hints, name?: string, depth = 0): fc.Arbitrary<unknown> {
  return withHints(name, hints, validBare(schema, hints, depth));
}

function validBare(schema: Json, hints: Hints, depth: number): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  const branches = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (branches !== undefined && branches.length > 0) {
    return fc.oneof(...branches.map((b) => validFrom(b, hints, undefined, depth + 1)));
  }
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
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
      return fc.array(validFrom(items, hints, undefined, depth + 1), { minLength: min, maxLength: max });
    }
    case 'object': {
      const props = (schema.properties as Record<string, Json> | undefined) ?? {};
      const required = (schema.required as string[] | undefined) ?? [];
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, sub] of Object.entries(props)) record[key] = mutated(sub, hints, key, depth + 1);
      return fc.record(record, { requiredKeys: required.filter((k) => k in props) });
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

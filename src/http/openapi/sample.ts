/**
 * An example value built from a JSON schema of the OpenAPI document: the schema's own `examples`,
 * `default`, `const` or first `enum` value where it has one, otherwise a plain value of its type. The
 * reference page's request and success examples come from the same schemas the server validates and
 * serialises with, so they keep the shape of real answers.
 */
import { DISCORD_ID_PATTERN } from '../../domain/discord-id.js';
import { PIN_CODE_PATTERN } from '../../domain/pin-code.js';

type Schema = Record<string, unknown>;

/** Values for the patterns the API uses, since a pattern cannot be sampled in general. */
const BY_PATTERN: Record<string, string> = {
  [PIN_CODE_PATTERN]: 'A7K3M2P9',
  [DISCORD_ID_PATTERN]: '123456789012345678',
  // Sign-in link and invite tokens.
  '^[A-Za-z0-9_-]{20,100}$': 'kq3V9x_T2mW8bR4nY7pLs1',
};

const DATE_TIME = '2026-02-11T15:25:00.000Z';
const MAX_DEPTH = 12;

export function sampleOf(schema: unknown, resolve: (ref: string) => unknown, depth = 0): unknown {
  if (schema === null || typeof schema !== 'object' || depth > MAX_DEPTH) return null;
  const s = schema as Schema;
  if (typeof s.$ref === 'string') return sampleOf(resolve(s.$ref), resolve, depth + 1);
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if ('example' in s) return s.example;
  if ('const' in s) return s.const;
  if ('default' in s) return s.default;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  const union = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(union)) {
    // Prefer a real value to null: an example of `string | null` is more telling as a string.
    const branch = union.find((b) => (b as Schema)?.type !== 'null') ?? union[0];
    return sampleOf(branch, resolve, depth + 1);
  }
  if (Array.isArray(s.allOf)) {
    return Object.assign({}, ...s.allOf.map((part) => sampleOf(part, resolve, depth + 1) as object));
  }
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const properties = (s.properties ?? {}) as Record<string, unknown>;
      for (const [name, property] of Object.entries(properties)) {
        out[name] = sampleOf(property, resolve, depth + 1);
      }
      return out;
    }
    case 'array': {
      const min = typeof s.minItems === 'number' ? s.minItems : 1;
      return Array.from({ length: Math.max(1, Math.min(min, 3)) }, () =>
        sampleOf(s.items, resolve, depth + 1),
      );
    }
    case 'string':
      return stringSample(s);
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' ? s.minimum : 1;
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return null;
  }
}

function stringSample(s: Schema): string {
  if (typeof s.pattern === 'string' && BY_PATTERN[s.pattern] !== undefined)
    return BY_PATTERN[s.pattern] as string;
  switch (s.format) {
    case 'date-time':
      return DATE_TIME;
    case 'uri':
      return 'https://bot.example.com/scanpin';
    case 'uuid':
      return '0f8fad5b-d9cb-469f-a165-70867728950e';
    case 'email':
      return 'owner@example.com';
  }
  const min = typeof s.minLength === 'number' ? s.minLength : 0;
  const max = typeof s.maxLength === 'number' ? s.maxLength : undefined;
  return 'example'.padEnd(min, 'x').slice(0, max);
}

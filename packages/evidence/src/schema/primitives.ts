import { type TNull, type TSchema, type TUnion, Type } from 'typebox';
import { EVIDENCE_CAPS as L } from '../caps.js';
import { TIMESTAMP_PATTERN } from '../patterns.js';

const PRIMITIVE_TYPES = new Set(['string', 'integer', 'number', 'boolean']);

/**
 * `T` or null. A plain value is written as `type: [T, "null"]` rather than `anyOf`: the server's
 * serializer checks an `anyOf` branch by running a validator on the value for every field of every
 * answer, while a type list is one typeof (docs/benchmarks.md, "Profile findings"). Both mean the same
 * to JSON Schema and OpenAPI 3.1; objects, enums and constants keep `anyOf`. The server's route
 * schemas use this one too (src/http/schemas/common.ts).
 */
export const Nullable = <T extends TSchema>(schema: T): TUnion<[T, TNull]> => {
  const plain = schema as Record<string, unknown>;
  const type = plain.type;
  if (typeof type === 'string' && PRIMITIVE_TYPES.has(type) && !('enum' in plain) && !('const' in plain))
    return Type.Unsafe({ ...plain, type: [type, 'null'] }) as unknown as TUnion<[T, TNull]>;
  return Type.Union([schema, Type.Null()]);
};

/**
 * A timestamp a caller sends: any RFC 3339 spelling within years 0000 to 9999 in UTC, exactly as the
 * pattern says (docs/api.md, "Timestamps"). The server reads it with its `parseTimestamp`.
 */
export function TimestampInput(description?: string) {
  const rule =
    'RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.';
  return Type.String({
    format: 'date-time',
    pattern: TIMESTAMP_PATTERN,
    description: description === undefined ? rule : `${description} ${rule}`,
    examples: ['2026-02-11T15:25:00.000Z'],
  });
}

/** A string capped at `maxLength` (the `text` cap unless told). */
export const Text = (maxLength: number = L.text, description?: string) =>
  Type.String({ maxLength, ...(description ? { description } : {}) });
/** A list of capped strings. */
export const Strings = (maxItems: number, description: string) =>
  Type.Array(Text(), { maxItems, description });
export const Sha256 = Type.String({
  pattern: '^[0-9a-f]{64}$',
  description: 'SHA-256, lowercase hex.',
  examples: ['e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
});
/** A time that may be unknown. */
export const When = Nullable(TimestampInput());
export const Count = Type.Integer({ minimum: 0 });

const SECTION_FIELDS = {
  status: Type.Enum(['collected', 'skipped', 'failed'], {
    description: '`skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.',
  }),
  reason: Nullable(
    Text(
      L.text,
      'Why it was skipped or failed, or what a collected source could not tell, in words a person understands.',
    ),
  ),
};

/** A section: its status and reason, then the source's own fields (empty when not collected). */
export function Section<T extends Record<string, TSchema>>(description: string, fields: T) {
  return Type.Object({ ...SECTION_FIELDS, ...fields }, { additionalProperties: false, description });
}

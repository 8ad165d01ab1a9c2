import { type TNull, type TSchema, type TUnion, Type } from 'typebox';
import { TIMESTAMP_PATTERN } from '../../domain/timestamp-input.js';
import { PROBLEM_CODES } from '../problem.js';

const PRIMITIVE_TYPES = new Set(['string', 'integer', 'number', 'boolean']);

/**
 * `T` or null. A plain value is written as `type: [T, "null"]` rather than `anyOf`: the serializer
 * checks an `anyOf` branch by running a validator on the value (formats included) for every field of
 * every answer, while a type list is one typeof (docs/benchmarks.md, "Profile findings"). Both mean
 * the same to JSON Schema and OpenAPI 3.1; objects, enums and constants keep `anyOf`.
 */
export const Nullable = <T extends TSchema>(schema: T): TUnion<[T, TNull]> => {
  const plain = schema as Record<string, unknown>;
  const type = plain.type;
  if (typeof type === 'string' && PRIMITIVE_TYPES.has(type) && !('enum' in plain) && !('const' in plain))
    return Type.Unsafe({ ...plain, type: [type, 'null'] }) as unknown as TUnion<[T, TNull]>;
  return Type.Union([schema, Type.Null()]);
};

/** A timestamp the API answers with: always `2026-02-11T15:25:00.000Z`, UTC with milliseconds. */
export const Timestamp = Type.String({ format: 'date-time', examples: ['2026-02-11T15:25:00.000Z'] });

/**
 * A timestamp a caller sends: any RFC 3339 spelling within years 0000 to 9999 in UTC, exactly as the
 * pattern says (domain/timestamp-input.ts; docs/api.md, "Timestamps"). Read it with parseTimestamp.
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

/** 204 No Content, for calls that answer with nothing. */
export const NoContent = { 204: Type.Null({ description: 'No content.' }) };

/** RFC 9457 problem body (docs/api.md, "Errors"). */
export const ProblemSchema = Type.Object(
  {
    type: Type.String({ examples: ['about:blank'] }),
    title: Type.String({ examples: ['Not Found'] }),
    status: Type.Integer({ examples: [404] }),
    code: Type.Enum(PROBLEM_CODES, {
      description: 'Stable, machine-readable error code (docs/api.md, "Errors").',
      examples: ['pin_not_found'],
    }),
    detail: Type.String({ description: 'What happened and what to do next, for people.' }),
  },
  { $id: 'Problem', description: 'An error, as application/problem+json.' },
);

/**
 * A problem response as it is sent: `application/problem+json`, the shared `Problem` schema (added
 * to the app by app.ts, so the document has it once under components and refers to it).
 */
export const ProblemResponse = {
  description: 'An error, as application/problem+json (docs/api.md, "Errors").',
  content: { 'application/problem+json': { schema: Type.Ref('Problem') } },
};

/** A server-sent event stream's answer as it is sent: text/event-stream, not JSON. */
export function EventStream(description: string) {
  return { description, content: { 'text/event-stream': { schema: Type.String({ description }) } } };
}

/** Problem responses for the given statuses, for route schemas (serialization and OpenAPI). */
export function problemResponses(...statuses: number[]): Record<number, typeof ProblemResponse> {
  return Object.fromEntries(statuses.map((s) => [s, ProblemResponse]));
}

/** The errors every keyed /v1 endpoint can answer with before its own checks. */
export const KEYED_ERRORS = [401, 403, 429] as const;

import { Type } from 'typebox';
import { PROBLEM_CODES } from '../problem.js';

/**
 * `T` or null (written `type: [T, "null"]` for a plain value, which the serializer checks faster than
 * an `anyOf`: docs/benchmarks.md, "Profile findings"), and a timestamp a caller sends (any RFC 3339
 * spelling, docs/api.md, "Timestamps"; read it with parseTimestamp). Both are held in packages/evidence,
 * whose schema needs them without server code, so the whole API writes them one way.
 */
export { Nullable, TimestampInput } from '@scanpin/evidence/schema';

/** A timestamp the API answers with: always `2026-02-11T15:25:00.000Z`, UTC with milliseconds. */
export const Timestamp = Type.String({ format: 'date-time', examples: ['2026-02-11T15:25:00.000Z'] });

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

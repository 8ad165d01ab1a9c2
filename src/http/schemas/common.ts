import { type TSchema, Type } from 'typebox';

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const Timestamp = Type.String({ format: 'date-time', examples: ['2026-02-11T15:25:00.000Z'] });

/** 204 No Content, for calls that answer with nothing. */
export const NoContent = { 204: Type.Null({ description: 'No content.' }) };

/** RFC 9457 problem body (docs/api.md, "Errors"). */
export const ProblemSchema = Type.Object(
  {
    type: Type.String({ examples: ['about:blank'] }),
    title: Type.String({ examples: ['Not Found'] }),
    status: Type.Integer({ examples: [404] }),
    code: Type.String({ description: 'Stable, machine-readable error code.', examples: ['pin_not_found'] }),
    detail: Type.String({ description: 'What happened and what to do next, for people.' }),
  },
  { $id: 'Problem', description: 'An error, as application/problem+json.' },
);

/** Problem responses for the given statuses, for route schemas (serialization and OpenAPI). */
export function problemResponses(...statuses: number[]): Record<number, typeof ProblemSchema> {
  return Object.fromEntries(statuses.map((s) => [s, ProblemSchema]));
}

/** The errors every keyed /v1 endpoint can answer with before its own checks. */
export const KEYED_ERRORS = [401, 403, 429] as const;

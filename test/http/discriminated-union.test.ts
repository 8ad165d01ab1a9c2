import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { buildSerializerOnce } from '../../src/http/plugins/compiled-schemas.js';
import { discriminatorOf } from '../../src/http/plugins/discriminated-union.js';
import { PinResultsResponse } from '../../src/http/routes/pins/schemas.js';
import { LookupResponse, RiskScoreResponse } from '../../src/http/routes/players/schemas.js';

const route = (schema: unknown) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as never;
const plain = SerializerSelector()(undefined, undefined);
const ours = buildSerializerOnce(undefined, undefined);

describe('unions told apart by one property are serialized branch by branch', () => {
  it('finds the property of the published unions', () => {
    expect(discriminatorOf(RiskScoreResponse)?.property).toBe('found');
    expect(discriminatorOf(LookupResponse)?.property).toBe('found');
    expect(discriminatorOf(PinResultsResponse)).toEqual({
      property: 'status',
      values: [['finished'], ['pending', 'scanning', 'expired', 'error']],
    });
  });

  it('leaves unions alone whose branches share a value or do not require the property', () => {
    const shared = Type.Union([
      Type.Object({ kind: Type.Enum(['a', 'b']), x: Type.Integer() }),
      Type.Object({ kind: Type.Enum(['b', 'c']), y: Type.Integer() }),
    ]);
    const optional = Type.Union([
      Type.Object({ kind: Type.Optional(Type.Literal('a')) }),
      Type.Object({ kind: Type.Literal('b') }),
    ]);
    expect(discriminatorOf(shared)).toBeUndefined();
    expect(discriminatorOf(optional)).toBeUndefined();
    expect(discriminatorOf(Type.Object({ found: Type.Literal(true) }))).toBeUndefined();
  });

  it('writes the same JSON as the whole union does, and refuses what no branch allows', () => {
    const schema = Type.Union([
      Type.Object({ found: Type.Literal(true), at: Type.String({ format: 'date-time' }), n: Type.Integer() }),
      Type.Object({ found: Type.Literal(false), message: Type.String() }),
    ]);
    const whole = plain(route(schema));
    const branched = ours(route(schema));
    for (const doc of [
      { found: true, at: '2026-02-11T15:25:00.000Z', n: 3, extra: 'dropped' },
      { found: false, message: 'No scans', n: 4 },
    ]) {
      expect(branched(doc)).toBe(whole(doc));
    }
    // The branch's own function: the date-time format is not checked again on every answer.
    const lenient = { found: true, at: 'not a time', n: 1 };
    expect(JSON.parse(branched(lenient))).toEqual(lenient);
    expect(() => branched({ found: 'maybe' })).toThrow();
  });
});

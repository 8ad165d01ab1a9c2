import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import formatsModule from 'ajv-formats/dist/formats.js';
import type { FastifyInstance } from 'fastify';
import { problems } from '../problem.js';

// ajv-formats is CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const { fullFormats } = formatsModule as unknown as { fullFormats: Record<string, unknown> };

const STRICT_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;

/** The latest instant the API accepts; later ones do not survive a round trip through ISO 8601. */
export const MAX_TIMESTAMP_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * RFC 3339 date-time as ajv-formats checks it, and also one that JavaScript can represent: a leap
 * second (…T23:59:60Z) parses to NaN and an offset can push year 9999 past what we store or print.
 */
function addStrictDateTime(ajv: Ajv): Ajv {
  const rfc3339 = fullFormats['date-time'] as { validate: (s: string) => boolean };
  return ajv.addFormat('date-time', {
    type: 'string',
    validate: (value: string) => {
      // Only the common form: JavaScript's parser reads other RFC 3339 spellings inconsistently.
      if (!STRICT_DATE_TIME.test(value) || !rfc3339.validate(value)) return false;
      const ms = Date.parse(value);
      return Number.isFinite(ms) && ms >= 0 && ms <= MAX_TIMESTAMP_MS;
    },
  });
}

/**
 * Two validators instead of Fastify's default one:
 * - bodies are validated as sent: no type coercion ("true" is not a boolean) and unknown fields are
 *   refused rather than silently dropped, with every error collected so the detail can name them all;
 * - params and querystrings are coerced, since everything in a URL is a string.
 */
export function installValidators(app: FastifyInstance): void {
  const common = { strict: false, useDefaults: true, removeAdditional: false } as const;
  const bodyAjv = addStrictDateTime(addFormats(new Ajv({ ...common, coerceTypes: false, allErrors: true })));
  const urlAjv = addStrictDateTime(addFormats(new Ajv({ ...common, coerceTypes: true, allErrors: false })));
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? bodyAjv : urlAjv).compile(schema as object),
  );
  // PostgreSQL text cannot hold U+0000; refusing it up front keeps bad input from becoming a 500.
  // A callback hook, not an async one: it runs on every request, and a promise per hook shows in the
  // profile of a status poll (docs/benchmarks.md, "Profile findings").
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body !== undefined && containsNul(request.body)) {
      return done(
        problems.invalidBody('Invalid request body: text must not contain the NUL character (\\u0000).'),
      );
    }
    done();
  });
}

/** True when any string or object key in a parsed JSON value contains U+0000 (iterative: no depth limit). */
function containsNul(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, v] of Object.entries(value)) {
        if (key.includes('\u0000')) return true;
        stack.push(v);
      }
    }
  }
  return false;
}

/**
 * A nullable field is `anyOf: [T, null]`, so a bad value fails both branches and ajv reports the
 * real fault plus "must be null" and "must match a schema in anyOf". Keep only the real fault.
 */
function withoutNullableNoise(errors: readonly ErrorObject[]): readonly ErrorObject[] {
  const isNoise = (e: ErrorObject) =>
    e.keyword === 'anyOf' || (e.keyword === 'type' && e.params.type === 'null');
  const realFaultAt = new Set(errors.filter((e) => !isNoise(e)).map((e) => e.instancePath));
  return errors.filter((e) => !(isNoise(e) && realFaultAt.has(e.instancePath)));
}

/** One sentence per schema error, naming the field the way the caller wrote it. */
export function describeValidationErrors(errors: readonly ErrorObject[], part: string): string {
  const parts = withoutNullableNoise(errors).map((e) => {
    const where = e.instancePath ? `${part}${e.instancePath.replaceAll('/', '.')}` : part;
    const field = where.replace(/^body\./, '');
    switch (e.keyword) {
      case 'additionalProperties':
        return `${part === 'body' ? 'unknown field' : `unknown ${part} field`} '${String(e.params.additionalProperty)}'${e.instancePath ? ` in ${field}` : ''}`;
      case 'required':
        return `${e.instancePath ? `${field}.` : ''}${String(e.params.missingProperty)} is required`;
      case 'type':
        return e.instancePath === '' && part === 'body'
          ? 'the body must be a JSON object sent with Content-Type: application/json'
          : `${field} must be of type ${String(e.params.type).split(',').join(' or ')}`;
      case 'format':
        return e.params.format === 'date-time'
          ? `${field} must be an ISO 8601 timestamp such as 2026-02-11T15:25:00.000Z, between 1970 and 9999`
          : `${field} must be a valid ${String(e.params.format)}`;
      case 'enum':
        return `${field} must be one of: ${(e.params.allowedValues as unknown[]).join(', ')}`;
      case 'maxLength':
        return `${field} must be at most ${String(e.params.limit)} characters`;
      case 'minLength':
        return `${field} must be at least ${String(e.params.limit)} character${e.params.limit === 1 ? '' : 's'}`;
      case 'maxItems':
        return `${field} must have at most ${String(e.params.limit)} entries`;
      case 'minItems':
        return `${field} must have at least ${String(e.params.limit)} entr${e.params.limit === 1 ? 'y' : 'ies'}`;
      default:
        return `${field} ${e.message ?? 'is invalid'}`;
    }
  });
  const unique = [...new Set(parts)];
  const text = unique.slice(0, 5).join('; ');
  return `Invalid request ${part}: ${text}${unique.length > 5 ? `; and ${unique.length - 5} more` : ''}.`;
}

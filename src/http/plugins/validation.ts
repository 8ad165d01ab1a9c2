import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Top-level body fields whose text may hold U+0000 (set from the schema by the onRoute below). */
    nulAllowedIn?: ReadonlySet<string>;
  }
}

/**
 * Marks a body text that may hold U+0000 because it is never stored as text: hardware IDs, which
 * firmware reports with a trailing NUL (`Default string\0`) and which are kept only as keyed hashes,
 * after the placeholder rule has seen them as sent (docs/risk-score.md, "Placeholders and hubs").
 * Honoured on top-level body fields (a string, or an array of strings); an OpenAPI extension, so
 * the document says it too.
 */
export const NUL_ALLOWED = 'x-nul-allowed';

import { parseTimestamp, TIMESTAMP_PATTERN } from '../../domain/timestamp-input.js';
import { problems } from '../problem.js';
import { compiledOnce } from './compiled-schemas.js';

// ajv-formats is CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/**
 * `date-time` is what the API takes (domain/timestamp-input.ts): every RFC 3339 spelling, within the
 * years it can write back. Routes read such values with `parseTimestamp`, not Date.parse, which
 * knows no leap second.
 */
function addTimestampFormat(ajv: Ajv): Ajv {
  return ajv.addFormat('date-time', {
    type: 'string',
    validate: (value: string) => parseTimestamp(value) !== undefined,
  });
}

const TIMESTAMP_RULE =
  'must be an RFC 3339 timestamp such as 2026-02-11T15:25:00.000Z, within the years 0000 to 9999 in UTC';

const common = { strict: false, useDefaults: true, removeAdditional: false } as const;
const bodyAjv = addTimestampFormat(addFormats(new Ajv({ ...common, coerceTypes: false, allErrors: true })));
const urlAjv = addTimestampFormat(addFormats(new Ajv({ ...common, coerceTypes: true, allErrors: false })));
// One set per process, each schema compiled once (http/plugins/compiled-schemas.ts says why).
const bodyValidators = new Map<string, ReturnType<Ajv['compile']>>();
const urlValidators = new Map<string, ReturnType<Ajv['compile']>>();

/**
 * Two validators instead of Fastify's default one:
 * - bodies are validated as sent: no type coercion ("true" is not a boolean) and unknown fields are
 *   refused rather than silently dropped, with every error collected so the detail can name them all;
 * - params and querystrings are coerced, since everything in a URL is a string.
 */
export function installValidators(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) =>
    httpPart === 'body'
      ? compiledOnce(bodyValidators, schema, () => bodyAjv.compile(schema as object))
      : compiledOnce(urlValidators, schema, () => urlAjv.compile(schema as object)),
  );
  // PostgreSQL text cannot hold U+0000; refusing it up front keeps bad input from becoming a 500.
  // A callback hook, not an async one: it runs on every request, and a promise per hook shows in the
  // profile of a status poll (docs/benchmarks.md, "Profile findings").
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body !== undefined && containsNul(request.body, request.routeOptions.config.nulAllowedIn)) {
      return done(
        problems.invalidBody('Invalid request body: text must not contain the NUL character (\\u0000).'),
      );
    }
    done();
  });
  // ...and the document says so on every text a body carries (docs/api.md, "Text"), so a client
  // that generates values from /openapi.json never sends one. Before the routes, like every onRoute.
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { body?: unknown } | undefined;
    if (schema?.body === undefined) return;
    route.schema = { ...schema, body: withoutNul(schema.body) } as typeof route.schema;
    const allowed = nulAllowedFields(schema.body);
    if (allowed.size > 0) route.config = { ...route.config, nulAllowedIn: allowed };
  });
}

/** Text without U+0000, as a JSON Schema pattern. */
export const NO_NUL_PATTERN = '^[^\\u0000]*$';

const SUBSCHEMA = new Set(['items', 'additionalProperties', 'anyOf', 'oneOf', 'allOf', 'not', 'prefixItems']);
const SUBSCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs']);

/**
 * A copy of a body schema in which every string that has no pattern, format or fixed values of its
 * own takes NO_NUL_PATTERN, and every object that takes keys it does not name refuses NUL in them:
 * what the preValidation hook above refuses, written where a client reads it. A string with its own
 * pattern keeps it (test/fuzz/documented-input.test.ts sends whatever such a pattern allows).
 */
export function withoutNul(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutNul);
  if (typeof schema !== 'object' || schema === null) return schema;
  const s = schema as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(s)) {
    if (SUBSCHEMA.has(key)) out[key] = withoutNul(value);
    else if (SUBSCHEMA_MAPS.has(key) && typeof value === 'object' && value !== null) {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutNul(v)]));
    } else out[key] = value;
  }
  const types = Array.isArray(s.type) ? s.type : [s.type];
  const fixed =
    s[NUL_ALLOWED] === true ||
    s.pattern !== undefined ||
    s.format !== undefined ||
    s.enum !== undefined ||
    s.const !== undefined;
  if (types.includes('string') && !fixed) out.pattern = NO_NUL_PATTERN;
  if (types.includes('object') && s.additionalProperties !== false && s.propertyNames === undefined) {
    out.propertyNames = { pattern: NO_NUL_PATTERN };
  }
  return out;
}

/** The top-level properties of a body schema whose text (or array of texts) is marked NUL_ALLOWED. */
function nulAllowedFields(body: unknown): ReadonlySet<string> {
  const properties = (body as { properties?: Record<string, Record<string, unknown>> }).properties ?? {};
  const marked = (s: Record<string, unknown> | undefined) => s?.[NUL_ALLOWED] === true;
  return new Set(
    Object.entries(properties)
      .filter(([, s]) => marked(s) || marked(s.items as Record<string, unknown> | undefined))
      .map(([name]) => name),
  );
}

/**
 * True when any string or object key in a parsed JSON value contains U+0000 (iterative: no depth
 * limit), leaving out the top-level fields in `allowed`.
 */
function containsNul(root: unknown, allowed?: ReadonlySet<string>): boolean {
  if (allowed !== undefined && typeof root === 'object' && root !== null && !Array.isArray(root)) {
    const rest = Object.entries(root).filter(([key]) => !allowed.has(key));
    return rest.some(([key]) => key.includes('\u0000')) || containsNul(rest.map(([, v]) => v));
  }
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
          ? `${field} ${TIMESTAMP_RULE}`
          : `${field} must be a valid ${String(e.params.format)}`;
      case 'pattern':
        // A timestamp's pattern says what its format says (domain/timestamp-input.ts).
        return e.params.pattern === TIMESTAMP_PATTERN
          ? `${field} ${TIMESTAMP_RULE}`
          : `${field} ${e.message ?? 'is invalid'}`;
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

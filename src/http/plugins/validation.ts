import type { Ajv } from 'ajv';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Top-level body fields whose text may hold U+0000 (set from the schema by the onRoute below). */
    nulAllowedIn?: ReadonlySet<string>;
  }
}

/**
 * Marks a body text, or a whole body, that may hold U+0000 because it is never stored as sent:
 * hardware IDs, which firmware reports with a trailing NUL (`Default string\0`) and which are kept
 * only as keyed hashes, after the placeholder rule has seen them as sent (docs/risk-score.md,
 * "Placeholders and hubs"); and the scanner's evidence document, whose control characters are stored
 * escaped (docs/scan-client.md, "Control characters"). Honoured on top-level body fields (a string,
 * or an array of strings) and on a body's root, where it covers every text of the body; an OpenAPI
 * extension, so the document says it too.
 */
export const NUL_ALLOWED = 'x-nul-allowed';

import {
  type BodyValidator,
  bodyValidator,
  createBodyAjv,
  createUrlAjv,
} from '../../lib/json-schema-validators.js';
import { containsNul } from '../../lib/json-values.js';
import { problems } from '../problem.js';
import { compiledOnce } from './compiled-schemas.js';

const bodyAjv = createBodyAjv();
const urlAjv = createUrlAjv();
// One set per process, each schema compiled once (http/plugins/compiled-schemas.ts says why).
const bodyValidators = new Map<string, BodyValidator>();
const urlValidators = new Map<string, ReturnType<Ajv['compile']>>();

/**
 * Two validators instead of Fastify's default one:
 * - bodies are validated as sent: no type coercion ("true" is not a boolean) and unknown fields are
 *   refused rather than silently dropped, with every error collected so the detail can name them all
 *   (for a body of a few thousand values at most: past that, the first error, lib/json-schema-validators.ts);
 * - params and querystrings are coerced, since everything in a URL is a string.
 */
export function installValidators(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) =>
    httpPart === 'body'
      ? compiledOnce(bodyValidators, schema, () => bodyValidator(schema as object, bodyAjv))
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
  // A marked object or array allows NUL in everything it holds.
  if (s[NUL_ALLOWED] === true) return s;
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

/**
 * The top-level properties of a body schema whose text (or array of texts) is marked NUL_ALLOWED;
 * all of them when the body itself is marked.
 */
function nulAllowedFields(body: unknown): ReadonlySet<string> {
  const properties = (body as { properties?: Record<string, Record<string, unknown>> }).properties ?? {};
  const marked = (s: Record<string, unknown> | undefined) => s?.[NUL_ALLOWED] === true;
  const whole = marked(body as Record<string, unknown>);
  return new Set(
    Object.entries(properties)
      .filter(([, s]) => whole || marked(s) || marked(s.items as Record<string, unknown> | undefined))
      .map(([name]) => name),
  );
}

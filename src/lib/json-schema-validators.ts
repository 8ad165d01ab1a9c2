import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { parseTimestamp } from '../domain/timestamp-input.js';

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

const common = { strict: false, useDefaults: true, removeAdditional: false } as const;

/**
 * Bodies are validated as sent: no type coercion ("true" is not a boolean), unknown fields refused
 * rather than dropped, every error collected so the detail can name them all (`allErrors: false`
 * stops at the first, for a body whose every item could fail). The HTTP validators
 * (http/plugins/validation.ts) and the evidence intake worker use the same settings.
 */
export function createBodyAjv(options: { allErrors?: boolean } = {}): Ajv {
  const allErrors = options.allErrors ?? true;
  return addTimestampFormat(addFormats(new Ajv({ ...common, coerceTypes: false, allErrors })));
}

/** Params and querystrings are coerced, since everything in a URL is a string. */
export function createUrlAjv(): Ajv {
  return addTimestampFormat(addFormats(new Ajv({ ...common, coerceTypes: true, allErrors: false })));
}

/** A body validator as Fastify and the intake workers call it: true, or false with `errors` set. */
export type BodyValidator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/**
 * Every error is named only for a small body: validating a body of 40,000 bad items with
 * `allErrors` makes 40,000 errors and takes a few hundred milliseconds, on the event loop for most
 * routes. Past this many values the body is refused at its first error (docs/security.md).
 */
export const NAME_ALL_ERRORS_MAX_VALUES = 2_000;

const firstErrorAjv = createBodyAjv({ allErrors: false });

/** Whether a parsed JSON value holds at most `limit` values (stops counting past it). */
function valuesAtMost(root: unknown, limit: number): boolean {
  const stack: unknown[] = [root];
  let seen = 0;
  while (stack.length > 0) {
    if (++seen > limit) return false;
    const value = stack.pop();
    if (Array.isArray(value)) for (const item of value) stack.push(item);
    else if (typeof value === 'object' && value !== null)
      for (const child of Object.values(value)) stack.push(child);
  }
  return true;
}

/**
 * A body schema compiled twice (each once per process and schema text, through `compiled`): the
 * first-error validator decides; on a refusal, a small body is validated again with `all` so the
 * detail can name every error.
 */
export function bodyValidator(schema: object, all: Ajv = createBodyAjv()): BodyValidator {
  const first = firstErrorAjv.compile(schema);
  const every = all.compile(schema);
  const validate: BodyValidator = (data) => {
    if (first(data)) {
      validate.errors = null;
      return true;
    }
    validate.errors =
      valuesAtMost(data, NAME_ALL_ERRORS_MAX_VALUES) && !every(data)
        ? (every.errors ?? null)
        : (first.errors ?? null);
    return false;
  };
  return validate;
}

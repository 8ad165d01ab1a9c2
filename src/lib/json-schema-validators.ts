import { Ajv } from 'ajv';
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

import type { ErrorObject } from 'ajv';
import { MODERATION_TEXT_PATTERN } from '../domain/moderation.js';
import { plural } from '../domain/plural.js';
import { TIMESTAMP_PATTERN } from '../domain/timestamp-input.js';

/**
 * Schema errors in words a caller can act on (docs/api.md, "Errors"): the HTTP validators and the
 * evidence intake worker say them the same way.
 */

const MODERATION_TEXT_RULE =
  'must hold something other than white space, and no control characters but tab and line breaks';

const TIMESTAMP_RULE =
  'must be an RFC 3339 timestamp such as 2026-02-11T15:25:00.000Z, within the years 0000 to 9999 in UTC';

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
  // Five are named; the words for the first fifty suffice to find them, whatever the body held.
  const parts = withoutNullableNoise(errors.slice(0, 50)).map((e) => {
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
        if (e.params.pattern === TIMESTAMP_PATTERN) return `${field} ${TIMESTAMP_RULE}`;
        // A ban's reason or a note (domain/moderation.ts): the rule in words, not the expression.
        if (e.params.pattern === MODERATION_TEXT_PATTERN) return `${field} ${MODERATION_TEXT_RULE}`;
        return `${field} ${e.message ?? 'is invalid'}`;
      case 'enum':
        return `${field} must be one of: ${(e.params.allowedValues as unknown[]).join(', ')}`;
      case 'maxLength':
        return `${field} must be at most ${plural(Number(e.params.limit), 'character')}`;
      case 'minLength':
        return `${field} must be at least ${plural(Number(e.params.limit), 'character')}`;
      case 'maxItems':
        return `${field} must have at most ${plural(Number(e.params.limit), 'entry', 'entries')}`;
      case 'minItems':
        return `${field} must have at least ${plural(Number(e.params.limit), 'entry', 'entries')}`;
      default:
        return `${field} ${e.message ?? 'is invalid'}`;
    }
  });
  const unique = [...new Set(parts)];
  const text = unique.slice(0, 5).join('; ');
  const more = unique.length - 5 + Math.max(0, errors.length - 50);
  return `Invalid request ${part}: ${text}${more > 0 ? `; and ${more} more` : ''}.`;
}

import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { problems } from '../problem.js';

// ajv-formats is CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/**
 * Two validators instead of Fastify's default one:
 * - bodies are validated as sent: no type coercion ("true" is not a boolean) and unknown fields are
 *   refused rather than silently dropped, with every error collected so the detail can name them all;
 * - params and querystrings are coerced, since everything in a URL is a string.
 */
export function installValidators(app: FastifyInstance): void {
  const common = { strict: false, useDefaults: true, removeAdditional: false } as const;
  const bodyAjv = addFormats(new Ajv({ ...common, coerceTypes: false, allErrors: true }));
  const urlAjv = addFormats(new Ajv({ ...common, coerceTypes: true, allErrors: false }));
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? bodyAjv : urlAjv).compile(schema as object),
  );
  // PostgreSQL text cannot hold U+0000; refusing it up front keeps bad input from becoming a 500.
  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined && containsNul(request.body)) {
      throw problems.invalidBody('Invalid request body: text must not contain the NUL character (\\u0000).');
    }
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

/** One sentence per schema error, naming the field the way the caller wrote it. */
export function describeValidationErrors(errors: readonly ErrorObject[], part: string): string {
  const parts = errors.map((e) => {
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
          : `${field} must be of type ${String(e.params.type)}`;
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

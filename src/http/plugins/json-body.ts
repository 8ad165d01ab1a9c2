import type { FastifyInstance } from 'fastify';
import { nestsDeeperThan } from '../../lib/json-nesting.js';
import { hasPrototypeKey } from '../../lib/json-values.js';
import { problems } from '../problem.js';

/**
 * The deepest any JSON body of this API nests: every schema is far shallower. Deeper text is refused
 * before it is parsed (docs/security.md, "Body limits"): `JSON.parse` of a body made of nested `[`
 * costs far more than its bytes, on the event loop.
 */
export const JSON_MAX_NESTING = 32;

/**
 * The JSON body parser, so each refusal says what is really wrong: Fastify's own reports a body
 * with a `__proto__` key, which is valid JSON, as "not valid JSON". Large bodies (the scanner's
 * report and evidence) are not parsed here but in the evidence intake's workers (routes/scanner/).
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    const decoded = decodeJsonBody(body as Buffer);
    if ('refused' in decoded) done(decoded.refused);
    else done(null, decoded.value);
  });
}

/** A JSON body's bytes decoded as every JSON route decodes them, or the problem that refuses them. */
export function decodeJsonBody(bytes: Buffer): { value: unknown } | { refused: Error } {
  if (bytes.length === 0) return { refused: problems.invalidBody('The body is empty. Send a JSON object.') };
  if (nestsDeeperThan(bytes, JSON_MAX_NESTING))
    return {
      refused: problems.invalidBody(`Invalid request body: it nests deeper than ${JSON_MAX_NESTING} levels.`),
    };
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    return { refused: problems.invalidBody('The body is not valid JSON.') };
  }
  if (hasPrototypeKey(value)) {
    return {
      refused: problems.invalidBody(
        'Invalid request body: keys named __proto__, or constructor holding prototype, are not accepted.',
      ),
    };
  }
  return { value };
}

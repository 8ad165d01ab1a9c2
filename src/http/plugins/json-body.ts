import type { FastifyInstance } from 'fastify';
import { hasPrototypeKey } from '../../lib/json-values.js';
import { problems } from '../problem.js';

/**
 * The JSON body parser, so each refusal says what is really wrong: Fastify's own reports a body
 * with a `__proto__` key, which is valid JSON, as "not valid JSON".
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.length === 0) return done(problems.invalidBody('The body is empty. Send a JSON object.'));
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return done(problems.invalidBody('The body is not valid JSON.'));
    }
    if (hasPrototypeKey(value)) {
      return done(
        problems.invalidBody(
          'Invalid request body: keys named __proto__, or constructor holding prototype, are not accepted.',
        ),
      );
    }
    done(null, value);
  });
}

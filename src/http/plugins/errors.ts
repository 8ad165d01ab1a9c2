import type { ErrorObject } from 'ajv';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UseCaseFailure } from '../../application/failures.js';
import { storeFailureOf } from '../../application/store-faults.js';
import { describeValidationErrors } from '../../lib/validation-errors.js';
import { Problem, problemFor, problems } from '../problem.js';
import { problemResponses } from '../schemas/common.js';

/** Lets a route turn schema errors of one part into its own problem (e.g. invalid_pin_code). */
export type ValidationMapper = (
  part: 'body' | 'params' | 'querystring' | 'headers',
  errors: readonly ErrorObject[],
) => Problem | undefined;

declare module 'fastify' {
  interface FastifyContextConfig {
    mapValidation?: ValidationMapper;
  }
}

export function sendProblem(reply: FastifyReply, problem: Problem): FastifyReply {
  for (const [name, value] of Object.entries(problem.headers)) reply.header(name, value);
  return reply.code(problem.status).type('application/problem+json').send(problem.toBody());
}

function toProblem(error: FastifyError, request: FastifyRequest, bodyLimit: number): Problem {
  if (error instanceof Problem) return error;
  if (error instanceof UseCaseFailure) return problemFor(error.failure);
  // The store failing (PostgreSQL gone, disk full) is a retryable 503, not a bug: docs/operations.md.
  const storeFailure = storeFailureOf(error);
  if (storeFailure !== null) return problemFor(storeFailure);
  if (error.validation) {
    const part = (error.validationContext ?? 'body') as 'body' | 'params' | 'querystring' | 'headers';
    const errors = error.validation as ErrorObject[];
    const mapped = request.routeOptions.config.mapValidation?.(part, errors);
    if (mapped) return mapped;
    const detail = describeValidationErrors(errors, part);
    return part === 'body' ? problems.invalidBody(detail) : problems.invalidParameter(detail);
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return problems.payloadTooLarge(request.routeOptions.bodyLimit ?? bodyLimit);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return problems.invalidBody('The body must be JSON, sent with Content-Type: application/json.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return problems.invalidBody('The body is empty. Send a JSON object.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return problems.invalidBody('The body is not valid JSON.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return problems.invalidBody('Content-Length does not match the body that was sent.');
  }
  // The JSON parser's own failures surface as a SyntaxError; only those mean "not JSON".
  if (error instanceof SyntaxError) return problems.invalidBody('The body is not valid JSON.');
  // Anything else the framework refused (a malformed header, say) is named as the framework saw it;
  // its messages describe the request, never the server.
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return problems.badRequest(error.statusCode, error.message);
  }
  return problems.internal();
}

/**
 * Fastify's `frameworkErrors` option: failures found before routing (a URL that is not valid
 * percent-encoding) would otherwise get Fastify's own JSON body without an x-request-id.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  reply.header('x-request-id', request.id);
  // The router refuses a path segment over maxParamLength (app.ts) before any route can validate it.
  const problem =
    error.code === 'FST_ERR_BAD_URL'
      ? problems.invalidUrl()
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? problems.badRequest(414, 'a path segment is longer than 16384 characters.')
        : problems.internal();
  if (problem.status >= 500) request.log.error({ err: error }, 'request failed');
  return sendProblem(reply, problem);
}

/**
 * What any route may answer whatever it does (docs/api.md, "Errors"): 500 internal_error (a bug) and
 * 503 service_unavailable (shutting down, or the database unreachable). Added to every documented
 * route's responses, so /openapi.json says so and clients expect a problem body there too.
 */
const ANY_ROUTE_PROBLEMS = problemResponses(500, 503);
/**
 * Fastify reads a JSON body on these methods even where the route takes none, so a body sent anyway
 * can be refused: 400 invalid_body (not JSON, a wrong Content-Length) or 413 payload_too_large.
 */
const BODY_METHOD_PROBLEMS = problemResponses(400, 413);
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every failure becomes a problem+json body; 5xx are logged as bugs, never explained to callers. */
export function installErrorHandling(app: FastifyInstance, bodyLimit: number): void {
  // Before the routes: onRoute sees only routes added after it.
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { hide?: boolean; response?: Record<string, unknown> } | undefined;
    if (schema?.response === undefined || schema.hide === true) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const bodyProblems = methods.some((m) => BODY_METHODS.has(m)) ? BODY_METHOD_PROBLEMS : {};
    route.schema = {
      ...schema,
      response: { ...ANY_ROUTE_PROBLEMS, ...bodyProblems, ...schema.response },
    } as typeof route.schema;
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const problem = toProblem(error, request, bodyLimit);
    if (problem.code === 'service_unavailable') {
      // Expected while the store is down; one warning per request, without the driver's message
      // (it may name hosts or paths).
      request.log.warn({ storeFault: storeFailureOf(error) }, 'store unavailable; answered 503');
    } else if (problem.status >= 500) request.log.error({ err: error }, 'request failed');
    return sendProblem(reply, problem);
  });
  app.setNotFoundHandler((request, reply) => {
    const allowed = methodsAt(app, request.url);
    // A route of this very method that found nothing (a missing asset) is a 404 like any other.
    if (allowed.length === 0 || allowed.includes(request.method)) {
      return sendProblem(reply, problems.routeNotFound(request.method, request.url));
    }
    return sendProblem(reply, problems.methodNotAllowed(request.method, request.url, allowed));
  });
}

/** The methods a route can have here; HEAD comes with every GET (Fastify's exposeHeadRoutes). */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * The methods some route answers at this URL: a known path asked with another method is a 405 with
 * those in `Allow` (RFC 9110, section 15.5.6), not a 404 (docs/api.md, "Errors").
 */
function methodsAt(app: FastifyInstance, url: string): string[] {
  try {
    return METHODS.filter((method) => app.findRoute({ method, url }) !== null);
  } catch {
    // A URL the router cannot read is nobody's path.
    return [];
  }
}

import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The contract check (docs/api.md, "The OpenAPI document"): every answer an app built by the test
 * support sends is held against that app's own /openapi.json. The operation is found by method and
 * route template; its documented responses must name the status, the declared headers must be there
 * and well-formed, and the body must match the schema of that status and content type.
 *
 * Not checked, on purpose:
 * - routes the document hides (`schema.hide`): the dashboard's HTML pages and assets, the sign-in and
 *   share-link pages, the Discord sign-in redirects, and /openapi.json itself;
 * - failures Fastify answers before routing and before any hook (`frameworkErrors`, a URL that is
 *   not valid percent-encoding): no hook sees them; test/http/errors.test.ts checks their shape;
 * - the body of a text/event-stream (it is a stream of events, not a document); its status and
 *   headers are checked;
 * - the body of a HEAD answer (there is none); its status and headers are checked as the GET's.
 * Answers to paths no route matches (404 route_not_found) have no operation: they must be a Problem.
 */

// ajv-formats is CommonJS; its default export arrives wrapped under ESM interop.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

type Json = Record<string, unknown>;
interface MediaType {
  schema?: Json;
}
interface HeaderObject {
  required?: boolean;
  schema?: Json;
}
interface ResponseObject {
  content?: Record<string, MediaType>;
  headers?: Record<string, HeaderObject>;
}
interface Document {
  paths?: Record<string, Record<string, { responses?: Record<string, ResponseObject> }>>;
  components?: Json;
}

/** What went wrong, one line each; the test that was running when it happened fails on them. */
const violations: string[] = [];

/** Empties and returns the violations recorded so far (test/support/contract-setup.ts asserts on them). */
export function takeContractViolations(): string[] {
  return violations.splice(0);
}

interface Compiled {
  doc: Document;
  validators: Map<string, ValidateFunction>;
  ajv: Ajv2020;
}
/** Compiled validators per document text: the many apps of a test file share one document. */
const byDocument = new Map<string, Compiled>();

const byApp = new WeakMap<FastifyInstance, Compiled>();

function compiledFor(app: FastifyInstance): Compiled {
  const known = byApp.get(app);
  if (known) return known;
  const doc = app.swagger() as unknown as Document;
  const text = JSON.stringify(doc);
  const hash = createHash('sha256').update(text).digest('hex');
  let compiled = byDocument.get(hash);
  if (!compiled) {
    // OpenAPI 3.1 schemas are JSON Schema 2020-12; OpenAPI's own keywords (example, discriminator…)
    // are annotations, hence not strict.
    const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true, validateFormats: true }));
    compiled = { doc: JSON.parse(text) as Document, validators: new Map(), ajv };
    byDocument.set(hash, compiled);
  }
  byApp.set(app, compiled);
  return compiled;
}

/** A validator for a schema of the document; its `#/components/...` references resolve in the document. */
function validatorFor(c: Compiled, key: string, schema: Json): ValidateFunction {
  let validate = c.validators.get(key);
  if (!validate) {
    validate = c.ajv.compile({ components: c.doc.components ?? {}, allOf: [schema] });
    c.validators.set(key, validate);
  }
  return validate;
}

function describeErrors(validate: ValidateFunction): string {
  return (validate.errors ?? [])
    .slice(0, 5)
    .map(
      (e) => `${e.instancePath || '/'} ${e.message ?? ''}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`,
    )
    .join('; ');
}

/** `/v1/pins/:pinCode/status` → `/v1/pins/{pinCode}/status`, as @fastify/swagger writes paths. */
function openApiPath(template: string): string {
  const trimmed = template.length > 1 ? template.replace(/\/$/, '') : template;
  return trimmed.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function mediaType(contentType: unknown): string | undefined {
  if (typeof contentType !== 'string') return undefined;
  return contentType.split(';')[0]?.trim().toLowerCase();
}

function headerValue(raw: unknown, schema: Json | undefined): unknown {
  const value = Array.isArray(raw) ? raw.join(', ') : String(raw);
  const type = schema?.type;
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  return value;
}

interface Answer {
  method: string;
  url: string;
  routeUrl: string | undefined;
  status: number;
  headers: Record<string, unknown>;
  /** undefined: not available (a stream); the text otherwise. */
  body: string | undefined;
}

function check(app: FastifyInstance, a: Answer): void {
  const url = a.url.length > 100 ? `${a.url.slice(0, 100)}…` : a.url;
  const where = `${a.method} ${url} → ${a.status}`;
  const fail = (what: string) => violations.push(`${where}: ${what}`);
  let c: Compiled;
  try {
    c = compiledFor(app);
  } catch (err) {
    fail(`the OpenAPI document could not be built: ${String(err)}`);
    return;
  }
  const type = mediaType(a.headers['content-type']);

  if (a.routeUrl === undefined) {
    // No route matched: there is no operation, but the answer is still an error of the API.
    if (type !== 'application/problem+json') fail(`content-type ${type} is not application/problem+json`);
    else checkBody(c, 'Problem', { $ref: '#/components/schemas/Problem' }, a, fail, true);
    return;
  }

  const path = openApiPath(a.routeUrl);
  const method = a.method === 'HEAD' ? 'get' : a.method.toLowerCase();
  const operation = c.doc.paths?.[path]?.[method];
  if (!operation) {
    fail(`the document has no operation ${method.toUpperCase()} ${path}`);
    return;
  }
  const responses = operation.responses ?? {};
  const response = responses[String(a.status)] ?? responses[`${String(a.status)[0]}XX`] ?? responses.default;
  if (!response) {
    fail(`status ${a.status} is not documented for ${method.toUpperCase()} ${path}`);
    return;
  }

  for (const [name, header] of Object.entries(response.headers ?? {})) {
    const raw = a.headers[name.toLowerCase()];
    if (raw === undefined) {
      if (header.required) fail(`documented header ${name} is missing`);
      continue;
    }
    if (header.schema) {
      const validate = validatorFor(c, `header ${path} ${method} ${a.status} ${name}`, header.schema);
      if (!validate(headerValue(raw, header.schema))) {
        fail(`header ${name}: ${JSON.stringify(raw)} ${describeErrors(validate)}`);
      }
    }
  }

  const content = response.content;
  // Fastify drops whatever was passed to send() for 204 and 304; nothing reaches the wire.
  const empty = a.status === 204 || a.status === 304 || a.body === '';
  if (!content || Object.keys(content).length === 0) {
    if (!empty && a.method !== 'HEAD') fail(`a body was sent but none is documented (${type})`);
    return;
  }
  if (type === undefined) {
    if (!empty) fail('a body was sent without a content-type');
    return;
  }
  const media = content[type] ?? content[`${type.split('/')[0]}/*`] ?? content['*/*'];
  if (!media) {
    fail(`content-type ${type} is not documented (documented: ${Object.keys(content).join(', ')})`);
    return;
  }
  if (a.method === 'HEAD' || a.body === undefined || !media.schema) return;
  if (type === 'application/json' || type.endsWith('+json')) {
    const problem = type === 'application/problem+json';
    checkBody(c, `body ${path} ${method} ${a.status} ${type}`, media.schema, a, fail, problem);
  }
}

function checkBody(
  c: Compiled,
  key: string,
  schema: Json,
  a: Answer,
  fail: (what: string) => void,
  problem: boolean,
): void {
  if (a.body === undefined || a.method === 'HEAD') return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(a.body);
  } catch {
    fail(`the body is not JSON: ${a.body.slice(0, 80)}`);
    return;
  }
  const validate = validatorFor(c, key, schema);
  if (!validate(parsed)) fail(`body: ${describeErrors(validate)} in ${a.body.slice(0, 300)}`);
  // A problem's own status is the answer's (RFC 9457; docs/api.md, "Errors").
  const status = (parsed as { status?: unknown } | null)?.status;
  if (problem && status !== a.status) fail(`the problem body says status ${String(status)}`);
}

/** A check that itself fails is recorded too: thrown inside a hook it would become the answer (a 500). */
function guarded(app: FastifyInstance, a: Answer): void {
  try {
    check(app, a);
  } catch (err) {
    violations.push(`${a.method} ${a.url} → ${a.status}: the check failed: ${String(err)}`);
  }
}

function payloadText(payload: unknown): string | undefined {
  if (payload === null || payload === undefined) return '';
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return undefined; // a stream
}

function hidden(request: FastifyRequest): boolean {
  return (request.routeOptions.schema as { hide?: boolean } | undefined)?.hide === true;
}

const checked = new WeakSet<FastifyRequest>();

/**
 * Installs the check on `app` (before it is ready). Called by every app the test support builds, so
 * no HTTP test can leave it out.
 */
export function installContractCheck(app: FastifyInstance): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    checked.add(request);
    if (hidden(request)) return payload;
    guarded(app, {
      method: request.method,
      url: request.url,
      routeUrl: request.routeOptions.url,
      status: reply.statusCode,
      headers: reply.getHeaders(),
      body: payloadText(payload),
    });
    return payload;
  });
  // Streams (text/event-stream) take the reply over (reply.hijack), so no onSend runs: their status
  // and headers are caught as they are written.
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const raw = reply.raw as ServerResponse;
    const writeHead = raw.writeHead.bind(raw) as (...args: unknown[]) => ServerResponse;
    (raw as unknown as { writeHead: (...args: unknown[]) => ServerResponse }).writeHead = (...args) => {
      if (!checked.has(request) && !hidden(request) && typeof args[0] === 'number') {
        checked.add(request);
        const headers = (args.find((x, i) => i > 0 && typeof x === 'object' && x !== null) ?? {}) as Record<
          string,
          unknown
        >;
        guarded(app, {
          method: request.method,
          url: request.url,
          routeUrl: request.routeOptions.url,
          status: args[0],
          headers: Object.fromEntries(
            Object.entries({ ...raw.getHeaders(), ...headers }).map(([k, v]) => [k.toLowerCase(), v]),
          ),
          body: undefined,
        });
      }
      return writeHead(...args);
    };
  });
}

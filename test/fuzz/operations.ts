import type { FastifyInstance } from 'fastify';

/** How an operation is reached: the security scheme /openapi.json names, or none. */
export type Auth = 'apiKey' | 'adminToken' | 'sessionCookie' | 'sessionToken' | 'none';

export type Json = Record<string, unknown>;

/** One thing to fuzz: a documented operation, or a route the document hides (pages, sign-in). */
export interface Operation {
  method: string;
  /** OpenAPI form: `/v1/pins/{pinCode}/status`. */
  path: string;
  auth: Auth;
  pathParams: string[];
  /** Each path parameter's schema, by name (empty for the hidden routes). */
  pathSchemas: Record<string, Json>;
  query: { name: string; schema: Json; required: boolean }[];
  /** The JSON body's schema, `$ref`s resolved; undefined when the operation takes no body. */
  body: Json | undefined;
  /** Answers to it may be HTML or redirects, not problems (docs/dashboard.md, "The pages"). */
  page: boolean;
  /** A text/event-stream answer: read its head only. */
  stream: boolean;
}

/**
 * Routes outside /openapi.json (`schema.hide`): the dashboard's pages, sign-in and share pages, the
 * Discord redirects, the API reference. They answer HTML, redirects or problems.
 */
const HIDDEN: readonly [string, string, Auth][] = [
  ['GET', '/', 'none'],
  ['GET', '/overview', 'none'],
  ['GET', '/pins/{code}', 'none'],
  ['GET', '/players/{discordId}', 'none'],
  ['GET', '/invite/{token}', 'none'],
  ['GET', '/sign-in', 'none'],
  ['GET', '/sign-in/{token}', 'none'],
  ['POST', '/sign-in/{token}', 'none'],
  ['GET', '/share/{token}', 'none'],
  ['GET', '/scan', 'none'],
  ['GET', '/scan/download/{file}', 'none'],
  ['GET', '/auth/discord', 'none'],
  ['GET', '/auth/discord/callback', 'none'],
  ['GET', '/docs', 'none'],
  ['GET', '/docs/json', 'none'],
  ['GET', '/openapi.json', 'none'],
  ['GET', '/favicon.svg', 'none'],
];

interface Doc {
  paths: Record<string, Record<string, OpDoc>>;
  components?: { schemas?: Record<string, Json> };
}
interface OpDoc {
  security?: Record<string, unknown>[];
  parameters?: { in: string; name: string; required?: boolean; schema?: Json }[];
  requestBody?: { content?: Record<string, { schema?: Json }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

/** Inlines `#/components/schemas/...` references so generators see plain schemas. */
function resolve(schema: unknown, doc: Doc, depth = 0): unknown {
  if (depth > 20 || typeof schema !== 'object' || schema === null) return schema;
  if (Array.isArray(schema)) return schema.map((s) => resolve(s, doc, depth + 1));
  const ref = (schema as { $ref?: string }).$ref;
  if (typeof ref === 'string') {
    const name = ref.split('/').pop() ?? '';
    return resolve(doc.components?.schemas?.[name] ?? {}, doc, depth + 1);
  }
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, resolve(v, doc, depth + 1)]));
}

/** Every operation of the app's own /openapi.json, plus the hidden routes above. */
export function operationsOf(app: FastifyInstance): Operation[] {
  const doc = JSON.parse(JSON.stringify(app.swagger())) as Doc;
  const ops: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      const scheme = Object.keys(op.security?.[0] ?? {})[0] as Auth | undefined;
      const params = op.parameters ?? [];
      const json = op.requestBody?.content?.['application/json']?.schema;
      ops.push({
        method: method.toUpperCase(),
        path,
        auth: scheme ?? 'none',
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        pathSchemas: Object.fromEntries(
          params.filter((p) => p.in === 'path').map((p) => [p.name, resolve(p.schema ?? {}, doc) as Json]),
        ),
        query: params
          .filter((p) => p.in === 'query')
          .map((p) => ({
            name: p.name,
            schema: resolve(p.schema ?? {}, doc) as Json,
            required: p.required === true,
          })),
        body: json === undefined ? undefined : (resolve(json, doc) as Json),
        page: false,
        stream: Object.values(op.responses ?? {}).some((r) => r.content?.['text/event-stream'] !== undefined),
      });
    }
  }
  for (const [method, path, auth] of HIDDEN) {
    ops.push({
      method,
      path,
      auth,
      pathParams: [...path.matchAll(/\{([A-Za-z]+)\}/g)].map((m) => m[1] ?? ''),
      pathSchemas: {},
      query: path.startsWith('/auth/discord')
        ? ['next', 'code', 'state', 'error'].map((name) => ({
            name,
            schema: { type: 'string' },
            required: false,
          }))
        : [],
      body: undefined,
      page: true,
      stream: false,
    });
  }
  return ops;
}

/** `GET /v1/pins/{pinCode}/status` → a stable label for counts. */
export function labelOf(op: Operation): string {
  return `${op.method} ${op.path}`;
}

import { STATUS_CODES } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { type ProblemCode, problemFor } from '../problem.js';
import { problemCodesOf } from './operation-problems.js';
import { problemExamples } from './problem-catalogue.js';
import { PUBLISHED_EXAMPLES } from './published-examples.js';
import { sampleOf } from './sample.js';

type Json = Record<string, unknown>;

/**
 * The sections of the reference page (/docs), in order: one OpenAPI tag each. Routes name their tag
 * in their schema; a tag not listed here still shows, after these.
 */
export const API_SECTIONS = [
  {
    name: 'Public API',
    description:
      'The five published endpoints for bots and game-server plugins: create a scan PIN, follow its status (or its event stream), read its results, read a user’s risk score and look up a scanned user. Keyed with x-api-key; every answer carries the rate-limit headers.',
  },
  {
    name: 'Scanner',
    description:
      'Called by the scanner program on the player’s machine: start a scan with the PIN, then report progress and the final report with the session token. See docs/scanner.md.',
  },
  {
    name: 'Webhooks',
    description:
      'Signed event deliveries (Standard Webhooks) to your own HTTPS endpoint: register endpoints, rotate secrets, read the delivery log and redeliver. See docs/webhooks.md.',
  },
  {
    name: 'Dashboard',
    description:
      'The session API behind the web dashboard at /. Signed in with a sign-in link or Discord; same-origin only. See docs/dashboard.md.',
  },
  {
    name: 'Operator',
    description:
      'For whoever runs the service: accounts, Enterprises, keys, bans and staff notes, with the x-admin-token. See docs/operations.md.',
  },
  {
    name: 'Discord',
    description:
      'The built-in Discord app’s interactions endpoint, called by Discord with its Ed25519 signature, never by bots. See docs/discord.md.',
  },
  { name: 'Health', description: 'Liveness and readiness probes for load balancers and orchestrators.' },
] as const;

/** The rate-limit headers every keyed answer carries (docs/api.md, "Rate limits"). */
const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': {
    description: 'Requests allowed in the current window (the tighter of the hourly and per-minute budgets).',
    schema: { type: 'integer', examples: [1000] },
  },
  'X-RateLimit-Remaining': {
    description: 'Requests left in the current window.',
    schema: { type: 'integer', examples: [998] },
  },
  'X-RateLimit-Reset': {
    description: 'Whole seconds until the window resets.',
    schema: { type: 'integer', examples: [1800] },
  },
};

const RETRY_AFTER = {
  description: 'Seconds to wait before retrying.',
  schema: { type: 'integer', examples: [42] },
};

/** Who may call an operation, in words, by its security scheme. */
function accessOf(scheme: string | undefined, permission: string | undefined): string {
  switch (scheme) {
    case 'apiKey':
      return `**Access:** an API key in the \`x-api-key\` header${permission ? ` with the \`${permission}\` permission` : ''}. Counts against the key’s rate limit; every answer carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset.`;
    case 'sessionCookie':
      return '**Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.';
    case 'adminToken':
      return '**Access:** the operator token (SCANPIN_ADMIN_TOKEN) in the `x-admin-token` header.';
    case 'sessionToken':
      return '**Access:** the scanner session token from POST /v1/scanner/start, as `Authorization: Bearer <token>`.';
    default:
      return '**Access:** no credentials.';
  }
}

const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * Fills in what a reader of /docs needs on every operation, from sources that cannot drift: the
 * access rule from its security scheme and route config, the request and success examples from its
 * schemas, one error example per problem code it can answer from the problem catalogue
 * (http/problem.ts), and the rate-limit headers on keyed answers. Install before the routes; pass the
 * returned function to @fastify/swagger as `transformObject`.
 */
export function describeOperations(app: FastifyInstance): (input: object) => Json {
  const permissions = new Map<string, string>();
  app.addHook('onRoute', (route) => {
    const permission = route.config?.permission;
    if (permission === undefined) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const m of methods) permissions.set(`${m.toLowerCase()} ${openapiPath(route.url)}`, permission);
  });
  return (input) => enrich(((input as { openapiObject?: Json }).openapiObject ?? {}) as Json, permissions);
}

function enrich(doc: Json, permissions: Map<string, string>): Json {
  const catalogue = problemExamples();
  const schemas = ((doc.components as Json | undefined)?.schemas ?? {}) as Json;
  const resolve = (ref: string) => schemas[ref.replace('#/components/schemas/', '')];

  const used = new Set<string>();
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    for (const [method, value] of Object.entries(item)) {
      const op = value as Json;
      if (typeof op !== 'object' || op === null || !('responses' in op)) continue;
      for (const tag of (op.tags as string[] | undefined) ?? []) used.add(tag);
      const security = ((op.security as Json[] | undefined) ?? []).flatMap((s) => Object.keys(s));
      if (op.security === undefined) op.security = [];

      const permission = permissions.get(`${method} ${path}`);
      const access = accessOf(security[0], permission);
      const own =
        typeof op.description === 'string' && op.description.length > 0 ? op.description : op.summary;
      op.description = `${own}\n\n${access}`;

      const body = ((op.requestBody as Json | undefined)?.content ?? {}) as Record<string, Json>;
      for (const media of Object.values(body)) {
        if (media.example === undefined && media.examples === undefined)
          media.example = sampleOf(media.schema, resolve);
      }

      const params = (op.parameters as Json[] | undefined) ?? [];
      const codes = problemCodesOf({
        method,
        path,
        security,
        hasBody: Object.keys(body).length > 0,
        pathParams: params.filter((p) => p.in === 'path').map((p) => String(p.name)),
        hasQuery: params.some((p) => p.in === 'query'),
      });
      // The permission refusal names the permission this operation needs, as the server's does.
      const examples = permission === undefined ? catalogue : new Map(catalogue);
      if (permission !== undefined) {
        examples.set('insufficient_permission', problemFor({ code: 'insufficient_permission', permission }));
      }
      describeResponses(op, codes, examples, resolve, security.includes('apiKey'), `${method} ${path}`);
    }
  }

  const known = new Set<string>(API_SECTIONS.map((s) => s.name));
  doc.tags = [
    ...API_SECTIONS.filter((s) => used.has(s.name)),
    ...[...used].filter((t) => !known.has(t)).map((name) => ({ name })),
  ];
  return doc;
}

function describeResponses(
  op: Json,
  codes: readonly ProblemCode[],
  catalogue: ReturnType<typeof problemExamples>,
  resolve: (ref: string) => unknown,
  rateLimited: boolean,
  operation: string,
): void {
  for (const [status, value] of Object.entries((op.responses ?? {}) as Record<string, Json>)) {
    const response = value;
    const code = Number(status);
    const content = (response.content ?? {}) as Record<string, Json>;
    if (code >= 400) {
      const answered = codes.map((c) => catalogue.get(c)).filter((p) => p !== undefined && p.status === code);
      if (answered.length === 0) {
        // A status no code of this operation has: the shared error lists of a route family
        // over-declare, and a reader should not look for an answer that cannot come. The contract
        // check of the HTTP suite (test/support/contract.ts) fails if one ever does come.
        delete (op.responses as Json)[status];
        continue;
      }
      response.description = `${STATUS_CODES[code] ?? 'Error'}: ${answered.map((p) => p?.code).join(', ')}.`;
      for (const media of Object.values(content)) {
        media.examples = Object.fromEntries(
          answered.map((p) => [p?.code, { summary: p?.code, value: p?.toBody() }]),
        );
      }
      // 503: a store fault says when to retry too (docs/operations.md, "When things fail").
      if (code === 429 || code === 503) {
        response.headers = { ...(response.headers as Json), 'Retry-After': RETRY_AFTER };
      }
    } else {
      if (response.description === 'Default Response') response.description = STATUS_CODES[code] ?? 'Success';
      const written = PUBLISHED_EXAMPLES[`${operation} ${status}`];
      for (const media of Object.values(content)) {
        if (media.example === undefined && media.examples === undefined && media.schema !== undefined) {
          media.example = written ?? sampleOf(media.schema, resolve);
        }
      }
    }
    if (rateLimited) response.headers = { ...RATE_LIMIT_HEADERS, ...(response.headers as Json) };
  }
}

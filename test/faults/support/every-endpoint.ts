import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../support/test-app.js';

/** What a call needs to get past authentication, so it reaches the store. */
export interface Credentials {
  key: string;
  pin: string;
  sessionToken: string;
  discordId: string;
  /** A dashboard session (`scanpin_session=…`). */
  cookie: string;
}

export interface Answer {
  method: string;
  url: string;
  status: number;
  code: string | undefined;
  retryAfter: string | undefined;
  ms: number;
}

/** Longest a call may take while the store is away: a client must never hang on us. */
export const ANSWER_WITHIN_MS = 10_000;

type Operation = { method: string; path: string; streams: boolean };

/** Every operation of /openapi.json (the published surface), server-sent event streams marked. */
async function operations(t: TestApp): Promise<Operation[]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json<{
    paths: Record<
      string,
      Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>
    >;
  }>();
  const list: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const streams = Object.values(op.responses ?? {}).some((r) => 'text/event-stream' in (r.content ?? {}));
      list.push({ method: method.toUpperCase(), path, streams });
    }
  }
  return list;
}

function fill(path: string, c: Credentials): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (/pin/i.test(name)) return c.pin;
    if (/discord/i.test(name)) return c.discordId;
    if (/token/i.test(name)) return 'sp_share_0123456789abcdef0123456789abcdef';
    return '1';
  });
}

/**
 * Calls every published operation with every credential a route may want (API key, operator token,
 * dashboard session, scanner session) and a small JSON body, each bounded by ANSWER_WITHIN_MS. Streams are called
 * only while `includeStreams` (with the store away they refuse before streaming).
 */
export async function callEveryEndpoint(
  t: TestApp,
  c: Credentials,
  adminToken: string,
  includeStreams: boolean,
): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const op of await operations(t)) {
    if (op.streams && !includeStreams) continue;
    const url = fill(op.path, c);
    const scanner =
      op.path.startsWith('/v1/scanner/') &&
      op.path !== '/v1/scanner/start' &&
      op.path !== '/v1/scanner/preview';
    const headers: Record<string, string> = {
      'x-api-key': c.key,
      'x-admin-token': adminToken,
      cookie: c.cookie,
      ...(scanner ? { authorization: `Bearer ${c.sessionToken}` } : {}),
    };
    const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
    if (hasBody) headers['content-type'] = 'application/json';
    const started = Date.now();
    const res = await Promise.race([
      t.app.inject({
        method: op.method as 'GET',
        url,
        headers,
        ...(hasBody ? { payload: bodyFor(op.path, c) } : {}),
      }),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), ANSWER_WITHIN_MS).unref()),
    ]);
    answers.push(toAnswer(op.method, url, res, Date.now() - started));
  }
  return answers;
}

/**
 * Opens every server-sent event stream over real HTTP (`base` is the listening server): each must
 * answer its headers within ANSWER_WITHIN_MS, a problem or a stream (closed at once). A stream may
 * open with no store when it reads nothing first (e.g. credentials still cached); its events wait.
 */
export async function openEveryStream(t: TestApp, base: string, c: Credentials): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const op of await operations(t)) {
    if (!op.streams) continue;
    const url = fill(op.path, c);
    const started = Date.now();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), ANSWER_WITHIN_MS);
    try {
      const res = await fetch(`${base}${url}`, {
        headers: { 'x-api-key': c.key, cookie: c.cookie },
        signal: controller.signal,
      });
      const streaming = (res.headers.get('content-type') ?? '').startsWith('text/event-stream');
      const body = streaming ? null : ((await res.json()) as { code?: string });
      answers.push({
        method: op.method,
        url,
        status: res.status,
        code: body?.code ?? (streaming ? 'stream' : undefined),
        retryAfter: res.headers.get('retry-after') ?? undefined,
        ms: Date.now() - started,
      });
    } catch {
      answers.push({
        method: op.method,
        url,
        status: 0,
        code: undefined,
        retryAfter: undefined,
        ms: Date.now() - started,
      });
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
  }
  return answers;
}

/** A body good enough to pass validation where it is easy to, so the call reaches the store. */
function bodyFor(path: string, c: Credentials): string {
  if (path === '/v1/pins/create') return JSON.stringify({ type: 'FiveM' });
  if (path === '/v1/scanner/start') return JSON.stringify({ pin: c.pin, hwids: ['HWID-FAULTS'] });
  if (path === '/v1/scanner/preview') return JSON.stringify({ pin: c.pin });
  if (path === '/v1/scanner/progress') return JSON.stringify({ progress: 50, statusMessage: 'Working' });
  if (path === '/v1/scanner/fail') return JSON.stringify({ message: 'failed' });
  if (path === '/admin/v1/accounts') return JSON.stringify({ name: 'During outage' });
  return '{}';
}

function toAnswer(method: string, url: string, res: LightMyRequestResponse | null, ms: number): Answer {
  if (res === null) return { method, url, status: 0, code: undefined, retryAfter: undefined, ms };
  let code: string | undefined;
  try {
    code = res.json<{ code?: string }>().code;
  } catch {
    code = undefined;
  }
  const retryAfter = res.headers['retry-after'];
  return {
    method,
    url,
    status: res.statusCode,
    code,
    retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined,
    ms,
  };
}

/** Answers that break the rule: a hang, or a 5xx other than a 503 service_unavailable with Retry-After. */
export function badAnswers(answers: readonly Answer[]): Answer[] {
  return answers.filter(
    (a) =>
      a.status === 0 ||
      (a.status >= 500 &&
        !(a.status === 503 && a.code === 'service_unavailable' && a.retryAfter !== undefined)),
  );
}

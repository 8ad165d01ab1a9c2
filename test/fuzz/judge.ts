import { readFileSync } from 'node:fs';
import { PROBLEM_CODES } from '../../src/http/problem.js';
import type { Answer } from './cases.js';
import type { Operation } from './operations.js';

/** Codes docs/api.md documents: a code must be in PROBLEM_CODES and named there. */
const API_DOC = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
const DOCUMENTED: ReadonlySet<string> = new Set(
  (PROBLEM_CODES as readonly string[]).filter((code) => API_DOC.includes(`\`${code}\``)),
);

const LEAKS: readonly [string, RegExp][] = [
  ['a stack trace', /\n\s+at |\bat .+\.(ts|js):\d+/],
  ['a server path', /node_modules|\/work\/|\/src\/|file:\/\//],
  ['the store', /SQLITE_|sqlite3|kysely|\bpg_|syntax error at/i],
];

/** Credentials a request sent must never come back in a refusal (docs/security.md). */
export function echoedSecrets(sent: Record<string, string>, body: string): string[] {
  const secrets = ['x-api-key', 'x-admin-token', 'authorization', 'cookie']
    .map((name) => sent[name])
    .filter((v): v is string => v !== undefined && v.length >= 16 && !/^(.)\1*$/.test(v));
  return secrets
    .filter((v) => body.includes(v))
    .map((v) => `a refusal echoes a credential it was sent: ${v.slice(0, 12)}…`);
}

/**
 * What every answer must be (docs/api.md, "Errors"): never a 5xx; a refusal is an
 * application/problem+json body with a documented code and its own status. Other answers are 2xx,
 * 3xx (the sign-in and Discord redirects) and 304, checked against /openapi.json by the contract hook;
 * the hidden HTML pages may also refuse with an HTML page. Returns what is wrong, or nothing.
 */
export function judge(
  op: Operation,
  method: string,
  answer: Answer,
  /** The request as sent (URL, headers, body), to tell a leak from an echo of the caller's input. */
  sent = '',
): { problems: string[]; code?: string } {
  const { status } = answer;
  const found: string[] = [];
  if (status >= 500) found.push(`${status} answer: ${answer.body.slice(0, 300)}`);
  if (status < 400) return { problems: found };
  const type = String(answer.headers['content-type'] ?? '')
    .split(';')[0]
    ?.trim();
  if (type !== 'application/problem+json') {
    if (!(op.page && type === 'text/html')) found.push(`${status} with content-type ${type || 'none'}`);
    return { problems: found };
  }
  if (method === 'HEAD' || answer.body === '') return { problems: found };
  let body: { code?: unknown; status?: unknown };
  try {
    body = JSON.parse(answer.body) as typeof body;
  } catch {
    found.push(`problem body is not JSON: ${answer.body.slice(0, 120)}`);
    return { problems: found };
  }
  // No stack trace, SQL or server path in a refusal (docs/api.md, "Errors").
  // What matches only because the caller's own input is quoted back (an unknown field's name) is fine.
  for (const [what, pattern] of LEAKS) {
    const match = pattern.exec(answer.body)?.[0];
    if (match !== undefined && !sent.includes(match)) found.push(`problem body shows ${what}: ${match}`);
  }
  const code = String(body.code);
  if (!DOCUMENTED.has(code)) found.push(`code ${code} is not a documented problem code (docs/api.md)`);
  if (body.status !== status) found.push(`problem says status ${String(body.status)}, answer is ${status}`);
  return { problems: found, code };
}

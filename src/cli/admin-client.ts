import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where the server is and how to authenticate, from flags, then the environment, then defaults. */
export interface Connection {
  url: string;
  token: string;
}

export function resolveConnection(
  flags: { url?: string; token?: string },
  env: NodeJS.ProcessEnv = process.env,
): Connection {
  const url = flags.url ?? env.SCANPIN_URL ?? `http://${env.HOST ?? '127.0.0.1'}:${env.PORT ?? '8080'}`;
  let token = flags.token ?? env.SCANPIN_ADMIN_TOKEN;
  if (token === undefined) {
    // The server writes a generated token here on first start (docs/operations.md, "Secrets").
    const file = join(env.SCANPIN_DATA_DIR ?? './data', 'admin-token');
    if (existsSync(file)) token = readFileSync(file, 'utf8').trim();
  }
  if (!token) {
    throw new CliError(
      'No operator token. Pass --token, set SCANPIN_ADMIN_TOKEN, or run from the folder whose data/admin-token the server wrote.',
    );
  }
  return { url: url.replace(/\/+$/, ''), token };
}

export class CliError extends Error {}

/** A JSON call to the server; problem bodies become CliErrors carrying their detail. */
export async function call<T>(
  conn: Connection,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = { 'x-admin-token': conn.token },
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(conn.url + path, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (err) {
    throw new CliError(
      `Cannot reach ${conn.url}: ${(err as Error).cause ?? (err as Error).message}. Is the server running?`,
    );
  }
  const text = await res.text();
  const parsed: unknown = text ? JSON.parse(text) : undefined;
  if (!res.ok) {
    const p = parsed as { code?: string; detail?: string } | undefined;
    throw new CliError(`${method} ${path} failed with ${res.status} ${p?.code ?? ''}: ${p?.detail ?? text}`);
  }
  return parsed as T;
}

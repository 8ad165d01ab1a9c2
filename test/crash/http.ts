/** An answer, or the request's fate unknown: the connection broke or nothing answered (a kill). */
export type Outcome = ({ ok: true; status: number; body: unknown } | { ok: false; error: string }) & {
  /** When the request was sent (ms since the epoch). */
  sentAt: number;
};

/** One JSON request to the server under test; never throws. */
export async function send(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Outcome> {
  const sentAt = Date.now();
  try {
    const res = await fetch(base + path, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      // Generous: a loaded machine is slow, and a late answer is still an answer.
      signal: AbortSignal.timeout(60_000),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {}
    return { ok: true, status: res.status, body: parsed, sentAt };
  } catch (err) {
    return {
      ok: false,
      error: err instanceof Error ? `${err.message} ${String(err.cause ?? '')}` : String(err),
      sentAt,
    };
  }
}

/** The body of a 2xx answer, or throws naming what came back (set-up calls, before any kill). */
export async function must<T>(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<T> {
  const out = await send(base, method, path, headers, body);
  if (!out.ok || out.status >= 300) throw new Error(`${method} ${path}: ${JSON.stringify(out)}`);
  return out.body as T;
}

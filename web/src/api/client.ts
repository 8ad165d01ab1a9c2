/**
 * The one way the pages talk to the server: same-origin fetch with the session cookie, JSON in and
 * out, and every failure turned into an ApiError carrying the problem body's status, code and detail
 * (docs/api.md, "Errors").
 */

export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 when the server could not be reached at all. */
    readonly status: number,
    /** The problem body's stable `code` (e.g. `pin_not_found`), or `network_error` / `http_error`. */
    readonly code: string,
    /** Words for a person: what happened and what to do next. */
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'ApiError';
  }
}

export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers, e.g. the operator page's `x-admin-token`. */
  headers?: Record<string, string>;
}

async function problemOf(response: Response): Promise<ApiError> {
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      const body = (await response.json()) as { code?: unknown; detail?: unknown; title?: unknown };
      const code = typeof body.code === 'string' ? body.code : 'http_error';
      const detail =
        typeof body.detail === 'string'
          ? body.detail
          : typeof body.title === 'string'
            ? body.title
            : `The server answered ${response.status}.`;
      return new ApiError(response.status, code, detail);
    } catch {
      // Not JSON after all: fall through to the generic wording.
    }
  }
  return new ApiError(response.status, 'http_error', `The server answered ${response.status}. Try again.`);
}

/** Calls the server at `path` (e.g. `/app/api/me`); resolves to the JSON body, or undefined for 204. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  const init: RequestInit = {
    method: options.method ?? 'GET',
    credentials: 'same-origin',
    headers,
    ...(options.signal ? { signal: options.signal } : {}),
  };
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', 'The server could not be reached. Check your connection.');
  }
  if (!response.ok) throw await problemOf(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** `?a=1&b=x` from the defined, non-empty values of `params` ('' when none). */
export function queryString(params: Record<string, string | number | boolean | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

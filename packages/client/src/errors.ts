import type { ProblemCode } from './types.js';

/** A documented problem code, or `unexpected_response` when the answer was not a problem body at all. */
export type ScanpinErrorCode = ProblemCode | 'unexpected_response';

/** A refusal from the scanpin API, from its problem body (docs/api.md, "Errors"). */
export class ScanpinError extends Error {
  override readonly name = 'ScanpinError';

  constructor(
    readonly status: number,
    readonly code: ScanpinErrorCode,
    readonly detail: string,
    /** The response's x-request-id: quote it when reporting a problem. */
    readonly requestId: string | undefined,
    /** Seconds from Retry-After, on 429 answers. */
    readonly retryAfter?: number,
  ) {
    super(`${status} ${code}: ${detail}`);
  }
}

/** The error an aborted call rejects with: the signal's reason, or a DOMException named AbortError. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/** Waits `ms`, or rejects as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal as AbortSignal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

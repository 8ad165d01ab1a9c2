import type { ScanpinClient } from './client.js';
import { abortReason, ScanpinError } from './errors.js';
import { FINAL_STATES } from './states.js';
import type { PinResults, PinStatus } from './types.js';

export interface WaitOptions {
  /** Called with every status body seen on the way (stream events or polls). */
  onProgress?: (status: PinStatus) => void;
  /** Aborts the wait; it then rejects with the signal's reason (an AbortError by default). */
  signal?: AbortSignal;
  /** `auto` (default): the event stream, polling when it cannot be used; or force one of them. */
  via?: 'auto' | 'stream' | 'poll';
}

/**
 * Poll intervals from docs/api.md, "Rate limits": 3–5 s while someone watches a scan in progress,
 * 10–15 s while the PIN waits for its player; spread at random so many waiters do not align.
 */
export function pollDelayMs(status: PinStatus['status'], random: () => number): number {
  return status === 'scanning' ? 3000 + random() * 2000 : 10_000 + random() * 5000;
}

/** Refusals that polling would get too: no point falling back to it. */
function isFinalRefusal(error: unknown): boolean {
  return error instanceof ScanpinError && error.code !== 'too_many_streams' && error.status !== 503;
}

export async function waitForResult(
  client: ScanpinClient,
  code: string,
  options: WaitOptions = {},
): Promise<PinResults> {
  const { signal, onProgress } = options;
  const call = signal ? { signal } : {};
  let last: PinStatus | undefined;
  if (options.via !== 'poll') {
    try {
      for await (const status of client.pins.events(code, call)) {
        last = status;
        onProgress?.(status);
      }
    } catch (error) {
      if (signal?.aborted) throw abortReason(signal);
      if (options.via === 'stream' || isFinalRefusal(error)) throw error;
    }
  }
  while (last === undefined || !FINAL_STATES.has(last.status)) {
    if (last !== undefined) await client.sleep(pollDelayMs(last.status, client.random), signal);
    last = await client.pins.status(code, call);
    onProgress?.(last);
  }
  return client.pins.results(code, call);
}

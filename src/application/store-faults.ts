import { storeFaultOf } from '../storage/errors.js';
import type { Failure } from './failures.js';

/**
 * A store fault seen by any use case (PostgreSQL gone, the disk full, the file read-only) as the one
 * failure surfaces answer with: 503 `service_unavailable`, retryable, never a 500. Use cases need not
 * catch these themselves: a transaction that failed this way was rolled back whole, so retrying the
 * request is safe (docs/operations.md, "When things fail").
 */
export function storeFailureOf(err: unknown): Failure | null {
  const cause = storeFaultOf(err);
  return cause === null ? null : { code: 'service_unavailable', cause };
}

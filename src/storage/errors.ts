/** True for a unique-constraint violation from either driver. */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || !('code' in err)) return false;
  const code = (err as { code: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/**
 * Why the store could not serve a query, when the fault is the store's and not the request's
 * (docs/operations.md, "When things fail"): `unreachable` (PostgreSQL down or restarting, the
 * connection lost, the store closed) or `cannot_write` (disk full, a read-only file, an I/O error).
 * Either is a 503 a client may retry; anything else stays a bug.
 */
export type StoreFault = 'unreachable' | 'cannot_write';

/** Socket errors Node reports when PostgreSQL cannot be reached or drops the connection. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** Messages node-postgres and Kysely use for a lost or closed connection (they carry no code). */
const UNREACHABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable/,
  /^driver has already been destroyed/,
  /^The database connection is not open/,
];

/** SQLite result codes (better-sqlite3 `code`, extended codes included) that mean the disk, not the query. */
const SQLITE_CANNOT_WRITE = /^SQLITE_(FULL|READONLY|IOERR|CANTOPEN|NOMEM|PROTOCOL|BUSY|LOCKED)/;

export function storeFaultOf(err: unknown): StoreFault | null {
  if (typeof err !== 'object' || err === null) return null;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code)) return 'unreachable';
    if (SQLITE_CANNOT_WRITE.test(code)) return 'cannot_write';
    // SQLSTATE: 08 connection exception, 57P01-03 shut down / starting up, 53 out of resources
    // (53100 disk full), 58 I/O error.
    if (/^(08|57P0)/.test(code)) return 'unreachable';
    if (/^(53|58)\d{3}$/.test(code)) return 'cannot_write';
  }
  const message = (err as { message?: unknown }).message;
  if (typeof message === 'string' && UNREACHABLE_MESSAGES.some((re) => re.test(message)))
    return 'unreachable';
  // A pool's AggregateError (every address refused) carries the socket errors inside.
  const inner = (err as { errors?: unknown }).errors;
  if (Array.isArray(inner)) return inner.map(storeFaultOf).find((f) => f !== null) ?? null;
  const cause = (err as { cause?: unknown }).cause;
  return cause !== undefined && cause !== err ? storeFaultOf(cause) : null;
}

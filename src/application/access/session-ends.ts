/**
 * Tells every instance that sessions of some accounts ended (signed out, one ended from another
 * device, signed out everywhere, the account banned or deleted), over the same bus as PIN changes:
 * Redis, PostgreSQL LISTEN/NOTIFY, or in process on SQLite. The dashboard's event streams of those
 * accounts then ask whether their own session still lets them in, and end if not
 * (docs/dashboard.md, "Sessions").
 */
export interface SessionEnds {
  /** Announces, once the change has committed, to every instance, this one included. */
  announceSessionsEnded(accountIds: readonly number[]): void;
  /** Calls `listener` with the accounts of every announcement until the returned function is called. */
  followSessionEnds(listener: (accountIds: readonly number[]) => void): () => void;
}

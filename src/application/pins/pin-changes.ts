/**
 * Tells whoever follows a PIN (event streams) that it changed. A change on one instance reaches
 * followers on every instance: through Redis with REDIS_URL, PostgreSQL LISTEN/NOTIFY otherwise,
 * and in process on SQLite (one process). Followers re-read the PIN; a notice carries only its id.
 */
export interface PinChanges {
  /** Announces a committed change of the PIN. */
  publish(pinId: number): void;
  /** Calls `listener` on every change of the PIN until the returned function is called. */
  follow(pinId: number, listener: () => void): () => void;
  /** Calls `listener` with the id of every PIN that changes (the dashboard's stream) until unfollowed. */
  followAll(listener: (pinId: number) => void): () => void;
  /**
   * Whether notices from every instance are reaching this one now. Followers that keep what they
   * read (pin-record-cache.ts) keep nothing while this is false.
   */
  listening(): boolean;
  /** Calls `listener` whenever notices from other instances may have been missed, until unfollowed. */
  followGaps(listener: () => void): () => void;
  close(): Promise<void>;
}

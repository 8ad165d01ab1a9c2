/**
 * Whether whoever holds an event stream (a dashboard session, an API key) may still listen, as the
 * request that opened it was let in: a stream outlives that request by hours, so it ends as soon as
 * its session or key does (docs/dashboard.md, "The dashboard API"; docs/api.md, "Following a PIN live").
 */
export interface Admission {
  /**
   * Until when the holder may listen (epoch milliseconds, the context's clock; Infinity when nothing
   * ends it but a change), or null once they may not (signed out, revoked, banned, deleted).
   */
  admittedUntil(): Promise<number | null>;
  /** Calls `ended` whenever a notice from any instance says the holder's access may have ended. */
  followEnds(ended: () => void): () => void;
}

/** A notice can be lost (the bus between instances was down): the holder is asked again this often. */
export const RECHECK_EVERY_MS = 30_000;

/**
 * One stream's watch over its holder: asked again when a notice names them, when the end known from
 * the last answer comes, and at least every RECHECK_EVERY_MS; between those, the answer stands
 * without a query, however many changes wake the stream.
 */
export class AdmissionWatch {
  private due = false;
  private readonly unfollow: () => void;

  constructor(
    private readonly admission: Admission,
    private readonly clock: () => number,
    /** The end known when the stream opened (Infinity when none). */
    private until: number,
    /** Wakes the stream, so a notice is acted on at once. */
    wake: () => void,
  ) {
    this.unfollow = admission.followEnds(() => {
      this.due = true;
      wake();
    });
  }

  /** A notice came (or the sleep ran out) since the holder was last asked: ask before sleeping again. */
  checkDue(): boolean {
    return this.due;
  }

  /** How long the stream may sleep before its holder must be asked again. */
  sleepMs(): number {
    return Math.min(RECHECK_EVERY_MS, Math.max(10, this.until - this.clock() + 10));
  }

  /** The stream's sleep ran out (sleepMs): its holder is asked at the next check. */
  slept(): void {
    this.due = true;
  }

  async stillAdmitted(): Promise<boolean> {
    if (!this.due && this.clock() < this.until) return true;
    this.due = false;
    const until = await this.admission.admittedUntil();
    if (until === null) return false;
    this.until = until;
    return true;
  }

  close(): void {
    this.unfollow();
  }
}

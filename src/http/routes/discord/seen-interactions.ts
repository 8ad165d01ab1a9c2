import { SIGNATURE_WINDOW_SECONDS } from '../../../domain/discord.js';

/** Ids are kept a little longer than a signature is fresh, so a replay inside the window is caught. */
const KEEP_MS = (SIGNATURE_WINDOW_SECONDS + 60) * 1000;
/** Far above what one instance receives in that time; beyond it the oldest go first. */
const CAPACITY = 100_000;

/**
 * Interaction ids this instance has answered: a captured request sent again while its signature is
 * still fresh is refused like a bad signature (docs/discord.md, "Security").
 */
export class SeenInteractions {
  private readonly seenAt = new Map<string, number>();

  constructor(private readonly clock: () => number) {}

  /** True the first time `id` is seen within the window. */
  first(id: string): boolean {
    const now = this.clock();
    for (const [old, at] of this.seenAt) {
      if (now - at < KEEP_MS && this.seenAt.size < CAPACITY) break;
      this.seenAt.delete(old);
    }
    if (this.seenAt.has(id)) return false;
    this.seenAt.set(id, now);
    return true;
  }
}

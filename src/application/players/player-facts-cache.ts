import type { LookupFacts } from '../../storage/repositories/player-snapshots.js';

/**
 * Tells every instance whose risk score and lookup changed, after the change committed: through
 * Redis, PostgreSQL LISTEN/NOTIFY, or in process on SQLite, the same bus as PIN and access changes.
 * The store announces every player whose document it outdates (storage/repositories/player-documents.ts).
 */
export interface PlayerChanges {
  /** Announces committed changes to these players' facts ('all': too many to name) on every instance. */
  announcePlayerChanges(userIds: readonly number[] | 'all'): void;
  followPlayerChanges(listener: (userIds: readonly number[] | 'all') => void): () => void;
  /** Whether notices from every instance reach this one now (pins/pin-changes.ts). */
  listening(): boolean;
  /** Calls `listener` whenever notices may have been missed. */
  followGaps(listener: () => void): () => void;
}

/** Players kept in memory at most; the least recently read go first. */
const CAPACITY = 10_000;
/**
 * How long kept facts may be served without a notice: notices keep them true, this only bounds an
 * instance that committed a change and was killed before announcing it (as for PINs).
 */
export const PLAYER_FACTS_MAX_AGE_MS = 10_000;

/**
 * Each player's facts as their document holds them (docs/operations.md, "Caches"), kept in memory
 * until a notice says they changed: a risk score or lookup of a player nobody changed is then
 * answered without the store. Only the facts are kept; the answer is still computed from them at
 * each request, so whatever depends on the time (a ban running out) is as of now. While the bus is
 * not listening nothing is kept, and when it listens again everything kept before is dropped.
 */
export class PlayerFactsCache {
  private readonly byDiscordId = new Map<string, { facts: LookupFacts; at: number }>();
  private readonly discordIdByUser = new Map<number, string>();
  /**
   * Loads under way, by Discord ID, with the generation they started in: a burst of reads of one
   * player that nobody has kept (the first polls after a start, or after the facts aged out) waits
   * for one load instead of each sending its own to the store and queueing for its few connections.
   */
  private readonly loading = new Map<
    string,
    { generation: number; facts: Promise<LookupFacts | undefined> }
  >();
  /** Bumped by every notice: a read that started before one may hold what it announced as old. */
  private generation = 0;
  private readonly unfollow: Array<() => void>;

  constructor(
    private readonly changes: PlayerChanges,
    private readonly clock: () => number,
  ) {
    this.unfollow = [
      changes.followPlayerChanges((userIds) => (userIds === 'all' ? this.clear() : this.forget(userIds))),
      changes.followGaps(() => this.clear()),
    ];
  }

  /** The facts of `discordId`, from memory when no notice said they changed since they were read. */
  async read(
    discordId: string,
    load: () => Promise<LookupFacts | undefined>,
  ): Promise<LookupFacts | undefined> {
    const now = this.clock();
    if (!this.changes.listening()) {
      if (this.byDiscordId.size > 0) this.clear();
      return load();
    }
    const kept = this.byDiscordId.get(discordId);
    if (kept !== undefined && now - kept.at < PLAYER_FACTS_MAX_AGE_MS) {
      this.byDiscordId.delete(discordId);
      this.byDiscordId.set(discordId, kept);
      return kept.facts;
    }
    // A load that started before a notice may hold what the notice announced as old: not joined.
    const underWay = this.loading.get(discordId);
    if (underWay !== undefined && underWay.generation === this.generation) return underWay.facts;
    const generation = this.generation;
    const facts = load();
    const entry = { generation, facts };
    this.loading.set(discordId, entry);
    try {
      const loaded = await facts;
      // A player never scanned is not kept: the scan that creates them announces an id nobody maps.
      if (loaded !== undefined && generation === this.generation && this.changes.listening()) {
        this.keep(discordId, loaded, now);
      }
      return loaded;
    } finally {
      if (this.loading.get(discordId) === entry) this.loading.delete(discordId);
    }
  }

  /** What is kept for `discordId`, however old: for checking that kept facts stay true (tests). */
  kept(discordId: string): LookupFacts | undefined {
    return this.byDiscordId.get(discordId)?.facts;
  }

  close(): void {
    for (const stop of this.unfollow) stop();
    this.clear();
  }

  private keep(discordId: string, facts: LookupFacts, at: number): void {
    this.byDiscordId.delete(discordId);
    this.byDiscordId.set(discordId, { facts, at });
    this.discordIdByUser.set(facts.user.id, discordId);
    if (this.byDiscordId.size <= CAPACITY) return;
    const [oldest] = this.byDiscordId;
    if (oldest === undefined) return;
    this.byDiscordId.delete(oldest[0]);
    this.discordIdByUser.delete(oldest[1].facts.user.id);
  }

  private forget(userIds: readonly number[]): void {
    this.generation++;
    for (const id of userIds) {
      const discordId = this.discordIdByUser.get(id);
      if (discordId === undefined) continue;
      this.discordIdByUser.delete(id);
      this.byDiscordId.delete(discordId);
    }
  }

  private clear(): void {
    this.generation++;
    this.byDiscordId.clear();
    this.discordIdByUser.clear();
  }
}

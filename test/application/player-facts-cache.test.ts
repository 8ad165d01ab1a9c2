import { describe, expect, it } from 'vitest';
import { type PlayerChanges, PlayerFactsCache } from '../../src/application/players/player-facts-cache.js';
import type { LookupFacts } from '../../src/storage/repositories/player-snapshots.js';

/** A bus whose notices the test sends. */
class TestBus implements PlayerChanges {
  private readonly listeners = new Set<(userIds: readonly number[] | 'all') => void>();
  announcePlayerChanges(userIds: readonly number[] | 'all') {
    for (const l of this.listeners) l(userIds);
  }
  followPlayerChanges(listener: (userIds: readonly number[] | 'all') => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  listening() {
    return true;
  }
  followGaps() {
    return () => {};
  }
}

const facts = (version: number) => ({ user: { id: 7 }, version }) as unknown as LookupFacts;

/** A store read the test finishes by hand, counting how many were sent. */
function slowStore() {
  let version = 1;
  const pending: Array<() => void> = [];
  let loads = 0;
  return {
    load: () => {
      loads++;
      const answer = facts(version);
      return new Promise<LookupFacts>((resolve) => pending.push(() => resolve(answer)));
    },
    finishAll: () => {
      for (const finish of pending.splice(0)) finish();
    },
    /** Finishes the loads newest first, so a stale one finishes last. */
    finishNewestFirst: () => {
      for (const finish of pending.splice(0).reverse()) finish();
    },
    change: () => {
      version++;
    },
    loads: () => loads,
  };
}

describe('the player facts cache', () => {
  it('answers a burst of reads of one player with one load from the store', async () => {
    const cache = new PlayerFactsCache(new TestBus(), () => 0);
    const store = slowStore();
    const reads = Array.from({ length: 50 }, () => cache.read('111', store.load));
    store.finishAll();
    const answers = await Promise.all(reads);
    expect(store.loads()).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  it('never joins a load that started before a notice about that player', async () => {
    const bus = new TestBus();
    const cache = new PlayerFactsCache(bus, () => 0);
    const store = slowStore();
    const before = cache.read('111', store.load);
    store.change();
    bus.announcePlayerChanges([7]);
    const after = cache.read('111', store.load);
    store.finishNewestFirst();
    expect(store.loads()).toBe(2);
    expect(((await before) as unknown as { version: number }).version).toBe(1);
    expect(((await after) as unknown as { version: number }).version).toBe(2);
    // What the later load read is what is kept, though the stale load finished after it.
    expect((cache.kept('111') as unknown as { version: number }).version).toBe(2);
  });
});

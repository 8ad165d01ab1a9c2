import { describe, expect, it } from 'vitest';
import { silentLog } from '../../src/logger.js';
import { FallbackCounters } from '../../src/storage/counters/fallback.js';
import { MemoryCounters } from '../../src/storage/counters/memory.js';
import type { RateLimitCounters } from '../../src/storage/counters/rate-limit-counters.js';
import { fakeClock } from '../support/http.js';

/** Reading a bucket's use (the dashboard's overview) counts nothing, and survives a shared-store outage. */
describe('rate-limit counters read without counting', () => {
  it('peek shows the open window and spends none of it', async () => {
    const clock = fakeClock();
    const counters = new MemoryCounters(clock);
    try {
      expect(await counters.peek('b', clock())).toBeNull();
      await counters.hit('b', 3, 1_000, clock());
      clock.advance(400);
      expect(await counters.peek('b', clock())).toEqual({ count: 1, resetMs: 600 });
      expect(await counters.peek('b', clock())).toEqual({ count: 1, resetMs: 600 });
      expect((await counters.hit('b', 3, 1_000, clock())).remaining).toBe(1);
      clock.advance(600);
      expect(await counters.peek('b', clock())).toBeNull();
    } finally {
      await counters.close();
    }
  });

  it('reads the local counters while the shared store is down, as requests are then counted there', async () => {
    const clock = fakeClock();
    const down: RateLimitCounters = {
      hit: async () => Promise.reject(new Error('down')),
      slide: async () => Promise.reject(new Error('down')),
      peek: async () => Promise.reject(new Error('down')),
      close: async () => {},
    };
    const local = new MemoryCounters(clock);
    const counters = new FallbackCounters(down, local, silentLog);
    try {
      await counters.hit('b', 5, 1_000, clock());
      await counters.hit('b', 5, 1_000, clock());
      expect(await counters.peek('b', clock())).toEqual({ count: 2, resetMs: 1_000 });
    } finally {
      await counters.close();
    }
  });
});

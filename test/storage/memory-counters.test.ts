import { describe, expect, it } from 'vitest';
import { MemoryCounters } from '../../src/storage/counters/memory.js';
import { fakeClock } from '../support/http.js';

describe('in-process rate-limit counters', () => {
  it('sweep lapsed windows by the clock the hits are counted with, not the wall clock', async () => {
    // A day ahead of the wall clock: by Date.now() this window would still be open for a day.
    const clock = fakeClock(Date.now() + 86_400_000);
    const counters = new MemoryCounters(clock, 5);
    try {
      await counters.hit('bucket', 10, 1_000, clock());
      expect(counters.size).toBe(1);
      clock.advance(2_000);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(counters.size).toBe(0);
    } finally {
      await counters.close();
    }
  });
});

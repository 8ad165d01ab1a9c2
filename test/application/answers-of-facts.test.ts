import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AnswersOfFacts } from '../../src/application/players/answers-of-facts.js';
import { type BanFacts, banState, displayStatus, nextExpiry } from '../../src/domain/player-status.js';

const ban = fc.record({
  status: fc.constantFrom('banned' as const, 'warned' as const),
  expiresAt: fc.option(fc.integer({ min: 0, max: 1_000 }), { nil: null }),
  liftedAt: fc.option(fc.integer({ min: 0, max: 1_000 }), { nil: null }),
});

const compute = (facts: { bans: BanFacts[] }, now: number) => ({
  ...banState(facts.bans, now),
  shown: facts.bans.map((b) => displayStatus(b, now)),
});

describe('answers kept with the facts they were built from', () => {
  it('always equal the answer built afresh, at any moment asked in any order', () => {
    fc.assert(
      fc.property(
        fc.array(ban, { maxLength: 6 }),
        fc.array(fc.integer({ min: 0, max: 1_100 }), { minLength: 1, maxLength: 30 }),
        (bans, moments) => {
          const facts = { bans };
          const kept = new AnswersOfFacts(compute, (f: { bans: BanFacts[] }, now: number) =>
            nextExpiry(f.bans, now),
          );
          for (const now of moments) expect(kept.answer(facts, now)).toEqual(compute(facts, now));
        },
      ),
    );
  });

  it('are the same object until a ban runs out, then built again', () => {
    const facts = { bans: [{ status: 'banned' as const, expiresAt: 500, liftedAt: null }] };
    let built = 0;
    const kept = new AnswersOfFacts(
      (f: typeof facts, now: number) => {
        built++;
        return compute(f, now);
      },
      (f, now) => nextExpiry(f.bans, now),
    );
    const first = kept.answer(facts, 100);
    expect(kept.answer(facts, 499)).toBe(first);
    expect(built).toBe(1);
    expect(kept.answer(facts, 500)).toMatchObject({ isBanned: false, shown: ['expired'] });
    expect(built).toBe(2);
    expect(kept.answer({ bans: facts.bans }, 600)).not.toBe(first);
  });

  it('knows when the next ban runs out', () => {
    const bans: BanFacts[] = [
      { status: 'banned', expiresAt: 300, liftedAt: null },
      { status: 'warned', expiresAt: 200, liftedAt: 150 },
      { status: 'warned', expiresAt: null, liftedAt: null },
      { status: 'banned', expiresAt: 250, liftedAt: null },
    ];
    expect(nextExpiry(bans, 100)).toBe(250);
    expect(nextExpiry(bans, 250)).toBe(300);
    expect(nextExpiry(bans, 300)).toBe(Number.POSITIVE_INFINITY);
  });
});

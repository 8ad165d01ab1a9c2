/**
 * An answer computed from a player's facts, kept with the facts object it came from until the first
 * moment it would read differently: the facts are replaced, never changed, when a notice says the
 * player changed (player-facts-cache.ts), and the only thing in an answer that moves with the clock is
 * a ban running out. Building the lookup from its facts was most of a lookup's CPU time once the facts
 * were kept in memory (docs/benchmarks.md, "Profile findings"). The same answer object comes back each
 * time, so a surface may keep what it made of it too (http/plugins/serialized-answers.ts).
 */
export class AnswersOfFacts<Facts extends object, Answer> {
  private readonly kept = new WeakMap<Facts, { answer: Answer; from: number; until: number }>();

  constructor(
    private readonly compute: (facts: Facts, now: number) => Answer,
    /** The first moment after `now` at which `compute` would give another answer. */
    private readonly validUntil: (facts: Facts, now: number) => number,
  ) {}

  answer(facts: Facts, now: number): Answer {
    const hit = this.kept.get(facts);
    // From when it was computed (a clock set back, as tests do, computes again) until the next change.
    if (hit !== undefined && hit.from <= now && now < hit.until) return hit.answer;
    const answer = this.compute(facts, now);
    this.kept.set(facts, { answer, from: now, until: this.validUntil(facts, now) });
    return answer;
  }
}

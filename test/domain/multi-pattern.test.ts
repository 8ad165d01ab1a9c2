import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MultiPattern } from '../../src/domain/multi-pattern.js';

const unit = fc.constantFrom('a', 'b', 'ab', '\u0301', '😀', '/', 'Z');
const str = (max: number, min = 0) =>
  fc.array(unit, { minLength: min, maxLength: max }).map((u) => u.join(''));

/** Every start of `pattern` in `text`, overlapping ones too. */
function starts(text: string, pattern: string): number[] {
  const out: number[] = [];
  for (let i = text.indexOf(pattern); i >= 0; i = text.indexOf(pattern, i + 1)) out.push(i);
  return out;
}

describe('MultiPattern (docs/scan-client.md, "Rules")', () => {
  it('finds every occurrence of every pattern, at the place indexOf finds it', () => {
    fc.assert(
      fc.property(fc.array(str(4, 1), { maxLength: 10 }), str(24), (patterns, text) => {
        const matcher = new MultiPattern(patterns.map((pattern, i) => ({ pattern, value: i })));
        const got: string[] = [];
        matcher.search(text, (i, start) => got.push(`${i}@${start}`));
        const want = patterns.flatMap((p, i) => starts(text, p).map((s) => `${i}@${s}`));
        expect(got.sort()).toEqual(want.sort());
      }),
      { numRuns: 500 },
    );
  });
});

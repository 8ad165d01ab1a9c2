import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DENSE_TABLE_MAX_ENTRIES, MultiPattern } from '../../src/domain/multi-pattern.js';

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

  it('finds the same in its sparse form as in its dense table, for any patterns and text', () => {
    fc.assert(
      fc.property(fc.array(str(4, 1), { maxLength: 10 }), str(24), (patterns, text) => {
        const entries = patterns.map((pattern, i) => ({ pattern, value: i }));
        // One pattern of many distinct units pushes the table past its bound, forcing the sparse form.
        const wide = String.fromCharCode(...Array.from({ length: 2100 }, (_, i) => 0x4e00 + i));
        const sparse = new MultiPattern([...entries, { pattern: wide, value: -1 }]);
        expect(sparse.dense).toBe(false);
        const dense = new MultiPattern(entries);
        expect(dense.dense).toBe(true);
        const found = (m: MultiPattern<number>) => {
          const got: string[] = [];
          m.search(text, (i, start) => got.push(`${i}@${start}`));
          return got.sort();
        };
        expect(found(sparse)).toEqual(found(dense));
      }),
      { numRuns: 200 },
    );
  });

  it('compiles patterns with a large alphabet in bounded memory: 60 patterns of 500 distinct CJK units', () => {
    // A dense table would hold 30,001 states × 30,001 columns (3.6 GB); the sparse form, about the
    // patterns' length (docs/security.md, "Rules").
    const patterns = Array.from({ length: 60 }, (_, p) =>
      String.fromCharCode(...Array.from({ length: 500 }, (_, i) => 0x4e00 + p * 500 + i)),
    );
    const matcher = new MultiPattern(patterns.map((pattern, i) => ({ pattern, value: i })));
    expect(matcher.dense).toBe(false);
    expect(DENSE_TABLE_MAX_ENTRIES).toBeLessThan(30_001 * 30_001);
    const text = `xx${patterns[42]}yy`;
    const got: number[] = [];
    matcher.search(text, (i) => got.push(i));
    expect(got).toEqual([42]);
  });
});

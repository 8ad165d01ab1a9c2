import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldForMatching, matchCustomKeywords, normaliseKeywords } from '../../src/domain/custom-keywords.js';

/** Custom suspicious keywords (docs/api.md, "Custom keywords"). */
describe('custom keywords', () => {
  it.each([
    ['killaura', 'C:\\mods\\ｋｉｌｌａｕｒａ-1.8.jar'],
    ['ｋｉｌｌａｕｒａ', 'KillAura.jar'],
    ['killaura', 'ＫＩＬＬＡＵＲＡ.exe'],
    ['strasse', 'Straße.exe'],
    ['STRASSE', 'STRAẞE.exe'],
    ['straße', 'strasse.exe'],
    ['file', 'ﬁle.dll'],
    ['kill', 'ⓚⓘⓛⓛ.exe'],
    ['aimbot', '𝐚𝐢𝐦𝐛𝐨𝐭.jar'],
    ['killaura', 'kill\u200Baura.jar'],
    ['killaura', 'kill\u00ADaura.jar'],
    ['killaura', 'killaura\u0301.jar'],
    ['cafe', 'café.exe'],
    ['café', 'cafe\u0301.exe'],
    ['cheat engine', 'cheat\u00A0engine.exe'],
    ['σ', 'ΟΔΟΣ'],
    ['ſ', 'S'],
    ['k', 'K'],
  ])('%j matches %j', (keyword, artifact) => {
    expect(matchCustomKeywords([artifact], [keyword])).toEqual([artifact]);
  });

  it.each([
    ['killaura', 'кillaura.jar'], // Cyrillic к: a look-alike NFKC does not fold
    ['killaura', 'k1llaura.jar'],
    ['killaura', 'kill aura.jar'],
    ['café', 'cafe.exe'],
    ['loader', 'notes.txt'],
  ])('%j does not match %j', (keyword, artifact) => {
    expect(matchCustomKeywords([artifact], [keyword])).toEqual([]);
  });

  it('keeps keywords trimmed and lower case as typed, one per folded form, blank and invisible ones dropped', () => {
    expect(normaliseKeywords(['  Injector ', 'injector', 'CHEAT'])).toEqual(['injector', 'cheat']);
    expect(normaliseKeywords(['Cheat', 'ｃｈｅａｔ', 'CHEAT'])).toEqual(['cheat']);
    expect(normaliseKeywords(['ｃｈｅａｔ', 'cheat'])).toEqual(['ｃｈｅａｔ']);
    expect(normaliseKeywords(['Straße', 'STRASSE'])).toEqual(['straße']);
    expect(normaliseKeywords(['', '   ', '\u200B', '\u200D\uFE0F'])).toEqual([]);
  });

  it('never matches every artifact through a keyword that folds to nothing', () => {
    expect(matchCustomKeywords(['a.exe', 'b.exe'], ['\u200B', ' ', '\uFE0F'])).toEqual([]);
  });

  /** One way to write a character that reads the same (docs/api.md, "Custom keywords"). */
  const disguise = (c: string, how: number): string => {
    const code = c.codePointAt(0) ?? 0;
    const printable = code >= 0x21 && code <= 0x7e;
    const letter = /[a-z]/i.test(c);
    switch (how) {
      case 1:
        return c.toUpperCase();
      case 2:
        return printable ? String.fromCodePoint(code + 0xfee0) : c; // fullwidth
      case 3:
        return printable ? String.fromCodePoint((c.toUpperCase().codePointAt(0) ?? 0) + 0xfee0) : c;
      case 4:
        return `${c}\u200B`; // zero-width space after
      case 5:
        return `${c}\u00AD`; // soft hyphen after
      case 6:
        return letter ? String.fromCodePoint(0x24d0 + c.toLowerCase().charCodeAt(0) - 0x61) : c; // circled
      case 7:
        return letter ? String.fromCodePoint(0x1d41a + c.toLowerCase().charCodeAt(0) - 0x61) : c; // bold
      case 8:
        return c === ' ' ? '\u3000' : c; // ideographic space
      default:
        return c;
    }
  };
  const keyword = fc
    .string({
      unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABZ0129 ._-'),
      minLength: 1,
      maxLength: 20,
    })
    .filter((k) => k.trim().length > 0);
  const around = fc.string({ unit: fc.constantFrom(...'xyz \\/:.-_é名Ж'), maxLength: 12 });
  const hows = fc.array(fc.integer({ min: 0, max: 8 }), { minLength: 20, maxLength: 20 });

  it('matches a keyword written in any mix of case, width, circled or bold letters and invisible characters', () => {
    fc.assert(
      fc.property(keyword, around, around, hows, (word, before, after, how) => {
        const written = [...word].map((c, i) => disguise(c, how[i] ?? 0)).join('');
        const artifact = `${before}${written}${after}`;
        expect(matchCustomKeywords([artifact], [word])).toEqual([artifact]);
        // And the other way round: a keyword typed in those forms matches the plain text.
        expect(matchCustomKeywords([`${before}${word}${after}`], [written])).toHaveLength(1);
      }),
      { numRuns: 1000 },
    );
  });

  it('still matches everything the case-insensitive comparison matched', () => {
    const unit = fc.constantFrom(...'abcAB01 ._\\-éÉßЖж名😀');
    fc.assert(
      fc.property(
        fc.string({ unit, minLength: 1, maxLength: 6 }),
        fc.string({ unit, maxLength: 30 }),
        (word, text) => {
          fc.pre(word.trim().length > 0 && text.toLowerCase().includes(word.trim().toLowerCase()));
          expect(matchCustomKeywords([text], normaliseKeywords([word]))).toEqual([text]);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('folds to a fixed point, and keeps ASCII keywords as before (trimmed, lower case, no repeats)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 20 }), (text) => {
        expect(foldForMatching(foldForMatching(text))).toBe(foldForMatching(text));
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.array(fc.string({ unit: fc.constantFrom(...'aAbB .'), maxLength: 4 })), (words) => {
        const before = [...new Set(words.map((k) => k.trim().toLowerCase()).filter((k) => k.length > 0))];
        expect(normaliseKeywords(words)).toEqual(before);
      }),
    );
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme', maxLength: 6 })), (words) => {
        const kept = normaliseKeywords(words);
        expect(normaliseKeywords(kept)).toEqual(kept);
        expect(new Set(kept.map(foldForMatching)).size).toBe(kept.length);
      }),
    );
  });
});

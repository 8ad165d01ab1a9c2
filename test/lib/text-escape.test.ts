import {
  cutEscaped,
  EVIDENCE_CAPS,
  escapeEvidence,
  escapeText,
  holdsRawEvidenceText,
  replaceRawText,
  SHORTEST_TEXT_CAP,
  unescapeText,
} from '@scanpin/evidence';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/**
 * The evidence document's escape of control characters (packages/evidence/src/text-escape.ts,
 * docs/scan-client.md "Control characters"): reversible, never yielding a control character or a
 * lone surrogate, and leaving ordinary text alone.
 */

/** Holds a control character (tab aside), DEL or a lone surrogate: what must never be sent as it is. */
const RAW = {
  test: (text: string) =>
    [...text].some((ch) => {
      const c = ch.codePointAt(0) as number;
      return (c <= 0x1f && c !== 0x09) || c === 0x7f || (c >= 0xd800 && c <= 0xdfff);
    }),
};

/** Text dense in what the escape is about: controls, backslashes, `u`, hex digits, surrogates. */
const tricky = fc.string({
  unit: fc.oneof(
    fc.constantFrom('\\', 'u', 'U', '0', '5', 'c', 'f', 'F', 'a', '/', '\t', '\u0000', '\u007f', '\n', '\r'),
    fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff', '😀', '\u0085', '\u2028'),
    fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)),
    fc.string({ unit: 'binary', maxLength: 1 }),
  ),
  maxLength: 80,
});
const anyText = fc.oneof(tricky, fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }));

describe('the escape of control characters in evidence text', () => {
  it('is reversible and never yields a control character or a lone surrogate', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const escaped = escapeText(text);
        expect(unescapeText(escaped)).toBe(text);
        expect(RAW.test(escaped)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves text without controls or a backslash-u-hex unchanged, tabs and other backslashes included', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        fc.pre(!RAW.test(text) && !/\\u[0-9a-fA-F]{4}/.test(text));
        expect(escapeText(text)).toBe(text);
      }),
    );
    expect(escapeText('C:\\users\\player\\mods\\a.jar')).toBe('C:\\users\\player\\mods\\a.jar');
    expect(escapeText('\tat net.wurstclient.WurstClient.init')).toBe('\tat net.wurstclient.WurstClient.init');
  });

  it('writes each as backslash, u and four lowercase hexadecimal digits, and a backslash before one as \\u005c', () => {
    expect(escapeText('\u0000\u0000a/b/C')).toBe('\\u0000\\u0000a/b/C');
    expect(escapeText('line\r\nend\u001b[31m\u007f')).toBe('line\\u000d\\u000aend\\u001b[31m\\u007f');
    expect(escapeText('lone \ud83d here, pair 😀 kept')).toBe('lone \\ud83d here, pair 😀 kept');
    // A literal `\u0000` in a file name stays distinguishable from an escaped NUL.
    expect(escapeText('C:\\u0000dir\\x')).toBe('C:\\u005cu0000dir\\x');
    expect(unescapeText('C:\\u005cu0000dir\\x')).toBe('C:\\u0000dir\\x');
    // Only a backslash that precedes `u` and four hexadecimal digits is escaped.
    expect(escapeText('a\\u00\\b\\uzzzz\u0001')).toBe('a\\u00\\b\\uzzzz\\u0001');
  });

  it('is cut without splitting an escape or a pair, and the cut text unescapes to a prefix', () => {
    fc.assert(
      fc.property(anyText, fc.nat({ max: 100 }), (text, max) => {
        const escaped = escapeText(text);
        const cut = cutEscaped(escaped, max);
        expect(cut.length).toBeLessThanOrEqual(max);
        expect(escaped.startsWith(cut)).toBe(true);
        expect(RAW.test(cut)).toBe(false);
        expect(text.startsWith(unescapeText(cut))).toBe(true);
        // Nothing more is dropped than the escape or pair the cut would have split.
        expect(cut.length).toBeGreaterThanOrEqual(Math.min(escaped.length, max) - 5);
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps every string of a document within its cap, as long as it was before', () => {
    fc.assert(
      fc.property(fc.array(tricky, { maxLength: 8 }), fc.constantFrom(100, 200, 500, 1024), (lines, cap) => {
        const capped = lines.map((l) => l.padEnd(cap, '\u0000').slice(0, cap));
        const doc = { sources: { logs: { items: [{ path: '~/a\u0000.log', lines: capped }] } } };
        const escaped = escapeEvidence(doc);
        expect(holdsRawEvidenceText(escaped)).toBe(false);
        for (const [i, line] of escaped.sources.logs.items[0]?.lines.entries() ?? []) {
          expect(line.length).toBeLessThanOrEqual(cap);
          expect((capped[i] as string).startsWith(unescapeText(line))).toBe(true);
        }
        expect(escaped.sources.logs.items[0]?.path).toBe('~/a\\u0000.log');
      }),
    );
    // The shortest cap of text read from the machine is the room a short string has to grow.
    expect(SHORTEST_TEXT_CAP).toBeLessThanOrEqual(EVIDENCE_CAPS.text);
    expect(escapeEvidence({ name: '\u0000'.repeat(30) }).name).toBe('\\u0000'.repeat(16));
  });

  it('replaces raw text by U+FFFD without changing a length, for short fields no scanner fills', () => {
    const doc = { client: { version: '1\u0000\ud800' }, other: ['ok', '\u0007'] };
    expect(replaceRawText(doc)).toEqual({ client: { version: '1\ufffd\ufffd' }, other: ['ok', '\ufffd'] });
    expect(holdsRawEvidenceText(doc)).toBe(true);
    expect(holdsRawEvidenceText({ a: ['\\u0000', 'tab\there', { b: '😀' }] })).toBe(false);
    expect(holdsRawEvidenceText({ 'key\u0000': 1 })).toBe(true);
  });
});

/**
 * Control characters in the evidence document, carried escaped (docs/scan-client.md, "Control
 * characters"). A machine's text can hold any code unit: obfuscated class names that start with
 * U+0000, a NUL in `latest.log`, a file name with a lone surrogate. PostgreSQL text cannot hold
 * U+0000, a terminal or a page would act on the others, and JSON cannot carry a lone surrogate
 * through UTF-8; so each of them travels as the six characters `\uXXXX` (lowercase hexadecimal):
 *
 * - every C0 control but tab (U+0000–U+0008, U+000A–U+001F), DEL (U+007F), and every lone surrogate
 *   (U+D800–U+DFFF not part of a pair). Tab stays: it is visible whitespace, Java's stack traces in
 *   `latest.log` start with one, and every store holds it;
 * - a backslash that is followed by `u` and four hexadecimal digits, written `\u005c`, so that every
 *   `\uXXXX` in escaped text is an escape. Any other backslash stays as it is: `C:\users\` and
 *   `a\b` are not changed.
 *
 * So the escape is reversible (`unescapeText`), holds no control character or lone surrogate, and
 * leaves text without them unchanged (unless it holds `\u` and four hexadecimal digits).
 */

/** A control character but tab, DEL, or a lone surrogate (in a `u` pattern, `\p{Cs}` matches only those). */
const RAW_SOURCE = '[\\u0000-\\u0008\\u000a-\\u001f\\u007f]|\\p{Cs}';
/** What escapeText replaces, each match one code unit (a raw character, or a backslash before `uXXXX`). */
const NEEDS_ESCAPE = new RegExp(`${RAW_SOURCE}|\\\\(?=u[0-9a-fA-F]{4})`, 'gu');
/** The raw characters, to test (no `g`: a global regex's `test` keeps state between calls) and to replace. */
const HOLDS_RAW = new RegExp(RAW_SOURCE, 'u');
const RAW = new RegExp(RAW_SOURCE, 'gu');
const ESCAPE = /\\u([0-9a-fA-F]{4})/g;
const AN_ESCAPE = /^\\u[0-9a-fA-F]{4}$/;

const escapeOf = (unit: string) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** Text with every control character but tab, DEL and lone surrogate written `\uXXXX` (see above). */
export function escapeText(text: string): string {
  if (!HOLDS_RAW.test(text) && !text.includes('\\u')) return text;
  return text.replace(NEEDS_ESCAPE, escapeOf);
}

/** The text escapeText was given: every `\uXXXX` becomes its code unit again. */
export function unescapeText(text: string): string {
  return text.replace(ESCAPE, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Does the text hold a character escapeText would write as an escape (not counting backslashes)? */
export function holdsRawText(text: string): boolean {
  return HOLDS_RAW.test(text);
}

/**
 * Escaped text cut to at most `max` code units without cutting an escape or a surrogate pair in
 * two, so the cut text still unescapes to a prefix of the original.
 */
export function cutEscaped(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  // In escaped text every `\uXXXX` is an escape (a literal backslash before one is escaped itself),
  // and escapes do not overlap: one crossing the cut starts within the five code units before it.
  for (let start = Math.max(0, end - 5); start < end; start++) {
    if (text.charCodeAt(start) === 0x5c && AN_ESCAPE.test(text.slice(start, start + 6))) {
      end = start;
      break;
    }
  }
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return text.slice(0, end);
}

/**
 * The shortest cap of a string in the document that can hold text read from the machine (a Discord
 * user name, 100). The client's version (50) and Prefetch's hash (16) are written by the scanner.
 */
export const SHORTEST_TEXT_CAP = 100;

/**
 * A copy of an evidence document (or any JSON value) with every string and key escaped. A string
 * that grew is cut (at an escape's boundary) to the longer of its own length and SHORTEST_TEXT_CAP:
 * it was within its field's cap before, so it still is.
 */
export function escapeEvidence<T>(doc: T): T {
  return mapText(doc, (value) => {
    const escaped = escapeText(value);
    if (escaped.length === value.length) return escaped;
    return cutEscaped(escaped, Math.max(value.length, SHORTEST_TEXT_CAP));
  }) as T;
}

/**
 * A copy with every raw control character and lone surrogate replaced by U+FFFD, which keeps every
 * length: for a short field (the client's version, Prefetch's hash, written by a scanner and never
 * read from the machine) that holds them, which no scanner sends, so escaping it would pass its cap
 * (the server's intake replaces them in that field alone, docs/scan-client.md "Control characters").
 */
export function replaceRawText<T>(doc: T): T {
  return mapText(doc, (value) => (HOLDS_RAW.test(value) ? value.replace(RAW, '\ufffd') : value)) as T;
}

function mapText(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((v) => mapText(v, map));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) out[map(key)] = mapText(v, map);
    return out;
  }
  return value;
}

/**
 * Does any string or key of a JSON value hold a raw control character or lone surrogate? A document
 * from a scanner that escapes never does, so one that does was sent by an older scanner and is
 * escaped on intake (docs/scan-client.md, "Control characters").
 */
export function holdsRawEvidenceText(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (HOLDS_RAW.test(value)) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, v] of Object.entries(value)) {
        if (HOLDS_RAW.test(key)) return true;
        stack.push(v);
      }
    }
  }
  return false;
}

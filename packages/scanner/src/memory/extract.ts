/**
 * Finds, in raw process memory, the strings a scan reports (docs/scan-client.md, "Strings in the
 * game's memory"): every Java class name (`net/example/Client`) and every printable string that
 * contains one of the plan's hints, in ASCII/UTF-8 and in UTF-16LE. Raw memory never leaves the
 * machine: only these strings do.
 *
 * One pass over the bytes with table lookups only, so it keeps up with the 400 MiB/s a core can read
 * (docs/benchmarks.md, "Scan client"): class-name runs, printable runs and UTF-16LE runs are tracked
 * together, and the hints are found by a small automaton over case-folded bytes, so a printable run is
 * only turned into a string when it holds a hint.
 */

/** Shortest class name worth reporting (`a/Bc`), longest string of any kind. */
const MIN_CLASS = 4;
const MIN_STRING = 4;
export const MAX_STRING = 500;

/** Per byte, one lookup: may it be in a class name run (Java identifier characters and `/`), is it printable ASCII. */
const CLASS = 1;
const PRINT = 2;
const BYTE_KIND = new Uint8Array(256);
for (let b = 0; b < 256; b++) {
  const ch = String.fromCharCode(b);
  BYTE_KIND[b] = (/[A-Za-z0-9_$/]/.test(ch) ? CLASS : 0) | (b >= 0x20 && b <= 0x7e ? PRINT : 0);
}
const SLASH = 0x2f;

/** Is `name` a slash-separated Java class name (two or more identifiers)? */
export function isClassName(name: string): boolean {
  if (name.length < MIN_CLASS || name.length > MAX_STRING) return false;
  const parts = name.split('/');
  if (parts.length < 2) return false;
  return parts.every((p) => /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(p));
}

/** A class name as reported: a descriptor's `L…;` and a trailing `.class` removed. */
function classNameOf(run: string, followedBySemicolon: boolean): string | null {
  let name = run;
  if (followedBySemicolon && name.startsWith('L')) name = name.slice(1);
  else if (followedBySemicolon && name.startsWith('[L')) name = name.slice(2);
  return isClassName(name) ? name : null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The hints as one case-insensitive regular expression over the Latin-1 view of memory, in their
 * ASCII form and their UTF-16LE form (each character followed by a zero byte). V8 compiles it to
 * machine code that skips through memory far faster than a byte loop can (docs/benchmarks.md).
 */
function hintPattern(hints: readonly string[]): RegExp | null {
  const words = hints.filter((h) => h.length > 0 && /^[\x20-\x7e]+$/.test(h));
  if (words.length === 0) return null;
  const wide = words.map((w) => [...w].map((c) => `${escapeRegExp(c)}\\x00`).join(''));
  return new RegExp([...words.map(escapeRegExp), ...wide].join('|'), 'gi');
}

export interface ExtractLimits {
  classNames: number;
  strings: number;
}

/**
 * Collects what the scan reports from chunks of one process's memory. Feed it each readable region's
 * chunks in order (`scan`); strings that cross a chunk edge are found because the caller overlaps
 * chunks by `OVERLAP` bytes and a run touching the end of a non-final chunk is left to the next one.
 */
export class StringExtractor {
  readonly classNames = new Set<string>();
  readonly strings = new Set<string>();
  truncated = false;
  private readonly hints: RegExp | null;

  constructor(
    hints: readonly string[],
    private readonly limits: ExtractLimits,
  ) {
    this.hints = hintPattern(hints);
  }

  private addClass(name: string): void {
    if (this.classNames.has(name)) return;
    if (this.classNames.size >= this.limits.classNames) this.truncated = true;
    else this.classNames.add(name);
  }

  private addString(text: string): void {
    if (text.length < MIN_STRING || this.strings.has(text)) return;
    if (this.strings.size >= this.limits.strings) this.truncated = true;
    else this.strings.add(text);
  }

  /**
   * Scans `buf[0..length)`. `first` and `final`: this is a region's first or last chunk, so runs that
   * reach its start or end are complete there; otherwise they are left to the neighbouring chunk,
   * which overlaps this one by OVERLAP bytes.
   *
   * Anchored rather than byte by byte: a class name holds a `/`, found with `indexOf` (memchr speed),
   * and a hinted string holds a hint, found by one compiled regular expression; only around those
   * anchors are bytes looked at one by one. A plain byte loop over random memory ran at 150 MiB/s,
   * held back by branch mispredictions (docs/benchmarks.md, "Scan client").
   */
  scan(buf: Buffer, length: number, final: boolean, first = true): void {
    const view = length === buf.length ? buf : buf.subarray(0, length);
    const complete = (start: number, end: number) => (start > 0 || first) && (end < length || final);
    // Class names in ASCII: the run of class-name bytes around each slash.
    for (let p = view.indexOf(SLASH); p >= 0; ) {
      let start = p;
      while (start > 0 && (BYTE_KIND[view[start - 1] as number] as number) & CLASS) start--;
      let end = p + 1;
      while (end < length && (BYTE_KIND[view[end] as number] as number) & CLASS) end++;
      if (complete(start, end) && end - start >= MIN_CLASS && end - start <= MAX_STRING) {
        const name = classNameOf(view.toString('latin1', start, end), view[end] === 0x3b);
        if (name !== null) this.addClass(name);
      }
      p = end < length ? view.indexOf(SLASH, end) : -1;
    }
    // Class names in UTF-16LE: the run of (class-name byte, zero) pairs around each `/`, zero.
    for (let p = view.indexOf(WIDE_SLASH); p >= 0; ) {
      const [start, end] = wideRun(view, p, length, CLASS);
      if (complete(start, end) && (end - start) >> 1 >= MIN_CLASS) {
        const name = classNameOf(decodeWide(view, start, end), view[end] === 0x3b && view[end + 1] === 0);
        if (name !== null) this.addClass(name);
      }
      p = end < length ? view.indexOf(WIDE_SLASH, end) : -1;
    }
    if (this.hints === null) return;
    // Strings holding a hint: the printable run around each match, ASCII or UTF-16LE.
    const text = view.toString('latin1');
    const hints = this.hints;
    hints.lastIndex = 0;
    for (let m = hints.exec(text); m !== null; m = hints.exec(text)) {
      const at = m.index;
      let start: number;
      let end: number;
      let found: string;
      if (m[0].length > 1 && m[0].charCodeAt(1) === 0) {
        [start, end] = wideRun(view, at, length, PRINT);
        found = decodeWide(view, start, Math.min(end, start + MAX_STRING * 2));
      } else {
        start = at;
        while (start > 0 && (BYTE_KIND[view[start - 1] as number] as number) & PRINT) start--;
        end = at + m[0].length;
        while (end < length && (BYTE_KIND[view[end] as number] as number) & PRINT) end++;
        found = view.toString('latin1', start, Math.min(end, start + MAX_STRING));
      }
      if (complete(start, end)) this.addString(found);
      hints.lastIndex = Math.max(end, at + 1);
    }
  }
}

const WIDE_SLASH = Buffer.from([SLASH, 0]);

/** The run of (byte of `kind`, zero) pairs around the pair at `at`. */
function wideRun(view: Buffer, at: number, length: number, kind: number): [number, number] {
  let start = at;
  while (start >= 2 && view[start - 1] === 0 && (BYTE_KIND[view[start - 2] as number] as number) & kind)
    start -= 2;
  let end = at + 2;
  while (end + 1 < length && view[end + 1] === 0 && (BYTE_KIND[view[end] as number] as number) & kind)
    end += 2;
  return [start, Math.min(end, length)];
}

function decodeWide(view: Buffer, start: number, end: number): string {
  let text = '';
  for (let i = start; i < end; i += 2) text += String.fromCharCode(view[i] as number);
  return text;
}

/** How far consecutive chunks overlap, so no string of up to MAX_STRING characters is cut (UTF-16: 2 bytes each). */
export const OVERLAP = MAX_STRING * 2 + 2;

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

/** Bytes that may appear in a class name run: Java identifier characters and `/`. */
const CLASS_BYTE = new Uint8Array(256);
/** Printable ASCII. */
const PRINTABLE = new Uint8Array(256);
for (let b = 0; b < 256; b++) {
  const ch = String.fromCharCode(b);
  CLASS_BYTE[b] = /[A-Za-z0-9_$/]/.test(ch) ? 1 : 0;
  PRINTABLE[b] = b >= 0x20 && b <= 0x7e ? 1 : 0;
}
const SLASH = 0x2f;
const ZERO = 0x00;

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

/** The hints as a case-insensitive byte automaton; a hit marks the printable run it falls in. */
class HintAutomaton {
  private readonly column = new Uint8Array(256);
  private readonly width: number;
  private readonly table: Int32Array;
  private readonly final: Uint8Array;

  constructor(hints: readonly string[]) {
    const words = hints.map((h) => h.toLowerCase()).filter((h) => h.length > 0 && /^[\x20-\x7e]+$/.test(h));
    const units: number[] = [0];
    for (const w of words)
      for (const ch of w) {
        const b = ch.charCodeAt(0);
        if (this.column[b] === 0) {
          this.column[b] = units.length;
          if (b >= 0x61 && b <= 0x7a) this.column[b - 32] = units.length;
          units.push(b);
        }
      }
    const next: Array<Map<number, number>> = [new Map()];
    const isFinal: boolean[] = [false];
    for (const w of words) {
      let s = 0;
      for (const ch of w) {
        const c = this.column[ch.charCodeAt(0)] as number;
        let to = next[s]?.get(c);
        if (to === undefined) {
          to = next.length;
          next.push(new Map());
          isFinal.push(false);
          next[s]?.set(c, to);
        }
        s = to;
      }
      isFinal[s] = true;
    }
    this.width = units.length;
    this.table = new Int32Array(next.length * this.width);
    this.final = new Uint8Array(next.length);
    const fail = new Int32Array(next.length);
    const order = [0];
    for (let head = 0; head < order.length; head++) {
      const s = order[head] as number;
      this.final[s] = isFinal[s] || this.final[fail[s] as number] ? 1 : 0;
      for (let c = 1; c < this.width; c++) {
        const child = next[s]?.get(c);
        const viaFail = s === 0 ? 0 : (this.table[(fail[s] as number) * this.width + c] as number);
        if (child === undefined) this.table[s * this.width + c] = viaFail;
        else {
          this.table[s * this.width + c] = child;
          fail[child] = viaFail;
          order.push(child);
        }
      }
    }
  }

  readonly empty = (): boolean => this.width === 1;

  /** The next state, and whether a hint ends at this byte (bit 31 set). */
  step(state: number, byte: number): number {
    const to = this.table[state * this.width + (this.column[byte] as number)] as number;
    return this.final[to] ? to | 0x4000_0000 : to;
  }

  /** Does `text` contain a hint (case-insensitive)? For UTF-16 runs, which are decoded first. */
  matches(text: string): boolean {
    let s = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      s = this.step(s & 0x3fff_ffff, code < 256 ? code : 0);
      if (s & 0x4000_0000) return true;
    }
    return false;
  }
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
  private readonly hints: HintAutomaton;

  constructor(
    hints: readonly string[],
    private readonly limits: ExtractLimits,
  ) {
    this.hints = new HintAutomaton(hints);
  }

  private addClass(name: string): void {
    if (this.classNames.has(name)) return;
    if (this.classNames.size >= this.limits.classNames) this.truncated = true;
    else this.classNames.add(name);
  }

  private addString(text: string): void {
    if (this.strings.has(text)) return;
    if (this.strings.size >= this.limits.strings) this.truncated = true;
    else this.strings.add(text);
  }

  /** Class names and hinted strings inside a decoded UTF-16 run. */
  private scanDecoded(text: string): void {
    if (text.length >= MIN_STRING && !this.hints.empty() && this.hints.matches(text))
      this.addString(text.slice(0, MAX_STRING));
    for (const m of text.matchAll(/[A-Za-z0-9_$/]+/g)) {
      const next = text[m.index + m[0].length];
      const name = classNameOf(m[0], next === ';');
      if (name !== null) this.addClass(name);
    }
  }

  private flushUtf16(buf: Buffer, start: number, end: number): void {
    const chars = (end - start) >> 1;
    if (chars < MIN_CLASS) return;
    let text = '';
    for (let i = start; i < end && text.length < MAX_STRING; i += 2)
      text += String.fromCharCode(buf[i] as number);
    this.scanDecoded(text);
  }

  /**
   * Scans `buf[0..length)`. `final`: this is the last chunk of a region, so runs reaching its end are
   * complete; otherwise they are left for the next, overlapping chunk.
   */
  scan(buf: Buffer, length: number, final: boolean): void {
    const hints = this.hints;
    const useHints = !hints.empty();
    let classStart = -1;
    let slash = false;
    let printStart = -1;
    let hinted = false;
    let hintState = 0;
    let u16Start = -1;
    let u16End = -1;
    let prev = 0;
    for (let i = 0; i < length; i++) {
      const b = buf[i] as number;
      // Class-name runs.
      if (CLASS_BYTE[b]) {
        if (classStart < 0) {
          classStart = i;
          slash = false;
        }
        if (b === SLASH) slash = true;
      } else if (classStart >= 0) {
        if (slash && i - classStart >= MIN_CLASS && i - classStart <= MAX_STRING) {
          const name = classNameOf(buf.toString('latin1', classStart, i), b === 0x3b);
          if (name !== null) this.addClass(name);
        }
        classStart = -1;
      }
      // Printable runs, marked when a hint ends inside them.
      if (PRINTABLE[b]) {
        if (printStart < 0) {
          printStart = i;
          hinted = false;
          hintState = 0;
        }
        if (useHints) {
          hintState = hints.step(hintState & 0x3fff_ffff, b);
          if (hintState & 0x4000_0000) hinted = true;
        }
      } else if (printStart >= 0) {
        if (hinted && i - printStart >= MIN_STRING)
          this.addString(buf.toString('latin1', printStart, Math.min(i, printStart + MAX_STRING)));
        printStart = -1;
      }
      // UTF-16LE runs: a printable byte followed by a zero, pair after pair.
      if (b === ZERO && i > 0 && PRINTABLE[prev]) {
        const pairStart = i - 1;
        if (pairStart === u16End) u16End = i + 1;
        else {
          if (u16Start >= 0) this.flushUtf16(buf, u16Start, u16End);
          u16Start = pairStart;
          u16End = i + 1;
        }
      }
      prev = b;
    }
    // Runs that reach the end: complete only in a region's last chunk.
    if (final) {
      if (classStart >= 0 && slash && length - classStart >= MIN_CLASS && length - classStart <= MAX_STRING) {
        const name = classNameOf(buf.toString('latin1', classStart, length), false);
        if (name !== null) this.addClass(name);
      }
      if (printStart >= 0 && hinted && length - printStart >= MIN_STRING)
        this.addString(buf.toString('latin1', printStart, Math.min(length, printStart + MAX_STRING)));
    }
    if (u16Start >= 0 && (final || u16End < length - 1)) this.flushUtf16(buf, u16Start, u16End);
  }
}

/** How far consecutive chunks overlap, so no string of up to MAX_STRING characters is cut (UTF-16: 2 bytes each). */
export const OVERLAP = MAX_STRING * 2 + 2;

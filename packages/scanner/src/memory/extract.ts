import { ClassHarvest } from './class-harvest.js';

/**
 * Finds, in raw process memory, the strings a scan reports (docs/scan-client.md, "Strings in the
 * game's memory"): the Java class names (`net/example/Client`, chosen by `ClassHarvest` when there are
 * more than the cap) and every printable string that contains one of the plan's hints, in ASCII/UTF-8
 * and in UTF-16LE. Raw memory never leaves the machine: only these strings do.
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
  /**
   * How many class names laid out as a JVM `Symbol` to keep (see `symbolAt`); 0 or absent: none
   * are looked for.
   */
  symbols?: number;
  /**
   * Where the JVM's own code is mapped (`libjvm.so`), to find the classes it has loaded: see
   * `klassNamePointers`. Absent: not looked for.
   */
  jvmImage?: JvmImage;
}

/**
 * The JVM's own library's address range, and how many bytes from a HotSpot `Klass`'s start (its C++
 * vtable pointer) its `_name` field is: 24 in JDK 17 (measured), 16 in JDK 8 (`klass.hpp`).
 */
export interface JvmImage {
  start: number;
  end: number;
  klassNameOffset: number;
}
const TWO_32 = 2 ** 32;

/** How a class name was found laid out as a HotSpot `Symbol`: its bare name, or its `L…;` descriptor. */
export const SYMBOL_NAME = 1;
export const SYMBOL_DESCRIPTOR = 2;

/**
 * HotSpot keeps each class's name, and every name its loaded classes' constant pools hold, as a
 * `Symbol` in native memory: a 16-bit length just before the bytes (JDK 12 and later: a 32-bit hash
 * and reference count, then the length, then the body, the object 8-byte aligned), or, in JDK 9–11,
 * the length 6 bytes before and, in JDK 8, 8 bytes before the body (`symbol.hpp` of each release).
 * A name found with its exact length at one of those places, at the right alignment, is a Symbol;
 * a Java `String` (a byte array with a 32-bit length) or a log line is not
 * (docs/scan-client.md, "Classes injected into the Java game").
 *
 * `at` is the body's offset in `view` and `address` the address of `view[0]` in the process, or -1
 * when unknown (the alignment is then not checked). `fits(length)`: does a Symbol of that length hold
 * what follows? Returns the first layout that fits: the length and the header's size, or null.
 */
function symbolAt(
  view: Buffer,
  at: number,
  address: number,
  fits: (length: number) => boolean,
): { length: number; headerBytes: number } | null {
  for (const [lengthAt, headerBytes] of SYMBOL_LAYOUTS) {
    if (at < lengthAt) continue;
    if (address >= 0 && (address + at - headerBytes) % 8 !== 0) continue;
    const length = (view[at - lengthAt] as number) | ((view[at - lengthAt + 1] as number) << 8);
    if (length > 0 && fits(length)) return { length, headerBytes };
  }
  return null;
}

/** [where the length is, before the body; how many bytes of header precede the body]: JDK 12+, 9–11, 8. */
const SYMBOL_LAYOUTS: readonly (readonly [number, number])[] = [
  [2, 6],
  [6, 6],
  [8, 8],
];

/**
 * Collects what the scan reports from chunks of one process's memory. Feed it each readable region's
 * chunks in order (`scan`); strings that cross a chunk edge are found because the caller overlaps
 * chunks by `OVERLAP` bytes and a run touching the end of a non-final chunk is left to the next one.
 * `address` (the address of the chunk's first byte), when given, lets Symbols be told by alignment.
 */
export class StringExtractor {
  /** The class names found, and which of them the scan sends (`chosen()`). */
  readonly classNames: ClassHarvest;
  readonly strings = new Set<string>();
  /**
   * Class names found laid out as JVM Symbols: how (`SYMBOL_NAME | SYMBOL_DESCRIPTOR`) and the
   * addresses of the Symbols holding the bare name (a few at most).
   */
  readonly symbols = new Map<string, { how: number; addresses: number[] }>();
  /**
   * The values found where a HotSpot `Klass` keeps its name: 8-byte words that follow, at the name's
   * offset, a word pointing into the JVM's own image (the `Klass`'s C++ vtable). A class is loaded
   * when its Symbol's address is among them (docs/scan-client.md, "Classes injected into the Java game").
   */
  readonly klassNamePointers = new Set<number>();
  stringsTruncated = false;
  symbolsTruncated = false;
  private readonly hints: RegExp | null;

  constructor(
    hints: readonly string[],
    private readonly limits: ExtractLimits,
  ) {
    this.hints = hintPattern(hints);
    this.classNames = new ClassHarvest(hints, limits.classNames);
  }

  /** A cap was reached: class names or hinted strings were left out. */
  get truncated(): boolean {
    return this.stringsTruncated || this.classNames.truncated;
  }

  private addSymbol(name: string, how: number, address: number): void {
    let had = this.symbols.get(name);
    if (had === undefined) {
      if (this.symbols.size >= (this.limits.symbols ?? 0)) {
        this.symbolsTruncated = true;
        return;
      }
      had = { how: 0, addresses: [] };
      this.symbols.set(name, had);
    }
    had.how |= how;
    if (how === SYMBOL_NAME && address >= 0 && had.addresses.length < 4 && !had.addresses.includes(address))
      had.addresses.push(address);
  }

  /**
   * Every aligned 8-byte word pointing into the JVM's image: the `_name` words after it are kept.
   * Found by searching for the pointer's upper half with `indexOf` (memchr speed), not word by word,
   * which kept the memory pass within a few percent of its speed alone (docs/benchmarks.md).
   */
  private scanKlasses(view: Buffer, length: number, address: number): void {
    const image = this.limits.jvmImage;
    if (image === undefined || address < 0) return;
    // The JVM's own static data points into its image too, but holds no Klass (they live in metaspace).
    if (address < image.end && address + length > image.start) return;
    const nameAt = image.klassNameOffset;
    const highest = Math.floor((image.end - 1) / TWO_32);
    for (let high = Math.floor(image.start / TWO_32); high <= highest; high++) {
      const upper = Buffer.alloc(4);
      upper.writeUInt32LE(high);
      for (let at = view.indexOf(upper, 4); at >= 0 && at < length; at = view.indexOf(upper, at + 4)) {
        // `at` is the upper half of a little-endian word that starts 4 bytes before it.
        const word = at - 4;
        if ((address + word) % 8 !== 0 || word + nameAt + 8 > length) continue;
        const value = high * TWO_32 + view.readUInt32LE(word);
        if (value < image.start || value >= image.end) continue;
        const name = word + nameAt;
        this.klassNamePointers.add(view.readUInt32LE(name + 4) * TWO_32 + view.readUInt32LE(name));
      }
    }
  }

  /** A class-name run `view[start..end)`: is its start the body of a Symbol holding a class name or descriptor? */
  private checkSymbol(view: Buffer, start: number, end: number, address: number): void {
    const runLength = end - start;
    const isDescriptor = view[end] === 0x3b && view[start] === 0x4c;
    const symbol = symbolAt(
      view,
      start,
      address,
      (n) => n >= MIN_CLASS && (n <= runLength || (isDescriptor && n === runLength + 1)),
    );
    if (symbol === null) return;
    const { length, headerBytes } = symbol;
    if (length === runLength + 1) {
      const name = view.toString('latin1', start + 1, end);
      if (isClassName(name)) this.addSymbol(name, SYMBOL_DESCRIPTOR, -1);
    } else {
      const name = view.toString('latin1', start, start + length);
      if (isClassName(name))
        this.addSymbol(name, SYMBOL_NAME, address < 0 ? -1 : address + start - headerBytes);
    }
  }

  private addString(text: string): void {
    if (text.length < MIN_STRING || this.strings.has(text)) return;
    if (this.strings.size >= this.limits.strings) this.stringsTruncated = true;
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
  scan(buf: Buffer, length: number, final: boolean, first = true, address = -1): void {
    const view = length === buf.length ? buf : buf.subarray(0, length);
    const complete = (start: number, end: number) => (start > 0 || first) && (end < length || final);
    const symbols = (this.limits.symbols ?? 0) > 0;
    if (symbols) this.scanKlasses(view, length, address);
    const harvest = this.limits.classNames > 0;
    // Class names in ASCII: the run of class-name bytes around each slash.
    for (let p = view.indexOf(SLASH); p >= 0; ) {
      let start = p;
      while (start > 0 && (BYTE_KIND[view[start - 1] as number] as number) & CLASS) start--;
      let end = p + 1;
      while (end < length && (BYTE_KIND[view[end] as number] as number) & CLASS) end++;
      if (complete(start, end) && end - start >= MIN_CLASS && end - start <= MAX_STRING) {
        // A name is harvested only with a package of two levels (class-harvest.ts): most runs of
        // random bytes around a slash have one, and are not worth turning into a string.
        if (harvest && hasSlash(view, p + 1, end)) {
          const name = classNameOf(view.toString('latin1', start, end), view[end] === 0x3b);
          if (name !== null) this.classNames.add(name);
        }
        if (symbols) this.checkSymbol(view, start, end, address);
      }
      p = end < length ? view.indexOf(SLASH, end) : -1;
    }
    // Class names in UTF-16LE: the run of (class-name byte, zero) pairs around each `/`, zero.
    for (let p = harvest ? view.indexOf(WIDE_SLASH) : -1; p >= 0; ) {
      const [start, end] = wideRun(view, p, length, CLASS);
      if (complete(start, end) && (end - start) >> 1 >= MIN_CLASS) {
        const name = classNameOf(decodeWide(view, start, end), view[end] === 0x3b && view[end + 1] === 0);
        if (name !== null) this.classNames.add(name);
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

/** Is there a `/` in `view[from..end)`? (A bounded loop: `indexOf` would search on past `end`.) */
function hasSlash(view: Buffer, from: number, end: number): boolean {
  for (let i = from; i < end; i++) if (view[i] === SLASH) return true;
  return false;
}

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

/**
 * How far consecutive chunks overlap, so no string of up to MAX_STRING characters is cut (UTF-16: 2
 * bytes each); a multiple of 8 so that every chunk of a page-aligned region starts 8-byte aligned, as
 * the pointer pass (`klassNamePointers`) needs.
 */
export const OVERLAP = Math.ceil((MAX_STRING * 2 + 2) / 8) * 8;

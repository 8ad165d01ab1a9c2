/**
 * Many patterns found in one pass over a string (Aho–Corasick over UTF-16 code units). Rules match
 * exactly as `String.prototype.includes` does; the npm matchers we tried work on grapheme clusters,
 * which would miss `a` inside `á` written with a combining accent (docs/scan-client.md, "Rules").
 *
 * Built once per rule change. Where it fits in DENSE_TABLE_MAX_ENTRIES, the automaton is a complete
 * transition table over the code units that occur in the patterns (any other unit leads back to the
 * start), so a search is one array read per code unit whatever the number of patterns: 50 000 class
 * names against 5 000 rules in a few milliseconds (docs/benchmarks.md, "Evidence"). That table holds
 * states × (distinct units + 1) entries, which grows with the square of the patterns' length when their
 * alphabet is large (30 patterns of 500 distinct CJK characters: 15 000 × 15 001 entries, 900 MB), so
 * past the bound the automaton keeps its sparse form (a map of transitions per state and failure
 * links), built and searched in time linear in the patterns and the text (docs/security.md).
 */

/** The most entries a dense table may have: 16 MiB of 32-bit entries. */
export const DENSE_TABLE_MAX_ENTRIES = 4 * 1024 * 1024;

interface Output<T> {
  length: number;
  value: T;
}

export class MultiPattern<T> {
  /** Dense form: code unit → column of the table; 0 for units that occur in no pattern. */
  private readonly column: Uint16Array | null;
  private readonly width: number;
  private readonly table: Int32Array | null;
  /** Sparse form: each state's own transitions, and where it falls back to. */
  private readonly next: Array<Map<number, number>>;
  private readonly fail: Int32Array;
  /** Per state: the entries whose pattern ends here, its own and those reached by failure links. */
  private readonly out: Array<Array<Output<T>> | undefined> = [];

  constructor(entries: Iterable<{ pattern: string; value: T }>) {
    const next: Array<Map<number, number>> = [new Map()];
    const own: Array<Array<Output<T>>> = [[]];
    const units = new Set<number>();
    for (const { pattern, value } of entries) {
      if (pattern === '') continue;
      let state = 0;
      for (let i = 0; i < pattern.length; i++) {
        const unit = pattern.charCodeAt(i);
        units.add(unit);
        const transitions = next[state] as Map<number, number>;
        let to = transitions.get(unit);
        if (to === undefined) {
          to = next.length;
          next.push(new Map());
          own.push([]);
          transitions.set(unit, to);
        }
        state = to;
      }
      own[state]?.push({ length: pattern.length, value });
    }
    // Failure links, breadth first: a state's target is shallower, so it is complete before the state.
    const fail = new Int32Array(next.length);
    const order: number[] = [0];
    for (let head = 0; head < order.length; head++) {
      const state = order[head] as number;
      for (const [unit, child] of next[state] as Map<number, number>) {
        fail[child] = state === 0 ? 0 : this.step(next, fail, fail[state] as number, unit);
        order.push(child);
      }
      const inherited = state === 0 ? undefined : this.out[fail[state] as number];
      const found = [...(own[state] ?? []), ...(inherited ?? [])];
      this.out[state] = found.length > 0 ? found : undefined;
    }
    this.next = next;
    this.fail = fail;
    this.width = units.size + 1;
    if (next.length * this.width > DENSE_TABLE_MAX_ENTRIES) {
      this.column = null;
      this.table = null;
      return;
    }
    const column = new Uint16Array(65_536);
    let c = 1;
    for (const unit of units) column[unit] = c++;
    const table = new Int32Array(next.length * this.width);
    for (const state of order) {
      const row = state * this.width;
      const failRow = (fail[state] as number) * this.width;
      // Units with no transition of their own go where the failure target goes (already filled).
      if (state !== 0) table.set(table.subarray(failRow, failRow + this.width), row);
      for (const [unit, child] of next[state] as Map<number, number>)
        table[row + (column[unit] as number)] = child;
    }
    this.column = column;
    this.table = table;
  }

  /** The sparse automaton's move from `state` on `unit`: its own transition, or its failure chain's. */
  private step(next: Array<Map<number, number>>, fail: Int32Array, from: number, unit: number): number {
    let state = from;
    for (;;) {
      const to = next[state]?.get(unit);
      if (to !== undefined) return to;
      if (state === 0) return 0;
      state = fail[state] as number;
    }
  }

  /** Whether the automaton is a dense table (false: sparse, past DENSE_TABLE_MAX_ENTRIES). */
  get dense(): boolean {
    return this.table !== null;
  }

  /** Calls `found` with each entry whose pattern occurs in `text`, and where it starts. */
  search(text: string, found: (value: T, start: number) => void): void {
    const { column, width, table, out } = this;
    let state = 0;
    for (let i = 0; i < text.length; i++) {
      const unit = text.charCodeAt(i);
      state =
        table !== null && column !== null
          ? (table[state * width + (column[unit] as number)] as number)
          : this.step(this.next, this.fail, state, unit);
      const hits = out[state];
      if (hits !== undefined) for (const hit of hits) found(hit.value, i + 1 - hit.length);
    }
  }
}

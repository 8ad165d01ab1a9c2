/**
 * Many patterns found in one pass over a string (Aho–Corasick over UTF-16 code units). Rules match
 * exactly as `String.prototype.includes` does; the npm matchers we tried work on grapheme clusters,
 * which would miss `a` inside `á` written with a combining accent (docs/scan-client.md, "Rules").
 *
 * Built once per rule change into a complete transition table over the code units that occur in the
 * patterns (any other unit leads back to the start), so a search is one array read per code unit,
 * whatever the number of patterns: 50 000 class names against 5 000 rules in a few milliseconds
 * (docs/benchmarks.md, "Evidence"). The table holds states × (distinct units + 1) 32-bit entries.
 */
export class MultiPattern<T> {
  /** Code unit → column of the table; 0 for units that occur in no pattern. */
  private readonly column = new Uint16Array(65_536);
  private readonly width: number;
  private readonly table: Int32Array;
  /** Per state: the entries whose pattern ends here, its own and those reached by failure links. */
  private readonly out: Array<Array<{ length: number; value: T }> | undefined> = [];

  constructor(entries: Iterable<{ pattern: string; value: T }>) {
    const next: Array<Map<number, number>> = [new Map()];
    const own: Array<Array<{ length: number; value: T }>> = [[]];
    const units: number[] = [0];
    for (const { pattern, value } of entries) {
      if (pattern === '') continue;
      let state = 0;
      for (let i = 0; i < pattern.length; i++) {
        const unit = pattern.charCodeAt(i);
        if (this.column[unit] === 0) {
          this.column[unit] = units.length;
          units.push(unit);
        }
        let to = next[state]?.get(unit);
        if (to === undefined) {
          to = next.length;
          next.push(new Map());
          own.push([]);
          next[state]?.set(unit, to);
        }
        state = to;
      }
      own[state]?.push({ length: pattern.length, value });
    }
    this.width = units.length;
    this.table = new Int32Array(next.length * this.width);
    const fail = new Int32Array(next.length);
    // Breadth first: a state's failure target is shallower, so its row is complete before the state's.
    const order: number[] = [0];
    for (let head = 0; head < order.length; head++) {
      const state = order[head] as number;
      const row = state * this.width;
      const failRow = (fail[state] as number) * this.width;
      for (let c = 1; c < this.width; c++) {
        const child = next[state]?.get(units[c] as number);
        if (child === undefined) {
          this.table[row + c] = state === 0 ? 0 : (this.table[failRow + c] as number);
          continue;
        }
        this.table[row + c] = child;
        fail[child] = state === 0 ? 0 : (this.table[failRow + c] as number);
        order.push(child);
      }
      const found = [...(own[state] ?? []), ...(state === 0 ? [] : (this.out[fail[state] as number] ?? []))];
      this.out[state] = found.length > 0 ? found : undefined;
    }
  }

  /** Calls `found` with each entry whose pattern occurs in `text`, and where it starts. */
  search(text: string, found: (value: T, start: number) => void): void {
    const { column, width, table, out } = this;
    let state = 0;
    for (let i = 0; i < text.length; i++) {
      state = table[state * width + (column[text.charCodeAt(i)] as number)] as number;
      const hits = out[state];
      if (hits !== undefined) for (const hit of hits) found(hit.value, i + 1 - hit.length);
    }
  }
}

/**
 * Many patterns found in one pass over a string (Aho–Corasick over UTF-16 code units). Rules match
 * exactly as `String.prototype.includes` does; the npm matchers we tried work on grapheme clusters,
 * which would miss `a` inside `á` written with a combining accent (docs/scan-client.md, "Rules").
 * Built once per rule change; a search costs one step per code unit, whatever the number of patterns.
 */
export class MultiPattern<T> {
  /** Per state: code unit → next state. */
  private readonly next: Array<Map<number, number>> = [new Map()];
  private readonly fail: number[] = [0];
  /** Per state: the entries whose pattern ends here, its own and those reached by failure links. */
  private readonly out: Array<Array<{ length: number; value: T }>> = [[]];

  constructor(entries: Iterable<{ pattern: string; value: T }>) {
    for (const { pattern, value } of entries) {
      if (pattern === '') continue;
      let state = 0;
      for (let i = 0; i < pattern.length; i++) {
        const unit = pattern.charCodeAt(i);
        let to = this.next[state]?.get(unit);
        if (to === undefined) {
          to = this.next.length;
          this.next.push(new Map());
          this.fail.push(0);
          this.out.push([]);
          this.next[state]?.set(unit, to);
        }
        state = to;
      }
      this.out[state]?.push({ length: pattern.length, value });
    }
    // Breadth first, so a state's failure target is complete before the state is.
    const queue: number[] = [...(this.next[0]?.values() ?? [])];
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head] as number;
      for (const [unit, to] of this.next[state] ?? []) {
        let f = this.fail[state] as number;
        while (f !== 0 && !this.next[f]?.has(unit)) f = this.fail[f] as number;
        const target = this.next[f]?.get(unit);
        this.fail[to] = target !== undefined && target !== to ? target : 0;
        this.out[to]?.push(...(this.out[this.fail[to] as number] ?? []));
        queue.push(to);
      }
    }
  }

  /** Calls `found` with each entry whose pattern occurs in `text`, and where it starts. */
  search(text: string, found: (value: T, start: number) => void): void {
    let state = 0;
    for (let i = 0; i < text.length; i++) {
      const unit = text.charCodeAt(i);
      let to = this.next[state]?.get(unit);
      while (to === undefined && state !== 0) {
        state = this.fail[state] as number;
        to = this.next[state]?.get(unit);
      }
      state = to ?? 0;
      const hits = this.out[state];
      if (hits !== undefined) for (const hit of hits) found(hit.value, i + 1 - hit.length);
    }
  }
}

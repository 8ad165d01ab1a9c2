import { foldName } from '../registry/names.js';
import type { DecodedValue } from '../registry/value-data.js';
import type { AmcacheKey } from './key-view.js';

/**
 * A key copied out of the live registry (names, last-written time, decoded values, the subkeys that
 * were read), so the handles can be closed before the reader runs. Only the keys the Amcache reader
 * visits are copied (`live/amcache-app-hive.ts`).
 */
export class SnapshotKey implements AmcacheKey {
  private readonly byName: Map<string, DecodedValue>;
  private readonly names: string[];

  constructor(
    readonly name: string,
    readonly lastWritten: string | null,
    values: ReadonlyArray<{ name: string; value: DecodedValue }>,
    private readonly children: SnapshotKey[],
  ) {
    this.byName = new Map(values.map((v) => [foldName(v.name), v.value]));
    this.names = [...new Map(values.map((v) => [foldName(v.name), v.name])).values()];
  }

  subkeys(): SnapshotKey[] {
    return this.children;
  }

  subkey(name: string): SnapshotKey | null {
    const wanted = foldName(name);
    return this.children.find((c) => foldName(c.name) === wanted) ?? null;
  }

  values(): Array<{ name: string; decoded(): DecodedValue }> {
    return [...this.byName.entries()].map(([, value], i) => ({
      name: this.names[i] as string,
      decoded: () => value,
    }));
  }

  value(name: string): { decoded(): DecodedValue } | null {
    const found = this.byName.get(foldName(name));
    return found === undefined ? null : { decoded: () => found };
  }
}

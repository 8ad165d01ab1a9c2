import { centralDirectory, readEntry } from './central-directory.js';

/**
 * Bounds on the archives inside an archive (docs/scan-client.md, "Where the files are read"): Fabric
 * bundles jars in `META-INF/jars/` (jar-in-jar, nested again inside them), Forge and NeoForge in
 * `META-INF/jarjar/`; any `.jar` entry is read, in memory, never written to disk. Past a bound a
 * nested jar is counted as unread, so the server sees the gap. Fabric API, the largest common case,
 * bundles about 45 jars of a few MiB in all.
 */
export const NESTED_LIMITS = {
  /** A jar in a jar in a jar: deeper ones are counted, not read. */
  depth: 3,
  /** Bytes inflated for all the nested jars of one file on disk. */
  bytes: 128 * 1024 * 1024,
  /** Nested jars read for one file on disk. */
  archives: 256,
} as const;

/** A jar found inside another: its path from the file on disk (`a.jar!/b.jar`), and its bytes when read. */
export interface NestedArchive {
  /** The entry names from the outer file, joined with `!/` as Java writes a nested entry. */
  path: string;
  data: Uint8Array | null;
}

interface Budget {
  bytes: number;
  archives: number;
}

const isNestedJar = (name: string) => name.toLowerCase().endsWith('.jar') && !name.endsWith('/');

/**
 * Every jar inside `data`, depth first, each followed by its own nested jars: read while the bounds
 * allow, else with `data: null` (too deep, over the budget, damaged or a zip bomb).
 */
export function* nestedArchives(
  data: Uint8Array,
  budget: Budget = { bytes: NESTED_LIMITS.bytes, archives: NESTED_LIMITS.archives },
  depth = 1,
  prefix = '',
): Generator<NestedArchive> {
  const entries = centralDirectory(data);
  if (entries === null) return;
  for (const entry of entries) {
    if (!isNestedJar(entry.name)) continue;
    const path = `${prefix}${entry.name}`;
    if (depth > NESTED_LIMITS.depth || budget.archives <= 0) {
      yield { path, data: null };
      continue;
    }
    budget.archives--;
    const inner = readEntry(data, entry, budget.bytes);
    if (inner === null) {
      yield { path, data: null };
      continue;
    }
    budget.bytes -= inner.byteLength;
    yield { path, data: inner };
    yield* nestedArchives(inner, budget, depth + 1, `${path}!/`);
  }
}

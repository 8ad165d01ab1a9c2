import { foldName } from '../registry/names.js';
import type { DecodedValue } from '../registry/value-data.js';

/**
 * What the Amcache reader needs of a registry key. A key of a hive file read by the scanner
 * (`registry/key.ts`) is one; so is a key of the hive Windows itself loaded, read through the
 * registry API on a live machine (`live/amcache-app-hive.ts`), so both go through the same reader.
 */
export interface AmcacheKey {
  readonly name: string;
  /** ISO 8601 UTC, or null if never set. */
  readonly lastWritten: string | null;
  subkeys(): AmcacheKey[];
  /** The direct subkey called `name`, case-insensitively, or null. */
  subkey(name: string): AmcacheKey | null;
  /** The value called `name`, case-insensitively, or null. */
  value(name: string): { decoded(): DecodedValue } | null;
  values(): ReadonlyArray<{ readonly name: string; decoded(): DecodedValue }>;
}

/**
 * The same key with its values read once and looked up by name: a record's ten lookups would each
 * read every value again (a hive key reads its value list on every `value()` call).
 */
export function withValueIndex(key: AmcacheKey): AmcacheKey {
  const byName = new Map(key.values().map((v) => [foldName(v.name), v]));
  return {
    name: key.name,
    lastWritten: key.lastWritten,
    subkeys: () => key.subkeys(),
    subkey: (name) => key.subkey(name),
    value: (name) => byName.get(foldName(name)) ?? null,
    values: () => [...byName.values()],
  };
}

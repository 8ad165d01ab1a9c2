import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** The Java home of a `bin/java` executable: the folder above `bin`. */
export function javaHomeOf(exe: string): string {
  return dirname(dirname(exe));
}

/**
 * The runtime's major version from its `release` file (`JAVA_VERSION="17.0.15"`, or `"1.8.0_392"`
 * for Java 8), or null when the file is missing or says nothing readable.
 */
export async function runtimeMajorVersion(home: string): Promise<number | null> {
  const text = await readFile(join(home, 'release'), 'utf8').catch(() => null);
  const m = text === null ? null : /^JAVA_VERSION="?(\d+)(?:\.(\d+))?/m.exec(text);
  if (m === null) return null;
  const first = Number(m[1]);
  return first === 1 ? Number(m[2] ?? 0) : first;
}

/**
 * Where a HotSpot `Klass` keeps its name, counted from its start: after the vtable pointer, the
 * layout helper and super-check offset in JDK 8 (16 bytes), with a kind/id and modifier flags added
 * in later releases (24 bytes; measured on OpenJDK 17, docs/scan-client.md). Unknown versions are
 * taken as current ones.
 */
export function klassNameOffset(major: number | null): number {
  return major !== null && major <= 8 ? 16 : 24;
}

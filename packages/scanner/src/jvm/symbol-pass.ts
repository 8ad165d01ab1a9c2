import { readFile, readlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { ExtractLimits, JvmImage, StringExtractor } from '../memory/extract.js';
import { parseMaps } from '../memory/linux.js';
import { javaHomeOf, klassNameOffset, runtimeMajorVersion } from './runtime.js';
import type { SymbolsInMemory } from './unknown-classes.js';

/** Symbols kept per process: a heavily modded Minecraft holds about 200,000 that look like class names. */
export const SYMBOL_LIMIT = 400_000;

/** The address range a library is mapped at, from its mappings. */
export function imageOf(
  regions: readonly { start: number; end: number }[],
): { start: number; end: number } | null {
  if (regions.length === 0) return null;
  return { start: Math.min(...regions.map((r) => r.start)), end: Math.max(...regions.map((r) => r.end)) };
}

/**
 * What the memory pass needs to tell loaded classes in a Linux JVM (docs/scan-client.md, "Classes
 * injected into the Java game"): where HotSpot's `libjvm.so` is mapped and where its `Klass` keeps
 * its name. Null when the process maps no `libjvm.so` (not a HotSpot JVM: OpenJ9 lays classes out
 * otherwise).
 */
export async function linuxJvmImage(procRoot: string, pid: number): Promise<JvmImage | null> {
  const dir = join(procRoot, String(pid));
  const maps = parseMaps(await readFile(join(dir, 'maps'), 'utf8'));
  const image = imageOf(maps.filter((r) => /\/libjvm\.so$/.test(r.path)));
  if (image === null) return null;
  const exe = await readlink(join(dir, 'exe')).catch(() => null);
  const major = exe === null ? null : await runtimeMajorVersion(javaHomeOf(exe));
  return { ...image, klassNameOffset: klassNameOffset(major) };
}

/** The extractor limits that make the memory pass also collect Symbols and Klass name pointers. */
export function symbolLimits(image: JvmImage): Pick<ExtractLimits, 'symbols' | 'jvmImage'> {
  return { symbols: SYMBOL_LIMIT, jvmImage: image };
}

export interface JvmMemory extends SymbolsInMemory {
  symbolsTruncated: boolean;
  bytesScanned: number;
}

/**
 * The memory collector's Symbol results, per scan (keyed by the scan's `earlier` object) and per pid,
 * so that the Java check does not read the game's memory a second time (docs/benchmarks.md).
 */
const shared = new WeakMap<object, Map<number, JvmMemory>>();

export function shareJvmMemory(
  scan: object,
  pid: number,
  extractor: StringExtractor,
  bytesScanned: number,
): void {
  let byPid = shared.get(scan);
  if (byPid === undefined) {
    byPid = new Map();
    shared.set(scan, byPid);
  }
  byPid.set(pid, {
    symbols: extractor.symbols,
    klassNamePointers: extractor.klassNamePointers,
    symbolsTruncated: extractor.symbolsTruncated,
    bytesScanned,
  });
}

export function sharedJvmMemory(scan: object, pid: number): JvmMemory | null {
  return shared.get(scan)?.get(pid) ?? null;
}

import { readFile, readlink } from 'node:fs/promises';
import { join } from 'node:path';
import { StringExtractor } from '../memory/extract.js';
import { parseMaps, readLinuxMemory } from '../memory/linux.js';
import { type AttachTraces, linuxAttachTraces } from './attach-traces.js';
import { parseJavaCommandLine } from './command-line.js';
import { knownClasses } from './known-classes.js';
import { javaHomeOf, klassNameOffset, runtimeMajorVersion } from './runtime.js';
import { type UnknownClasses, type UnknownLimits, unknownClasses } from './unknown-classes.js';

/** Caps of the Symbol pass: a modded Minecraft holds some 200,000 Symbols that look like class names. */
export const SYMBOL_LIMIT = 400_000;

export interface JavaProcessReport {
  unknown: UnknownClasses;
  knownClasses: number;
  symbols: number;
  symbolsTruncated: boolean;
  knownTruncated: boolean;
  unreadable: { path: string; reason: string }[];
  traces: AttachTraces;
  bytesScanned: number;
}

/** The address range the JVM's library is mapped at, from its mappings. */
export function imageOf(
  regions: readonly { start: number; end: number }[],
): { start: number; end: number } | null {
  if (regions.length === 0) return null;
  return { start: Math.min(...regions.map((r) => r.start)), end: Math.max(...regions.map((r) => r.end)) };
}

/** Reads one Linux Java process (its command line, runtime, class path, memory) and finds its unknown classes. */
export async function inspectLinuxJavaProcess(
  procRoot: string,
  pid: number,
  limits: UnknownLimits,
  user: string,
): Promise<JavaProcessReport> {
  const dir = join(procRoot, String(pid));
  const args = (await readFile(join(dir, 'cmdline'), 'latin1'))
    .split('\0')
    .filter((a, i, all) => a !== '' || i < all.length - 1);
  const exe = await readlink(join(dir, 'exe')).catch(() => null);
  const cwd = await readlink(join(dir, 'cwd')).catch(() => null);
  const launch = parseJavaCommandLine(args, ':');
  const traces = await linuxAttachTraces(procRoot, pid, args, cwd, user);
  // An agent named in the environment is loaded from its jar like one on the command line.
  const agents = traces.agents.filter((a) => a.from !== 'command line');
  const known = await knownClasses({
    launch: { ...launch, agents: [...launch.agents, ...agents] },
    exe,
    cwd,
    platform: 'linux',
  });
  const maps = parseMaps(await readFile(join(dir, 'maps'), 'utf8'));
  const image = imageOf(maps.filter((r) => /[/\\]libjvm\.so$/.test(r.path)));
  const major = exe === null ? null : await runtimeMajorVersion(javaHomeOf(exe));
  const jvmImage = image === null ? null : { ...image, klassNameOffset: klassNameOffset(major) };
  const extractor = new StringExtractor([], {
    classNames: 1,
    strings: 0,
    symbols: SYMBOL_LIMIT,
    ...(jvmImage === null ? {} : { jvmImage }),
  });
  const read = await readLinuxMemory(procRoot, pid, extractor);
  return {
    unknown: unknownClasses(extractor, known.classes, limits),
    knownClasses: known.classes.size,
    symbols: extractor.symbols.size,
    symbolsTruncated: extractor.symbolsTruncated,
    knownTruncated: known.truncated,
    unreadable: known.unreadable,
    traces,
    bytesScanned: read.bytesScanned,
  };
}

import { readFile, readlink } from 'node:fs/promises';
import { join } from 'node:path';
import { StringExtractor } from '../memory/extract.js';
import { readLinuxMemory } from '../memory/linux.js';
import { type AttachTraces, linuxAttachTraces } from './attach-traces.js';
import { parseJavaCommandLine } from './command-line.js';
import { knownClasses } from './known-classes.js';
import { javaHomeOf } from './runtime.js';
import { type JvmMemory, linuxJvmImage, symbolLimits } from './symbol-pass.js';
import { type UnknownClasses, type UnknownLimits, unknownClasses } from './unknown-classes.js';

export interface JavaProcessReport {
  /** Null when the process is not a HotSpot JVM, so loaded classes cannot be told. */
  unknown: UnknownClasses | null;
  runtime: string | null;
  knownClasses: number;
  filesRead: number;
  symbols: number;
  /** A cap stopped the reading of files: some legitimate classes may be missing from the known ones. */
  knownClassesTruncated: boolean;
  /** More class names were in memory than the Symbol pass keeps: some loaded classes were not compared. */
  symbolsTruncated: boolean;
  unreadable: { path: string; reason: string }[];
  traces: AttachTraces;
  bytesScanned: number;
}

/** Reads one Linux memory's Symbols and Klass pointers (when the memory source has not already). */
async function readJvmMemory(procRoot: string, pid: number): Promise<JvmMemory | null> {
  const image = await linuxJvmImage(procRoot, pid);
  if (image === null) return null;
  const extractor = new StringExtractor([], { classNames: 0, strings: 0, ...symbolLimits(image) });
  const read = await readLinuxMemory(procRoot, pid, extractor);
  return {
    symbols: extractor.symbols,
    klassNamePointers: extractor.klassNamePointers,
    symbolsTruncated: extractor.symbolsTruncated,
    bytesScanned: read.bytesScanned,
  };
}

/**
 * One Linux Java process (docs/scan-client.md, "Classes injected into the Java game"): its command
 * line, runtime, class path and game folder give the classes it may hold; its memory (read here, or
 * handed over by the memory source) the classes it loaded; the difference is the finding. Throws
 * what reading `/proc/PID` throws (the caller explains it).
 */
export async function inspectLinuxJavaProcess(
  procRoot: string,
  pid: number,
  limits: UnknownLimits,
  memory: JvmMemory | null = null,
): Promise<JavaProcessReport> {
  const dir = join(procRoot, String(pid));
  const args = (await readFile(join(dir, 'cmdline'), 'latin1')).split('\0');
  if (args.at(-1) === '') args.pop();
  const exe = await readlink(join(dir, 'exe')).catch(() => null);
  const cwd = await readlink(join(dir, 'cwd')).catch(() => null);
  const launch = parseJavaCommandLine(args, ':');
  const traces = await linuxAttachTraces(procRoot, pid, args, cwd);
  // An agent named in the environment is loaded from its jar like one on the command line.
  const envAgents = traces.agents.filter((a) => a.from !== 'command line');
  const known = await knownClasses({
    launch: { ...launch, agents: [...launch.agents, ...envAgents] },
    exe,
    cwd,
    platform: 'linux',
  });
  const inMemory = memory ?? (await readJvmMemory(procRoot, pid));
  return {
    unknown: inMemory === null ? null : unknownClasses(inMemory, known.classes, limits),
    runtime: exe === null ? null : javaHomeOf(exe),
    knownClasses: known.classes.size,
    filesRead: known.read,
    symbols: inMemory?.symbols.size ?? 0,
    knownClassesTruncated: known.truncated,
    symbolsTruncated: inMemory?.symbolsTruncated ?? false,
    unreadable: known.unreadable,
    traces,
    bytesScanned: inMemory?.bytesScanned ?? 0,
  };
}

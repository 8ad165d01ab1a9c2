import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { JvmProcessEvidence } from '@scanpin/evidence';
import { EVIDENCE_CAPS } from '../evidence/caps.js';
import { parseJavaCommandLine } from '../jvm/command-line.js';
import { inspectLinuxJavaProcess } from '../jvm/inspect-linux.js';
import { sharedJvmMemory } from '../jvm/symbol-pass.js';
import { foldersOf } from '../paths.js';
import { type CollectContext, type Collector, SkipSource } from './context.js';
import { unreadableReason } from './memory.js';
import { isGameProcess } from './processes.js';

/**
 * A package is raised when at least this many of its loaded classes are in no known file: measured
 * on real JVMs, none of a vanilla-like game with mods nor of 6,756 classes from Debian's jars was
 * (docs/scan-client.md, "Classes injected into the Java game"); one lone class is shown, not raised.
 */
export const MIN_UNKNOWN_PER_PACKAGE = 2;

const LIMITS = {
  minLoaded: MIN_UNKNOWN_PER_PACKAGE,
  packages: EVIDENCE_CAPS.jvmPackages,
  classesPerPackage: EVIDENCE_CAPS.jvmClassesPerPackage,
  belowThreshold: EVIDENCE_CAPS.jvmSingles,
};

const cut = (text: string, cap: number) => text.slice(0, cap);

async function inspect(ctx: CollectContext, pid: number, process: string): Promise<JvmProcessEvidence> {
  const { procRoot } = ctx.machine;
  const report = await inspectLinuxJavaProcess(procRoot, pid, LIMITS, sharedJvmMemory(ctx.earlier, pid));
  const unknown = report.unknown;
  return {
    pid,
    process: cut(process, EVIDENCE_CAPS.name),
    readable: unknown !== null,
    reason:
      unknown === null
        ? 'This Java runtime is not HotSpot (no libjvm.so is loaded), so its loaded classes cannot be told from mere names.'
        : null,
    runtime: report.runtime === null ? null : cut(ctx.display(report.runtime), EVIDENCE_CAPS.path),
    knownClasses: report.knownClasses,
    filesRead: report.filesRead,
    unreadableFiles: report.unreadable.slice(0, EVIDENCE_CAPS.jvmUnreadable).map((u) => ({
      path: cut(ctx.display(u.path), EVIDENCE_CAPS.path),
      reason: cut(u.reason, EVIDENCE_CAPS.text),
    })),
    classSymbols: report.symbols,
    referencedOnly: unknown?.referencedOnly ?? 0,
    unknownPackages: (unknown?.raised ?? []).map((p) => ({
      name: cut(p.name, EVIDENCE_CAPS.path),
      count: p.count,
      classes: p.classes.map((c) => cut(c, EVIDENCE_CAPS.text)),
    })),
    unknownSingles: (unknown?.belowThreshold ?? []).map((c) => cut(c, EVIDENCE_CAPS.text)),
    agents: report.traces.agents.slice(0, EVIDENCE_CAPS.injections).map((a) => ({
      kind: a.kind,
      target: cut(a.target.includes('/') ? ctx.display(a.target) : a.target, EVIDENCE_CAPS.path),
      from: a.from,
    })),
    attachListener: report.traces.attachListener,
    attachRequestFiles: report.traces.attachRequestFiles
      .slice(0, 4)
      .map((f) => cut(ctx.display(f), EVIDENCE_CAPS.path)),
    perfData: report.traces.perfData,
    // Two caps, said apart: only the first makes an unknown package a lead rather than a finding.
    truncated: report.knownClassesTruncated || report.symbolsTruncated,
    knownClassesTruncated: report.knownClassesTruncated,
    classSymbolsTruncated: report.symbolsTruncated,
  };
}

const NOTHING_READ = {
  runtime: null,
  knownClasses: 0,
  filesRead: 0,
  unreadableFiles: [],
  classSymbols: 0,
  referencedOnly: 0,
  unknownPackages: [],
  unknownSingles: [],
  agents: [],
  attachListener: null,
  attachRequestFiles: [],
  perfData: null,
  truncated: false,
  knownClassesTruncated: false,
  classSymbolsTruncated: false,
} satisfies Omit<JvmProcessEvidence, 'pid' | 'process' | 'readable' | 'reason'>;

const isFile = async (path: string) => (await stat(path).catch(() => null))?.isFile() ?? false;

/**
 * On Windows, the traces only (docs/scan-client.md, "Java agents and attach traces"): the agents the
 * process source found on the command line, `hsperfdata_<user>\<pid>` and a left `.attach_pid<pid>`
 * in `%TEMP%`. HotSpot on Windows attaches through a thread it is sent, with no listener file, so
 * whether a tool attached cannot be told; the loaded classes are not compared there yet.
 */
async function windowsTraces(
  ctx: CollectContext,
  p: { pid: number; name: string; injections: string[] },
): Promise<JvmProcessEvidence> {
  const temp = foldersOf(ctx.machine).temp;
  const users = await readdir(temp).catch(() => [] as string[]);
  let perfData = false;
  for (const name of users)
    if (name.startsWith('hsperfdata_') && (await isFile(join(temp, name, String(p.pid))))) perfData = true;
  const request = join(temp, `.attach_pid${p.pid}`);
  const agents = parseJavaCommandLine(['java', ...p.injections], ';').agents;
  return {
    pid: p.pid,
    process: cut(p.name, EVIDENCE_CAPS.name),
    readable: false,
    reason:
      'On Windows only the agents and attach traces are read in this version: the loaded classes are not compared with the game files yet.',
    ...NOTHING_READ,
    agents: agents.slice(0, EVIDENCE_CAPS.injections).map((a) => ({
      kind: a.kind,
      target: cut(/[\\/]/.test(a.target) ? ctx.display(a.target) : a.target, EVIDENCE_CAPS.path),
      from: 'command line' as const,
    })),
    attachRequestFiles: (await isFile(request)) ? [cut(ctx.display(request), EVIDENCE_CAPS.path)] : [],
    perfData,
  };
}

/**
 * Per Java game process: the classes loaded in its memory that no file it may load classes from
 * holds, its agents and attach traces (docs/scan-client.md, "Classes injected into the Java game").
 * The classes are compared on Linux only in this version; on Windows the traces alone are read (the
 * class path, the runtime and `jvm.dll`'s place have not been verified on a real Windows JVM).
 */
export const collectJvm: Collector<'jvm'> = async (ctx) => {
  const windows = ctx.machine.platform === 'win32' || ctx.machine.windows !== undefined;
  if (ctx.machine.platform !== 'linux' && !windows)
    throw new SkipSource(`Injected Java classes are not looked for on ${ctx.machine.platform} yet.`);
  const processes = ctx.earlier.processes?.items ?? [];
  const games = processes.filter((p) => isGameProcess(ctx.game, p.name));
  if (games.length === 0)
    throw new SkipSource(
      'No game process was running. Start the game, join as you normally play, and scan again.',
    );
  const items: JvmProcessEvidence[] = [];
  for (const p of games.slice(0, EVIDENCE_CAPS.processes)) {
    try {
      items.push(windows ? await windowsTraces(ctx, p) : await inspect(ctx, p.pid, p.name));
    } catch (error) {
      items.push({
        pid: p.pid,
        process: cut(p.name, EVIDENCE_CAPS.name),
        readable: false,
        reason: cut(unreadableReason(ctx.machine.platform, error), EVIDENCE_CAPS.text),
        ...NOTHING_READ,
      });
    }
  }
  return { items };
};

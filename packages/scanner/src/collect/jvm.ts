import type { JvmProcessEvidence } from '@scanpin/evidence';
import { EVIDENCE_CAPS } from '../evidence/caps.js';
import { inspectLinuxJavaProcess } from '../jvm/inspect-linux.js';
import { sharedJvmMemory } from '../jvm/symbol-pass.js';
import { type CollectContext, type Collector, SkipSource } from './context.js';
import { unreadableReason } from './memory.js';
import { isGameProcess } from './processes.js';

/**
 * A package is raised when at least this many of its loaded classes are in no known file: measured
 * on real JVMs, none of a vanilla-like game with mods nor of 11,406 classes from 198 Debian jars was
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
    truncated: report.truncated,
  };
}

/**
 * Per Java game process: the classes loaded in its memory that no file it may load classes from
 * holds, its agents and attach traces (docs/scan-client.md, "Classes injected into the Java game").
 * Linux only in this version: on Windows the class path, the runtime and `jvm.dll`'s place are read
 * differently and have not been verified on a real Windows JVM.
 */
export const collectJvm: Collector<'jvm'> = async (ctx) => {
  if (ctx.machine.platform !== 'linux')
    throw new SkipSource(
      'Injected Java classes are looked for on Linux only in this version of the scanner; Windows is not verified yet.',
    );
  const processes = ctx.earlier.processes?.items ?? [];
  const games = processes.filter((p) => isGameProcess(ctx.game, p.name));
  if (games.length === 0)
    throw new SkipSource(
      'No game process was running. Start the game, join as you normally play, and scan again.',
    );
  const items: JvmProcessEvidence[] = [];
  for (const p of games.slice(0, EVIDENCE_CAPS.processes)) {
    try {
      items.push(await inspect(ctx, p.pid, p.name));
    } catch (error) {
      items.push({
        pid: p.pid,
        process: cut(p.name, EVIDENCE_CAPS.name),
        readable: false,
        reason: cut(unreadableReason(ctx.machine.platform, error), EVIDENCE_CAPS.text),
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
      });
    }
  }
  return { items };
};

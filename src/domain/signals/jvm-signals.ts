import type { JvmProcessEvidence } from '@scanpin/evidence';
import type { EvidenceDocument } from '../evidence.js';
import type { Signal } from '../windows-signals.js';

/**
 * Signals from the Java game processes (docs/scan-client.md, "Classes injected into the Java game"
 * and "Java agents and attach traces"). Each proves this game session: it is in, or about, the
 * running game.
 * - `jvm-unknown-classes`: a package of classes loaded in the game (a HotSpot Klass names them) that
 *   no file of the runtime, class path, game folder or mods holds: code defined from bytes, as an
 *   injected client is. Lone unknown classes are shown in the evidence, never a signal.
 * - `jvm-unknown-classes-incomplete`: the same, in a process whose known classes are incomplete
 *   (files of its class path or mods could not be read, or a cap on the files read was reached): the classes may be
 *   in the files the scan could not read, so the package is no proof of injection, only a lead.
 * - `jvm-agent`: a Java or native agent named on the command line or in the launcher's variables.
 * - `jvm-debug-agent`: the debugger agent (`jdwp`), which lets whoever connects run code in the game.
 * - `jvm-attached`: the attach listener is running, or an attach request file was left: a tool
 *   (an injector, or `jcmd`, `jstack`, a profiler) attached since the game started.
 */
export const JVM_SIGNAL_CODES = [
  'jvm-unknown-classes',
  'jvm-unknown-classes-incomplete',
  'jvm-agent',
  'jvm-debug-agent',
  'jvm-attached',
] as const;

const SHOWN_CLASSES = 3;
const SHOWN_FILES = 3;

/**
 * Why a process's known classes are incomplete, or null when they are whole. The schema counts the
 * classes of a file it could not read as unknown (docs/scan-client.md, "Classes injected into the
 * Java game"), so an unknown package there may be a rejected jar's, not an injected client's.
 */
function incompleteBecause(p: JvmProcessEvidence): string | null {
  const why: string[] = [];
  if (p.unreadableFiles.length > 0) {
    const shown = p.unreadableFiles
      .slice(0, SHOWN_FILES)
      .map((f) => `${f.path} (${f.reason})`)
      .join(', ');
    const more =
      p.unreadableFiles.length > SHOWN_FILES ? `, and ${p.unreadableFiles.length - SHOWN_FILES} more` : '';
    why.push(`files it may load classes from could not be read: ${shown}${more}`);
  }
  // Only a cap on the files read leaves classes of legitimate files unknown; a cap on the class names
  // compared leaves loaded classes out, and those listed are unknown still. An older scanner sends
  // `truncated` alone, which may be either.
  if (p.knownClassesTruncated === true)
    why.push('a cap was reached: more jars or class files than a scan reads');
  else if (p.knownClassesTruncated === undefined && p.truncated)
    why.push('a cap was reached: more jars, class files or class names than a scan compares');
  return why.length === 0 ? null : why.join('; ');
}

export function* jvmSignals(doc: EvidenceDocument): Generator<Signal> {
  const jvm = doc.sources.jvm;
  if (jvm === undefined || jvm.status !== 'collected') return;
  for (const [index, p] of jvm.items.entries()) {
    const game = `${p.process} (pid ${p.pid})`;
    const incomplete = incompleteBecause(p);
    for (const pkg of p.unknownPackages) {
      const shown = pkg.classes.slice(0, SHOWN_CLASSES).join(', ');
      const more = pkg.count > SHOWN_CLASSES ? `, and ${pkg.count - SHOWN_CLASSES} more` : '';
      const classes = `${pkg.count} classes of package ${pkg.name || '(none)'}`;
      yield incomplete === null
        ? {
            code: 'jvm-unknown-classes',
            proves: 'this-session',
            where: `memory of ${game}: ${classes} loaded from no game, mod or Java file (${shown}${more})`,
            ref: { source: 'jvm', index, value: pkg.name },
          }
        : {
            code: 'jvm-unknown-classes-incomplete',
            proves: 'this-session',
            where: `memory of ${game}: ${classes} loaded from no file the scan could read (${shown}${more}); the check was partial (${incomplete}), so they may be a game or mod file's rather than injected`,
            ref: { source: 'jvm', index, value: pkg.name },
          };
    }
    for (const agent of p.agents) {
      const debug = agent.kind === 'agentlib' && agent.target === 'jdwp';
      yield {
        code: debug ? 'jvm-debug-agent' : 'jvm-agent',
        proves: 'this-session',
        where: `${game} started with -${agent.kind}:${agent.target} (${agent.from})`,
        ref: { source: 'jvm', index, value: agent.target },
      };
    }
    if (p.attachListener === true || p.attachRequestFiles.length > 0) {
      const what = [
        ...(p.attachListener === true ? ['its attach listener is running'] : []),
        ...p.attachRequestFiles.map((f) => `${f} was left`),
      ].join('; ');
      yield {
        code: 'jvm-attached',
        proves: 'this-session',
        where: `${game}: ${what}`,
        ref: { source: 'jvm', index, value: p.process },
      };
    }
  }
}

import type { JvmProcessEvidence } from '@scanpin/evidence';

/** A Java game process's section item, clean unless a test says otherwise. */
export function jvmItem(over: Partial<JvmProcessEvidence> = {}): JvmProcessEvidence {
  return {
    pid: 4242,
    process: 'java',
    readable: true,
    reason: null,
    runtime: '/usr/lib/jvm/java-17-openjdk-amd64',
    knownClasses: 30_000,
    filesRead: 40,
    unreadableFiles: [],
    classSymbols: 9_000,
    referencedOnly: 400,
    unknownPackages: [],
    unknownSingles: [],
    agents: [],
    attachListener: false,
    attachRequestFiles: [],
    perfData: true,
    truncated: false,
    ...over,
  };
}

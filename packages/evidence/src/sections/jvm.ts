import { Type } from 'typebox';
import { EVIDENCE_CAPS as L } from '../caps.js';
import { Count, Nullable, Section, Strings, Text } from '../schema/primitives.js';

/*
 * Version 3: per Java game process, the classes loaded in its memory that no file it may load
 * classes from holds, its agents and the traces of an attach (docs/scan-client.md, "Classes
 * injected into the Java game" and "Java agents and attach traces").
 */

export const JVM_AGENT_KINDS = ['javaagent', 'agentpath', 'agentlib'] as const;
export const JVM_AGENT_ORIGINS = [
  'command line',
  'JAVA_TOOL_OPTIONS',
  'JDK_JAVA_OPTIONS',
  '_JAVA_OPTIONS',
] as const;

export const EvidenceJvmPackage = Type.Object(
  {
    name: Text(L.path, 'The package, slash-separated (`me/client`); empty for classes outside any package.'),
    count: Count,
    classes: Strings(L.jvmClassesPerPackage, 'Its unknown loaded classes (the first, sorted).'),
  },
  { additionalProperties: false },
);

export const EvidenceJvmAgent = Type.Object(
  {
    kind: Type.Enum(JVM_AGENT_KINDS, {
      description:
        '`javaagent`: a jar of Java code; `agentpath`: a native library by path; `agentlib`: a native library by name (`jdwp` is the debugger).',
    }),
    target: Text(L.path, 'The jar, library path or library name, without its options.'),
    from: Type.Enum(JVM_AGENT_ORIGINS, {
      description:
        'The command line, or the environment variable the launcher read it from (only its agent arguments are read).',
    }),
  },
  { additionalProperties: false },
);

export const EvidenceJvmUnreadable = Type.Object(
  {
    path: Text(L.path, 'The home folder shortened to `~`.'),
    reason: Text(L.text),
  },
  { additionalProperties: false },
);

export const EvidenceJvmProcess = Type.Object(
  {
    pid: Count,
    process: Text(L.name),
    readable: Type.Boolean({ description: 'Its memory and class path could be read.' }),
    reason: Nullable(Text(L.text, 'Why not, or what could not be told, and what the player can do.')),
    runtime: Nullable(Text(L.path, 'The Java runtime it runs (its home folder).')),
    knownClasses: Count,
    filesRead: Count,
    unreadableFiles: Type.Array(EvidenceJvmUnreadable, {
      maxItems: L.jvmUnreadable,
      description: 'Files on its class path that could not be read: their classes count as unknown.',
    }),
    classSymbols: Count,
    referencedOnly: Count,
    unknownPackages: Type.Array(EvidenceJvmPackage, {
      maxItems: L.jvmPackages,
      description:
        'Packages with at least two loaded classes that no known file holds: the finding. A class counts as loaded when a HotSpot Klass points to its name.',
    }),
    unknownSingles: Strings(
      L.jvmSingles,
      'Unknown loaded classes alone in their package: shown, not a finding by themselves.',
    ),
    agents: Type.Array(EvidenceJvmAgent, { maxItems: L.injections }),
    attachListener: Nullable(
      Type.Boolean({
        description:
          'The JVM’s attach listener was started (`.java_pid<pid>` in the temporary folder): a tool attached since the game started. Null where it cannot be told.',
      }),
    ),
    attachRequestFiles: Strings(4, '`.attach_pid<pid>` files left in its working or temporary folder.'),
    perfData: Nullable(
      Type.Boolean({
        description:
          'It publishes `hsperfdata_<user>/<pid>`, which lets tools find it to attach: every JVM does unless told not to.',
      }),
    ),
    truncated: Type.Boolean({
      description:
        'A cap was reached: some classes were not compared (either of the two below, which an older scanner does not send).',
    }),
    // Added in version 3, optional: an older scanner sends `truncated` alone.
    knownClassesTruncated: Type.Optional(
      Type.Boolean({
        description:
          'A cap on the files read (jars, class files in folders) was reached: classes of files not read count as unknown, so an unknown package may be a legitimate file’s.',
      }),
    ),
    classSymbolsTruncated: Type.Optional(
      Type.Boolean({
        description:
          'More class names were in memory than a scan compares: a loaded class among the rest was not compared; the unknown classes listed are unknown still.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const JvmSection = Section(
  'Java game processes: classes loaded in memory that no jar of the runtime, class path, game folder or mods holds (an injected client), Java agents and attach traces. Only class names leave the machine.',
  {
    items: Type.Array(EvidenceJvmProcess, { maxItems: L.processes }),
  },
);

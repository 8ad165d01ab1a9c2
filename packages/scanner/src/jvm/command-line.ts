/**
 * What a `java` command line says about the code the process may run (docs/scan-client.md, "Classes
 * injected into the Java game"): the class path (`-cp`, `-classpath`, `--class-path`,
 * `-Djava.class.path=`), the module path (`-p`, `--module-path`), the main jar (`-jar`), the agents
 * (`-javaagent:`, `-agentpath:`, `-agentlib:`), and the Minecraft arguments after the main class
 * (`--gameDir`, `--version`, and Lunar Client's `--classpathDir`, `--ichorClassPath`). Pure: the arguments in, what they say out.
 */

export interface JavaAgentArgument {
  /** `javaagent` (a jar of Java code), `agentpath` (a native library by path), `agentlib` (a native library by name). */
  kind: 'javaagent' | 'agentpath' | 'agentlib';
  /** The jar or library, without the options after `=`. */
  target: string;
}

export interface JavaLaunch {
  /** Class path entries in order, as written (wildcards `dir/*` not yet expanded). */
  classPath: string[];
  modulePath: string[];
  /** The `-jar` file, when the program was started from one. */
  mainJar: string | null;
  /** The main class (`a.b.Main`), when started from a class. */
  mainClass: string | null;
  agents: JavaAgentArgument[];
  /** Minecraft's `--gameDir` and `--version`, from the program's own arguments. */
  gameDir: string | null;
  version: string | null;
  /**
   * Lunar Client's own class path, from its launcher's arguments (`--classpathDir <folder>`,
   * `--ichorClassPath a.jar,b.jar` and `--ichorExternalFiles`, relative to that folder): public
   * launch scripts on GitHub pass them so, with `,` or `;` between jars.
   */
  lunarClassPathDir: string | null;
  lunarJars: string[];
}

/** Launcher options whose value is the next argument (the `java` tool's documentation). */
const TAKES_VALUE = new Set([
  '-cp',
  '-classpath',
  '--class-path',
  '-p',
  '--module-path',
  '--upgrade-module-path',
  '--add-modules',
  '--limit-modules',
  '--add-reads',
  '--add-exports',
  '--add-opens',
  '--patch-module',
  '-m',
  '--module',
  '--source',
]);

function agentOf(arg: string): JavaAgentArgument | null {
  const m = /^-(javaagent|agentpath|agentlib):([^=]*)/i.exec(arg);
  if (m === null) return null;
  return { kind: (m[1] as string).toLowerCase() as JavaAgentArgument['kind'], target: m[2] as string };
}

/** `args` is the whole command line, the `java` executable first. */
export function parseJavaCommandLine(args: readonly string[], separator: ':' | ';'): JavaLaunch {
  const launch: JavaLaunch = {
    classPath: [],
    modulePath: [],
    mainJar: null,
    mainClass: null,
    agents: [],
    gameDir: null,
    version: null,
    lunarClassPathDir: null,
    lunarJars: [],
  };
  const split = (value: string) => value.split(separator).filter((p) => p !== '');
  let i = 1;
  for (; i < args.length; i++) {
    const arg = args[i] as string;
    const agent = agentOf(arg);
    if (agent !== null) {
      launch.agents.push(agent);
      continue;
    }
    if (arg === '-jar') {
      launch.mainJar = args[i + 1] ?? null;
      i += 2;
      break;
    }
    if (TAKES_VALUE.has(arg)) {
      const value = args[i + 1] ?? '';
      if (arg === '-cp' || arg === '-classpath' || arg === '--class-path') launch.classPath = split(value);
      if (arg === '-p' || arg === '--module-path') launch.modulePath.push(...split(value));
      i++;
      if (arg === '-m' || arg === '--module') {
        launch.mainClass = value.split('/')[1] ?? value;
        i++;
        break;
      }
      continue;
    }
    const eq = /^(--class-path|--module-path)=(.*)$/.exec(arg);
    if (eq !== null) {
      if (eq[1] === '--class-path') launch.classPath = split(eq[2] as string);
      else launch.modulePath.push(...split(eq[2] as string));
      continue;
    }
    if (arg.startsWith('-Djava.class.path=') && launch.classPath.length === 0) {
      launch.classPath = split(arg.slice('-Djava.class.path='.length));
      continue;
    }
    if (arg.startsWith('-')) continue;
    launch.mainClass = arg;
    i++;
    break;
  }
  // The program's own arguments: Minecraft's launchers pass `--gameDir <folder> --version <id>`.
  for (; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--gameDir') launch.gameDir = args[i + 1] ?? null;
    if (arg === '--version') launch.version = args[i + 1] ?? null;
    if (arg === '--classpathDir') launch.lunarClassPathDir = args[i + 1] ?? null;
    if (arg === '--ichorClassPath' || arg === '--ichorExternalFiles')
      launch.lunarJars.push(...(args[i + 1] ?? '').split(/[,;]/).filter((j) => j !== ''));
  }
  return launch;
}

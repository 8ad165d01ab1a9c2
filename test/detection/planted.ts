import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { zipSync } from 'fflate';
import { plant, plantedMachine } from '../scanner/fixtures/machine.js';
import { compile, type JavaProcess, startJava } from '../scanner/jvm/support/java-programs.js';
import { GAME_SOURCES } from '../scanner/jvm/support/java-sources.js';
import { isDefinableClassName, modifiedUtf8, stubClass } from './class-file.js';
import type { CoverageEntry } from './coverage-data.js';

/**
 * The planted machines of the coverage harness (docs/detection.md, "Coverage"), one per entry and
 * route, each a Linux home of its own:
 * - `jar`: a jar of the entry's stub classes and resources in `.minecraft/mods`, a cheat under a
 *   harmless name, a legitimate mod under its own;
 * - `renamed`: the same jar renamed `.dat`, in a version's folder;
 * - `memory`: a running vanilla-like game (a real JVM) that defined the entry's classes from bytes
 *   that were never a file: how an injected client arrives. A legitimate mod's jar is also in
 *   `mods`, as the game would have loaded it from there.
 */
export type Route = 'jar' | 'renamed' | 'memory';
export const ROUTES: readonly Route[] = ['jar', 'renamed', 'memory'];
export type Role = 'client' | 'legitimate';

export interface PlantedMachine {
  root: string;
  home: string;
  minecraft: string;
  env: Record<string, string>;
  /** The process folder the scan reads: empty, or only the planted game's `/proc/PID`. */
  procRoot: string;
  /** Where a finding about the planted thing says it is (`~/.minecraft/mods/x.jar`, `memory of java (pid N)`). */
  location: string;
  game: JavaProcess | null;
  /** Class names of the entry the JVM cannot define (left out of the memory route). */
  skipped: string[];
  dispose(): void;
}

/** The names a cheat's jar is planted under: what a player hiding it would choose. */
const HARMLESS_JAR = 'performance-helper-1.0.jar';
const RENAMED_FOLDER = 'versions/1.20.4';
const RENAMED_FILE = 'natives-cache.dat';

const classNameOf = (path: string) => path.slice(0, -'.class'.length);

/** The entry's class files that are real class names, as the JVM names them (`a/b/C`). */
function definableClasses(entry: CoverageEntry): { names: string[]; skipped: string[] } {
  const names: string[] = [];
  const skipped: string[] = [];
  for (const path of new Set(entry.classPaths.filter((p) => p.endsWith('.class')))) {
    const name = classNameOf(path);
    if (isDefinableClassName(name)) names.push(name);
    else skipped.push(name);
  }
  return { names, skipped };
}

/** A jar holding the entry's classes (stub class files) and resources (a line of text each). */
export function entryJar(entry: CoverageEntry): Buffer {
  const files: Record<string, Uint8Array> = {};
  for (const path of [...entry.classPaths, ...entry.resources]) {
    const name = path.endsWith('.class') ? classNameOf(path) : null;
    files[path] =
      name !== null && isDefinableClassName(name)
        ? stubClass(name)
        : new TextEncoder().encode(`planted by the coverage harness: ${path}\n`);
  }
  return Buffer.from(zipSync(files));
}

function fileNameOf(entry: CoverageEntry, role: Role): string {
  if (role === 'client') return HARMLESS_JAR;
  const own = entry.fileNames.find((f) => /^[^/\\]+\.jar$/i.test(f));
  return own ?? `${entry.project.replace(/[^A-Za-z0-9._-]+/g, '-')}.jar`;
}

/**
 * Classes as the vanilla-like game's injector reads them from standard input (Java's
 * DataOutputStream layout: a count, each class's binary name and bytes, then the main class's
 * name), encoded here rather than from class files on disk because some real names (a NUL in an
 * obfuscated one) cannot be file names.
 */
export function injectionBlob(names: readonly string[]): Buffer {
  const utf = (text: string) => {
    const bytes = modifiedUtf8(text);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(bytes.length);
    return [length, bytes];
  };
  const count = Buffer.alloc(4);
  count.writeInt32BE(names.length);
  const parts: Buffer[] = [count];
  for (const name of names) {
    const bytes = stubClass(name);
    const size = Buffer.alloc(4);
    size.writeInt32BE(bytes.length);
    parts.push(...utf(name.replaceAll('/', '.')), size, bytes);
  }
  parts.push(...utf((names[0] ?? '').replaceAll('/', '.')));
  return Buffer.concat(parts);
}

/** The vanilla-like game of the real-JVM tests, compiled once per run (test/scanner/jvm/support). */
export interface GameBuild {
  /** A `.minecraft` folder holding the version jar and an empty `mods`. */
  minecraft: string;
  version: string;
}

export const GAME_VERSION = '1.0-vanillalike';

export function buildGame(workDir: string): GameBuild {
  const classes = join(workDir, 'game-classes');
  compile(GAME_SOURCES, classes);
  const files: Record<string, Uint8Array> = {};
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path);
      else files[relative(classes, path).split(sep).join('/')] = readFileSync(path);
    }
  };
  walk(classes);
  const minecraft = join(workDir, 'game', '.minecraft');
  plant(join(minecraft, 'versions', GAME_VERSION, `${GAME_VERSION}.jar`), zipSync(files));
  mkdirSync(join(minecraft, 'mods'), { recursive: true });
  return { minecraft, version: GAME_VERSION };
}

/** A `/proc` holding only the game's process (a link to the real one) and the boot time. */
function plantProc(procRoot: string, pid: number | null): void {
  mkdirSync(procRoot, { recursive: true });
  if (pid === null) return;
  writeFileSync(join(procRoot, 'stat'), readFileSync('/proc/stat'));
  symlinkSync(`/proc/${pid}`, join(procRoot, String(pid)));
}

/**
 * Plants one machine. `game` is required for the memory route. `entry` null: the baseline of the
 * route, nothing planted (for the memory route, the game running with nothing injected).
 */
export async function plantMachine(
  entry: CoverageEntry | null,
  role: Role,
  route: Route,
  game: GameBuild | null,
): Promise<PlantedMachine> {
  const m = plantedMachine('linux');
  const minecraft = join(m.home, '.minecraft');
  const procRoot = join(m.root, 'proc');
  let location: string;
  let jvm: JavaProcess | null = null;
  let skipped: string[] = [];
  const jarName = entry === null ? HARMLESS_JAR : fileNameOf(entry, role);
  try {
    if (entry === null && route !== 'memory') {
      mkdirSync(join(minecraft, 'mods'), { recursive: true });
      location = '~/.minecraft';
      plantProc(procRoot, null);
    } else if (entry === null || route === 'memory') {
      if (game === null) throw new Error('the memory route needs the game built');
      cpSync(game.minecraft, minecraft, { recursive: true });
      if (entry !== null && role === 'legitimate') plant(join(minecraft, 'mods', jarName), entryJar(entry));
      const classes = entry === null ? { names: [], skipped: [] } : definableClasses(entry);
      if (entry !== null && classes.names.length === 0)
        throw new Error(`none of its ${classes.skipped.length} class names can be defined by a JVM`);
      skipped = classes.skipped;
      const versionJar = join(minecraft, 'versions', game.version, `${game.version}.jar`);
      const inject = entry === null ? [] : ['--inject'];
      // A small heap and one collector thread: the scan reads every committed byte (60 MiB here,
      // 226 MiB with the defaults), and what is planted is the client's classes, not a large heap.
      jvm = await startJava(
        [
          '-Xms16m',
          '-Xmx64m',
          '-XX:+UseSerialGC',
          '-cp',
          versionJar,
          'net.vanillalike.Game',
          '--gameDir',
          minecraft,
          '--version',
          game.version,
          ...inject,
        ],
        {
          cwd: m.home,
          timeoutMs: 60_000,
          ...(entry === null ? {} : { stdin: injectionBlob(classes.names) }),
        },
      );
      location = `memory of java (pid ${jvm.pid})`;
      plantProc(procRoot, jvm.pid);
    } else if (route === 'jar') {
      plant(join(minecraft, 'mods', jarName), entryJar(entry));
      location = `~/.minecraft/mods/${jarName}`;
      plantProc(procRoot, null);
    } else {
      const name = role === 'client' ? RENAMED_FILE : jarName.replace(/\.jar$/i, '.dat');
      plant(join(minecraft, RENAMED_FOLDER, name), entryJar(entry));
      location = `~/.minecraft/${RENAMED_FOLDER}/${name}`;
      plantProc(procRoot, null);
    }
  } catch (error) {
    jvm?.stop();
    rmSync(m.root, { recursive: true, force: true });
    throw error;
  }
  return {
    root: m.root,
    home: m.home,
    minecraft,
    env: m.env,
    procRoot,
    location,
    game: jvm,
    skipped,
    dispose() {
      jvm?.stop();
      rmSync(m.root, { recursive: true, force: true });
    },
  };
}

import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { JavaLaunch } from './command-line.js';
import { jarContents } from './jar-classes.js';
import { readJimageClassNames } from './jimage.js';

/**
 * Every class a Java game process may legitimately hold, from the files it was started with
 * (docs/scan-client.md, "Classes injected into the Java game"): the runtime's own classes (its
 * `lib/modules` jimage, or a Java 8 runtime's `lib/*.jar`), the jars and folders of its class path and
 * module path (wildcards expanded, the main jar's `Class-Path:` followed), its `-javaagent` jars,
 * and, for Minecraft, the version jar, the `libraries` folder and the mods folder of its `--gameDir`,
 * each with the jars nested in it.
 */

export interface KnownClasses {
  classes: Set<string>;
  /** The files and folders read, and those that could not be (with why), for the evidence. */
  read: number;
  unreadable: { path: string; reason: string }[];
  /** True when a cap stopped the reading: some legitimate classes may be missing. */
  truncated: boolean;
}

export const KNOWN_CLASS_LIMITS = {
  /** Jars read per process: a heavy modpack has a few hundred mods and a few hundred libraries. */
  jars: 4000,
  /** Bytes of one jar read into memory. */
  jarBytes: 256 * 1024 * 1024,
  /** `.class` files listed from class-path folders. */
  folderClasses: 200_000,
  unreadable: 50,
};

export interface JavaProcessFiles {
  launch: JavaLaunch;
  /** The process's `java` executable and working folder (relative paths resolve there). */
  exe: string | null;
  cwd: string | null;
  platform: NodeJS.Platform;
}

class Collector {
  readonly known: KnownClasses = { classes: new Set(), read: 0, unreadable: [], truncated: false };
  private readonly seen = new Set<string>();
  private jars = 0;

  fail(path: string, reason: string): void {
    if (this.known.unreadable.some((u) => u.path === path)) return;
    if (this.known.unreadable.length < KNOWN_CLASS_LIMITS.unreadable)
      this.known.unreadable.push({ path, reason });
  }

  add(names: Iterable<string>): void {
    for (const n of names) this.known.classes.add(n);
  }

  /** Reads one jar (once); returns its manifest's `Class-Path:` entries. */
  async jar(path: string): Promise<string[]> {
    if (this.seen.has(path)) return [];
    this.seen.add(path);
    if (this.jars >= KNOWN_CLASS_LIMITS.jars) {
      this.known.truncated = true;
      return [];
    }
    this.jars++;
    let data: Buffer;
    try {
      const info = await stat(path);
      if (!info.isFile()) return [];
      if (info.size > KNOWN_CLASS_LIMITS.jarBytes) {
        this.known.truncated = true;
        this.fail(path, 'larger than the scanner reads');
        return [];
      }
      data = await readFile(path);
    } catch (error) {
      this.fail(path, `could not be read (${(error as { code?: string }).code ?? 'error'})`);
      return [];
    }
    const contents = jarContents(data);
    if (contents.damaged) this.fail(path, 'the archive is damaged or not a zip');
    this.add(contents.classes);
    this.known.read++;
    return contents.classPath;
  }

  /** A class-path folder: every `.class` file under it. */
  async folder(root: string): Promise<void> {
    if (this.seen.has(root)) return;
    this.seen.add(root);
    let count = 0;
    const walk = async (dir: string): Promise<void> => {
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
      for (const e of entries) {
        if (count >= KNOWN_CLASS_LIMITS.folderClasses) {
          this.known.truncated = true;
          return;
        }
        const path = join(dir, e.name);
        if (e.isDirectory()) await walk(path);
        else if (e.name.endsWith('.class')) {
          count++;
          this.known.classes.add(relative(root, path).slice(0, -'.class'.length).split(sep).join('/'));
        }
      }
    };
    await walk(root);
    this.known.read++;
  }

  /** A class-path entry: a jar, a folder, or `dir/*` (every jar in dir). */
  async entry(path: string): Promise<void> {
    if (path.endsWith(`${sep}*`) || path.endsWith('/*') || path === '*') {
      for (const jar of await jarsIn(path.slice(0, -1) || '.')) await this.entry(jar);
      return;
    }
    const info = await stat(path).catch(() => null);
    if (info === null) {
      this.fail(path, 'not found');
      return;
    }
    if (info.isDirectory()) {
      await this.folder(path);
      return;
    }
    const classPath = await this.jar(path);
    for (const p of classPath) {
      const decoded = decodeURIComponent(p.replace(/^file:/, ''));
      await this.entry(isAbsolute(decoded) ? decoded : resolve(dirname(path), decoded));
    }
  }
}

async function jarsIn(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names
    .filter((n) => n.toLowerCase().endsWith('.jar'))
    .sort()
    .map((n) => join(dir, n));
}

async function jarsUnder(dir: string, depth: number): Promise<string[]> {
  const out: string[] = [];
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory() && depth > 0) out.push(...(await jarsUnder(path, depth - 1)));
    else if (e.name.toLowerCase().endsWith('.jar')) out.push(path);
  }
  return out.sort();
}

/** The runtime's classes: `lib/modules` next to `bin/java`, or a Java 8 runtime's jars. */
async function runtimeClasses(collector: Collector, exe: string): Promise<void> {
  const home = dirname(dirname(exe));
  const modules = join(home, 'lib', 'modules');
  if (await stat(modules).catch(() => null)) {
    const index = await readJimageClassNames(modules);
    if (index.readable) {
      collector.add(index.classes);
      collector.known.read++;
    } else collector.fail(modules, index.reason);
    return;
  }
  // Java 8 (Minecraft before 1.17): rt.jar and the others in lib/ and lib/ext/ (jre/ inside a JDK).
  for (const lib of [join(home, 'lib'), join(home, 'jre', 'lib')]) {
    for (const jar of await jarsIn(lib)) await collector.jar(jar);
    for (const jar of await jarsIn(join(lib, 'ext'))) await collector.jar(jar);
  }
}

export async function knownClasses(process: JavaProcessFiles): Promise<KnownClasses> {
  const collector = new Collector();
  const { launch, cwd } = process;
  const at = (p: string) => (isAbsolute(p) || cwd === null ? p : resolve(cwd, p));
  if (process.exe !== null) await runtimeClasses(collector, process.exe);
  else collector.fail('java', "the process's executable is not known, so the runtime's classes are not");
  if (launch.mainJar !== null) await collector.entry(at(launch.mainJar));
  // With neither -cp nor -jar, the class path is the working folder.
  const classPath = launch.classPath.length > 0 || launch.mainJar !== null ? launch.classPath : ['.'];
  for (const p of classPath) await collector.entry(at(p));
  for (const p of launch.modulePath) {
    const path = at(p);
    const info = await stat(path).catch(() => null);
    if (info?.isDirectory() && (await jarsIn(path)).length > 0)
      for (const jar of await jarsIn(path)) await collector.entry(jar);
    else await collector.entry(path);
  }
  for (const agent of launch.agents) if (agent.kind === 'javaagent') await collector.entry(at(agent.target));
  // Lunar Client loads its own jars, named relative to its class-path folder (command-line.ts).
  if (launch.lunarJars.length > 0) {
    const dir = at(launch.lunarClassPathDir ?? '.');
    for (const jar of launch.lunarJars) await collector.entry(isAbsolute(jar) ? jar : join(dir, jar));
  }
  if (launch.gameDir !== null) {
    const game = at(launch.gameDir);
    for (const jar of await jarsUnder(join(game, 'mods'), 1)) await collector.entry(jar);
    if (launch.version !== null)
      await collector.entry(join(game, 'versions', launch.version, `${launch.version}.jar`));
    for (const jar of await jarsUnder(join(game, 'libraries'), 12)) await collector.entry(jar);
  }
  return collector.known;
}

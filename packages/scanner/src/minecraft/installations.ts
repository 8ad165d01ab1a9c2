import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Machine } from '../collect/context.js';
import { foldersOf } from '../paths.js';

/**
 * A launcher's folder of instances, and where that launcher keeps the libraries all its instances
 * share (docs/scan-client.md, "Where the files are read"): Prism, PolyMC and MultiMC beside
 * `instances` (PrismLauncher's `Library::defaultStoragePrefix`, relative to its data folder), the
 * Modrinth App in `meta/libraries` (modrinth/code, app-lib `state/dirs.rs`). Null where the
 * launcher's layout was not found in a public source.
 */
interface InstanceParent {
  dir: string;
  libraries: string | null;
}

function instanceParent(dir: string, libraries: 'beside' | 'meta' | null): InstanceParent {
  const launcher = join(dir, '..');
  return {
    dir,
    libraries:
      libraries === 'beside'
        ? join(launcher, 'libraries')
        : libraries === 'meta'
          ? join(launcher, 'meta', 'libraries')
          : null,
  };
}

/**
 * Where Minecraft: Java Edition keeps its game folders on each system (docs/scan-client.md): the
 * vanilla launcher's folder, and the instance folders of the common launchers, from their public
 * documentation and default settings. Each returned folder is a game folder: it may hold `mods`,
 * `versions` and `logs`.
 */
function roots(machine: Machine): { single: string[]; instanceParents: InstanceParent[] } {
  const f = foldersOf(machine);
  if (machine.platform === 'win32') {
    return {
      // Vanilla launcher, TLauncher and Badlion share %APPDATA%\.minecraft; Feather and Lunar keep their own.
      single: [join(f.appData, '.minecraft'), join(f.appData, '.feather'), join(f.home, '.lunarclient')],
      instanceParents: [
        instanceParent(join(f.appData, 'PrismLauncher', 'instances'), 'beside'),
        instanceParent(join(f.appData, 'PolyMC', 'instances'), 'beside'),
        instanceParent(join(f.appData, 'ModrinthApp', 'profiles'), 'meta'),
        instanceParent(join(f.appData, 'com.modrinth.theseus', 'profiles'), 'meta'),
        instanceParent(join(f.appData, 'gdlauncher_next', 'instances'), null),
        instanceParent(join(f.appData, 'ATLauncher', 'instances'), null),
        instanceParent(join(f.home, 'curseforge', 'minecraft', 'Instances'), null),
      ],
    };
  }
  if (machine.platform === 'darwin') {
    return {
      single: [join(f.appData, 'minecraft'), join(f.home, '.lunarclient')],
      instanceParents: [
        instanceParent(join(f.appData, 'PrismLauncher', 'instances'), 'beside'),
        instanceParent(join(f.appData, 'ModrinthApp', 'profiles'), 'meta'),
        instanceParent(join(f.home, 'Documents', 'curseforge', 'minecraft', 'Instances'), null),
      ],
    };
  }
  return {
    single: [join(f.home, '.minecraft'), join(f.home, '.lunarclient')],
    instanceParents: [
      instanceParent(join(f.dataHome, 'PrismLauncher', 'instances'), 'beside'),
      instanceParent(join(f.dataHome, 'PolyMC', 'instances'), 'beside'),
      instanceParent(join(f.dataHome, 'multimc', 'instances'), 'beside'),
      instanceParent(join(f.dataHome, 'ModrinthApp', 'profiles'), 'meta'),
      instanceParent(join(f.appData, 'gdlauncher_next', 'instances'), null),
    ],
  };
}

async function isDir(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isDirectory() ?? false;
}

/** The game folders present on this machine. Prism and MultiMC put the game in `.minecraft` or `minecraft` inside each instance. */
export async function minecraftInstallations(machine: Machine): Promise<string[]> {
  const { single, instanceParents } = roots(machine);
  const found: string[] = [];
  for (const dir of single) if (await isDir(dir)) found.push(dir);
  for (const parent of instanceParents) {
    for (const instance of await instancesOf(parent.dir)) {
      const inner = [join(instance, '.minecraft'), join(instance, 'minecraft')];
      const game = (await Promise.all(inner.map(isDir))).findIndex(Boolean);
      found.push(game >= 0 ? (inner[game] as string) : instance);
    }
  }
  return found;
}

async function instancesOf(parent: string): Promise<string[]> {
  const names = await readdir(parent).catch(() => [] as string[]);
  const out: string[] = [];
  for (const name of names.sort()) if (await isDir(join(parent, name))) out.push(join(parent, name));
  return out;
}

/**
 * The launchers' own folders of code the game loads, present on this machine: `libraries`, which a
 * version's JSON puts on the class path (a client installed as a version lives there), in the
 * vanilla game folder, beside a launcher's instances, and in a MultiMC-style instance (its local
 * libraries, PrismLauncher's `MinecraftInstance::getLocalLibraryPath`); and `jarmods`, the jars such
 * an instance merges into the game's own jar (`MinecraftInstance::jarModsDir`).
 */
export async function minecraftLauncherFolders(
  machine: Machine,
): Promise<Array<{ path: string; kind: 'libraries' | 'jarmods' }>> {
  const { single, instanceParents } = roots(machine);
  const out: Array<{ path: string; kind: 'libraries' | 'jarmods' }> = [];
  const add = async (path: string, kind: 'libraries' | 'jarmods') => {
    if (!out.some((o) => o.path === path) && (await isDir(path))) out.push({ path, kind });
  };
  for (const dir of single) await add(join(dir, 'libraries'), 'libraries');
  for (const parent of instanceParents) {
    for (const instance of await instancesOf(parent.dir)) {
      await add(join(instance, 'jarmods'), 'jarmods');
      await add(join(instance, 'libraries'), 'libraries');
    }
    if (parent.libraries !== null) await add(parent.libraries, 'libraries');
  }
  return out;
}

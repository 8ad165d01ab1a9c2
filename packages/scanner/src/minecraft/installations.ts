import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Machine } from '../collect/context.js';
import { foldersOf } from '../paths.js';

/**
 * Where Minecraft: Java Edition keeps its game folders on each system (docs/scan-client.md): the
 * vanilla launcher's folder, and the instance folders of the common launchers, from their public
 * documentation and default settings. Each returned folder is a game folder: it may hold `mods`,
 * `versions` and `logs`.
 */
function roots(machine: Machine): { single: string[]; instanceParents: string[] } {
  const f = foldersOf(machine);
  if (machine.platform === 'win32') {
    return {
      // Vanilla launcher, TLauncher and Badlion share %APPDATA%\.minecraft; Feather and Lunar keep their own.
      single: [join(f.appData, '.minecraft'), join(f.appData, '.feather'), join(f.home, '.lunarclient')],
      instanceParents: [
        join(f.appData, 'PrismLauncher', 'instances'),
        join(f.appData, 'PolyMC', 'instances'),
        join(f.appData, 'ModrinthApp', 'profiles'),
        join(f.appData, 'com.modrinth.theseus', 'profiles'),
        join(f.appData, 'gdlauncher_next', 'instances'),
        join(f.appData, 'ATLauncher', 'instances'),
        join(f.home, 'curseforge', 'minecraft', 'Instances'),
      ],
    };
  }
  if (machine.platform === 'darwin') {
    return {
      single: [join(f.appData, 'minecraft'), join(f.home, '.lunarclient')],
      instanceParents: [
        join(f.appData, 'PrismLauncher', 'instances'),
        join(f.appData, 'ModrinthApp', 'profiles'),
        join(f.home, 'Documents', 'curseforge', 'minecraft', 'Instances'),
      ],
    };
  }
  return {
    single: [join(f.home, '.minecraft'), join(f.home, '.lunarclient')],
    instanceParents: [
      join(f.dataHome, 'PrismLauncher', 'instances'),
      join(f.dataHome, 'PolyMC', 'instances'),
      join(f.dataHome, 'multimc', 'instances'),
      join(f.dataHome, 'ModrinthApp', 'profiles'),
      join(f.appData, 'gdlauncher_next', 'instances'),
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
    const names = await readdir(parent).catch(() => [] as string[]);
    for (const name of names.sort()) {
      const instance = join(parent, name);
      if (!(await isDir(instance))) continue;
      const inner = [join(instance, '.minecraft'), join(instance, 'minecraft')];
      const game = (await Promise.all(inner.map(isDir))).findIndex(Boolean);
      found.push(game >= 0 ? (inner[game] as string) : instance);
    }
  }
  return found;
}

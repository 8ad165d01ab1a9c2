import { windowsFolderRootsOf } from '../../windows/module-folder.js';
import { type Collector, SkipSource } from '../context.js';
import { isGameProcess } from '../processes.js';
import { gameProcessModules, liveModuleLister, type ModuleLister } from './game-modules.js';

/**
 * The modules loaded in each game process the process source found (docs/scan-client.md, "Modules in
 * the game process"), listed by Toolhelp: every one outside %SystemRoot% with its SHA-256, its
 * Authenticode verdict and the kind of folder it was loaded from, the Windows ones counted. `list`
 * is Toolhelp on a Windows machine; a test gives its own list of files it built.
 */
export function modulesCollector(list: ModuleLister): Collector<'modules'> {
  return async (ctx) => {
    if (ctx.machine.platform !== 'win32')
      throw new SkipSource(
        `Loaded modules are listed on Windows; this machine runs ${ctx.machine.platform}.`,
      );
    const games = (ctx.earlier.processes?.items ?? []).filter((p) => isGameProcess(ctx.game, p.name));
    if (games.length === 0)
      throw new SkipSource(
        'No game process was running. Start the game, join as you normally play, and scan again.',
      );
    return gameProcessModules(games, windowsFolderRootsOf(ctx.machine.env), ctx.display, list);
  };
}

export const collectModules = modulesCollector(liveModuleLister);

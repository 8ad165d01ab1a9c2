/**
 * Which running programs are a game and which are its launchers (docs/scan-client.md, "Evidence
 * sources"). Game processes have their memory read; launchers are only listed. Names are compared
 * without case and without `.exe`; a trailing `*` matches any suffix (FiveM names its game process
 * after the build, e.g. `FiveM_b2944_GTAProcess`).
 */
export interface GameProcesses {
  game: readonly string[];
  launchers: readonly string[];
}

const TABLE: Record<string, GameProcesses> = {
  Java: {
    game: ['java', 'javaw'],
    launchers: [
      'MinecraftLauncher',
      'Minecraft',
      'Lunar Client',
      'lunarclient',
      'Badlion Client',
      'Feather Launcher',
      'PrismLauncher',
      'MultiMC',
      'PolyMC',
      'TLauncher',
      'CurseForge',
      'ATLauncher',
      'Modrinth App',
      'GDLauncher',
    ],
  },
  Bedrock: { game: ['Minecraft.Windows'], launchers: ['MinecraftLauncher'] },
  FiveM: { game: ['FiveM_*GTAProcess', 'FiveM_GTAProcess'], launchers: ['FiveM'] },
  RedM: { game: ['RedM_*GameProcess', 'RedM_GameProcess'], launchers: ['RedM'] },
  RageMP: { game: ['GTA5', 'ragemp_game_ui'], launchers: ['ragemp_v'] },
  AltV: { game: ['GTA5'], launchers: ['altv'] },
  Roblox: { game: ['RobloxPlayerBeta'], launchers: ['RobloxPlayerLauncher'] },
  SanAndreas: { game: ['gta_sa'], launchers: ['samp'] },
  Cod: { game: ['cod', 'cod22-cod', 'BlackOps6'], launchers: ['Battle.net'] },
  Rust: { game: ['RustClient'], launchers: ['steam'] },
};

export function gameProcessesOf(game: string): GameProcesses {
  return TABLE[game] ?? { game: [], launchers: [] };
}

function normalise(name: string): string {
  return name.toLowerCase().replace(/\.exe$/, '');
}

/** Does a process name match one of the names above? */
export function nameMatches(name: string, names: readonly string[]): boolean {
  const n = normalise(name);
  return names.some((candidate) => {
    const c = normalise(candidate);
    if (!c.includes('*')) return n === c;
    const [head = '', tail = ''] = c.split('*');
    return n.length >= head.length + tail.length && n.startsWith(head) && n.endsWith(tail);
  });
}

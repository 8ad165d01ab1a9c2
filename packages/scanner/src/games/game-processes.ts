/**
 * Which running programs are a game and which are its launchers (docs/scan-client.md, "The game must
 * run", with a public source for each name). Game processes have their memory read, and the scanner
 * waits for one before it scans; launchers are only listed. Names are compared without case and
 * without `.exe`; one `*` matches any run of characters (FiveM names its game process after the
 * build, e.g. `FiveM_b2944_GTAProcess`).
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
  // CitizenFX copies its executable to `<product>_[cl2_][b<build>_]<kind>Process.exe` and runs the game
  // as that sub-process: `GTAProcess` on most installs, `GameProcess` in its newer launch path.
  FiveM: { game: ['FiveM_*GTAProcess', 'FiveM_*GameProcess'], launchers: ['FiveM'] },
  RedM: { game: ['RedM_*GameProcess', 'RedM_*GTAProcess'], launchers: ['RedM'] },
  // RAGE Multiplayer and alt:V load their client into GTA V's own process.
  RageMP: { game: ['GTA5'], launchers: ['ragemp_v', 'ragemp_game_ui'] },
  AltV: { game: ['GTA5'], launchers: ['altv'] },
  Roblox: { game: ['RobloxPlayerBeta'], launchers: ['RobloxPlayerLauncher'] },
  // SA-MP starts `gta_sa.exe`; Multi Theft Auto runs the same game as `proxy_sa.exe`.
  SanAndreas: { game: ['gta_sa', 'proxy_sa'], launchers: ['samp', 'Multi Theft Auto'] },
  // Call of Duty HQ runs every current title as `cod.exe`; the older standalone titles kept their own.
  Cod: {
    game: ['cod', 'cod22-cod', 'BlackOps6', 'ModernWarfare', 'BlackOpsColdWar'],
    launchers: ['Battle.net', 'steam'],
  },
  Rust: { game: ['RustClient'], launchers: ['steam'] },
};

/** The game as a player calls it, for what the scanner tells them. */
const NAMES: Record<string, string> = {
  Java: 'Minecraft: Java Edition',
  Bedrock: 'Minecraft: Bedrock Edition',
  FiveM: 'FiveM',
  RedM: 'RedM',
  RageMP: 'RAGE Multiplayer',
  AltV: 'alt:V',
  Roblox: 'Roblox',
  SanAndreas: 'GTA San Andreas',
  Cod: 'Call of Duty',
  Rust: 'Rust',
};

export function gameName(game: string): string {
  return NAMES[game] ?? game;
}

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

import { describe, expect, it } from 'vitest';
import { RULE_KINDS, RULE_MATCHES, RULE_SEVERITIES, ruleMatches } from '../../src/domain/rules.js';
import gamesPack from '../../src/storage/migrations/rule-packs/games-1.json' with { type: 'json' };

/**
 * The rules for Minecraft: Bedrock Edition, Roblox, Call of Duty and Rust against what they were
 * written from (docs/detection.md, "Bedrock, Roblox, Call of Duty, Rust"): every rule cites a public
 * file at a commit and names one of these games; each game's planted cheat files (the real names and
 * folders of its public sources) match its rules; and no file of the game's own install, nor of the
 * popular legitimate tools around it, matches any rule of the pack.
 */

interface PackRule {
  name: string;
  kind: string;
  pattern: string;
  match: string;
  severity: string;
  games: string[];
  source: string;
}

const rules = gamesPack.rules as PackRule[];
const GAMES = ['Bedrock', 'Roblox', 'Cod', 'Rust'];

/** The rules of one kind a value (a file's shown path, or a memory string) matches. */
function hitsOf(value: string, kind: 'file' | 'memory-string'): PackRule[] {
  const name = value.slice(value.lastIndexOf('/') + 1);
  return rules.filter((rule) => {
    const match = (v: string) => ruleMatches(rule as Parameters<typeof ruleMatches>[0], v);
    if (kind === 'memory-string') return rule.kind === 'memory-string' && match(value);
    return (rule.kind === 'file-name' && match(name)) || (rule.kind === 'file-path' && match(value));
  });
}

/** Per game: the cheat files and strings planted, as the scan shows them, from the rules' sources. */
const CHEATS: Record<string, { files: string[]; strings: string[] }> = {
  // The Horion injector downloads the DLL to %TEMP%\Horion.dll, updates itself as HorionInjector.exe.
  Bedrock: { files: ['~/AppData/Local/Temp/Horion.dll', '~/Downloads/HorionInjector.exe'], strings: [] },
  // The script executor CLI's WeAreDevs, KRNL, EasyExploits and Oxygen U modules; the three autoexec folders.
  Roblox: {
    files: [
      '~/Desktop/executor/WeAreDevs_API.dll',
      '~/Desktop/executor/exploit-main.dll',
      '~/Desktop/executor/kernel64.sys.dll',
      '~/Desktop/executor/finj.exe',
      '~/Desktop/executor/krnl.dll',
      '~/Desktop/executor/EasyExploitsDLL.dll',
      '~/Desktop/executor/OxygenU_API.dll',
      '~/AppData/Local/Wave/autoexec/farm.lua',
      '~/AppData/Roaming/Zenith/AutoExec/esp.lua',
      '~/AppData/Local/ui/autoexec/fly.lua',
    ],
    strings: ['\\\\.\\pipe\\WeAreDevsPublicAPI_Lua'],
  },
  // warzone-hek as built (wz-minimal.exe) and as it renames itself before it runs.
  Cod: { files: ['~/Downloads/wz-minimal.exe', '~/Downloads/xui2280.exe'], strings: [] },
  // The sexhook project builds sexhook.dll (its ProjectName, a DynamicLibrary).
  Rust: { files: ['~/Desktop/sexhook.dll'], strings: [] },
};

/**
 * Per game: its own install's files and the legitimate tools around it, from public documents (the
 * game processes list, Bloxstrap's RobloxPlayerData.cs, mcpath's Bedrock folders, the Call of Duty
 * and Rust executables the public hacks above read).
 */
const LEGITIMATE: Record<string, { files: string[]; strings: string[] }> = {
  Bedrock: {
    files: [
      'C:/Program Files/WindowsApps/Microsoft.MinecraftUWP_1.21.0.3_x64__8wekyb3d8bbwe/Minecraft.Windows.exe',
      '~/AppData/Local/Packages/Microsoft.MinecraftUWP_8wekyb3d8bbwe/LocalState/games/com.mojang/minecraftWorlds/a/level.dat',
      '~/AppData/Roaming/Minecraft Bedrock/Users/Shared/games/com.mojang/minecraftpe/options.txt',
      '~/AppData/Local/Packages/Microsoft.MinecraftUWP_8wekyb3d8bbwe/RoamingState/OnixClient/config.json',
    ],
    strings: ['Minecraft.Windows', 'com.mojang'],
  },
  Roblox: {
    files: [
      '~/AppData/Local/Roblox/Versions/version-0123456789abcdef/RobloxPlayerBeta.exe',
      '~/AppData/Local/Roblox/Versions/version-0123456789abcdef/RobloxPlayerBeta.dll',
      '~/AppData/Local/Roblox/Versions/version-0123456789abcdef/RobloxCrashHandler.exe',
      '~/AppData/Local/Roblox/Versions/version-0123456789abcdef/RobloxPlayerLauncher.exe',
      '~/AppData/Local/Roblox/logs/0.650.0.6500_20250101T120000Z_Player_ab12c_last.log',
      '~/AppData/Local/Bloxstrap/Bloxstrap.exe',
      '~/AppData/Local/Bloxstrap/Modifications/content/sounds/ouch.ogg',
      '~/AppData/Local/WaveBrowser/Application/wavebrowser.exe',
      'C:/Windows/System32/ntoskrnl.exe',
    ],
    strings: ['www.roblox.com/robloxStartedEvent', 'RobloxPlayerBeta'],
  },
  Cod: {
    files: [
      'C:/Program Files (x86)/Call of Duty/_retail_/cod.exe',
      'C:/Program Files (x86)/Call of Duty/_retail_/cod22-cod.exe',
      'C:/Program Files (x86)/Call of Duty/ModernWarfare.exe',
      'C:/Program Files (x86)/Call of Duty Black Ops Cold War/BlackOpsColdWar.exe',
      'C:/Program Files (x86)/Battle.net/Battle.net.exe',
    ],
    strings: [],
  },
  Rust: {
    files: [
      'C:/Program Files (x86)/Steam/steamapps/common/Rust/RustClient.exe',
      'C:/Program Files (x86)/Steam/steamapps/common/Rust/GameAssembly.dll',
      'C:/Program Files (x86)/Steam/steamapps/common/Rust/UnityPlayer.dll',
      'C:/Program Files (x86)/Steam/steam.exe',
    ],
    strings: ['RustClient', 'GameAssembly'],
  },
};

describe('the game rule pack (Bedrock, Roblox, Call of Duty, Rust)', () => {
  it('gives every rule a known kind, match and severity, one of its games, and a public file at a commit', () => {
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules) {
      expect(RULE_KINDS, rule.name).toContain(rule.kind);
      expect(RULE_MATCHES, rule.name).toContain(rule.match);
      expect(RULE_SEVERITIES, rule.name).toContain(rule.severity);
      expect(rule.games.length, rule.name).toBe(1);
      expect(GAMES, rule.name).toContain(rule.games[0]);
      expect(rule.source, rule.name).toMatch(
        /^https:\/\/github\.com\/[^/]+\/[^/]+\/blob\/[0-9a-f]{40}\/.+\.\w+$/,
      );
    }
    // Each game the pack covers has a rule; none is left to the docs alone.
    expect(new Set(rules.flatMap((r) => r.games))).toEqual(new Set(GAMES));
  });

  it('grades a name as detection only when it is distinctive, a memory string at most suspicious', () => {
    for (const rule of rules) {
      // A string in the game's memory can come from chat or a page another player controls.
      if (rule.kind === 'memory-string') expect(rule.severity, rule.name).not.toBe('detection');
      // A short or common name (finj.exe, krnl.dll) is never a detection by itself.
      if (rule.kind === 'file-name' && rule.pattern.replace(/\.\w+$/, '').length <= 4)
        expect(rule.severity, rule.name).not.toBe('detection');
      if (rule.kind === 'file-path') expect(rule.severity, rule.name).not.toBe('detection');
    }
  });

  it.each(GAMES)('matches each planted %s cheat file and string with a rule of that game', (game) => {
    const planted = CHEATS[game] ?? { files: [], strings: [] };
    for (const file of planted.files) {
      const hits = hitsOf(file, 'file');
      expect(hits.length, file).toBeGreaterThan(0);
      for (const hit of hits) expect(hit.games, `${file}: ${hit.name}`).toEqual([game]);
    }
    for (const value of planted.strings)
      expect(hitsOf(value, 'memory-string').length, value).toBeGreaterThan(0);
  });

  it.each(GAMES)('matches no file or string of the %s install or the legitimate tools around it', (game) => {
    const clean = LEGITIMATE[game] ?? { files: [], strings: [] };
    for (const file of clean.files)
      expect(
        hitsOf(file, 'file').map((r) => r.name),
        file,
      ).toEqual([]);
    for (const value of clean.strings)
      expect(
        hitsOf(value, 'memory-string').map((r) => r.name),
        value,
      ).toEqual([]);
  });
});

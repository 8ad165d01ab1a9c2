import { describe, expect, it } from 'vitest';
import {
  compileRules,
  patternProblem,
  RULE_KINDS,
  RULE_MATCHES,
  RULE_SEVERITIES,
  type Rule,
  type RuleKind,
  ruleMatches,
} from '../../src/domain/rules.js';
import { scanPlanFor } from '../../src/domain/scan-plan.js';
import rockstarPack from '../../src/storage/migrations/rule-packs/rockstar-1.json' with { type: 'json' };

/**
 * The Rockstar pack (docs/detection.md, "GTA and RDR multiplayer: FiveM, RedM, RageMP, alt:V, San
 * Andreas"): every rule cites the public file it was read from, each game's planted cheat files,
 * modules and memory strings are matched by that game's rules, and no file of the game's own install
 * (names from the public sources the docs list) is matched by any rule of the pack.
 */

const GAMES = ['FiveM', 'RedM', 'RageMP', 'AltV', 'SanAndreas'] as const;
type Game = (typeof GAMES)[number];

const rules: Rule[] = rockstarPack.rules.map((r, i) => ({
  ...r,
  id: i + 1,
  kind: r.kind as RuleKind,
  match: r.match as Rule['match'],
  severity: r.severity as Rule['severity'],
  enabled: true,
  createdAt: 0,
  updatedAt: 0,
}));

/** A value as the evidence shows it: a file's name, its whole shown path, or a string in memory. */
interface Seen {
  kind: Extract<RuleKind, 'file-name' | 'file-path' | 'memory-string'>;
  value: string;
}
const file = (path: string): Seen[] => [
  { kind: 'file-path', value: path },
  { kind: 'file-name', value: path.split('/').pop() ?? path },
];
const memory = (value: string): Seen[] => [{ kind: 'memory-string', value }];

/** The rules of a game that one value matches. */
function matching(game: Game, seen: Seen[]): string[] {
  return rules
    .filter((r) => r.games.includes(game) && seen.some((s) => s.kind === r.kind && ruleMatches(r, s.value)))
    .map((r) => r.name);
}

const SA = 'C:/Program Files (x86)/Rockstar Games/GTA San Andreas';
const GTAV = 'C:/Program Files/Rockstar Games/Grand Theft Auto V';

/** What a planted machine of each game holds when the cheat is there, and the rule grade expected. */
const PLANTED: Record<Game, Array<{ seen: Seen[]; severity: Rule['severity'] }>> = {
  FiveM: [
    { seen: memory("local MenuTitle = 'WAVECHEATS v0.3'"), severity: 'detection' },
    { seen: memory('WAVECHEATS v0.3'), severity: 'detection' },
    { seen: file('~/Downloads/YimMenu.dll'), severity: 'detection' },
  ],
  RedM: [{ seen: file('~/Downloads/HorseMenu.dll'), severity: 'detection' }],
  RageMP: [
    { seen: file('~/Desktop/NEMO_RAGEMP.dll'), severity: 'detection' },
    { seen: memory('nemo:V Multiplayer v0.1'), severity: 'detection' },
    { seen: file('~/Downloads/YimMenu.dll'), severity: 'detection' },
  ],
  AltV: [
    { seen: file('C:/AltCheat/sample_modmenu.js'), severity: 'detection' },
    { seen: file('D:/AltCheat/dumper/client.js'), severity: 'detection' },
    { seen: file('~/Downloads/YimMenu.dll'), severity: 'detection' },
  ],
  SanAndreas: [
    { seen: file(`${SA}/mod_sa/mod_sa.raw`), severity: 'detection' },
    { seen: file(`${SA}/mod_sa/mod_sa.ini`), severity: 'detection' },
    { seen: file(`${SA}/m0d_s0beit_sa.ini`), severity: 'detection' },
    { seen: file(`${SA}/s0beit_hack.ini`), severity: 'detection' },
    { seen: file(`${SA}/d3d9.dll`), severity: 'warning' },
    { seen: file(`${SA}/moonloader/aimbot.lua`), severity: 'warning' },
  ],
};

/**
 * The games' own files and processes, as the public sources name them: the process names of
 * packages/scanner/src/games/game-processes.ts; `altv.toml` (docs.altv.mp, "The client
 * configuration") and `altv-client.dll` (the module nemo:V's gui.cpp looks up); `gta_sa.exe` and
 * `samp.dll` (mod_s0beit_sa's installer and samp.cpp); the data files SA-MP locks (CustomSaa2's
 * README); `RDR2.exe` (HorseMenu's successor's README). Strings a legitimate game holds: an
 * anticheat resource naming the menu in its own words, alt:V's log line.
 */
const LEGITIMATE: Record<Game, Seen[]> = {
  FiveM: [
    ...file('~/AppData/Local/FiveM/FiveM.exe'),
    ...file('~/AppData/Local/FiveM/FiveM.app/FiveM_b2944_GTAProcess.exe'),
    ...file('~/AppData/Local/FiveM/FiveM.app/logs/CitizenFX_log_2024-03-10T184512.log'),
    ...file(`${GTAV}/GTA5.exe`),
    ...memory('senddetectiontoserver("WaveCheats")'),
    ...memory('Wave Cheats'),
  ],
  RedM: [
    ...file('~/AppData/Local/RedM/RedM.exe'),
    ...file('~/AppData/Local/RedM/RedM.app/RedM_b1491_GameProcess.exe'),
    ...file('C:/Program Files/Rockstar Games/Red Dead Redemption 2/RDR2.exe'),
  ],
  RageMP: [
    ...file('C:/RAGEMP/ragemp_v.exe'),
    ...file('C:/RAGEMP/ragemp_game_ui.exe'),
    ...file(`${GTAV}/GTA5.exe`),
    ...memory('RAGE Multiplayer'),
  ],
  AltV: [
    ...file('C:/altv/altv.exe'),
    ...file('C:/altv/altv.toml'),
    ...file('C:/altv/altv-client.dll'),
    ...file(`${GTAV}/GTA5.exe`),
    ...memory('alt:V build #12.22, branch release'),
  ],
  SanAndreas: [
    ...file(`${SA}/gta_sa.exe`),
    ...file(`${SA}/samp.dll`),
    ...file(`${SA}/samp.exe`),
    ...file(`${SA}/data/gta.dat`),
    ...file(`${SA}/data/handling.cfg`),
    ...file(`${SA}/models/gta3.img`),
  ],
};

describe('the Rockstar pack', () => {
  it('holds well-formed rules for these games only, each citing a public file at a commit', () => {
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules) {
      expect(RULE_KINDS, rule.name).toContain(rule.kind);
      expect(RULE_MATCHES, rule.name).toContain(rule.match);
      expect(RULE_SEVERITIES, rule.name).toContain(rule.severity);
      expect(patternProblem(rule.kind, rule.pattern), rule.name).toBeNull();
      // A pack's rule name is at most 100 characters (src/domain/rule-pack-schema.ts), or no server imports it.
      expect(rule.name.length, rule.name).toBeLessThanOrEqual(100);
      expect(rule.games.length, rule.name).toBeGreaterThan(0);
      for (const game of rule.games) expect(GAMES, rule.name).toContain(game);
      expect(rule.source, rule.name).toMatch(
        /^https:\/\/github\.com\/[^/]+\/[^/]+\/blob\/[0-9a-f]{40}\/\S+$/,
      );
    }
    expect(new Set(rules.map((r) => r.name)).size).toBe(rules.length);
    // The compiled matcher agrees (one automaton per kind).
    expect(compileRules(rules).byKind.get('file-name')?.exact.get('YimMenu.dll')).toHaveLength(1);
  });

  it.each(GAMES)('matches what a %s machine with a planted cheat holds, at the expected grade', (game) => {
    for (const { seen, severity } of PLANTED[game]) {
      const names = matching(game, seen);
      expect(names, JSON.stringify(seen)).not.toEqual([]);
      const grades = rules.filter((r) => names.includes(r.name)).map((r) => r.severity);
      expect(grades, JSON.stringify(seen)).toContain(severity);
    }
  });

  it.each(GAMES)('matches nothing of a clean %s install', (game) => {
    expect(matching(game, LEGITIMATE[game])).toEqual([]);
  });

  it('names a memory string only where the game’s plan asks the scanner for it (a hint inside it)', () => {
    for (const rule of rules.filter((r) => r.kind === 'memory-string')) {
      for (const game of rule.games) {
        const hints = scanPlanFor(game as Game).hints.map((h) => h.toLowerCase());
        expect(
          hints.some((h) => rule.pattern.toLowerCase().includes(h)),
          `${rule.name} for ${game}`,
        ).toBe(true);
      }
    }
  });

  it('applies a game’s rules to that game only: a RageMP cheat is not judged in a FiveM scan', () => {
    expect(matching('FiveM', file('~/Desktop/NEMO_RAGEMP.dll'))).toEqual([]);
    expect(matching('SanAndreas', file('~/Downloads/YimMenu.dll'))).toEqual([]);
  });
});

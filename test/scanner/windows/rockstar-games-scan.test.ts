import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plantedMachine } from '../../../packages/scanner/src/cli/self-test.js';
import { collectEvidence } from '../../../packages/scanner/src/collect/run.js';
import { modulesCollector } from '../../../packages/scanner/src/collect/windows/modules.js';
import { gameProcessesOf } from '../../../packages/scanner/src/games/game-processes.js';
import { StringExtractor } from '../../../packages/scanner/src/memory/extract.js';
import { displayPath } from '../../../packages/scanner/src/paths.js';
import type { EvidenceSources } from '../../../src/domain/evidence.js';
import { scanPlanFor } from '../../../src/domain/scan-plan.js';
import { backends } from '../../support/backends.js';
import {
  GAME_MEMORY,
  GAME_PROCESS,
  startScan,
  uploadEvidence,
  windowsSections,
} from '../../support/evidence.js';
import { judgingServerForSuite, type Results } from './support/judged-upload.js';

/**
 * The Rockstar games end to end (docs/detection.md, "GTA and RDR multiplayer: FiveM, RedM, RageMP,
 * alt:V, San Andreas"): per game, a planted Windows drive (in a temporary folder) holding the game's
 * clean install, with or without a public cheat's files. The scanner's own collectors read it: the
 * game folders, the game process's modules (listed from the planted files, as Toolhelp would list
 * them) and its memory (the scanner's string finder, with the game's public hints, over bytes holding
 * the menu's text). The document goes to a real server holding the built-in rules, whose report names
 * the cheat, and raises nothing on the clean install.
 */

interface Planted {
  /** Files under the planted drive `C:` (forward slashes, `~` for the player's home). */
  files: string[];
  /** Of those, the modules loaded in the game process. */
  modules: string[];
  /** Text in the game process's memory. */
  memory: string[];
}

const SA = 'Program Files (x86)/Rockstar Games/GTA San Andreas';
const GTAV = 'Program Files/Rockstar Games/Grand Theft Auto V';

/** Each game's clean install, and what its cheat adds (docs/detection.md, per game). */
const GAMES: Record<string, { clean: Planted; cheat: Planted; expected: Partial<Results> }> = {
  FiveM: {
    clean: {
      files: ['~/AppData/Local/FiveM/FiveM.app/logs/CitizenFX_log_2024-03-10T184512.log', `${GTAV}/GTA5.exe`],
      modules: [`${GTAV}/GTA5.exe`],
      memory: ["TriggerServerEvent('esx:getSharedObject')"],
    },
    cheat: {
      files: ['~/Downloads/YimMenu.dll'],
      modules: ['~/Downloads/YimMenu.dll'],
      memory: ["local MenuTitle = 'WAVECHEATS v0.3'"],
    },
    expected: {
      detections: [
        "WaveCheats (FiveM Lua menu): its menu title in the game's memory in memory of FiveM_b2944_GTAProcess.exe (pid 4242)",
        'YimMenu (GTA V mod menu) loaded in the game in ~/Downloads/YimMenu.dll (loaded in FiveM_b2944_GTAProcess.exe (pid 4242))',
      ],
    },
  },
  RedM: {
    clean: {
      files: ['Program Files/Rockstar Games/Red Dead Redemption 2/RDR2.exe'],
      modules: ['Program Files/Rockstar Games/Red Dead Redemption 2/RDR2.exe'],
      memory: [],
    },
    cheat: { files: ['~/Downloads/HorseMenu.dll'], modules: ['~/Downloads/HorseMenu.dll'], memory: [] },
    expected: {
      detections: [
        'HorseMenu (Red Dead Redemption 2 trainer) loaded in the game in ~/Downloads/HorseMenu.dll (loaded in RedM_b1491_GameProcess.exe (pid 4242))',
      ],
    },
  },
  RageMP: {
    clean: { files: ['RAGEMP/ragemp_v.exe', `${GTAV}/GTA5.exe`], modules: [`${GTAV}/GTA5.exe`], memory: [] },
    cheat: {
      files: ['~/Desktop/NEMO_RAGEMP.dll'],
      modules: ['~/Desktop/NEMO_RAGEMP.dll'],
      memory: ['nemo:V Multiplayer v0.1'],
    },
    expected: {
      detections: [
        'nemo:V (RAGE Multiplayer cheat) library in ~/Desktop/NEMO_RAGEMP.dll (loaded in GTA5.exe (pid 4242))',
        "nemo:V (RAGE Multiplayer cheat): its menu text in the game's memory in memory of GTA5.exe (pid 4242)",
      ],
    },
  },
  AltV: {
    clean: {
      files: ['altv/altv.exe', 'altv/altv.toml', 'altv/altv-client.dll', `${GTAV}/GTA5.exe`],
      modules: [`${GTAV}/GTA5.exe`],
      memory: [],
    },
    cheat: { files: ['AltCheat/sample_modmenu.js', 'AltCheat/dumper/client.js'], modules: [], memory: [] },
    expected: {
      detections: [
        expect.stringMatching(
          /^AltCheat \(alt:V script executor and dumper\): a file in its folder in .*\/C\/AltCheat\/dumper\/client\.js$/,
        ),
        expect.stringMatching(/^AltCheat .* in .*\/C\/AltCheat\/sample_modmenu\.js$/),
      ] as unknown as string[],
    },
  },
  SanAndreas: {
    clean: {
      files: [`${SA}/gta_sa.exe`, `${SA}/samp.dll`, `${SA}/samp.exe`, `${SA}/data/gta.dat`],
      modules: [`${SA}/gta_sa.exe`, `${SA}/samp.dll`],
      memory: [],
    },
    cheat: {
      files: [
        `${SA}/d3d9.dll`,
        `${SA}/mod_sa/mod_sa.raw`,
        `${SA}/mod_sa/mod_sa.ini`,
        `${SA}/moonloader/fastgun.lua`,
      ],
      modules: [`${SA}/d3d9.dll`],
      memory: [],
    },
    expected: {
      detections: [
        expect.stringMatching(
          /^mod_s0beit_sa \(SA-MP cheat\): its settings in .*GTA San Andreas\/mod_sa\/mod_sa\.ini$/,
        ),
        expect.stringMatching(
          /^mod_s0beit_sa \(SA-MP cheat\): its data file in .*GTA San Andreas\/mod_sa\/mod_sa\.raw$/,
        ),
      ] as unknown as string[],
      warnings: [
        expect.stringMatching(/^d3d9\.dll beside GTA San Andreas .* in .*GTA San Andreas\/d3d9\.dll$/),
        expect.stringMatching(
          /^d3d9\.dll beside GTA San Andreas .* in .*GTA San Andreas\/d3d9\.dll \(loaded in gta_sa\.exe/,
        ),
        expect.stringMatching(/^MoonLoader Lua script .* in .*GTA San Andreas\/moonloader\/fastgun\.lua$/),
      ] as unknown as string[],
    },
  },
};

/** The game process each game's scan finds: a name its process list documents. */
const PROCESS: Record<string, string> = {
  FiveM: 'FiveM_b2944_GTAProcess.exe',
  RedM: 'RedM_b1491_GameProcess.exe',
  RageMP: 'GTA5.exe',
  AltV: 'GTA5.exe',
  SanAndreas: 'gta_sa.exe',
};

describe.each(backends().slice(0, 1))(
  'the Rockstar games planted and judged by a real server on %s',
  (backend) => {
    const server = judgingServerForSuite(backend);
    let root: string;

    beforeAll(() => {
      root = mkdtempSync(join(tmpdir(), 'scanpin-rockstar-'));
    });
    afterAll(() => rmSync(root, { recursive: true, force: true }));

    /** Plants the machine, collects as the scanner does, uploads, and reads the PIN's results. */
    async function scanned(game: string, machineName: string, parts: Planted[]): Promise<Results> {
      const drive = join(root, machineName, 'C');
      const home = join(drive, 'Users', 'Player');
      const local = (p: string) => (p.startsWith('~/') ? join(home, p.slice(2)) : join(drive, p));
      for (const part of parts)
        for (const path of part.files) {
          mkdirSync(dirname(local(path)), { recursive: true });
          writeFileSync(local(path), `planted ${path}`);
        }
      const machine = plantedMachine(drive, home);
      const display = (p: string) => displayPath(home, p);
      const plan = scanPlanFor(game as never);
      const collected = await collectEvidence(
        machine,
        game,
        { sources: ['gameFolders'], hints: [] },
        display,
        () => {},
      );
      const process = { ...GAME_PROCESS, name: PROCESS[game] ?? 'GTA5.exe', commandLine: '' };
      expect(gameProcessesOf(game).game.length).toBeGreaterThan(0);
      const modules = await modulesCollector(async () => ({
        modules: parts
          .flatMap((p) => p.modules)
          .map((m) => ({ name: m.split('/').pop() ?? m, path: local(m), size: 64 })),
        truncated: false,
        skipped: 0,
      }))({
        machine,
        game,
        plan: { sources: ['modules'], hints: [] },
        display,
        earlier: { processes: { items: [process] } },
      } as never);
      // The menu's text as a Lua or C string in the game's heap, between other bytes, read by the
      // scanner's string finder with the hints this game's plan gives it.
      const extractor = new StringExtractor(plan.hints, { classNames: 1000, strings: 1000 });
      const heap = Buffer.concat(
        parts
          .flatMap((p) => p.memory)
          .flatMap((text) => [Buffer.from([0, 1, 2, 0]), Buffer.from(text, 'latin1')]),
      );
      extractor.scan(Buffer.concat([heap, Buffer.from([0])]), heap.length + 1, true);
      const sections: Partial<EvidenceSources> = {
        processes: {
          status: 'collected',
          reason: null,
          items: [process],
          game: { expected: [...gameProcessesOf(game).game], running: true, waitedSeconds: 0 },
        },
        memory: {
          status: 'collected',
          reason: null,
          items: [{ ...GAME_MEMORY, process: process.name, classNames: [], strings: [...extractor.strings] }],
        },
        gameFolders: collected.gameFolders,
        modules: { status: 'collected', reason: null, ...modules },
      };
      const { t, owner } = server();
      const scan = await startScan(t, owner.key, game);
      const res = await uploadEvidence(t, scan.token, { ...windowsSections(sections), nonce: scan.nonce });
      expect(res.statusCode, res.body).toBe(200);
      return (await t.api('GET', `/v1/pins/${scan.pin}/results`, { key: owner.key })).json().data as Results;
    }

    it.each(Object.keys(GAMES))(
      '%s: the planted cheat is reported, a clean install raises nothing',
      async (game) => {
        const { clean, cheat, expected } = GAMES[game] as (typeof GAMES)[string];
        const cleanResults = await scanned(game, `${game}-clean`, [clean]);
        expect(cleanResults.detections, game).toEqual([]);
        expect(cleanResults.suspicious, game).toEqual([]);
        expect(cleanResults.warnings, game).toEqual([]);

        const cheatResults = await scanned(game, `${game}-cheat`, [clean, cheat]);
        for (const [grade, lines] of Object.entries(expected))
          expect(cheatResults[grade], `${game} ${grade}`).toEqual(expect.arrayContaining(lines as string[]));
        expect(
          (cheatResults.detections ?? []).length + (cheatResults.warnings ?? []).length,
          game,
        ).toBeGreaterThan(0);
      },
      60_000,
    );
  },
);

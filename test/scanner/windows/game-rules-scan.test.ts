import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plantedMachine } from '../../../packages/scanner/src/cli/self-test.js';
import type { CollectContext } from '../../../packages/scanner/src/collect/context.js';
import { collectEvidence } from '../../../packages/scanner/src/collect/run.js';
import { modulesCollector } from '../../../packages/scanner/src/collect/windows/modules.js';
import type { EvidenceSources } from '../../../packages/scanner/src/evidence/document.js';
import { gameProcessesOf } from '../../../packages/scanner/src/games/game-processes.js';
import { displayPath } from '../../../packages/scanner/src/paths.js';
import { backends } from '../../support/backends.js';
import {
  evidence,
  GAME_MEMORY,
  GAME_PROCESS,
  onWindows,
  startScan,
  uploadEvidence,
  withSections,
} from '../../support/evidence.js';
import { type JudgingServer, judgingServerForSuite, type Results } from './support/judged-upload.js';

/**
 * The game rule pack end to end (docs/detection.md, "Bedrock, Roblox, Call of Duty, Rust"): for each
 * game a Windows tree is planted with a cheat where its public source puts it, and another with the
 * game's own files; the scanner's collectors read each tree, the document goes to a real server with
 * the built-in rules, and the PIN's results show the cheat on the first and nothing on the second.
 * The trees are planted folders, not real machines: they prove the route from the folder to the
 * finding, not that a real cheat still uses that name.
 */

/** Long before the runs the trees record, so no file looks newer than its last run. */
const OLD = new Date('2024-01-01T00:00:00Z');
const PCA_RUN = '2024-03-10 18:45:11.500';

interface Tree {
  root: string;
  home: string;
  /** Writes a file at a DOS path of the planted `C:` drive, dated long ago. */
  plant(dos: string, data?: string | Uint8Array): string;
}

function tree(parent: string, name: string): Tree {
  const root = join(parent, name, 'C');
  const home = join(root, 'Users', 'Player');
  mkdirSync(join(root, 'Windows'), { recursive: true });
  return {
    root,
    home,
    plant(dos, data = 'planted') {
      const path = join(root, ...dos.replace(/^C:\\/, '').split('\\'));
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, data);
      utimesSync(path, OLD, OLD);
      return path;
    },
  };
}

/** The sources the scanner collects from the planted tree (its own collectors, the real code). */
async function collect(t: Tree, game: string, sources: string[]): Promise<EvidenceSources> {
  return collectEvidence(
    plantedMachine(t.root, t.home),
    game,
    { sources: sources as never, hints: [] },
    (p) => displayPath(t.home, p),
    () => {},
  );
}

/** PCA's launch record of the programs at these DOS paths (UTF-16LE, as Windows 11 writes it). */
function pcaOf(...paths: string[]): Uint8Array {
  return Buffer.from(`\uFEFF${paths.map((p) => `${p}|${PCA_RUN}\r\n`).join('')}`, 'utf16le');
}

/** The game's modules as the collector lists them for files planted in the tree. */
async function modulesOf(t: Tree, game: string, paths: string[]) {
  const ctx: CollectContext = {
    machine: plantedMachine(t.root, t.home),
    game,
    plan: { sources: ['processes', 'modules'] as never, hints: [] },
    display: (p) => displayPath(t.home, p),
    earlier: { processes: { items: [{ ...GAME_PROCESS, name: 'RustClient.exe' }] } },
  };
  const fields = await modulesCollector(async () => ({
    modules: paths.map((path) => ({ name: path.split('/').pop() ?? '', path, size: 7 })),
    truncated: false,
    skipped: 0,
  }))(ctx);
  return { status: 'collected' as const, reason: null, ...fields };
}

/**
 * Starts a scan of a new PIN for `game`, uploads a Windows document with the game running (its first
 * process name) and `sections` added, and reads the PIN's results.
 */
async function judged(
  { t, owner }: JudgingServer,
  game: string,
  sections: Partial<EvidenceSources>,
  strings: string[] = [],
): Promise<Results> {
  const scan = await startScan(t, owner.key, game);
  const expected = [...gameProcessesOf(game).game];
  const name = `${expected[0]}.exe`;
  const base = onWindows(
    evidence(scan.nonce, {
      processes: { items: [{ ...GAME_PROCESS, name }], game: { expected, running: true, waitedSeconds: 0 } },
      memory: { items: [{ ...GAME_MEMORY, process: name, classNames: [], strings }] },
    }),
  );
  const res = await uploadEvidence(t, scan.token, withSections(base, sections as never));
  expect(res.statusCode, res.body).toBe(200);
  return (await t.api('GET', `/v1/pins/${scan.pin}/results`, { key: owner.key })).json().data as Results;
}

/** What the rules said, without the lines about what the scan left out. */
function findings(results: Results): string[] {
  return [...(results.detections ?? []), ...(results.suspicious ?? []), ...(results.warnings ?? [])];
}

describe.each(backends().slice(0, 1))(
  'the game rule pack on planted Windows trees, judged on %s',
  (backend) => {
    const server = judgingServerForSuite(backend);
    let dir: string;

    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'scanpin-game-rules-'));
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('Bedrock: Horion’s DLL where its injector downloads it is a detection; a clean install is nothing', async () => {
      const cheat = tree(dir, 'bedrock-cheat');
      cheat.plant('C:\\Users\\Player\\AppData\\Local\\Temp\\Horion.dll');
      const roaming =
        'C:\\Users\\Player\\AppData\\Local\\Packages\\Microsoft.MinecraftUWP_8wekyb3d8bbwe\\RoamingState';
      cheat.plant(`${roaming}\\Horion\\default.h`, '{}');
      const cheatSources = await collect(cheat, 'Bedrock', ['gameFolders']);
      expect(cheatSources.gameFolders?.items.map((i) => `${i.folder}: ${i.path}`)).toEqual(
        expect.arrayContaining([
          'temp: ~/AppData/Local/Temp/Horion.dll',
          'Minecraft Bedrock RoamingState: ~/AppData/Local/Packages/Microsoft.MinecraftUWP_8wekyb3d8bbwe/RoamingState/Horion/default.h',
        ]),
      );
      const results = await judged(server(), 'Bedrock', { gameFolders: cheatSources.gameFolders });
      expect(results.detections).toContain(
        'Horion (Bedrock hacked client) in ~/AppData/Local/Temp/Horion.dll',
      );

      const clean = tree(dir, 'bedrock-clean');
      clean.plant(`${roaming}\\OnixClient\\config.json`, '{}');
      clean.plant(
        'C:\\Users\\Player\\AppData\\Local\\Packages\\Microsoft.MinecraftUWP_8wekyb3d8bbwe\\LocalState\\games\\com.mojang\\minecraftpe\\options.txt',
      );
      const cleanSources = await collect(clean, 'Bedrock', ['gameFolders']);
      expect(findings(await judged(server(), 'Bedrock', { gameFolders: cleanSources.gameFolders }))).toEqual(
        [],
      );
    }, 60_000);

    it('Roblox: an executor’s autoexec script and its pipe in the game are suspicious; a clean install is nothing', async () => {
      const cheat = tree(dir, 'roblox-cheat');
      cheat.plant('C:\\Users\\Player\\AppData\\Local\\Wave\\autoexec\\farm.lua', 'print(1)');
      const cheatSources = await collect(cheat, 'Roblox', ['gameFolders']);
      const results = await judged(server(), 'Roblox', { gameFolders: cheatSources.gameFolders }, [
        '\\\\.\\pipe\\WeAreDevsPublicAPI_Lua',
      ]);
      expect(results.suspicious).toEqual(
        expect.arrayContaining([
          'Wave executor autoexec script (Roblox) in ~/AppData/Local/Wave/autoexec/farm.lua',
          expect.stringMatching(
            /^WeAreDevs exploit pipe in the game \(Roblox executor\) in memory of RobloxPlayerBeta\.exe/,
          ),
        ]),
      );
      expect(results.detections ?? []).toEqual([]);

      const clean = tree(dir, 'roblox-clean');
      const version = 'C:\\Users\\Player\\AppData\\Local\\Roblox\\Versions\\version-0123456789abcdef';
      for (const file of ['RobloxPlayerBeta.exe', 'RobloxPlayerBeta.dll', 'RobloxCrashHandler.exe'])
        clean.plant(`${version}\\${file}`);
      clean.plant(
        'C:\\Users\\Player\\AppData\\Local\\Roblox\\logs\\0.650.0.6500_20250101T120000Z_Player_last.log',
      );
      clean.plant('C:\\Users\\Player\\AppData\\Local\\Bloxstrap\\Modifications\\content\\sounds\\ouch.ogg');
      const cleanSources = await collect(clean, 'Roblox', ['gameFolders']);
      expect(findings(await judged(server(), 'Roblox', { gameFolders: cleanSources.gameFolders }))).toEqual(
        [],
      );
    }, 60_000);

    it('Call of Duty: warzone-hek run under its own name is a detection by execution; the game itself is nothing', async () => {
      const cheat = tree(dir, 'cod-cheat');
      const hack = 'C:\\Users\\Player\\Downloads\\xui2280.exe';
      cheat.plant(hack, 'MZ');
      cheat.plant('C:\\Windows\\appcompat\\pca\\PcaAppLaunchDic.txt', pcaOf(hack));
      const cheatSources = await collect(cheat, 'Cod', ['pca', 'programs']);
      const results = await judged(server(), 'Cod', {
        pca: cheatSources.pca,
        programs: cheatSources.programs,
      });
      expect(results.detections).toEqual([
        expect.stringMatching(
          /^warzone-hek \(Call of Duty external hack\), renamed in ~\/Downloads\/xui2280\.exe \(ran: PCA/,
        ),
      ]);

      const clean = tree(dir, 'cod-clean');
      const game = 'C:\\Program Files (x86)\\Call of Duty\\_retail_\\cod.exe';
      clean.plant(game, 'MZ');
      clean.plant('C:\\Windows\\appcompat\\pca\\PcaAppLaunchDic.txt', pcaOf(game));
      const cleanSources = await collect(clean, 'Cod', ['pca', 'programs']);
      expect(cleanSources.programs?.items.map((p) => p.name)).toEqual(['cod.exe']);
      expect(
        findings(await judged(server(), 'Cod', { pca: cleanSources.pca, programs: cleanSources.programs })),
      ).toEqual([]);
    }, 60_000);

    it('Rust: the sexhook DLL loaded in the game is a detection; the game’s own modules are nothing', async () => {
      const cheat = tree(dir, 'rust-cheat');
      const dll = cheat.plant('C:\\Users\\Player\\Desktop\\sexhook.dll', 'MZ');
      const results = await judged(server(), 'Rust', { modules: await modulesOf(cheat, 'Rust', [dll]) });
      expect(results.detections).toEqual([
        expect.stringMatching(
          /^sexhook \(Rust internal cheat\) in ~\/Desktop\/sexhook\.dll \(loaded in RustClient\.exe/,
        ),
      ]);

      const clean = tree(dir, 'rust-clean');
      const rust = 'C:\\Program Files (x86)\\Steam\\steamapps\\common\\Rust';
      const own = ['GameAssembly.dll', 'UnityPlayer.dll'].map((f) => clean.plant(`${rust}\\${f}`, 'MZ'));
      expect(
        findings(await judged(server(), 'Rust', { modules: await modulesOf(clean, 'Rust', own) })),
      ).toEqual([]);
    }, 60_000);
  },
);

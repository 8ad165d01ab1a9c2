import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { EVIDENCE_CAPS } from '@scanpin/evidence';
import type { GameFolderEvidence } from '../../evidence/document.js';
import { foldersOf } from '../../paths.js';
import type { CollectContext, Collector } from '../context.js';
import { readSmallFile, sha256, timesOf } from './file-facts.js';
import { localPath, showLocal, type WindowsLayout, windowsLayout } from './layout.js';

/**
 * Game folders beyond Minecraft (docs/scan-client.md, "Game folders"): which files each known
 * folder holds, with their times and, for code (`.asi`, `.dll`, `.exe`, `.cs`, `.lua`), a SHA-256.
 * Each place says which files are worth listing, so no folder's whole contents are sent:
 * - FiveM (`%LOCALAPPDATA%\FiveM\FiveM.app`): everything in `plugins`, ASI files anywhere in
 *   `citizen` (FiveM ships none), crash dumps in `crashes`, and the names of its logs;
 * - SA-MP (GTA San Andreas in its default folders on each drive): everything in `cleo` and in
 *   `mod_sa` (mod_s0beit_sa's folder), the Lua scripts in `moonloader`, and beside the game the `.asi`
 *   files, a `d3d9.dll` and the older s0beit files (docs/detection.md, "GTA San Andreas");
 * - alt:V: everything in an `AltCheat` folder at the top of a drive, where that public executor
 *   reads its scripts and writes its dumps (docs/detection.md, "alt:V");
 * - the temp folders: DLL files at their top level (JNativeHook unpacks its native library there;
 *   the Horion injector downloads its DLL there for Minecraft: Bedrock Edition);
 * - Minecraft: Bedrock Edition's app package (`RoamingState`, the folder a DLL injected into the game
 *   gets as its roaming app data, where Horion keeps its `.h` configs): code and configs, one folder deep;
 * - Roblox executors' autoexec folders (Wave, Zenith, AWP): everything in them;
 * - macro software: whether its folder exists.
 */
interface Place {
  folder: string;
  dir: string;
  depth: number;
  wanted: (name: string) => boolean;
}

const ANY = () => true;
const ext =
  (...endings: string[]) =>
  (name: string) =>
    endings.some((e) => name.toLowerCase().endsWith(e));
const HASHED = ext('.asi', '.dll', '.exe', '.cs', '.lua', '.cleo', '.sys');
/** Beside gta_sa.exe: ASI plugins, a Direct3D 9 proxy and the files older s0beit versions put there. */
const BESIDE_SA = (name: string) => {
  const n = name.toLowerCase();
  return (
    n.endsWith('.asi') || n === 'd3d9.dll' || n.startsWith('m0d_s0beit_sa') || n.startsWith('s0beit_hack')
  );
};

function places(
  layout: WindowsLayout,
  ctx: CollectContext,
): { files: Place[]; macro: Array<[string, string]> } {
  const f = foldersOf(ctx.machine);
  const fivem = join(f.localAppData, 'FiveM', 'FiveM.app');
  const files: Place[] = [
    { folder: 'FiveM plugins', dir: join(fivem, 'plugins'), depth: 3, wanted: ANY },
    { folder: 'FiveM citizen', dir: join(fivem, 'citizen'), depth: 6, wanted: ext('.asi') },
    { folder: 'FiveM crashes', dir: join(fivem, 'crashes'), depth: 1, wanted: ext('.dmp') },
    { folder: 'FiveM logs', dir: join(fivem, 'logs'), depth: 1, wanted: ext('.log') },
    { folder: 'temp', dir: f.temp, depth: 0, wanted: ext('.dll') },
    { folder: 'temp', dir: join(layout.systemRoot, 'Temp'), depth: 0, wanted: ext('.dll') },
    // docs/detection.md, "Bedrock, Roblox, Call of Duty, Rust": each folder with its public source.
    {
      folder: 'Minecraft Bedrock RoamingState',
      dir: join(f.localAppData, 'Packages', 'Microsoft.MinecraftUWP_8wekyb3d8bbwe', 'RoamingState'),
      depth: 1,
      wanted: ext('.dll', '.exe', '.h'),
    },
    {
      folder: 'Roblox executor autoexec',
      dir: join(f.localAppData, 'Wave', 'autoexec'),
      depth: 2,
      wanted: ANY,
    },
    { folder: 'Roblox executor autoexec', dir: join(f.appData, 'Zenith', 'AutoExec'), depth: 2, wanted: ANY },
    {
      folder: 'Roblox executor autoexec',
      dir: join(f.localAppData, 'ui', 'autoexec'),
      depth: 2,
      wanted: ANY,
    },
  ];
  const macro: Array<[string, string]> = [
    ['X-Mouse Button Control', join(f.appData, 'Highresolution Enterprises', 'XMouseButtonControl')],
  ];
  for (const drive of layout.drives) {
    const altCheat = localPath(layout, `${drive.letter}\\AltCheat`);
    if (altCheat !== null) files.push({ folder: 'alt:V AltCheat', dir: altCheat, depth: 2, wanted: ANY });
    for (const programFiles of ['Program Files (x86)', 'Program Files']) {
      const sa = localPath(layout, `${drive.letter}\\${programFiles}\\Rockstar Games\\GTA San Andreas`);
      if (sa !== null) {
        files.push({ folder: 'SA-MP cleo', dir: join(sa, 'cleo'), depth: 4, wanted: ANY });
        files.push({ folder: 'SA-MP mod_sa', dir: join(sa, 'mod_sa'), depth: 0, wanted: ANY });
        files.push({
          folder: 'SA-MP moonloader',
          dir: join(sa, 'moonloader'),
          depth: 2,
          wanted: ext('.lua', '.luac'),
        });
        files.push({ folder: 'SA-MP game folder', dir: sa, depth: 0, wanted: BESIDE_SA });
      }
      for (const name of ['AutoHotkey', 'Bloody7']) {
        const dir = localPath(layout, `${drive.letter}\\${programFiles}\\${name}`);
        if (dir !== null) macro.push([name, dir]);
      }
    }
  }
  return { files, macro };
}

async function* filesUnder(dir: string, depth: number): AsyncGenerator<string> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, e.name);
    if (e.isDirectory() && depth > 0) yield* filesUnder(path, depth - 1);
    else if (e.isFile()) yield path;
  }
}

export const collectGameFolders: Collector<'gameFolders'> = async (ctx) => {
  const layout = await windowsLayout(ctx);
  const { files, macro } = places(layout, ctx);
  const items: GameFolderEvidence[] = [];
  const searched: string[] = [];
  const show = (p: string) => showLocal(layout, ctx, p).slice(0, EVIDENCE_CAPS.path);
  for (const place of files) {
    const dir = place.dir;
    const info = await stat(dir).catch(() => null);
    if (info === null || !info.isDirectory()) continue;
    if (!searched.includes(show(dir))) searched.push(show(dir));
    for await (const path of filesUnder(dir, place.depth)) {
      if (items.length >= EVIDENCE_CAPS.gameFolderFiles) break;
      const name = path.split(/[\\/]/).pop() ?? '';
      if (!place.wanted(name)) continue;
      const fileInfo = await stat(path).catch(() => null);
      if (fileInfo === null) continue;
      const data = HASHED(name) ? await readSmallFile(path) : null;
      items.push({
        path: show(path),
        folder: place.folder,
        kind: 'file',
        size: fileInfo.size,
        ...timesOf(fileInfo),
        sha256: data === null ? null : sha256(data),
      });
    }
  }
  for (const [label, dir] of macro) {
    const info = await stat(dir).catch(() => null);
    if (info === null || !info.isDirectory()) continue;
    searched.push(show(dir));
    items.push({
      path: show(dir),
      folder: `macro software: ${label}`,
      kind: 'folder',
      size: 0,
      ...timesOf(info),
      sha256: null,
    });
  }
  return {
    folders: searched.slice(0, EVIDENCE_CAPS.gameFolders),
    items: items.slice(0, EVIDENCE_CAPS.gameFolderFiles),
  };
};

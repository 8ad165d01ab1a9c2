import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { plantedMachine } from '../../../../packages/scanner/src/cli/self-test.js';
import type { Machine } from '../../../../packages/scanner/src/collect/context.js';
import { requireTool } from '../authenticode-oracle.js';
import { addPath, hivexsh, requireHivex, setValues } from '../fixtures/hivex.js';
import { emptyHive, filetimeOf } from '../fixtures/regf-image.js';
import { eventLogStarted, numbered, serviceStateChanged, windowsStarted } from './evtx-fixtures.js';
import { buildEvtx } from './evtx-writer.js';
import { buildMam } from './mam-builder.js';
import { buildScca, filetime, type SccaSpec } from './scca-builder.js';
import { windows10Value } from './shimcache-builder.js';

/**
 * A Windows machine planted in a temporary folder (drive `C:` is `<root>/C`): a deleted cheat that
 * Prefetch, BAM, PCA and the Recycle Bin remember, a signed tool that is still there, FiveM and
 * SA-MP folders with plugins, a JNativeHook library in the temp folder, and macro software. Every
 * file is made here: Prefetch with the test-side SCCA and MAM builders, the SYSTEM hive with Debian's
 * `hivexsh -w`, the tool with mingw-w64 and `osslsigncode`.
 */

export const PLAYER_SID = 'S-1-5-21-1004336348-1177238915-682003330-1001';
export const VOLUME_C = '\\VOLUME{01d2c3a4b5e6f708-5a3c9e12}';
export const DEVICE_C = '\\Device\\HarddiskVolume3';

/** The deleted cheat: what each source says about it. */
export const CHEAT = {
  dos: 'C:\\Users\\Player\\Downloads\\cheat.exe',
  shown: '~/Downloads/cheat.exe',
  prefetchRuns: ['2024-03-10T18:45:12.345Z', '2024-03-09T21:00:00.000Z'],
  bamRun: '2024-03-10T18:45:13.000Z',
  pcaRun: '2024-03-10T18:45:11.500Z',
  deletedAt: '2024-03-10T19:02:00.000Z',
};

/** The tool that is still on the disk, signed by a self-made certificate. */
export const TOOL = {
  dos: 'C:\\Tools\\tool.exe',
  prefetchRun: '2024-03-10T17:00:00.000Z',
  bamRun: '2024-03-10T17:00:05.000Z',
  signer: 'Scanpin Planted Tool Signer',
};

export interface PlantedWindows {
  root: string;
  drive: string;
  home: string;
  machine: Machine;
}

function plant(path: string, data: string | Uint8Array): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, data);
  return path;
}

function prefetchOf(executable: string, hash: number, exePath: string, runs: string[]): Uint8Array {
  const spec: SccaSpec = {
    version: 30,
    variant: 2,
    executable,
    hash,
    runCount: runs.length,
    lastRuns: runs.map((r) => filetime(r)),
    files: [`${VOLUME_C}\\WINDOWS\\SYSTEM32\\NTDLL.DLL`, `${VOLUME_C}${exePath.toUpperCase()}`],
    volumes: [
      {
        devicePath: VOLUME_C,
        serial: 0x5a3c9e12,
        createdAt: filetime('2021-02-11T09:14:33.870Z'),
        directories: [`${VOLUME_C}\\WINDOWS`],
      },
    ],
  };
  return buildMam(buildScca(spec));
}

function bamData(iso: string): Uint8Array {
  const out = new Uint8Array(24);
  new DataView(out.buffer).setBigUint64(0, filetimeOf(iso), true);
  return out;
}

function dword(n: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n, true);
  return out;
}

/**
 * The SYSTEM hive: `Select\Current` = 1, BAM for the player, Prefetch enabled (3), the forensic
 * services as Windows ships them, and a ShimCache.
 */
function systemHive(dir: string): Uint8Array {
  const made = new Set<string>();
  const bam = `ControlSet001\\Services\\bam\\State\\UserSettings\\${PLAYER_SID}`;
  const prefetchParameters = 'ControlSet001\\Control\\Session Manager\\Memory Management\\PrefetchParameters';
  const appCompatCache = 'ControlSet001\\Control\\Session Manager\\AppCompatCache';
  return hivexsh(dir, emptyHive(), [
    ...addPath('Select', made),
    ...setValues('Select', [{ name: 'Current', type: 4, data: dword(1) }]),
    ...addPath(bam, made),
    ...setValues(bam, [
      { name: 'Version', type: 4, data: dword(1) },
      { name: `${DEVICE_C}\\Users\\Player\\Downloads\\cheat.exe`, type: 3, data: bamData(CHEAT.bamRun) },
      { name: `${DEVICE_C}\\Tools\\tool.exe`, type: 3, data: bamData(TOOL.bamRun) },
      { name: 'Microsoft.MinecraftUWP_8wekyb3d8bbwe', type: 3, data: bamData('2024-03-10T16:00:00.000Z') },
    ]),
    ...addPath(prefetchParameters, made),
    ...setValues(prefetchParameters, [{ name: 'EnablePrefetcher', type: 4, data: dword(3) }]),
    // The forensic services as Windows 10 ships them (regipy's real hives): none disabled or missing.
    ...FORENSIC_SERVICE_DEFAULTS.flatMap(([name, start, type]) => [
      ...addPath(`ControlSet001\\Services\\${name}`, made),
      ...setValues(`ControlSet001\\Services\\${name}`, [
        { name: 'Start', type: 4, data: dword(start) },
        { name: 'Type', type: 4, data: dword(type) },
      ]),
    ]),
    // The ShimCache as Windows saved it at the last shutdown: the cheat (since deleted) and the tool.
    ...addPath(appCompatCache, made),
    ...setValues(appCompatCache, [
      {
        name: 'AppCompatCache',
        type: 3,
        data: windows10Value([
          { path: CHEAT.dos, modified: '2024-03-08T12:00:00.000Z' },
          { path: TOOL.dos, modified: '2024-03-01T09:30:00.000Z' },
        ]),
      },
    ]),
  ]);
}

/** Service, Start, Type: Windows 10's defaults for the services docs/scan-client.md watches. */
const FORENSIC_SERVICE_DEFAULTS: Array<[string, number, number]> = [
  ['SysMain', 2, 0x20],
  ['PcaSvc', 3, 0x20],
  ['bam', 1, 0x1],
  ['dam', 1, 0x1],
  ['EventLog', 2, 0x20],
  ['DPS', 2, 0x20],
  ['DiagTrack', 2, 0x10],
  ['Appinfo', 3, 0x20],
];

/** A `$I` file, version 2 (Windows 10 and 11), per libyal's "Windows Recycle.Bin file formats". */
function recycleInfo(originalPath: string, size: number, deletedAt: string): Uint8Array {
  const path = `${originalPath}\0`;
  const out = new Uint8Array(28 + path.length * 2);
  const view = new DataView(out.buffer);
  view.setBigUint64(0, 2n, true);
  view.setBigUint64(8, BigInt(size), true);
  view.setBigUint64(16, filetimeOf(deletedAt), true);
  view.setUint32(24, path.length, true);
  for (let i = 0; i < path.length; i++) view.setUint16(28 + 2 * i, path.charCodeAt(i), true);
  return out;
}

/** A small PE file compiled with mingw-w64 and signed with a self-signed certificate by osslsigncode. */
function signedTool(dir: string, output: string): void {
  requireTool('x86_64-w64-mingw32-gcc', 'gcc-mingw-w64-x86-64');
  requireTool('openssl', 'openssl');
  requireTool('osslsigncode', 'osslsigncode');
  const run = (command: string, args: string[]) => execFileSync(command, args, { cwd: dir, stdio: 'pipe' });
  writeFileSync(join(dir, 'tool.c'), 'int main(void) { return 0; }\n');
  run('x86_64-w64-mingw32-gcc', ['-O1', '-s', '-o', 'tool-unsigned.exe', 'tool.c']);
  run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'tool.key',
    '-out',
    'tool.pem',
    '-days',
    '3650',
    '-subj',
    `/CN=${TOOL.signer}`,
  ]);
  run('osslsigncode', [
    'sign',
    '-certs',
    'tool.pem',
    '-key',
    'tool.key',
    '-h',
    'sha256',
    '-in',
    'tool-unsigned.exe',
    '-out',
    output,
  ]);
}

export function plantWindows(): PlantedWindows {
  requireHivex();
  const root = mkdtempSync(join(tmpdir(), 'scanpin-windows-'));
  const drive = join(root, 'C');
  const home = join(drive, 'Users', 'Player');
  const windows = join(drive, 'Windows');
  const work = join(root, 'work');
  mkdirSync(work, { recursive: true });

  // Prefetch: the deleted cheat and the tool (Windows 10 form, MAM-compressed).
  plant(
    join(windows, 'Prefetch', 'CHEAT.EXE-1A2B3C4D.pf'),
    prefetchOf('CHEAT.EXE', 0x1a2b3c4d, '\\Users\\Player\\Downloads\\cheat.exe', CHEAT.prefetchRuns),
  );
  plant(
    join(windows, 'Prefetch', 'TOOL.EXE-0BADF00D.pf'),
    prefetchOf('TOOL.EXE', 0x0badf00d, '\\Tools\\tool.exe', [TOOL.prefetchRun]),
  );
  // The .pf files' own times: written seconds after each last run, as Windows does.
  utimesSync(
    join(windows, 'Prefetch', 'CHEAT.EXE-1A2B3C4D.pf'),
    new Date(CHEAT.prefetchRuns[0] as string),
    new Date('2024-03-10T18:45:22.000Z'),
  );
  utimesSync(
    join(windows, 'Prefetch', 'TOOL.EXE-0BADF00D.pf'),
    new Date(TOOL.prefetchRun),
    new Date('2024-03-10T17:00:10.000Z'),
  );

  plant(join(windows, 'System32', 'config', 'SYSTEM'), systemHive(work));

  // PCA: one launch line per program, UTF-16LE with a BOM, CRLF.
  const pca = `\uFEFF${CHEAT.dos}|2024-03-10 18:45:11.500\r\n${TOOL.dos}|2024-03-10 17:00:01.000\r\n`;
  plant(join(windows, 'appcompat', 'pca', 'PcaAppLaunchDic.txt'), Buffer.from(pca, 'utf16le'));

  // The Recycle Bin holds the cheat's record; its data was emptied ($R gone).
  plant(
    join(drive, '$Recycle.Bin', PLAYER_SID, '$IAB12CD.exe'),
    recycleInfo(CHEAT.dos, 48_128, CHEAT.deletedAt),
  );

  // The tool, still there, signed; its own times from before its last run.
  mkdirSync(join(drive, 'Tools'), { recursive: true });
  signedTool(work, join(drive, 'Tools', 'tool.exe'));
  utimesSync(
    join(drive, 'Tools', 'tool.exe'),
    new Date('2024-03-01T00:00:00Z'),
    new Date('2024-03-01T00:00:00Z'),
  );

  // Game folders beyond Minecraft.
  const localAppData = join(home, 'AppData', 'Local');
  const fivem = join(localAppData, 'FiveM', 'FiveM.app');
  plant(join(fivem, 'plugins', 'menu.dll'), 'MZ planted plugin');
  plant(join(fivem, 'citizen', 'common', 'data', 'aim.asi'), 'MZ planted asi');
  plant(join(fivem, 'citizen', 'common', 'data', 'gameconfig.xml'), '<config/>');
  plant(join(fivem, 'crashes', 'dump-2024-03-10.dmp'), 'dump');
  plant(join(fivem, 'logs', 'CitizenFX_log_2024-03-10.log'), 'log line');
  const sa = join(drive, 'Program Files (x86)', 'Rockstar Games', 'GTA San Andreas');
  plant(join(sa, 'cleo', 'aimbot.cs'), 'cleo script');
  plant(join(sa, 's0beit.asi'), 'MZ asi');
  plant(join(sa, 'gta_sa.exe'), 'MZ game');
  plant(join(localAppData, 'Temp', 'JNativeHook-2.2.2.x86_64.dll'), 'MZ jnativehook');
  plant(join(localAppData, 'Temp', 'notes.txt'), 'not a dll');
  mkdirSync(join(drive, 'Program Files (x86)', 'Bloody7'), { recursive: true });

  // Event logs with nothing to report: Windows started, its event log service started, a service of no
  // forensic weight running (docs/scan-client.md, "Event logs").
  const logs = join(windows, 'System32', 'winevt', 'Logs');
  plant(
    join(logs, 'System.evtx'),
    buildEvtx({
      dirty: true,
      chunks: [
        numbered([
          windowsStarted('2024-03-10T16:00:00.000Z'),
          eventLogStarted('2024-03-10T16:00:01.000Z'),
          serviceStateChanged('2024-03-10T16:00:05.000Z', 'Windows Update', 'running', 'wuauserv'),
        ]),
      ],
    }),
  );
  plant(
    join(logs, 'Application.evtx'),
    buildEvtx({ chunks: [numbered([eventLogStarted('2024-03-10T16:00:02.000Z')])] }),
  );
  plant(
    join(logs, 'Security.evtx'),
    buildEvtx({ chunks: [numbered([eventLogStarted('2024-03-10T16:00:03.000Z')])] }),
  );

  // The same machine the executable's --self-test builds around a planted drive, with its volume known.
  const machine: Machine = {
    ...plantedMachine(drive, home),
    windows: { drives: { 'C:': drive }, volumes: { [DEVICE_C]: 'C:' } },
  };
  return { root, drive, home, machine };
}

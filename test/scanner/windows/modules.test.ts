import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EVIDENCE_CAPS } from '@scanpin/evidence';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameProcessModules } from '../../../packages/scanner/src/collect/windows/game-modules.js';
import { displayPath } from '../../../packages/scanner/src/paths.js';
import {
  type LoadedModule,
  MODULEENTRY32W,
  moduleEntryOf,
  walkModules,
} from '../../../packages/scanner/src/windows/live/modules.js';
import { moduleFolderOf, windowsFolderRootsOf } from '../../../packages/scanner/src/windows/module-folder.js';
import { osslsigncodeVerify, requireTool } from './authenticode-oracle.js';
import { buildModuleDlls, MODULE_SIGNER, type ModuleDlls } from './support/module-dlls.js';
import { WINDOWS_REAL, windowsRealPresent } from './support/windows-real.js';

/**
 * The modules of the game process (docs/scan-client.md, "Modules in the game process"): the
 * `MODULEENTRY32W` entries Toolhelp fills, laid out here from Microsoft's documented structure and
 * checked against mingw-w64's tlhelp32.h; the folder kinds; and each module's hash and Authenticode
 * verdict on DLLs built here with mingw-w64 and signed with osslsigncode. The Toolhelp calls
 * themselves run under Wine in wine.test.ts.
 */

function entry(module: Partial<LoadedModule> & { dwSize?: number }): Buffer {
  const buf = Buffer.alloc(MODULEENTRY32W.size);
  buf.writeUInt32LE(module.dwSize ?? MODULEENTRY32W.size, MODULEENTRY32W.dwSize);
  buf.writeUInt32LE(4242, MODULEENTRY32W.processId);
  buf.writeUInt32LE(module.size ?? 0, MODULEENTRY32W.baseSize);
  buf.write(module.name ?? '', MODULEENTRY32W.moduleName, 'utf16le');
  buf.write(module.path ?? '', MODULEENTRY32W.exePath, 'utf16le');
  return buf;
}

/** A `step` that copies the planted entries in turn, as Module32FirstW/NextW fill the caller's buffer. */
function listOf(entries: Buffer[], forever = false) {
  let at = 0;
  return (into: Buffer, first: boolean): boolean => {
    if (first) at = 0;
    const next = entries[forever ? at % entries.length : at];
    at++;
    if (next === undefined) return false;
    next.copy(into, 0, 0, Math.min(next.length, into.length));
    return true;
  };
}

describe('the module list Toolhelp fills', () => {
  it('lays MODULEENTRY32W out as mingw-w64 tlhelp32.h does', () => {
    requireTool('x86_64-w64-mingw32-gcc', 'gcc-mingw-w64-x86-64');
    const dir = mkdtempSync(join(tmpdir(), 'scanpin-module-entry-'));
    try {
      const source = join(dir, 'layout.c');
      writeFileSync(
        source,
        `#include <windows.h>
#include <tlhelp32.h>
#include <stddef.h>
_Static_assert(sizeof(MODULEENTRY32W) == ${MODULEENTRY32W.size}, "size");
_Static_assert(offsetof(MODULEENTRY32W, dwSize) == ${MODULEENTRY32W.dwSize}, "dwSize");
_Static_assert(offsetof(MODULEENTRY32W, th32ProcessID) == ${MODULEENTRY32W.processId}, "pid");
_Static_assert(offsetof(MODULEENTRY32W, modBaseSize) == ${MODULEENTRY32W.baseSize}, "modBaseSize");
_Static_assert(offsetof(MODULEENTRY32W, szModule) == ${MODULEENTRY32W.moduleName}, "szModule");
_Static_assert(sizeof(((MODULEENTRY32W *)0)->szModule) == ${MODULEENTRY32W.moduleNameChars * 2}, "szModule size");
_Static_assert(offsetof(MODULEENTRY32W, szExePath) == ${MODULEENTRY32W.exePath}, "szExePath");
_Static_assert(sizeof(((MODULEENTRY32W *)0)->szExePath) == ${MODULEENTRY32W.exePathChars * 2}, "szExePath size");
`,
      );
      execFileSync('x86_64-w64-mingw32-gcc', ['-fsyntax-only', source], { stdio: 'pipe' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads each entry and skips the ones that make no sense', () => {
    const list = walkModules(
      listOf([
        entry({ name: 'FiveM_GTAProcess.exe', path: 'C:\\Games\\FiveM_GTAProcess.exe', size: 0x5000 }),
        entry({ name: 'ntdll.dll', path: 'C:\\Windows\\SYSTEM32\\ntdll.dll', size: 0x1f8000 }),
        entry({ name: 'broken.dll', path: 'C:\\x\\broken.dll', dwSize: 548 }),
        entry({ name: 'nameless.dll', path: '' }),
        entry({ name: 'overlay.dll', path: `C:\\Users\\Player\\${'d'.repeat(300)}`, size: 0x3000 }),
      ]),
      100,
    );
    expect(list.modules.slice(0, 2)).toEqual([
      { name: 'FiveM_GTAProcess.exe', path: 'C:\\Games\\FiveM_GTAProcess.exe', size: 0x5000 },
      { name: 'ntdll.dll', path: 'C:\\Windows\\SYSTEM32\\ntdll.dll', size: 0x1f8000 },
    ]);
    // A path with no terminating NUL stops at szExePath's 260 characters, never past the entry.
    expect(list.modules[2]?.path).toHaveLength(MODULEENTRY32W.exePathChars);
    expect(list.skipped).toBe(2);
    expect(list.truncated).toBe(false);
    expect(moduleEntryOf(Buffer.alloc(100))).toBeNull();
  });

  it('stops at the cap, and a list that never ends cannot hold the scan', () => {
    const one = entry({ name: 'a.dll', path: 'C:\\a.dll', size: 1 });
    const capped = walkModules(listOf([one, one, one, one]), 3);
    expect(capped.modules).toHaveLength(3);
    expect(capped.truncated).toBe(true);
    const endless = walkModules(listOf([one], true), 5);
    expect(endless.modules).toHaveLength(5);
    expect(endless.truncated).toBe(true);
    const broken = walkModules(listOf([entry({ dwSize: 1 })], true), 5);
    expect(broken.modules).toEqual([]);
    expect(broken.skipped).toBeLessThanOrEqual(5 * 4 + 16);
    expect(broken.truncated).toBe(true);
  });
});

describe('the folder a module lies in', () => {
  const roots = windowsFolderRootsOf({
    SystemRoot: 'C:\\WINDOWS',
    USERPROFILE: 'C:\\Users\\Player',
    APPDATA: 'C:\\Users\\Player\\AppData\\Roaming',
    LOCALAPPDATA: 'C:\\Users\\Player\\AppData\\Local',
    TEMP: 'C:\\Users\\Player\\AppData\\Local\\Temp',
  });

  it.each([
    ['C:\\Windows\\System32\\ntdll.dll', 'windows'],
    ['c:\\windows\\syswow64\\KERNEL32.DLL', 'windows'],
    ['\\\\?\\C:\\Windows\\System32\\user32.dll', 'windows'],
    ['C:\\Windows\\Temp\\x.dll', 'windows-writable'],
    ['C:\\Windows\\Tasks\\x.dll', 'windows-writable'],
    ['C:\\Windows\\System32\\spool\\drivers\\color\\x.dll', 'windows-writable'],
    ['C:\\Windows\\TasksOther\\x.dll', 'windows'],
    ['C:\\Program Files\\NVIDIA Corporation\\nvapi64.dll', 'program-files'],
    ['C:\\Program Files (x86)\\Steam\\gameoverlayrenderer64.dll', 'program-files'],
    ['C:\\ProgramData\\x\\y.dll', 'program-data'],
    ['C:\\Users\\Player\\AppData\\Local\\Temp\\lwjgl\\lwjgl.dll', 'temp'],
    ['C:\\Users\\Player\\Downloads\\inject.dll', 'user-profile'],
    ['C:\\Users\\Player\\AppData\\Local\\FiveM\\FiveM.app\\citizen-resources-client.dll', 'user-profile'],
    ['C:\\Users\\PlayerTwo\\x.dll', 'elsewhere'],
    ['D:\\SteamLibrary\\steamapps\\common\\GTAV\\dinput8.dll', 'elsewhere'],
  ])('%s is %s', (path, kind) => {
    expect(moduleFolderOf(path, roots)).toBe(kind);
  });
});

describe("each module's file: hash and Authenticode verdict", () => {
  let dir: string;
  let dlls: ModuleDlls;
  let home: string;
  let env: Record<string, string>;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'scanpin-modules-'));
    home = join(dir, 'Users', 'Player');
    dlls = buildModuleDlls(join(dir, 'work'), join(home, 'Documents', 'overlay'));
    env = {
      SystemRoot: join(dir, 'Windows'),
      ProgramFiles: join(dir, 'Program Files'),
      USERPROFILE: home,
      TEMP: join(home, 'AppData', 'Local', 'Temp'),
    };
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the self-signed DLL is what osslsigncode verifies with its own certificate', () => {
    const oracle = osslsigncodeVerify(dlls.selfSigned, join(dir, 'work', 'module.pem'));
    expect(oracle.verificationOk, oracle.output).toBe(true);
    expect(oracle.signerSubject).toBe(`CN=${MODULE_SIGNER}`);
    expect(osslsigncodeVerify(dlls.unsigned, join(dir, 'work', 'module.pem')).signatureFound).toBe(false);
  });

  it('lists the modules outside Windows with their verdicts and counts the system ones', async () => {
    const system = join(dir, 'Windows', 'System32', 'kernel32.dll');
    mkdirSync(join(dir, 'Windows', 'System32'), { recursive: true });
    copyFileSync(dlls.unsigned, system);
    const tampered = join(home, 'AppData', 'Local', 'Temp', 'tampered.dll');
    mkdirSync(join(home, 'AppData', 'Local', 'Temp'), { recursive: true });
    const bytes = readFileSync(dlls.selfSigned);
    bytes[0x400] = (bytes[0x400] ?? 0) ^ 0xff;
    writeFileSync(tampered, bytes);
    const vendor = join(dir, 'Program Files', 'Vendor', 'vendor.dll');
    mkdirSync(join(dir, 'Program Files', 'Vendor'), { recursive: true });
    copyFileSync(dlls.unsigned, vendor);
    const gone = join(home, 'Downloads', 'gone.dll');
    const modules = [system, dlls.unsigned, dlls.selfSigned, tampered, vendor, gone, dlls.unsigned].map(
      (path) => ({ name: path.split('/').pop() ?? '', path, size: 4096 }),
    );
    const found = await gameProcessModules(
      [
        { pid: 4242, name: 'FiveM_GTAProcess.exe' },
        { pid: 4243, name: 'FiveM_GTAProcess.exe' },
      ],
      windowsFolderRootsOf(env),
      (p) => displayPath(home, p),
      async (pid) => ({
        modules: pid === 4242 ? modules : modules.slice(1, 2),
        truncated: false,
        skipped: 0,
      }),
    );
    const counts = { process: 'FiveM_GTAProcess.exe', readable: true, reason: null, truncated: false };
    expect(found.processes).toEqual([
      { pid: 4242, ...counts, systemModules: 1, listed: 6 },
      { pid: 4243, ...counts, systemModules: 0, listed: 1 },
    ]);
    // Each module once, with every game process that loaded it.
    const seen = found.items.map((m) => [m.path, m.verdict, m.folder, m.userWritable, m.pids]);
    expect(seen).toEqual([
      ['~/Documents/overlay/overlay-unsigned.dll', 'unsigned', 'user-profile', true, [4242, 4243]],
      ['~/Documents/overlay/overlay-selfsigned.dll', 'self-signed', 'user-profile', true, [4242]],
      ['~/AppData/Local/Temp/tampered.dll', 'invalid', 'temp', true, [4242]],
      [
        expect.stringMatching(/Program Files\/Vendor\/vendor\.dll$/),
        'unsigned',
        'program-files',
        false,
        [4242],
      ],
      ['~/Downloads/gone.dll', 'not-read', 'user-profile', true, [4242]],
    ]);
    const [unsigned, selfSigned, tamperedFacts, , goneFacts] = found.items;
    expect(unsigned?.sha256).toBe(
      execFileSync('sha256sum', [dlls.unsigned], { encoding: 'utf8' }).split(' ')[0],
    );
    expect(unsigned?.fileSize).toBe(readFileSync(dlls.unsigned).length);
    expect(selfSigned?.signature).toMatchObject({ signer: MODULE_SIGNER, selfSigned: true });
    expect(tamperedFacts?.signature.reason).toBe('image-digest-mismatch');
    expect(goneFacts).toMatchObject({ sha256: null, fileSize: null });
  });

  it('says why a process cannot be listed, and caps what it lists', async () => {
    const denied = Object.assign(new Error('Toolhelp: access denied'), { code: 'EACCES' });
    const refused = await gameProcessModules(
      [{ pid: 7, name: 'FiveM_GTAProcess.exe' }],
      windowsFolderRootsOf(env),
      (p) => p,
      async () => {
        throw denied;
      },
    );
    expect(refused.items).toEqual([]);
    expect(refused.processes[0]).toMatchObject({ readable: false, listed: 0, systemModules: 0 });
    expect(refused.processes[0]?.reason).toMatch(/Run the scanner as administrator/);

    const many = Array.from({ length: EVIDENCE_CAPS.loadedModules + 5 }, (_, i) => ({
      name: `m${i}.dll`,
      path: join(home, 'Downloads', `m${i}.dll`),
      size: 1,
    }));
    const capped = await gameProcessModules(
      [{ pid: 8, name: 'FiveM_GTAProcess.exe' }],
      windowsFolderRootsOf(env),
      (p) => p,
      async () => ({ modules: many, truncated: false, skipped: 0 }),
    );
    expect(capped.items).toHaveLength(EVIDENCE_CAPS.loadedModules);
    expect(capped.processes[0]).toMatchObject({ listed: EVIDENCE_CAPS.loadedModules, truncated: true });
  });
});

/*
 * Real Microsoft-signed executables (vswhere 1.0.47, SHA-1 with a nested SHA-256 signature; 3.0.1,
 * SHA-256 with an RFC 3161 timestamp), from ../shared/fixtures/windows-real/ (read there, copied only
 * into a temporary folder), standing as modules loaded from the profile: signed by a real vendor,
 * they raise nothing; one byte changed, the signature no longer matches.
 */
const REAL = windowsRealPresent('modules: verdicts of real Microsoft-signed PE files');
describe.skipIf(!REAL)('real signed PE files as modules', () => {
  it('read signed-valid by Microsoft where they are, and invalid once changed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scanpin-modules-real-'));
    try {
      const home = join(dir, 'Users', 'Player');
      mkdirSync(join(home, 'Downloads'), { recursive: true });
      const paths = ['vswhere-1.0.47.exe', 'vswhere-3.0.1.exe'].map((name) => {
        const path = join(home, 'Downloads', name);
        copyFileSync(join(WINDOWS_REAL, 'pe', name), path);
        return path;
      });
      const changed = join(home, 'Downloads', 'vswhere-changed.exe');
      const bytes = readFileSync(paths[1] as string);
      bytes[0x1000] = (bytes[0x1000] ?? 0) ^ 0x01;
      writeFileSync(changed, bytes);
      const found = await gameProcessModules(
        [{ pid: 9, name: 'FiveM_GTAProcess.exe' }],
        windowsFolderRootsOf({ SystemRoot: join(dir, 'Windows'), USERPROFILE: home }),
        (p) => displayPath(home, p),
        async () => ({
          modules: [...paths, changed].map((path) => ({ name: 'vswhere.exe', path, size: 1 })),
          truncated: false,
          skipped: 0,
        }),
      );
      expect(found.items.map((m) => [m.path, m.verdict, m.signature.signer, m.userWritable])).toEqual([
        ['~/Downloads/vswhere-1.0.47.exe', 'signed-valid', 'Microsoft Corporation', true],
        ['~/Downloads/vswhere-3.0.1.exe', 'signed-valid', 'Microsoft Corporation', true],
        ['~/Downloads/vswhere-changed.exe', 'invalid', 'Microsoft Corporation', true],
      ]);
      expect(found.items[2]?.signature.reason).toBe('image-digest-mismatch');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

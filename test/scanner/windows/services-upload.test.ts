import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plantedMachine } from '../../../packages/scanner/src/cli/self-test.js';
import type { CollectContext } from '../../../packages/scanner/src/collect/context.js';
import {
  collectServices,
  liveServiceManager,
} from '../../../packages/scanner/src/collect/windows/services.js';
import {
  collectShimCache,
  liveAppCompatCache,
} from '../../../packages/scanner/src/collect/windows/shimcache.js';
import { displayPath } from '../../../packages/scanner/src/paths.js';
import { backends } from '../../support/backends.js';
import { evidence, onWindows, withSections } from '../../support/evidence.js';
import { addPath, hivexsh, requireHivex, setValues, tempDir } from './fixtures/hivex.js';
import { emptyHive, utf16le } from './fixtures/regf-image.js';
import { judgedUpload, judgingServerForSuite } from './support/judged-upload.js';
import { windows10Value } from './support/shimcache-builder.js';

/**
 * The services and the ShimCache end to end (docs/scan-client.md, "Windows services", "ShimCache"):
 * a planted drive whose SYSTEM hive (written by `hivexsh`) has SysMain disabled, DPS deleted and a
 * ShimCache naming a client that is gone; the collectors read it, the document goes to a real server,
 * and the Windows pack's signals and a file-name rule are in the result.
 */

const DWORD = 4;
const EXPAND_SZ = 2;
const BINARY = 3;
const dword = (n: number) => {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n, true);
  return out;
};

/** Windows 10's defaults (regipy's real hives), less DPS, with SysMain disabled. */
const SERVICES: Array<[string, number, number, string]> = [
  ['SysMain', 4, 0x20, '%systemroot%\\system32\\svchost.exe -k LocalSystemNetworkRestricted -p'],
  ['PcaSvc', 3, 0x20, '%systemroot%\\system32\\svchost.exe -k LocalSystemNetworkRestricted -p'],
  ['bam', 1, 0x1, 'system32\\drivers\\bam.sys'],
  ['dam', 1, 0x1, 'system32\\drivers\\dam.sys'],
  ['EventLog', 2, 0x20, '%SystemRoot%\\System32\\svchost.exe -k LocalServiceNetworkRestricted -p'],
  ['DiagTrack', 2, 0x10, '%SystemRoot%\\System32\\svchost.exe -k utcsvc -p'],
  ['Appinfo', 3, 0x20, '%SystemRoot%\\system32\\svchost.exe -k netsvcs -p'],
];

function systemHive(dir: string): Uint8Array {
  const made = new Set<string>();
  const cache = 'ControlSet001\\Control\\Session Manager\\AppCompatCache';
  return hivexsh(dir, emptyHive(), [
    ...addPath('Select', made),
    ...setValues('Select', [{ name: 'Current', type: DWORD, data: dword(1) }]),
    ...SERVICES.flatMap(([name, start, type, image]) => [
      ...addPath(`ControlSet001\\Services\\${name}`, made),
      ...setValues(`ControlSet001\\Services\\${name}`, [
        { name: 'Start', type: DWORD, data: dword(start) },
        { name: 'Type', type: DWORD, data: dword(type) },
        { name: 'ImagePath', type: EXPAND_SZ, data: utf16le(`${image}\0`) },
      ]),
    ]),
    ...addPath(cache, made),
    ...setValues(cache, [
      {
        name: 'AppCompatCache',
        type: BINARY,
        data: windows10Value([
          { path: 'C:\\Users\\Player\\Downloads\\vape-v4.exe', modified: '2026-11-20T10:00:00.000Z' },
          { path: '\\??\\C:\\Windows\\System32\\notepad.exe', modified: '2025-05-01T08:00:00.000Z' },
        ]),
      },
    ]),
  ]);
}

describe.each(backends().slice(0, 1))(
  'services and ShimCache, collected from a planted drive and uploaded to %s',
  (backend) => {
    const server = judgingServerForSuite(backend);
    let dir: string;
    let home: string;
    let work: ReturnType<typeof tempDir>;

    beforeAll(async () => {
      requireHivex();
      work = tempDir();
      dir = mkdtempSync(join(tmpdir(), 'scanpin-services-upload-'));
      home = join(dir, 'C', 'Users', 'Player');
      mkdirSync(home, { recursive: true });
      mkdirSync(join(dir, 'C', 'Windows', 'System32', 'config'), { recursive: true });
      writeFileSync(join(dir, 'C', 'Windows', 'System32', 'config', 'SYSTEM'), systemHive(work.dir));
    }, 60_000);
    afterAll(() => {
      work?.remove();
      rmSync(dir, { recursive: true, force: true });
    });

    function ctx(): CollectContext {
      return {
        machine: plantedMachine(join(dir, 'C'), home),
        game: 'FiveM',
        plan: { sources: ['services', 'shimcache'], hints: [] },
        display: (p) => displayPath(home, p),
        earlier: {},
      };
    }

    it('reads the hive file of a planted tree, never the live seams', async () => {
      expect(liveServiceManager.read === null || process.platform === 'win32').toBe(true);
      expect(liveAppCompatCache.read === null || process.platform === 'win32').toBe(true);
      const services = await collectServices(ctx());
      expect(services.from).toBe('hive-file');
      expect(services.reason).toBeNull();
      expect(services.items.map((s) => [s.name, s.present, s.startType])).toEqual([
        ['SysMain', true, 'disabled'],
        ['PcaSvc', true, 'manual'],
        ['bam', true, 'system'],
        ['dam', true, 'system'],
        ['EventLog', true, 'automatic'],
        ['DPS', false, null],
        ['DiagTrack', true, 'automatic'],
        ['Appinfo', true, 'manual'],
      ]);
      const shimcache = await collectShimCache(ctx());
      expect(shimcache).toMatchObject({
        from: 'hive-file',
        controlSet: 'ControlSet001',
        format: 'windows-10',
      });
      expect(shimcache.items.map((e) => [e.position, e.path, e.lastModified])).toEqual([
        [0, '~/Downloads/vape-v4.exe', '2026-11-20T10:00:00.000Z'],
        [1, 'C:\\Windows\\System32\\notepad.exe', '2025-05-01T08:00:00.000Z'],
      ]);
    });

    it('on a running Windows, reads through the live seams: the service manager and the registry', async () => {
      const saved = { services: liveServiceManager.read, cache: liveAppCompatCache.read };
      const live: CollectContext = {
        ...ctx(),
        machine: {
          ...ctx().machine,
          windows: undefined,
          env: { ...ctx().machine.env, USERPROFILE: 'C:\\Users\\Player' },
        },
      };
      try {
        liveServiceManager.read = async (names) =>
          names.map((name) => ({
            name,
            present: name !== 'DPS',
            state: name === 'EventLog' ? 'stopped' : name === 'DPS' ? null : 'running',
            processId: null,
            start: name === 'DPS' ? null : 2,
            startType: name === 'DPS' ? null : 'automatic',
            type: 0x20,
            imagePath: null,
            displayName: null,
            problem: null,
          }));
        liveAppCompatCache.read = async () =>
          windows10Value([
            { path: 'C:\\Users\\Player\\Downloads\\vape-v4.exe', modified: '2026-11-20T10:00:00.000Z' },
          ]);
        const services = await collectServices(live);
        expect(services.from).toBe('service-manager');
        expect(services.items.find((s) => s.name === 'EventLog')).toMatchObject({
          state: 'stopped',
          keyLastWritten: null,
        });
        expect(services.items.find((s) => s.name === 'DPS')).toMatchObject({ present: false });
        const shimcache = await collectShimCache(live);
        expect(shimcache).toMatchObject({
          from: 'registry',
          controlSet: 'CurrentControlSet',
          entriesTotal: 1,
        });
        liveAppCompatCache.read = async () => {
          throw Object.assign(new Error('Permission denied opening HKLM\\SYSTEM\\…: run as administrator'), {
            code: 'EACCES',
          });
        };
        await expect(collectShimCache(live)).rejects.toThrow(
          /run as administrator: the ShimCache was not read\.$/,
        );
        liveAppCompatCache.read = async () => null;
        await expect(collectShimCache(live)).rejects.toThrow('The registry holds no AppCompatCache value.');
      } finally {
        liveServiceManager.read = saved.services;
        liveAppCompatCache.read = saved.cache;
      }
    });

    it('skips with the reason where there is no SYSTEM hive, and off Windows', async () => {
      const bare = mkdtempSync(join(tmpdir(), 'scanpin-services-bare-'));
      try {
        await expect(collectServices({ ...ctx(), machine: plantedMachine(bare, home) })).rejects.toThrow(
          /There is no SYSTEM hive file/,
        );
        await expect(collectShimCache({ ...ctx(), machine: plantedMachine(bare, home) })).rejects.toThrow(
          /There is no SYSTEM hive file/,
        );
        await expect(
          collectServices({ ...ctx(), machine: { ...ctx().machine, platform: 'linux', windows: undefined } }),
        ).rejects.toThrow(/this machine runs linux/);
      } finally {
        rmSync(bare, { recursive: true, force: true });
      }
    });

    it('shows the disabled and the deleted service, and the gone client ShimCache names, in the result', async () => {
      await server().t.admin('POST', '/admin/v1/rules', {
        name: 'Vape client',
        kind: 'file-name',
        pattern: 'vape',
        match: 'contains',
        severity: 'suspicious',
        games: [],
      });
      const results = await judgedUpload(
        server(),
        async (nonce) =>
          withSections(onWindows(evidence(nonce)), {
            services: { status: 'collected', reason: null, ...(await collectServices(ctx())) },
            shimcache: { status: 'collected', reason: null, ...(await collectShimCache(ctx())) },
          }),
        { services: 8, shimcacheEntries: 2 },
      );
      expect(results.integrity).toEqual(
        expect.arrayContaining([
          expect.stringMatching(
            /^Forensic service disabled in service SysMain \(start type disabled, its settings last changed \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\)$/,
          ),
          'Forensic service deleted in service DPS (not on this machine: deleted)',
        ]),
      );
      expect(results.suspicious).toContain(
        'Vape client in ~/Downloads/vape-v4.exe (ShimCache: was on this machine, file modified 2026-11-20 10:00:00 UTC)',
      );
    });
  },
);

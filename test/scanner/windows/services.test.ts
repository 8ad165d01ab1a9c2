import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHive } from '../../../packages/scanner/src/windows/registry/index.js';
import {
  FORENSIC_SERVICES,
  readServicesFromHive,
  type ServiceConfig,
} from '../../../packages/scanner/src/windows/services.js';
import { addPath, hivexgetValues, hivexsh, requireHivex, setValues, tempDir } from './fixtures/hivex.js';
import { emptyHive, utf16le } from './fixtures/regf-image.js';
import { WINDOWS_REAL, windowsRealPresent } from './support/windows-real.js';

/**
 * The forensic services' configuration from SYSTEM hives written by Debian's `hivexsh`: each value the
 * reader reports must be the one `hivexget` prints for that service's key, and a service whose key is
 * absent is reported missing. On regipy's real Windows 10 hives, every service of the list is compared
 * with hivexget the same way.
 */

const DWORD = 4;
const SZ = 1;
const EXPAND_SZ = 2;

function dwordData(n: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n, true);
  return out;
}

const sz = (text: string) => utf16le(`${text}\0`);

function serviceValues(start: number, type: number, image: string, display: string) {
  return [
    { name: 'Start', type: DWORD, data: dwordData(start) },
    { name: 'Type', type: DWORD, data: dwordData(type) },
    { name: 'ImagePath', type: EXPAND_SZ, data: sz(image) },
    { name: 'DisplayName', type: SZ, data: sz(display) },
    { name: 'ErrorControl', type: DWORD, data: dwordData(1) },
  ];
}

const SVCHOST = '%systemroot%\\system32\\svchost.exe -k LocalSystemNetworkRestricted -p';

function systemScript(): string[] {
  const made = new Set<string>();
  const service = (name: string, values: ReturnType<typeof serviceValues>) => [
    ...addPath(`ControlSet001\\Services\\${name}`, made),
    ...setValues(`ControlSet001\\Services\\${name}`, values),
  ];
  return [
    ...addPath('Select', made),
    ...setValues('Select', [{ name: 'Current', type: DWORD, data: dwordData(1) }]),
    // SysMain disabled (start 4), as "optimizer" scripts and Prefetch-hiding guides leave it.
    ...service('SysMain', serviceValues(4, 0x20, SVCHOST, '@%SystemRoot%\\system32\\sysmain.dll,-1000')),
    ...service('PcaSvc', serviceValues(3, 0x20, SVCHOST, '@%SystemRoot%\\system32\\pcasvc.dll,-1')),
    ...service(
      'bam',
      serviceValues(1, 0x1, 'system32\\drivers\\bam.sys', 'Background Activity Moderator Driver'),
    ),
    ...service(
      'dam',
      serviceValues(1, 0x1, 'system32\\drivers\\dam.sys', 'Desktop Activity Moderator Driver'),
    ),
    ...service(
      'EVENTLOG',
      serviceValues(
        2,
        0x20,
        '%SystemRoot%\\System32\\svchost.exe -k LocalServiceNetworkRestricted -p',
        'Windows Event Log',
      ),
    ),
    // DPS has no key at all: deleted.
    ...service(
      'DiagTrack',
      serviceValues(
        4,
        0x10,
        '%SystemRoot%\\System32\\svchost.exe -k utcsvc -p',
        'Connected User Experiences and Telemetry',
      ),
    ),
    // Appinfo with a Start value of the wrong type: reported as unknown, not guessed.
    ...addPath('ControlSet001\\Services\\Appinfo', made),
    ...setValues('ControlSet001\\Services\\Appinfo', [{ name: 'Start', type: SZ, data: sz('3') }]),
    ...service('Unrelated', serviceValues(4, 0x10, 'x.exe', 'Not in the list')),
  ];
}

/** What hivexget prints for one service key, in the reader's shape. */
function fromHivexget(file: string, controlSet: string, name: string): Partial<ServiceConfig> {
  const values = hivexgetValues(file, `${controlSet}\\Services\\${name}`);
  const dword = (n: string) => {
    const v = values.find((x) => x.name.toLowerCase() === n.toLowerCase());
    return v?.form === 'dword' ? v.number : null;
  };
  const text = (n: string) => {
    const v = values.find((x) => x.name.toLowerCase() === n.toLowerCase());
    return v?.form === 'string' && (v.type === SZ || v.type === EXPAND_SZ) ? v.text : null;
  };
  return {
    start: dword('Start'),
    type: dword('Type'),
    imagePath: text('ImagePath'),
    displayName: text('DisplayName'),
  };
}

describe('forensic services from SYSTEM hives written by hivexsh', () => {
  let work: ReturnType<typeof tempDir>;
  let file: string;
  beforeAll(() => {
    requireHivex();
    work = tempDir();
    file = join(work.dir, 'SYSTEM');
    writeFileSync(file, hivexsh(work.dir, emptyHive(), systemScript()));
  });
  afterAll(() => work?.remove());

  it('reports each listed service once, in the list order, with its start type; a missing key is missing', () => {
    const read = readServicesFromHive(openHive(readFileSync(file)));
    if (!('services' in read)) throw new Error(read.reason);
    expect(read.controlSet).toBe('ControlSet001');
    expect(read.services.map((s) => s.name)).toEqual([...FORENSIC_SERVICES]);
    const by = new Map(read.services.map((s) => [s.name, s]));
    expect(by.get('SysMain')).toMatchObject({ present: true, start: 4, startType: 'disabled', type: 0x20 });
    expect(by.get('PcaSvc')).toMatchObject({ present: true, startType: 'manual' });
    expect(by.get('bam')).toMatchObject({
      present: true,
      startType: 'system',
      imagePath: 'system32\\drivers\\bam.sys',
    });
    expect(by.get('EventLog')).toMatchObject({
      present: true,
      startType: 'automatic',
      displayName: 'Windows Event Log',
    });
    expect(by.get('DPS')).toEqual({
      name: 'DPS',
      present: false,
      start: null,
      startType: null,
      type: null,
      imagePath: null,
      displayName: null,
      keyLastWritten: null,
      problem: null,
    });
    expect(by.get('DiagTrack')).toMatchObject({ startType: 'disabled', type: 0x10 });
    expect(by.get('Appinfo')).toMatchObject({ present: true, start: null, startType: null });
    expect(by.get('SysMain')?.keyLastWritten).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('every value reported is the one hivexget prints', () => {
    const read = readServicesFromHive(openHive(readFileSync(file)));
    if (!('services' in read)) throw new Error(read.reason);
    for (const service of read.services.filter((s) => s.present)) {
      const key = service.name === 'EventLog' ? 'EVENTLOG' : service.name;
      expect(service, service.name).toMatchObject(fromHivexget(file, 'ControlSet001', key));
    }
  });

  it("damage in one service's key costs that service only, and says why", () => {
    const hive = new Uint8Array(readFileSync(file));
    // The SysMain key's name, after its 76-byte "nk" header (libyal regf, "Named key").
    const name = Buffer.from(hive).indexOf('SysMain', 0, 'latin1');
    const nk = name - 76;
    expect(Buffer.from(hive.subarray(nk, nk + 2)).toString('latin1')).toBe('nk');
    new DataView(hive.buffer).setUint32(nk + 40, 0x7ffffff8, true); // its value list: nowhere
    const read = readServicesFromHive(openHive(hive));
    if (!('services' in read)) throw new Error(read.reason);
    const [sysMain, ...others] = read.services;
    expect(sysMain).toMatchObject({ name: 'SysMain', present: true, start: null });
    expect(sysMain?.problem).toMatch(/^its key is damaged \(value list: no cell can start at this offset/);
    expect(others.every((s) => s.problem === null)).toBe(true);
    expect(others.find((s) => s.name === 'PcaSvc')?.startType).toBe('manual');
  });

  it('a hive with no control set, or no Services key, gives a reason', () => {
    expect(readServicesFromHive(openHive(emptyHive()))).toEqual({
      controlSet: null,
      reason: 'the SYSTEM hive has no usable Select\\Current value',
    });
    const noServices = hivexsh(work.dir, emptyHive(), [
      ...addPath('Select'),
      ...setValues('Select', [{ name: 'Current', type: DWORD, data: dwordData(3) }]),
      ...addPath('ControlSet003\\Control'),
    ]);
    expect(readServicesFromHive(openHive(noServices))).toEqual({
      controlSet: 'ControlSet003',
      reason: 'the SYSTEM hive has no ControlSet003\\Services key',
    });
  });
});

const realPresent = windowsRealPresent('forensic services of the real Windows 10 SYSTEM hives (regipy)');

describe.skipIf(!realPresent)("regipy's real SYSTEM hives", () => {
  let work: ReturnType<typeof tempDir>;
  const hiveFile = (name: string) => {
    const path = join(work.dir, name);
    writeFileSync(path, gunzipSync(readFileSync(join(WINDOWS_REAL, 'registry', 'regipy', `${name}.gz`))));
    return path;
  };
  beforeAll(() => {
    requireHivex();
    work = tempDir();
  });
  afterAll(() => work?.remove());

  it.each(['SYSTEM_WIN_10_1709', 'SYSTEM_B'])('%s: every service present, as hivexget prints it', (name) => {
    const file = hiveFile(name);
    const read = readServicesFromHive(openHive(readFileSync(file)));
    if (!('services' in read)) throw new Error(read.reason);
    expect(read.controlSet).toBe('ControlSet001');
    for (const service of read.services) {
      expect(service.present, service.name).toBe(true);
      expect(service.problem).toBeNull();
      expect(service, service.name).toMatchObject(fromHivexget(file, 'ControlSet001', service.name));
    }
    // Windows 10's defaults: none of them disabled.
    expect(read.services.map((s) => [s.name, s.startType])).toEqual([
      ['SysMain', 'automatic'],
      ['PcaSvc', 'manual'],
      ['bam', 'system'],
      ['dam', 'system'],
      ['EventLog', 'automatic'],
      ['DPS', 'automatic'],
      ['DiagTrack', 'automatic'],
      ['Appinfo', 'manual'],
    ]);
  });

  it('the damaged hive: read past its lost blocks; a service not found may be a lost one, so unknown', () => {
    const hive = openHive(readFileSync(hiveFile('corrupted_system_hive')));
    expect(hive.gaps).toBe(583);
    const read = readServicesFromHive(hive, ['Abiosdsk', 'EventLog', 'SysMain']);
    if (!('services' in read)) throw new Error(read.reason);
    const [abiosdsk, eventLog, sysMain] = read.services;
    // regipy's published reading of this hive's first service (regipy_tests/plugin_tests.py).
    expect(abiosdsk).toMatchObject({
      present: true,
      start: 4,
      startType: 'disabled',
      type: 1,
      keyLastWritten: '2008-10-21T17:48:29.328Z',
    });
    expect(eventLog).toMatchObject({ present: true, startType: 'automatic', displayName: 'Event Log' });
    expect(sysMain).toMatchObject({ present: null, startType: null });
    expect(sysMain?.problem).toBe(
      'not among the readable services; 60 service keys are damaged ' +
        '(key: no cell can start at this offset (at offset 0xf70f0)) and it may be one of them',
    );
  });
});

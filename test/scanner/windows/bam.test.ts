import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentControlSet, readBam } from '../../../packages/scanner/src/windows/bam.js';
import { HiveFormatError, openHive } from '../../../packages/scanner/src/windows/registry/index.js';
import {
  addPath,
  hivexgetValues,
  hivexsh,
  type OracleValue,
  requireHivex,
  setValues,
  tempDir,
} from './fixtures/hivex.js';
import { emptyHive, filetimeOf } from './fixtures/regf-image.js';

/**
 * SYSTEM hives made by Debian's `hivexsh -w` from the byte-built empty image, with BAM and DAM keys
 * as Windows 10 and 11 write them; `hivexget` reads every value back, and the times the test derives
 * from its bytes must be the ones the reader reports.
 */

const PLAYER = 'S-1-5-21-1004336348-1177238915-682003330-1001';
const SYSTEM_SID = 'S-1-5-18';
const CHEAT = '\\Device\\HarddiskVolume3\\Users\\Player\\Downloads\\cheat.exe';
const CMD = '\\Device\\HarddiskVolume3\\Windows\\System32\\cmd.exe';
const UNICODE = '\\Device\\HarddiskVolume3\\Program Files\\Ünïcode 日本\\app.exe';
const MINECRAFT_APP = 'Microsoft.MinecraftUWP_8wekyb3d8bbwe';
const STALE = '\\Device\\HarddiskVolume3\\Old\\stale.exe';

/** BAM's value data: the FILETIME, then 16 bytes Windows leaves zero (24 bytes in all). */
function bamData(iso: string, ticks = 0n): Uint8Array {
  const out = new Uint8Array(24);
  new DataView(out.buffer).setBigUint64(0, filetimeOf(iso, ticks), true);
  return out;
}

function dwordData(n: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n, true);
  return out;
}

const BINARY = 3;
const DWORD = 4;

function systemHiveScript(): string[] {
  const current = 'ControlSet002\\Services\\bam\\State\\UserSettings';
  const made = new Set<string>();
  const script = [
    ...addPath('Select', made),
    ...setValues('Select', [
      { name: 'Current', type: DWORD, data: dwordData(2) },
      { name: 'Default', type: DWORD, data: dwordData(2) },
      { name: 'LastKnownGood', type: DWORD, data: dwordData(1) },
    ]),
    // ControlSet001 is not current: what it holds must not be reported.
    ...addPath(`ControlSet001\\Services\\bam\\State\\UserSettings\\${PLAYER}`, made),
    ...setValues(`ControlSet001\\Services\\bam\\State\\UserSettings\\${PLAYER}`, [
      { name: STALE, type: BINARY, data: bamData('2020-01-01T00:00:00.000Z') },
    ]),
    ...addPath(`${current}\\${PLAYER}`, made),
    ...setValues(`${current}\\${PLAYER}`, [
      { name: 'Version', type: DWORD, data: dwordData(1) },
      { name: 'SequenceNumber', type: DWORD, data: dwordData(9) },
      { name: CHEAT, type: BINARY, data: bamData('2024-03-10T18:45:12.345Z', 6789n) },
      { name: CMD, type: BINARY, data: bamData('2024-03-10T18:40:00.001Z') },
      { name: UNICODE, type: BINARY, data: bamData('2023-12-31T23:59:59.999Z') },
      { name: MINECRAFT_APP, type: BINARY, data: bamData('2024-03-10T18:30:00.500Z') },
      { name: '\\Device\\HarddiskVolume3\\short.exe', type: BINARY, data: Uint8Array.of(1, 2, 3, 4) },
      { name: '\\Device\\HarddiskVolume3\\never.exe', type: BINARY, data: new Uint8Array(24) },
      { name: '\\Device\\HarddiskVolume3\\text.exe', type: 1, data: new Uint8Array(24) },
    ]),
    ...addPath(`${current}\\${SYSTEM_SID}`, made),
    ...setValues(`${current}\\${SYSTEM_SID}`, [
      { name: 'Version', type: DWORD, data: dwordData(1) },
      {
        name: '\\Device\\HarddiskVolume3\\Windows\\System32\\svchost.exe',
        type: BINARY,
        data: bamData('2024-03-09T08:00:00.000Z'),
      },
    ]),
    ...addPath(`ControlSet002\\Services\\dam\\State\\UserSettings\\${PLAYER}`, made),
    ...setValues(`ControlSet002\\Services\\dam\\State\\UserSettings\\${PLAYER}`, [
      { name: MINECRAFT_APP, type: BINARY, data: bamData('2024-03-10T18:31:02.250Z') },
    ]),
  ];
  return script;
}

/** Windows 10 1709 to 1803: the SIDs sit directly under bam\UserSettings. */
function olderLayoutScript(): string[] {
  const key = `ControlSet001\\Services\\bam\\UserSettings\\${PLAYER}`;
  return [
    ...addPath('Select'),
    ...setValues('Select', [{ name: 'Current', type: DWORD, data: dwordData(1) }]),
    ...addPath(key),
    ...setValues(key, [
      { name: 'SequenceNumber', type: DWORD, data: dwordData(3) },
      { name: CHEAT, type: BINARY, data: bamData('2018-04-30T12:00:00.000Z') },
    ]),
  ];
}

/** The time in a BAM value's bytes as hivexget printed them, converted here independently. */
function oracleTime(value: OracleValue): string {
  if (value.form !== 'hex' || value.bytes.length < 8) throw new Error(`not a BAM value: ${value.name}`);
  let ticks = 0n;
  for (let i = 7; i >= 0; i--) ticks = (ticks << 8n) | BigInt(value.bytes[i] as number);
  const unixMs = ticks / 10_000n - 11_644_473_600_000n;
  return new Date(Number(unixMs)).toISOString();
}

describe('BAM and DAM from SYSTEM hives written by hivexsh', () => {
  let work: ReturnType<typeof tempDir>;
  let system: Uint8Array;
  let older: Uint8Array;
  beforeAll(() => {
    requireHivex();
    work = tempDir();
    system = hivexsh(work.dir, emptyHive(), systemHiveScript());
    older = hivexsh(work.dir, emptyHive(), olderLayoutScript());
  });
  afterAll(() => work?.remove());

  it('resolves the current control set through Select\\Current', () => {
    expect(currentControlSet(openHive(system))).toBe('ControlSet002');
    expect(currentControlSet(openHive(older))).toBe('ControlSet001');
    expect(currentControlSet(openHive(emptyHive()))).toBeNull();
  });

  it('reports each program per user with its last run, skipping bookkeeping and unusable values', () => {
    const report = readBam(openHive(system));
    expect(report.controlSet).toBe('ControlSet002');
    // Subkeys are kept sorted (hivex does as Windows does), so S-1-5-18 comes first.
    expect(report.entries).toEqual([
      {
        service: 'bam',
        sid: SYSTEM_SID,
        program: '\\Device\\HarddiskVolume3\\Windows\\System32\\svchost.exe',
        lastRun: '2024-03-09T08:00:00.000Z',
      },
      { service: 'bam', sid: PLAYER, program: CHEAT, lastRun: '2024-03-10T18:45:12.345Z' },
      { service: 'bam', sid: PLAYER, program: CMD, lastRun: '2024-03-10T18:40:00.001Z' },
      { service: 'bam', sid: PLAYER, program: UNICODE, lastRun: '2023-12-31T23:59:59.999Z' },
      { service: 'bam', sid: PLAYER, program: MINECRAFT_APP, lastRun: '2024-03-10T18:30:00.500Z' },
      { service: 'dam', sid: PLAYER, program: MINECRAFT_APP, lastRun: '2024-03-10T18:31:02.250Z' },
    ]);
    expect(report.skippedValues).toBe(3);
    expect(report.entries.map((e) => e.program)).not.toContain(STALE);
  });

  it('agrees with hivexget on every BAM and DAM value it reports', () => {
    const file = join(work.dir, 'SYSTEM');
    writeFileSync(file, system);
    const report = readBam(openHive(system));
    const keys = [
      ['bam', `ControlSet002\\Services\\bam\\State\\UserSettings\\${SYSTEM_SID}`],
      ['bam', `ControlSet002\\Services\\bam\\State\\UserSettings\\${PLAYER}`],
      ['dam', `ControlSet002\\Services\\dam\\State\\UserSettings\\${PLAYER}`],
    ] as const;
    const fromOracle = keys.flatMap(([service, path]) =>
      hivexgetValues(file, path)
        .filter(
          (v) => v.form === 'hex' && v.type === BINARY && v.bytes.length >= 8 && v.bytes.some((b) => b !== 0),
        )
        .map((v) => ({ service, sid: path.split('\\').at(-1), program: v.name, lastRun: oracleTime(v) })),
    );
    expect(report.entries).toEqual(fromOracle);
  });

  it('reads the Windows 10 1709–1803 layout', () => {
    expect(readBam(openHive(older))).toEqual({
      controlSet: 'ControlSet001',
      entries: [{ service: 'bam', sid: PLAYER, program: CHEAT, lastRun: '2018-04-30T12:00:00.000Z' }],
      skippedValues: 0,
    });
  });

  it('finds nothing, without failing, in a hive with no Select key or no BAM', () => {
    expect(readBam(openHive(emptyHive()))).toEqual({ controlSet: null, entries: [], skippedValues: 0 });
  });

  it('a truncated SYSTEM hive fails with HiveFormatError', () => {
    expect(() => readBam(openHive(system.subarray(0, system.length - 4096)))).toThrow(HiveFormatError);
  });
});

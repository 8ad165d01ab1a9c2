import type { PrefetchFile } from '../../../../packages/scanner/src/windows/prefetch/prefetch.js';
import { buildMam } from './mam-builder.js';
import { buildScca, filetime, type SccaSpec } from './scca-builder.js';

/**
 * The Prefetch fixtures: one or more per SCCA version, the version 30 ones also compressed into MAM.
 * Each carries what a reader must find in it, written from the spec that built it.
 */
export interface PrefetchFixture {
  name: string;
  bytes: Uint8Array;
  expected: PrefetchFile;
}

const XP_VOLUME = '\\DEVICE\\HARDDISKVOLUME1';
const VOLUME_C = '\\VOLUME{01d2c3a4b5e6f708-5a3c9e12}';
const VOLUME_D = '\\VOLUME{01d4aa00bb11cc22-0badf00d}';

const xp: SccaSpec = {
  version: 17,
  executable: 'NOTEPAD.EXE',
  hash: 0x189578da,
  runCount: 3,
  lastRuns: [filetime('2008-03-14T09:26:53.589Z', 7_931)],
  files: [
    `${XP_VOLUME}\\WINDOWS\\SYSTEM32\\NTDLL.DLL`,
    `${XP_VOLUME}\\WINDOWS\\SYSTEM32\\KERNEL32.DLL`,
    `${XP_VOLUME}\\WINDOWS\\SYSTEM32\\NOTEPAD.EXE`,
  ],
  volumes: [
    {
      devicePath: XP_VOLUME,
      serial: 0x4c2f1e0a,
      createdAt: filetime('2007-11-02T17:45:12.004Z'),
      directories: [`${XP_VOLUME}\\WINDOWS`, `${XP_VOLUME}\\WINDOWS\\SYSTEM32`],
    },
  ],
};

const vista7: SccaSpec = {
  version: 23,
  executable: 'CHEAT-LOADER.EXE',
  hash: 0x8e2a1f07,
  runCount: 12,
  lastRuns: [filetime('2013-07-21T23:59:59.999Z', 9_999)],
  files: [
    '\\DEVICE\\HARDDISKVOLUME2\\WINDOWS\\SYSTEM32\\NTDLL.DLL',
    '\\DEVICE\\HARDDISKVOLUME2\\USERS\\PLAYER\\DOWNLOADS\\CHEAT-LOADER.EXE',
    '\\DEVICE\\HARDDISKVOLUME3\\TOOLS\\INJECT.DLL',
  ],
  volumes: [
    {
      devicePath: '\\DEVICE\\HARDDISKVOLUME2',
      serial: 0x9a3b_cc01,
      createdAt: filetime('2012-01-05T08:00:00.000Z'),
      directories: ['\\DEVICE\\HARDDISKVOLUME2\\USERS'],
    },
    {
      devicePath: '\\DEVICE\\HARDDISKVOLUME3',
      serial: 0x0000_00ff,
      createdAt: 0n,
      directories: ['\\DEVICE\\HARDDISKVOLUME3\\TOOLS'],
    },
  ],
};

/** Eight run times, the newest first, one of them with 100-ns ticks below the millisecond. */
const EIGHT_RUNS = [
  filetime('2015-04-30T18:03:11.250Z', 4_999),
  filetime('2015-04-30T12:00:00.001Z'),
  filetime('2015-04-29T07:15:42.777Z'),
  filetime('2015-04-28T22:22:22.222Z'),
  filetime('2015-04-20T01:02:03.004Z'),
  filetime('2015-04-11T11:11:11.111Z'),
  filetime('2015-03-31T23:00:00.500Z'),
  filetime('2015-01-01T00:00:00.000Z'),
];

const win81: SccaSpec = {
  version: 26,
  executable: 'AUTOCLICKER.EXE',
  hash: 0x2b4f6a1c,
  runCount: 41,
  lastRuns: EIGHT_RUNS,
  files: [
    `${VOLUME_C}\\WINDOWS\\SYSTEM32\\NTDLL.DLL`,
    `${VOLUME_C}\\PROGRAM FILES\\CLICKER\\AUTOCLICKER.EXE`,
  ],
  volumes: [
    {
      devicePath: VOLUME_C,
      serial: 0x5a3c9e12,
      createdAt: filetime('2014-10-17T14:33:07.815Z', 1),
      directories: [`${VOLUME_C}\\PROGRAM FILES`, `${VOLUME_C}\\PROGRAM FILES\\CLICKER`],
    },
  ],
};

function win10(variant: 1 | 2): SccaSpec {
  return {
    version: 30,
    variant,
    executable: 'JAVAW.EXE',
    hash: variant === 1 ? 0x3fbef7fd : 0x6e3a9b20,
    runCount: variant === 1 ? 7 : 118,
    lastRuns: [
      filetime('2024-05-04T20:41:07.123Z', 4_567),
      filetime('2024-05-04T19:02:55.000Z'),
      filetime('2024-05-01T08:30:00.999Z'),
    ],
    files: [
      `${VOLUME_C}\\WINDOWS\\SYSTEM32\\NTDLL.DLL`,
      `${VOLUME_C}\\PROGRAM FILES\\JAVA\\JRE\\BIN\\JAVAW.EXE`,
      `${VOLUME_D}\\GAMES\\.MINECRAFT\\MODS\\WURST-CLIENT.JAR`,
      `${VOLUME_C}\\USERS\\PLAYER\\APPDATA\\LOCAL\\TEMP\\JNATIVEHOOK-2.2.2.X86_64.DLL`,
    ],
    volumes: [
      {
        devicePath: VOLUME_C,
        serial: 0x5a3c9e12,
        createdAt: filetime('2021-02-11T09:14:33.870Z', 2_501),
        directories: [`${VOLUME_C}\\WINDOWS`, `${VOLUME_C}\\USERS\\PLAYER`],
      },
      {
        devicePath: VOLUME_D,
        serial: 0x0badf00d,
        createdAt: filetime('2022-12-24T18:00:00.000Z'),
        directories: [`${VOLUME_D}\\GAMES`],
      },
    ],
  };
}

/** More than 64 KiB once built, so its MAM form takes several blocks; long runs make long matches. */
function win10Large(): SccaSpec {
  const files: string[] = [];
  for (let i = 0; i < 1200; i++) {
    files.push(
      `${VOLUME_C}\\WINDOWS\\WINSXS\\AMD64_MICROSOFT.WINDOWS.COMMON-CONTROLS_${(i * 7919) % 100_003}.DLL`,
    );
  }
  // A path repeated verbatim: matches far longer than 18 bytes (an extra length byte) and than 273
  // (a 16-bit length).
  const long = `${VOLUME_C}\\${'VERY-DEEP-FOLDER\\'.repeat(12)}PAYLOAD.DLL`;
  for (let i = 0; i < 30; i++) files.push(long);
  return { ...win10(1), executable: 'MINECRAFT.EXE', hash: 0x0a1b2c3d, files };
}

/**
 * No run time set. At least one file and one volume: sccainfo 20200717 refuses a file whose metrics
 * array starts where the file ends (it takes version 30 file information to be 224 bytes long) and
 * an empty volumes information (Windows writes neither).
 */
const neverRun: SccaSpec = {
  version: 30,
  variant: 1,
  executable: 'UNUSED.EXE',
  hash: 0x00000001,
  runCount: 0,
  lastRuns: [],
  files: [`${VOLUME_C}\\TOOLS\\UNUSED.EXE`],
  volumes: [{ devicePath: VOLUME_C, serial: 0x5a3c9e12, createdAt: 0n, directories: [] }],
};

/** 29 characters of a name longer than that, outside ASCII, as Windows truncates it. */
const unicode: SccaSpec = {
  ...win10(2),
  executable: 'ЧИТ-КЛИЕНТ-ДЛЯ-МАЙНКРАФТА-1.20.EXE',
  hash: 0xfeedc0de,
  files: [`${VOLUME_C}\\USERS\\ИГРОК\\ЗАГРУЗКИ\\ЧИТ.EXE`, `${VOLUME_C}\\USERS\\玩家\\外挂.DLL`],
};

function iso(ticks: bigint): string | null {
  if (ticks === 0n) return null;
  return new Date(Number(ticks / 10_000n - 11_644_473_600_000n)).toISOString();
}

/** What the spec says a reader must find: independent of the reader under test. */
export function expectedFrom(spec: SccaSpec): PrefetchFile {
  return {
    version: spec.version,
    executable: spec.executable.slice(0, 29),
    hash: spec.hash.toString(16).toUpperCase().padStart(8, '0'),
    runCount: spec.runCount,
    lastRuns: spec.lastRuns.flatMap((t) => iso(t) ?? []),
    files: spec.files,
    volumes: spec.volumes.map((v) => ({
      devicePath: v.devicePath,
      serial: v.serial.toString(16).toUpperCase().padStart(8, '0'),
      createdAt: iso(v.createdAt),
    })),
  };
}

function fixture(name: string, spec: SccaSpec, wrap?: (scca: Uint8Array) => Uint8Array): PrefetchFixture {
  const scca = buildScca(spec);
  return { name, bytes: wrap ? wrap(scca) : scca, expected: expectedFrom(spec) };
}

export function prefetchFixtures(): PrefetchFixture[] {
  return [
    fixture('v17 Windows XP', xp),
    fixture('v23 Windows 7, two volumes', vista7),
    fixture('v26 Windows 8.1, eight run times', win81),
    fixture('v30 variant 1, uncompressed', win10(1)),
    fixture('v30 variant 2, uncompressed', win10(2)),
    fixture('v30 variant 1, MAM', win10(1), (s) => buildMam(s)),
    fixture('v30 variant 2, MAM', win10(2), (s) => buildMam(s)),
    fixture('v30 MAM over 64 KiB (several blocks)', win10Large(), (s) => buildMam(s)),
    fixture('v30 MAM literals only', win10(1), (s) => buildMam(s, { literalsOnly: true })),
    fixture('v30 MAM never run, volume time unset', neverRun, (s) => buildMam(s)),
    fixture('v30 MAM non-ASCII names', unicode, (s) => buildMam(s)),
  ];
}

export { win10 as win10Spec, win10Large as win10LargeSpec };

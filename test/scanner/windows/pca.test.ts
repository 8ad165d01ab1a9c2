import { describe, expect, it } from 'vitest';
import {
  parsePcaAppLaunchDic,
  parsePcaGeneralDb,
  pcaTimeToIso,
  variablePathOf,
} from '../../../packages/scanner/src/windows/pca.js';
import { decodeWindowsText } from '../../../packages/scanner/src/windows/text-encoding.js';

/**
 * PCA files written by the test in every encoding public write-ups report (and those they might
 * mean): there is no independent reader of these files in Debian, so the expectations come from the
 * format as Rathbun and Gonzalez (aboutdfir.com) and Sygnia describe it.
 */

type Encoding = 'utf-16le-bom' | 'utf-16le' | 'utf-16be-bom' | 'utf-8-bom' | 'utf-8' | 'windows-1252';

const CP1252_SPECIALS: Record<string, number> = { '€': 0x80, '™': 0x99, Š: 0x8a, š: 0x9a };

function encode(text: string, encoding: Encoding): Uint8Array {
  switch (encoding) {
    case 'utf-16le-bom':
      return Buffer.concat([Buffer.of(0xff, 0xfe), Buffer.from(text, 'utf16le')]);
    case 'utf-16le':
      return Buffer.from(text, 'utf16le');
    case 'utf-16be-bom':
      return Buffer.concat([Buffer.of(0xfe, 0xff), Buffer.from(text, 'utf16le').swap16()]);
    case 'utf-8-bom':
      return Buffer.concat([Buffer.of(0xef, 0xbb, 0xbf), Buffer.from(text, 'utf8')]);
    case 'utf-8':
      return Buffer.from(text, 'utf8');
    case 'windows-1252':
      return Uint8Array.from(text, (ch) => {
        const code = CP1252_SPECIALS[ch] ?? ch.charCodeAt(0);
        if (code > 0xff) throw new Error(`not in Windows-1252: ${ch}`);
        return code;
      });
  }
}

/** Paths every encoding above can hold, Windows-1252 included. */
const LAUNCHES = [
  ['C:\\Users\\Player\\Downloads\\cheat.exe', '2024-03-10 18:45:12.345', '2024-03-10T18:45:12.345Z'],
  [
    '%programfiles%\\Minecraft Launcher\\MinecraftLauncher.exe',
    '2024-03-10 18:30:00.000',
    '2024-03-10T18:30:00.000Z',
  ],
  ['C:\\Users\\Jérôme\\Desktop\\Café Tool™ €.exe', '2023-12-31 23:59:59.999', '2023-12-31T23:59:59.999Z'],
  ['D:\\Spiele\\Šaško\\launcher.exe', '2023-01-02 03:04:05.060', '2023-01-02T03:04:05.060Z'],
] as const;

/** Lines that are not launches: counted, not fatal. */
const JUNK = [
  'garbage without a separator',
  'C:\\no\\time.exe|',
  '|2024-03-10 18:45:12.345',
  'C:\\bad\\date.exe|2023-02-30 10:00:00.000',
  'C:\\bad\\hour.exe|2023-02-03 24:00:00.000',
  'C:\\not\\a\\time.exe|yesterday',
];

function launchDic(lineEnd: string, withJunk: boolean): string {
  const lines = LAUNCHES.map(([path, time]) => `${path}|${time}`);
  if (withJunk) lines.splice(2, 0, ...JUNK, '', '   ');
  return lines.join(lineEnd) + lineEnd;
}

const ENCODINGS: Encoding[] = [
  'utf-16le-bom',
  'utf-16le',
  'utf-16be-bom',
  'utf-8-bom',
  'utf-8',
  'windows-1252',
];

describe('PcaAppLaunchDic.txt', () => {
  it.each(ENCODINGS)('detects %s and reads every launch, CRLF or LF', (encoding) => {
    for (const lineEnd of ['\r\n', '\n']) {
      const file = parsePcaAppLaunchDic(encode(launchDic(lineEnd, false), encoding));
      expect(file.encoding).toBe(encoding.replace('-bom', ''));
      expect(file.bom).toBe(encoding.endsWith('-bom'));
      expect(file.skippedLines).toBe(0);
      expect(file.entries.map(({ path, lastRun }) => [path, lastRun])).toEqual(
        LAUNCHES.map(([path, , iso]) => [path, iso]),
      );
    }
  });

  it.each(ENCODINGS)('skips and counts junk lines in %s, ignoring blank ones', (encoding) => {
    const file = parsePcaAppLaunchDic(encode(launchDic('\r\n', true), encoding));
    expect(file.skippedLines).toBe(JUNK.length);
    expect(file.entries.map((e) => e.path)).toEqual(LAUNCHES.map(([path]) => path));
    expect(file.entries.map((e) => e.line)).toEqual([1, 2, 11, 12]);
  });

  it('reads mixed line ends and a last line without one', () => {
    const text = `${LAUNCHES[0][0]}|${LAUNCHES[0][1]}\r\n${LAUNCHES[1][0]}|${LAUNCHES[1][1]}\n${LAUNCHES[2][0]}|${LAUNCHES[2][1]}`;
    expect(parsePcaAppLaunchDic(encode(text, 'utf-16le-bom')).entries).toHaveLength(3);
  });

  it('an empty file, or one of noise, gives no launches and no failure', () => {
    expect(parsePcaAppLaunchDic(new Uint8Array(0))).toEqual({
      encoding: 'utf-8',
      bom: false,
      entries: [],
      skippedLines: 0,
    });
    const noise = Uint8Array.from({ length: 3000 }, (_, i) => (i * 131 + 7) & 0xff);
    const file = parsePcaAppLaunchDic(noise);
    expect(file.entries).toEqual([]);
    expect(file.skippedLines).toBeGreaterThan(0);
  });
});

describe('PcaGeneralDb0.txt', () => {
  const RECORDS = [
    [
      '2024-03-10 18:45:13.001',
      '2',
      'C:\\Users\\Player\\Downloads\\cheat.exe',
      'Cheat Loader',
      'Unknown Vendor',
      '1.0.0.0',
      '0006a1b2c3d4e5f60000ffff0000000000000000',
      'Abnormal process exit with code 0xc0000005',
    ],
    [
      '2024-03-09 08:00:00.000',
      '0',
      '%programfiles%\\Jérôme\\tool.exe',
      'Tool',
      'Jérôme Software',
      '2.3',
      '0000f00dfeed',
      '0x0',
    ],
  ];

  it.each(ENCODINGS)('reads every field in %s', (encoding) => {
    const lines = RECORDS.map((r) => r.join('|'));
    lines.splice(1, 0, 'too|few|fields', `not a time|${RECORDS[0]?.slice(1).join('|')}`, '');
    const file = parsePcaGeneralDb(encode(`${lines.join('\r\n')}\r\n`, encoding));
    expect(file.encoding).toBe(encoding.replace('-bom', ''));
    expect(file.skippedLines).toBe(2);
    expect(file.entries).toEqual([
      {
        time: '2024-03-10T18:45:13.001Z',
        runStatus: '2',
        path: 'C:\\Users\\Player\\Downloads\\cheat.exe',
        description: 'Cheat Loader',
        vendor: 'Unknown Vendor',
        version: '1.0.0.0',
        programId: '0006a1b2c3d4e5f60000ffff0000000000000000',
        exitCode: 'Abnormal process exit with code 0xc0000005',
        line: 1,
      },
      {
        time: '2024-03-09T08:00:00.000Z',
        runStatus: '0',
        path: '%programfiles%\\Jérôme\\tool.exe',
        description: 'Tool',
        vendor: 'Jérôme Software',
        version: '2.3',
        programId: '0000f00dfeed',
        exitCode: '0x0',
        line: 5,
      },
    ]);
  });
});

describe('times and encodings', () => {
  it('reads PCA times as UTC, with or without fractions, and refuses impossible ones', () => {
    expect(pcaTimeToIso('2023-05-25 01:20:30.123')).toBe('2023-05-25T01:20:30.123Z');
    expect(pcaTimeToIso('2023-05-25 01:20:30')).toBe('2023-05-25T01:20:30.000Z');
    expect(pcaTimeToIso('2023-05-25 01:20:30.1')).toBe('2023-05-25T01:20:30.100Z');
    expect(pcaTimeToIso('2023-05-25 01:20:30.1234567')).toBe('2023-05-25T01:20:30.123Z');
    expect(pcaTimeToIso('2024-02-29 00:00:00.000')).toBe('2024-02-29T00:00:00.000Z');
    expect(pcaTimeToIso('2023-02-29 00:00:00.000')).toBeNull();
    expect(pcaTimeToIso('2023-13-01 00:00:00.000')).toBeNull();
    expect(pcaTimeToIso('2023-05-25T01:20:30.123Z')).toBeNull();
  });

  it('tells UTF-16 without a BOM from ASCII-only UTF-8 and from Windows-1252', () => {
    expect(decodeWindowsText(encode('C:\\a.exe|2024-01-01 00:00:00.000', 'utf-16le')).encoding).toBe(
      'utf-16le',
    );
    expect(decodeWindowsText(Buffer.from('C:\\a.exe', 'utf16le').swap16()).encoding).toBe('utf-16be');
    expect(decodeWindowsText(encode('C:\\a.exe', 'utf-8')).encoding).toBe('utf-8');
    expect(decodeWindowsText(encode('C:\\é€.exe', 'windows-1252'))).toEqual({
      encoding: 'windows-1252',
      bom: false,
      text: 'C:\\é€.exe',
    });
    expect(decodeWindowsText(encode('日本語のパス\\ゲーム.exe', 'utf-16le')).text).toBe(
      '日本語のパス\\ゲーム.exe',
    );
  });
});

describe('a general-log path written through a folder variable', () => {
  it('splits the variable (any case) from the path inside it, and leaves other paths alone', () => {
    expect(variablePathOf('%programfiles%\\freefilesync\\freefilesync.exe')).toEqual({
      variable: 'programfiles',
      rest: '\\freefilesync\\freefilesync.exe',
    });
    expect(variablePathOf('%ProgramFiles(x86)%\\Tool\\tool.exe')).toEqual({
      variable: 'programfiles(x86)',
      rest: '\\Tool\\tool.exe',
    });
    expect(variablePathOf('%USERPROFILE%')).toEqual({ variable: 'userprofile', rest: '' });
    for (const other of ['C:\\Tools\\tool.exe', '\\musicbee\\musicbee.exe', '%broken\\x.exe', '100%\\x.exe'])
      expect(variablePathOf(other)).toBeNull();
  });
});

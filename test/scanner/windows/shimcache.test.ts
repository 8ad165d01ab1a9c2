import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHive } from '../../../packages/scanner/src/windows/registry/index.js';
import { parseAppCompatCache, type ShimCacheParse } from '../../../packages/scanner/src/windows/shimcache.js';
import { readShimCacheFromHive } from '../../../packages/scanner/src/windows/shimcache-hive.js';
import { addPath, hivexsh, requireHivex, setValues, tempDir } from './fixtures/hivex.js';
import { emptyHive } from './fixtures/regf-image.js';
import { type BuiltEntry, windows8Value, windows10Value } from './support/shimcache-builder.js';
import { WINDOWS_REAL, windowsRealPresent } from './support/windows-real.js';

/**
 * ShimCache (AppCompatCache) values laid out by the test from the public format descriptions, read
 * alone and inside SYSTEM hives written by Debian's `hivexsh`; `hivexget` hands back the value's
 * bytes as the independent side. On regipy's real Windows 10 hives, the entry count is checked against
 * the signatures in hivexget's copy of the value and the first entry is decoded by hand.
 */

const CHEAT = 'C:\\Users\\Player\\Downloads\\autoclicker.exe';
const TOOL = 'C:\\Tools\\Ünïcode 日本\\tool.exe';
const SHORT = '\\??\\C:\\PROGRA~1\\Game\\launcher.exe';
const STORE = '00000009\t3e8530ef4f220000\t000a00004c610000\t8664\tMicrosoft.MinecraftUWP\t8wekyb3d8bbwe\t';

const ENTRIES: BuiltEntry[] = [
  { path: CHEAT, modified: '2024-03-10T18:45:12.345Z', data: Uint8Array.of(1, 0, 0, 0) },
  { path: TOOL, modified: '2023-12-31T23:59:59.999Z' },
  { path: STORE, modified: null, data: new Uint8Array(48) },
  { path: SHORT, modified: '2019-02-28T09:01:48.000Z', data: new Uint8Array(24) },
];

const EXPECTED = [
  { position: 0, path: CHEAT, kind: 'file', lastModified: '2024-03-10T18:45:12.345Z', executed: null },
  { position: 1, path: TOOL, kind: 'file', lastModified: '2023-12-31T23:59:59.999Z', executed: null },
  {
    position: 2,
    path: 'Microsoft.MinecraftUWP_8wekyb3d8bbwe',
    kind: 'packaged-app',
    lastModified: null,
    executed: null,
  },
  { position: 3, path: SHORT, kind: 'file', lastModified: '2019-02-28T09:01:48.000Z', executed: null },
];

function ok(parse: ShimCacheParse) {
  if (!parse.ok) throw new Error(parse.reason);
  return parse;
}

describe('the AppCompatCache value, parsed alone', () => {
  it('Windows 10 after 1607 (header 0x34): every entry, newest first, packaged apps by family name', () => {
    const parse = ok(parseAppCompatCache(windows10Value(ENTRIES)));
    expect(parse.format).toBe('windows-10');
    expect(parse.headerSize).toBe(0x34);
    expect(parse.stopped).toBeNull();
    expect(parse.entries).toEqual(EXPECTED);
  });

  it('Windows 10 before 1607 (header 0x30)', () => {
    const parse = ok(parseAppCompatCache(windows10Value(ENTRIES, 0x30)));
    expect(parse.headerSize).toBe(0x30);
    expect(parse.entries).toEqual(EXPECTED);
  });

  it('an empty cache (header only) is read as no entries', () => {
    expect(ok(parseAppCompatCache(windows10Value([]))).entries).toEqual([]);
    expect(parseAppCompatCache(windows8Value([], '10ts'))).toEqual({
      ok: false,
      reason: 'the value is a 128-byte header with no entry: its layout cannot be told',
    });
  });

  it('Windows 8.0 and 8.1: the insertion flag 0x2 says the program ran', () => {
    const eight: BuiltEntry[] = [
      { path: CHEAT, modified: '2014-05-01T10:00:00.000Z', insertFlags: 0x2, packageName: '' },
      { path: TOOL, modified: '2014-04-01T10:00:00.000Z', insertFlags: 0x1, packageName: 'Pkg_abc' },
    ];
    for (const signature of ['00ts', '10ts'] as const) {
      const parse = ok(parseAppCompatCache(windows8Value(eight, signature)));
      expect(parse.format).toBe(signature === '00ts' ? 'windows-8.0' : 'windows-8.1');
      expect(parse.entries.map((e) => [e.path, e.lastModified, e.executed])).toEqual([
        [CHEAT, '2014-05-01T10:00:00.000Z', true],
        [TOOL, '2014-04-01T10:00:00.000Z', false],
      ]);
    }
  });

  it('older layouts are named and not read', () => {
    const win7 = new Uint8Array(128);
    new DataView(win7.buffer).setUint32(0, 0xbadc0fee, true);
    expect(parseAppCompatCache(win7)).toEqual({ ok: false, reason: 'the Windows 7 layout is not read' });
    const xp = new Uint8Array(400);
    new DataView(xp.buffer).setUint32(0, 0xdeadbeef, true);
    expect(parseAppCompatCache(xp)).toEqual({ ok: false, reason: 'the Windows XP layout is not read' });
    expect(parseAppCompatCache(Uint8Array.of(1, 2))).toMatchObject({ ok: false });
    const unknown = windows10Value(ENTRIES);
    unknown.set([0x78, 0x78, 0x78, 0x78], 0x34);
    expect(parseAppCompatCache(unknown)).toEqual({
      ok: false,
      reason: 'unknown layout: header size 0x34, no entry signature after it',
    });
  });

  it('a damaged entry ends the walk; the entries before it are kept and the stop says where', () => {
    const value = windows10Value(ENTRIES);
    const cut = ok(parseAppCompatCache(value.subarray(0, value.length - 10)));
    expect(cut.entries).toEqual(EXPECTED.slice(0, 3));
    expect(cut.stopped).toMatch(/^entry 3 at byte \d+: its size runs past the end of the value$/);

    const second = 0x34 + 12 + new DataView(value.buffer).getUint32(0x34 + 8, true);
    const badSignature = value.slice();
    badSignature.set([0, 0, 0, 0], second);
    const bad = ok(parseAppCompatCache(badSignature));
    expect(bad.entries).toEqual(EXPECTED.slice(0, 1));
    expect(bad.stopped).toBe(`entry 1 at byte ${second}: no entry signature`);

    const badPath = value.slice();
    new DataView(badPath.buffer).setUint16(0x34 + 12, 0xfff0, true);
    const path = ok(parseAppCompatCache(badPath));
    expect(path.entries).toEqual([]);
    expect(path.stopped).toBe("entry 0 at byte 52: its path runs past the entry's end");
  });
});

const BINARY = 3;
const DWORD = 4;
const KEY = 'Control\\Session Manager\\AppCompatCache';

function dwordData(n: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n, true);
  return out;
}

/** hivexget's copy of a value's bytes (it prints REG_BINARY data raw when given the value's name). */
function hivexgetRaw(file: string, keyPath: string, name: string): Uint8Array {
  return new Uint8Array(execFileSync('hivexget', [file, `\\${keyPath}`, name], { maxBuffer: 64 << 20 }));
}

describe('the ShimCache of SYSTEM hives written by hivexsh', () => {
  let work: ReturnType<typeof tempDir>;
  let file: string;
  const current = windows10Value(ENTRIES);
  const stale = windows10Value([{ path: 'C:\\Old\\stale.exe', modified: '2020-01-01T00:00:00.000Z' }]);
  beforeAll(() => {
    requireHivex();
    work = tempDir();
    const made = new Set<string>();
    const hive = hivexsh(work.dir, emptyHive(), [
      ...addPath('Select', made),
      ...setValues('Select', [{ name: 'Current', type: DWORD, data: dwordData(2) }]),
      ...addPath(`ControlSet001\\${KEY}`, made),
      ...setValues(`ControlSet001\\${KEY}`, [{ name: 'AppCompatCache', type: BINARY, data: stale }]),
      ...addPath(`ControlSet002\\${KEY}`, made),
      ...setValues(`ControlSet002\\${KEY}`, [
        { name: 'AppCompatCache', type: BINARY, data: current },
        { name: 'CacheMainSdb', type: BINARY, data: Uint8Array.of(1, 2, 3) },
      ]),
    ]);
    file = join(work.dir, 'SYSTEM');
    writeFileSync(file, hive);
  });
  afterAll(() => work?.remove());

  it("hivexget hands back the value's bytes as laid out, and the current control set's cache is read", () => {
    expect(hivexgetRaw(file, `ControlSet002\\${KEY}`, 'AppCompatCache')).toEqual(current);
    const read = readShimCacheFromHive(openHive(readFileSync(file)));
    if (!('parse' in read)) throw new Error(read.reason);
    expect(read.controlSet).toBe('ControlSet002');
    expect(read.parse.entries).toEqual(EXPECTED);
  });

  it('no key, or no control set, is a reason, not an error', () => {
    expect(readShimCacheFromHive(openHive(emptyHive()))).toEqual({
      controlSet: null,
      reason: 'the SYSTEM hive has no usable Select\\Current value',
    });
    const noKey = hivexsh(work.dir, emptyHive(), [
      ...addPath('Select'),
      ...setValues('Select', [{ name: 'Current', type: DWORD, data: dwordData(1) }]),
      ...addPath('ControlSet001\\Services'),
    ]);
    expect(readShimCacheFromHive(openHive(noKey))).toEqual({
      controlSet: 'ControlSet001',
      reason: `there is no ${KEY} key`,
    });
  });
});

const realPresent = windowsRealPresent('ShimCache of the real Windows 10 SYSTEM hives (regipy)');

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

  /** Entry signatures in hivexget's copy of the value, counted by a plain byte search. */
  function signatures(raw: Uint8Array): number {
    return Buffer.from(raw).toString('latin1').split('10ts').length - 1;
  }

  it.each([
    ['SYSTEM_WIN_10_1709', 1024, 156, ['SIGN.MEDIA=1FEB354 setup64.exe']],
    [
      'SYSTEM_B',
      406,
      127,
      [
        'SIGN.MEDIA=68F09C0 AKMonitor\\AKMonitor.exe',
        'SIGN.MEDIA=68F09C0 AKMonitor\\settings.exe',
        'SIGN.MEDIA=68F09C0 AKMonitor\\unins000.exe',
      ],
    ],
  ])('%s: every entry, as many as hivexget holds signatures', (name, count, packaged, removable) => {
    const file = hiveFile(name);
    const raw = hivexgetRaw(file, `ControlSet001\\${KEY}`, 'AppCompatCache');
    const read = readShimCacheFromHive(openHive(readFileSync(file)));
    if (!('parse' in read)) throw new Error(read.reason);
    expect(read.parse.format).toBe('windows-10');
    expect(read.parse.headerSize).toBe(raw[0]);
    expect(read.parse.stopped).toBeNull();
    expect(read.parse.entries.length).toBe(count);
    expect(signatures(raw)).toBe(count);
    expect(read.parse.entries.filter((e) => e.kind === 'packaged-app').length).toBe(packaged);
    // Real paths come as C:\…, \\?\C:\… (once each), or relative to removable media ("SIGN.MEDIA=").
    const files = read.parse.entries.filter((e) => e.kind === 'file').map((e) => e.path);
    expect(files.filter((p) => p.startsWith('\\\\?\\C:\\')).length).toBe(1);
    expect(files.filter((p) => !/^(\\\\\?\\)?[A-Za-z]:\\/.test(p))).toEqual(removable);
  });

  it("SYSTEM_B's first entry, decoded by hand from hivexget's bytes", () => {
    const file = hiveFile('SYSTEM_B');
    const raw = hivexgetRaw(file, `ControlSet001\\${KEY}`, 'AppCompatCache');
    const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
    expect(view.getUint32(0, true)).toBe(0x34);
    expect(Buffer.from(raw.subarray(0x34, 0x38)).toString('latin1')).toBe('10ts');
    const pathSize = view.getUint16(0x34 + 12, true);
    const path = Buffer.from(raw.subarray(0x42, 0x42 + pathSize)).toString('utf16le');
    const ticks = view.getBigUint64(0x42 + pathSize, true);
    const modified = new Date(Number(ticks / 10_000n - 11_644_473_600_000n)).toISOString();
    expect([path, modified]).toEqual([
      'C:\\Windows\\system32\\MusNotificationUX.exe',
      '2018-03-01T05:53:41.355Z',
    ]);

    const read = readShimCacheFromHive(openHive(readFileSync(file)));
    if (!('parse' in read)) throw new Error(read.reason);
    expect(read.parse.entries[0]).toEqual({
      position: 0,
      path,
      kind: 'file',
      lastModified: modified,
      executed: null,
    });
    expect(read.parse.entries[1]?.path).toBe(
      'C:\\Users\\jcloudy\\AppData\\Local\\Microsoft\\OneDrive\\18.025.0204.0009\\FileCoAuth.exe',
    );
  });

  it('SYSTEM_WIN_10_1709: the newest entry, and tools the user downloaded', () => {
    const read = readShimCacheFromHive(openHive(readFileSync(hiveFile('SYSTEM_WIN_10_1709'))));
    if (!('parse' in read)) throw new Error(read.reason);
    const sysinternals = read.parse.entries.filter((e) =>
      e.path.startsWith('C:\\Users\\tony\\Downloads\\SysinternalsSuite\\'),
    );
    expect(sysinternals.length).toBeGreaterThan(0);
    expect(read.parse.entries[0]).toMatchObject({ position: 0, lastModified: '2020-03-12T07:46:48.307Z' });
  });

  it('the damaged hive (Windows XP era, read past its lost blocks): no AppCompatCache key, and says so', () => {
    const read = readShimCacheFromHive(openHive(readFileSync(hiveFile('corrupted_system_hive'))));
    expect(read).toEqual({ controlSet: 'ControlSet001', reason: `there is no ${KEY} key` });
  });
});

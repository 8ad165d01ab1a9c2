import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AMCACHE_SHA1_PREFIX_BYTES,
  type AmcacheEntry,
  readAmcache,
  readAmcacheRoot,
} from '../../../packages/scanner/src/windows/amcache/index.js';
import { SnapshotKey } from '../../../packages/scanner/src/windows/amcache/snapshot-key.js';
import { openHive, type RegistryKey } from '../../../packages/scanner/src/windows/registry/index.js';
import {
  addPath,
  hivexgetValues,
  hivexmlKeys,
  hivexsh,
  type OracleValue,
  requireHivex,
  setValues,
  tempDir,
} from './fixtures/hivex.js';
import { emptyHive, filetimeOf, latin1, utf16le } from './fixtures/regf-image.js';
import { WINDOWS_REAL, windowsRealPresent } from './support/windows-real.js';

/**
 * Amcache.hve read two ways: a real Windows 10 hive (plaso's test data, in ../shared/fixtures) and
 * hives this test lays out with Debian's `hivexsh -w`. Each record is compared field by field with what
 * Debian's `hivexget` prints for the same key (values) and `hivexml` (the key's last-written time).
 */

const SZ = 1;
const DWORD = 4;
const QWORD = 11;

const sz = (name: string, text: string) => ({ name, type: SZ, data: utf16le(`${text}\0`) });
const dword = (name: string, n: number) => {
  const data = new Uint8Array(4);
  new DataView(data.buffer).setUint32(0, n, true);
  return { name, type: DWORD, data };
};
const qword = (name: string, n: bigint) => {
  const data = new Uint8Array(8);
  new DataView(data.buffer).setBigUint64(0, n, true);
  return { name, type: QWORD, data };
};
const sha1 = (bytes: Uint8Array) => createHash('sha1').update(bytes).digest('hex');

/** A cheat's bytes: hashed when Amcache recorded it, then the file was deleted (only its record stays). */
const DELETED_CHEAT = latin1('MZ pretend cheat, deleted after it was inventoried');
/** A file larger than the 30 MiB the Appraiser hashes. */
const BIG_FILE = new Uint8Array(AMCACHE_SHA1_PREFIX_BYTES + 4096).fill(0x41);
BIG_FILE.set(latin1('tail bytes the Appraiser never hashes'), AMCACHE_SHA1_PREFIX_BYTES + 10);

const INVENTORY = 'Root\\InventoryApplicationFile';
const VOLUME = '{3d4ad068-875c-4d05-915d-80dbc131d854}';

function inventoryRecord(made: Set<string>, name: string, values: ReturnType<typeof sz>[]): string[] {
  return [...addPath(`${INVENTORY}\\${name}`, made), ...setValues(`${INVENTORY}\\${name}`, values)];
}

function builtHiveScript(): string[] {
  const made = new Set<string>();
  return [
    ...addPath(INVENTORY, made),
    ...inventoryRecord(made, 'cheat.exe|1a2b3c4d5e6f7a8b', [
      sz('ProgramId', '0000f519feec486de87ed73cb92d3cac802400000000'),
      sz('FileId', `0000${sha1(DELETED_CHEAT).toUpperCase()}`),
      sz('LowerCaseLongPath', 'c:\\users\\player\\downloads\\cheat.exe'),
      sz('LongPathHash', 'cheat.exe|1a2b3c4d5e6f7a8b'),
      sz('Name', 'Cheat.exe'),
      sz('Publisher', ''),
      sz('Version', ''),
      sz('BinaryType', 'pe32_i386'),
      sz('LinkDate', '03/10/2024 18:45:12'),
      qword('Size', BigInt(DELETED_CHEAT.length)),
      dword('IsPeFile', 1),
    ]),
    ...inventoryRecord(made, 'bigfile.exe|0011223344556677', [
      sz('FileId', `0000${sha1(BIG_FILE.subarray(0, AMCACHE_SHA1_PREFIX_BYTES))}`),
      sz('LowerCaseLongPath', 'c:\\program files\\big game\\bigfile.exe'),
      sz('Name', 'BigFile.exe'),
      sz('Publisher', 'big game studio'),
      sz('ProductName', 'big game'),
      sz('Version', '1.2.3.4'),
      sz('BinaryType', 'pe64_amd64'),
      sz('LinkDate', '02/29/2024 23:59:59'),
      qword('Size', BigInt(BIG_FILE.length)),
    ]),
    ...inventoryRecord(made, 'badid.exe|8899aabbccddeeff', [
      sz('FileId', '0000not-a-sha1'),
      sz('LowerCaseLongPath', 'c:\\users\\player\\appdata\\local\\temp\\badid.exe'),
      sz('Name', 'badid.exe'),
      sz('LinkDate', '02/30/2024 10:00:00'),
      sz('Size', '0x1e00000'),
    ]),
    ...inventoryRecord(made, 'édition 日本.exe|0123456789abcdef', [
      sz('FileId', `0000${'ab'.repeat(20)}`),
      sz('LowerCaseLongPath', 'd:\\jeux\\édition 日本.exe'),
      sz('Name', 'Édition 日本.exe'),
      dword('Size', AMCACHE_SHA1_PREFIX_BYTES),
    ]),
    ...inventoryRecord(made, 'noid.exe|fedcba9876543210', [sz('LowerCaseLongPath', 'c:\\tools\\noid.exe')]),
    // The older layout, values named by number.
    ...addPath(`Root\\File\\${VOLUME}\\3000012f3a`, made),
    ...setValues(`Root\\File\\${VOLUME}\\3000012f3a`, [
      sz('0', 'old product'),
      sz('1', 'old company'),
      sz('5', '6.1.7600.16385'),
      dword('6', 123456),
      dword('f', 1_262_304_000),
      sz('15', 'C:\\Windows\\System32\\oldtool.exe'),
      sz('100', '0000f519feec486de87ed73cb92d3cac802400000000'),
      sz('101', `0000${'cd'.repeat(20)}`),
      qword('17', filetimeOf('2014-04-07T15:18:49.000Z')),
    ]),
  ];
}

/** Expected record fields, computed from hivexget's printout of the key, not by the reader. */
function fromOracle(values: OracleValue[], layout: 'inventory' | 'file'): Partial<AmcacheEntry> {
  const text = (name: string) => {
    const v = values.find((x) => x.name === name);
    return v?.form === 'string' && v.text.trim() !== '' ? v.text.trim() : null;
  };
  const integer = (name: string) => {
    const v = values.find((x) => x.name === name);
    if (v?.form === 'dword') return v.number;
    if (v?.form === 'hex') return Number(Buffer.from(v.bytes).readBigUInt64LE(0));
    if (v?.form === 'string') return Number(v.text);
    return null;
  };
  const id = text(layout === 'inventory' ? 'FileId' : '101');
  const hash = id !== null && id.length === 44 && id.startsWith('0000') ? id.slice(4).toLowerCase() : null;
  const size = integer(layout === 'inventory' ? 'Size' : '6');
  let linkDate: string | null = null;
  if (layout === 'inventory') {
    const parts = text('LinkDate')?.split(/[/ :]/);
    if (parts?.length === 6) {
      const [m, d, y, hh, mm, ss] = parts;
      const iso = `${y}-${m}-${d}T${hh}:${mm}:${ss}.000Z`;
      linkDate = Number.isNaN(Date.parse(iso)) || new Date(iso).toISOString() !== iso ? null : iso;
    }
  } else {
    const seconds = integer('f');
    linkDate = seconds ? new Date(seconds * 1000).toISOString() : null;
  }
  return {
    path: text(layout === 'inventory' ? 'LowerCaseLongPath' : '15'),
    sha1: hash !== null && /^[0-9a-f]{40}$/.test(hash) ? hash : null,
    size,
    sha1Covers: size === null ? 'unknown' : size > 31_457_280 ? 'first-30-mib' : 'whole-file',
    linkDate,
    publisher: text(layout === 'inventory' ? 'Publisher' : '1'),
    productName: text(layout === 'inventory' ? 'ProductName' : '0'),
    version: text(layout === 'inventory' ? 'Version' : '5'),
    programId: text(layout === 'inventory' ? 'ProgramId' : '100'),
    ...(layout === 'inventory' ? { name: text('Name'), binaryType: text('BinaryType') } : {}),
  };
}

/** Our record minus what the oracle comparison does not cover, key time in whole seconds. */
function comparable(entry: AmcacheEntry): Partial<AmcacheEntry> {
  const { layout, key, recordedAt, name, binaryType, ...rest } = entry;
  return layout === 'inventory' ? { ...rest, name, binaryType } : rest;
}

function compareWithOracle(file: string, entries: AmcacheEntry[]): number {
  const times = new Map(hivexmlKeys(file).map((k) => [k.path.toLowerCase(), k.mtime]));
  for (const entry of entries) {
    const values = hivexgetValues(file, `Root\\${entry.key}`);
    expect(comparable(entry), entry.key).toEqual(fromOracle(values, entry.layout));
    expect(entry.recordedAt?.replace(/\.\d{3}Z$/, 'Z'), entry.key).toBe(
      times.get(`root\\${entry.key}`.toLowerCase()),
    );
  }
  return entries.length;
}

describe('Amcache file records in hives written by hivexsh', () => {
  let work: ReturnType<typeof tempDir>;
  let built: Uint8Array;
  beforeAll(() => {
    requireHivex();
    work = tempDir();
    built = hivexsh(work.dir, emptyHive(), builtHiveScript());
  });
  afterAll(() => work?.remove());

  it('reads a deleted cheat: its path and the SHA-1 of the bytes it had stay in the record', () => {
    const { entries } = readAmcache(openHive(built));
    const cheat = entries.find((e) => e.name === 'Cheat.exe');
    expect(cheat).toMatchObject({
      layout: 'inventory',
      key: 'InventoryApplicationFile\\cheat.exe|1a2b3c4d5e6f7a8b',
      path: 'c:\\users\\player\\downloads\\cheat.exe',
      sha1: sha1(DELETED_CHEAT),
      sha1Covers: 'whole-file',
      size: DELETED_CHEAT.length,
      linkDate: '2024-03-10T18:45:12.000Z',
      publisher: null,
      version: null,
      binaryType: 'pe32_i386',
      programId: '0000f519feec486de87ed73cb92d3cac802400000000',
    });
    expect(cheat?.recordedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('says when the SHA-1 covers only the first 31,457,280 bytes of a larger file', () => {
    const big = readAmcache(openHive(built)).entries.find((e) => e.name === 'BigFile.exe');
    expect(big?.size).toBe(BIG_FILE.length);
    expect(big?.sha1Covers).toBe('first-30-mib');
    expect(big?.sha1).toBe(sha1(BIG_FILE.subarray(0, AMCACHE_SHA1_PREFIX_BYTES)));
    // Not the whole file's hash: a rule holding the whole file's SHA-1 would not match this record.
    expect(big?.sha1).not.toBe(sha1(BIG_FILE));
    expect(big?.linkDate).toBe('2024-02-29T23:59:59.000Z');
    const edge = readAmcache(openHive(built)).entries.find((e) => e.path?.startsWith('d:'));
    expect(edge).toMatchObject({ size: AMCACHE_SHA1_PREFIX_BYTES, sha1Covers: 'whole-file' });
  });

  it('keeps a record with a bad FileId, without a hash, and counts it', () => {
    const report = readAmcache(openHive(built));
    const bad = report.entries.find((e) => e.name === 'badid.exe');
    expect(bad).toMatchObject({ sha1: null, size: 0x1e00000, linkDate: null, sha1Covers: 'whole-file' });
    expect(report.badFileIds).toBe(1);
    const noId = report.entries.find((e) => e.path === 'c:\\tools\\noid.exe');
    expect(noId).toMatchObject({ sha1: null, size: null, sha1Covers: 'unknown', name: null });
  });

  it('reads the older Root\\File layout', () => {
    const old = readAmcache(openHive(built)).entries.find((e) => e.layout === 'file');
    expect(old).toMatchObject({
      key: `File\\${VOLUME}\\3000012f3a`,
      path: 'C:\\Windows\\System32\\oldtool.exe',
      name: 'oldtool.exe',
      sha1: 'cd'.repeat(20),
      size: 123456,
      linkDate: '2010-01-01T00:00:00.000Z',
      publisher: 'old company',
      productName: 'old product',
      version: '6.1.7600.16385',
      binaryType: null,
    });
  });

  it('agrees with hivexget and hivexml on every record', () => {
    const file = join(work.dir, 'Amcache.hve');
    writeFileSync(file, built);
    const report = readAmcache(openHive(built));
    expect(report.entries).toHaveLength(6);
    expect(report.damagedKeys).toBe(0);
    expect(compareWithOracle(file, report.entries)).toBe(6);
  });

  it('skips and counts a record whose value is damaged, keeping the others', () => {
    const damaged = hivexsh(work.dir, built, [
      ...setValues(`${INVENTORY}\\noid.exe|fedcba9876543210`, [
        sz('LowerCaseLongPath', 'c:\\tools\\noid.exe'),
        sz('ZzDamaged', 'x'),
      ]),
    ]);
    // The value key "ZzDamaged" (stored as a one-byte name) loses its "vk" signature.
    const name = Buffer.from(damaged).indexOf('ZzDamaged', 0, 'latin1');
    expect(name).toBeGreaterThan(0);
    damaged.set(latin1('xx'), name - 20);
    const report = readAmcache(openHive(damaged));
    expect(report.damagedKeys).toBe(1);
    expect(report.entries.map((e) => e.path)).not.toContain('c:\\tools\\noid.exe');
    expect(report.entries).toHaveLength(5);
  });

  it('reads the same from a copy of the keys as the live registry path makes (live/amcache-app-hive.ts)', () => {
    // The live path copies names, last-written times and decoded values out of the registry API;
    // copied here from the file instead, the reader must not tell the difference.
    const copyOf = (key: RegistryKey): SnapshotKey =>
      new SnapshotKey(
        key.name,
        key.lastWritten,
        key.values().map((v) => ({ name: v.name, value: v.decoded() })),
        key.subkeys().map(copyOf),
      );
    const hive = openHive(built);
    expect(readAmcacheRoot(copyOf(hive.key('Root') as RegistryKey))).toEqual(readAmcache(hive));
  });

  it('finds nothing, without failing, in a hive with no Root key', () => {
    expect(readAmcache(openHive(emptyHive()))).toEqual({ entries: [], badFileIds: 0, damagedKeys: 0 });
  });
});

describe('the real Windows 10 Amcache.hve (plaso test data)', () => {
  const present = windowsRealPresent('Amcache on a real Windows 10 hive');
  let work: ReturnType<typeof tempDir>;
  let file: string;
  beforeAll(() => {
    if (!present) return;
    requireHivex();
    work = tempDir();
    file = join(work.dir, 'Amcache.hve');
    writeFileSync(
      file,
      gunzipSync(readFileSync(join(WINDOWS_REAL, 'registry', 'plaso', 'win10-Amcache.hve.gz'))),
    );
  });
  afterAll(() => work?.remove());

  it.skipIf(!present)('reads every InventoryApplicationFile record as hivexget and hivexml do', () => {
    const report = readAmcache(openHive(readFileSync(file)));
    const oracleKeys = hivexmlKeys(file).filter((k) =>
      /^Root\\InventoryApplicationFile\\[^\\]+$/.test(k.path),
    );
    expect(oracleKeys.length).toBeGreaterThan(0);
    expect(report.entries.map((e) => `Root\\${e.key}`)).toEqual(oracleKeys.map((k) => k.path));
    expect(report).toMatchObject({ badFileIds: 0, damagedKeys: 0 });
    expect(compareWithOracle(file, report.entries)).toBe(oracleKeys.length);
    expect(report.entries.every((e) => e.sha1 !== null && e.path !== null)).toBe(true);
    const sevenZip = report.entries.find((e) => e.path === 'c:\\program files\\7-zip\\7zfm.exe');
    expect(sevenZip).toMatchObject({
      sha1: 'e45e198607c8d7398745baa71780e3e7a2f6deca',
      size: 0x0d3e00,
      linkDate: '2019-02-21T16:00:00.000Z',
      publisher: 'igor pavlov',
      binaryType: 'pe64_amd64',
    });
  });
});

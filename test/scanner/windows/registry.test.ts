import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filetimeToIso } from '../../../packages/scanner/src/windows/filetime-iso.js';
import {
  type Hive,
  HiveFormatError,
  openHive,
  type RegistryKey,
} from '../../../packages/scanner/src/windows/registry/index.js';
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
import {
  BIG_DATA_SEGMENT,
  emptyHive,
  FILETIME_2024_05_01,
  filetimeOf,
  HiveImage,
  latin1,
  nk,
  offsetList,
  setChecksum,
  skPayload,
  storeValue,
  subkeyList,
  utf16le,
  vk,
} from './fixtures/regf-image.js';

const NONE = 0xffffffff;
const KEY_ROOT_FLAGS = 0x0c; // KEY_HIVE_ENTRY | KEY_NO_DELETE (libyal "Named key flags")
const ALPHA_TIME = filetimeOf('2023-11-14T04:26:52.345Z', 6789n);
const BIG_BLOB = Uint8Array.from({ length: 40_000 }, (_, i) => (i * 7 + (i >> 8)) & 0xff);
const LARGE_CELL = Uint8Array.from({ length: 10_000 }, (_, i) => (i * 13) & 0xff);

/**
 * The starting image, built byte by byte: the root's subkeys sit behind an `ri` index pointing to an
 * `li` list (Alpha, Beta) and an `lf` list (Delta, Gamma); Gamma's name is stored as UTF-16 although
 * it is plain ASCII; Alpha holds a 40,000-byte value split into `db` big-data segments, values with
 * Latin-1 and UTF-16 names, a 10,000-byte value in one data cell (in a hive bin of its own, larger
 * than 4096 bytes), a resident 3-byte value and an empty string. hivex never writes `ri`,
 * `li`, `lf` or `db` cells itself, but keeps them and inserts new subkeys into the lists it finds.
 */
function plantedImage(): Uint8Array {
  const image = new HiveImage();
  const sk = image.cell(skPayload(0, 1));
  image.patch(sk, 4, offsetList([sk, sk]));
  const rootPlaceholder = image.cell(nk({ name: 'ROOT', flags: KEY_ROOT_FLAGS, parent: NONE, security: sk }));
  const values = [
    storeValue(image, { name: 'Blob', type: 3, data: BIG_BLOB, bigData: true }),
    storeValue(image, { name: 'Résumé', type: 1, data: utf16le('Café crème\0') }),
    storeValue(image, { name: 'значение', type: 1, data: utf16le('値🎮\0') }),
    storeValue(image, { name: 'Tiny', type: 3, data: Uint8Array.of(1, 2, 3) }),
    storeValue(image, { name: 'Large', type: 3, data: LARGE_CELL }),
    storeValue(image, { name: 'Empty', type: 1, data: new Uint8Array(0) }),
  ];
  const alpha = image.cell(
    nk({
      name: 'Alpha',
      parent: rootPlaceholder,
      security: sk,
      valueCount: values.length,
      valueList: image.cell(offsetList(values)),
      lastWritten: ALPHA_TIME,
    }),
  );
  const key = (name: string, forceUtf16 = false) =>
    image.cell(nk({ name, forceUtf16, parent: rootPlaceholder, security: sk }));
  const beta = key('Beta');
  const delta = key('Delta');
  const gamma = key('Gamma', true);
  const li = image.cell(subkeyList('li', [{ offset: alpha }, { offset: beta }]));
  const lf = image.cell(
    subkeyList('lf', [
      { offset: delta, name: 'Delta' },
      { offset: gamma, name: 'Gamma' },
    ]),
  );
  const ri = image.cell(subkeyList('ri', [{ offset: li }, { offset: lf }]));
  // Rewrite the root's counts and list now that its subkeys exist (nk offsets 20 and 28).
  image.patch(rootPlaceholder, 20, offsetList([4]));
  image.patch(rootPlaceholder, 28, offsetList([ri]));
  image.patch(sk, 12, offsetList([6]));
  return image.build(rootPlaceholder);
}

function hex(type: number, text: string | Uint8Array | number[]): { type: number; data: Uint8Array } {
  return { type, data: typeof text === 'string' ? utf16le(text) : Uint8Array.from(text) };
}

function dword(n: number, bigEndian = false): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n, !bigEndian);
  return out;
}

const LONG_BINARY = Uint8Array.from({ length: 4000 }, (_, i) => (i * 31) & 0xff);
const TYPES_VALUES = [
  { name: '', ...hex(1, 'default value\0') },
  { name: 'None', ...hex(0, []) },
  { name: 'NoneWithData', ...hex(0, [9, 8, 7, 6, 5]) },
  { name: 'Sz', ...hex(1, 'C:\\Program Files\\Game\\game.exe\0') },
  { name: 'SzJunkAfterNul', ...hex(1, 'short\0junk after the end') },
  { name: 'SzOddLength', type: 1, data: utf16le('odd\0').subarray(0, 7) },
  { name: 'Expand', ...hex(2, '%SystemRoot%\\system32\0') },
  { name: 'Binary', ...hex(3, [0xde, 0xad, 0xbe, 0xef, 0x00, 0x11]) },
  { name: 'LongBinary', type: 3, data: LONG_BINARY },
  { name: 'Dword', ...hex(4, [...dword(0xfedcba98)]) },
  { name: 'DwordBE', ...hex(5, [...dword(0x01020304, true)]) },
  { name: 'DwordTooLong', ...hex(4, [1, 0, 0, 0, 0, 0, 0, 0]) },
  { name: 'Qword', ...hex(11, [0x10, 0x32, 0x54, 0x76, 0x98, 0xba, 0xdc, 0xfe]) },
  { name: 'Multi', ...hex(7, 'first\0second\0ünïcødé 日本\0\0') },
  { name: 'Link', ...hex(6, '\\Registry\\Machine\\Target') },
  { name: 'Größe', ...hex(4, [...dword(42)]) },
  { name: '名前', ...hex(1, 'ユニコード\0') },
  { name: '🎮 controller', ...hex(3, [1]) },
  { name: 'Odd type', ...hex(0x12345, [1, 2, 3, 4, 5, 6, 7, 8, 9]) },
];

const MANY = Array.from({ length: 300 }, (_, i) => `Sub${String(i).padStart(3, '0')}`);
const ROOT_ADDITIONS = ['Aardvark', 'Charlie', 'Zulu', ...Array.from({ length: 40 }, (_, i) => `Key${i}`)];
const UTF16_KEYS = ['日本語', 'Zürich', '🎮', 'Ελληνικά'];

function editScript(): string[] {
  const script: string[] = [];
  for (const name of ROOT_ADDITIONS) script.push('cd \\ ', `add ${name}`);
  script.push(...addPath('Many'));
  for (const name of MANY) script.push(`add ${name}`);
  for (const name of UTF16_KEYS) script.push('cd \\ ', `add ${name}`);
  script.push(...addPath('Deep\\L1\\L2\\L3\\L4\\L5\\L6\\L7\\L8'));
  script.push(...addPath('Types'));
  script.push(...setValues('Types', TYPES_VALUES));
  script.push(...setValues('Many\\Sub150', [{ name: 'Marker', ...hex(1, 'in the middle of an lh list\0') }]));
  script.push(...setValues('Delta', [{ name: 'InLf', ...hex(4, [...dword(7)]) }]));
  return script;
}

/** The signatures of all allocated cells, walking the bins the way the format lays them out. */
function cellSignatures(bytes: Uint8Array): Set<string> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const found = new Set<string>();
  let bin = 4096;
  while (bin < bytes.length && latin1String(bytes.subarray(bin, bin + 4)) === 'hbin') {
    const size = view.getUint32(bin + 8, true);
    for (let cell = bin + 32; cell < bin + size; ) {
      const raw = view.getInt32(cell, true);
      if (raw < 0) found.add(latin1String(bytes.subarray(cell + 4, cell + 6)));
      cell += Math.abs(raw);
    }
    bin += size;
  }
  return found;
}

function latin1String(bytes: Uint8Array): string {
  return String.fromCharCode(...bytes);
}

/** Our reading of one value compared with what hivexget printed for it. */
function expectAgreement(key: RegistryKey, oracle: OracleValue[], path: string): void {
  const ours = key.values();
  expect(
    ours.map((v) => v.name),
    `value names of "${path}"`,
  ).toEqual(oracle.map((v) => v.name));
  ours.forEach((value, i) => {
    const theirs = oracle[i] as OracleValue;
    const where = `"${path}" value "${value.name}"`;
    if (theirs.form === 'dword') expect([4, 5], where).toContain(value.type);
    else expect(value.type, where).toBe(theirs.type);
    if (theirs.form === 'hex')
      expect(Buffer.from(value.data()).equals(Buffer.from(theirs.bytes)), where).toBe(true);
    if (theirs.form === 'string') expect(value.string(), where).toBe(theirs.text);
    if (theirs.form === 'dword') {
      // hivexget prints the first four bytes even of an over-long DWORD; we show that one as binary,
      // as regedit does (libyal "Integer value data too large"), so the data is what is compared.
      const data = value.data();
      const first = new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(
        0,
        value.type === 4,
      );
      expect(first, where).toBe(theirs.number);
    }
  });
}

function readEverything(hive: Hive): number {
  let count = 0;
  for (const { key } of [{ key: hive.root() }, ...hive.walk()]) {
    for (const value of key.values()) {
      value.decoded();
      count++;
    }
  }
  return count;
}

describe('the registry hive reader against hivex (libhivex-bin)', () => {
  let work: ReturnType<typeof tempDir>;
  let edited: Uint8Array;
  let file: string;
  beforeAll(() => {
    requireHivex();
    work = tempDir();
    edited = hivexsh(work.dir, plantedImage(), editScript());
    file = join(work.dir, 'edited.hive');
    writeFileSync(file, edited);
  });
  afterAll(() => work?.remove());

  it('opens the empty image hivex starts from, and hivex opens it too', () => {
    const empty = emptyHive();
    const hive = openHive(empty);
    expect(hive.root().name).toBe('ROOT');
    expect([...hive.walk()]).toEqual([]);
    expect(hive.header).toMatchObject({
      majorVersion: 1,
      minorVersion: 5,
      checksumValid: true,
      dirty: false,
    });
    expect(hive.header.lastWritten).toBe('2024-05-01T00:00:00.000Z');
    const path = join(work.dir, 'empty.hive');
    writeFileSync(path, empty);
    expect(hivexmlKeys(path)).toEqual([{ path: '', mtime: '2024-05-01T00:00:00Z', valueCount: 0 }]);
  });

  it('the edited hive holds every kind of subkey list and big data, as planted and as hivex wrote', () => {
    const signatures = cellSignatures(edited);
    for (const kind of ['nk', 'vk', 'sk', 'ri', 'li', 'lf', 'lh', 'db']) expect(signatures).toContain(kind);
  });

  it('agrees with hivexml on every key, in order, with its last-written time and value count', () => {
    const hive = openHive(edited);
    const ours = [{ path: '', key: hive.root() }, ...hive.walk()].map(({ path, key }) => ({
      path,
      mtime: (key.lastWritten as string).replace(/\.\d{3}Z$/, 'Z'),
      valueCount: key.values().length,
    }));
    const theirs = hivexmlKeys(file);
    expect(theirs.length).toBeGreaterThan(ROOT_ADDITIONS.length + MANY.length + UTF16_KEYS.length);
    expect(ours).toEqual(theirs);
  });

  it('agrees with hivexget on every value of every key that has values', () => {
    // hivexml (above) showed which keys have none; one hivexget run per key with values checks each
    // value's type and data byte for byte.
    const hive = openHive(edited);
    let values = 0;
    for (const { path, valueCount } of hivexmlKeys(file)) {
      if (valueCount === 0) continue;
      const oracle = hivexgetValues(file, path);
      expectAgreement(hive.key(path) as RegistryKey, oracle, path);
      values += oracle.length;
    }
    expect(values).toBe(TYPES_VALUES.length + 6 + 2);
  });

  it('decodes each value type as Windows defines it', () => {
    const types = openHive(edited).key('\\types') as RegistryKey;
    const decoded = (name: string) => types.value(name)?.decoded();
    expect(types.value('')?.string()).toBe('default value');
    expect(decoded('None')).toEqual({ kind: 'none' });
    expect(decoded('Sz')).toEqual({ kind: 'string', value: 'C:\\Program Files\\Game\\game.exe' });
    expect(decoded('SzJunkAfterNul')).toEqual({ kind: 'string', value: 'short' });
    expect(decoded('SzOddLength')).toEqual({ kind: 'string', value: 'odd' });
    expect(decoded('Expand')).toEqual({ kind: 'string', value: '%SystemRoot%\\system32' });
    expect(types.value('Binary')?.typeName).toBe('REG_BINARY');
    expect(Buffer.from(types.value('LongBinary')?.data() ?? []).equals(Buffer.from(LONG_BINARY))).toBe(true);
    expect(decoded('Dword')).toEqual({ kind: 'dword', value: 0xfedcba98 });
    expect(decoded('DwordBE')).toEqual({ kind: 'dword', value: 0x01020304 });
    expect(decoded('DwordTooLong')).toMatchObject({ kind: 'binary' });
    expect(decoded('Qword')).toEqual({ kind: 'qword', value: 0xfedcba9876543210n });
    expect(decoded('Multi')).toEqual({ kind: 'strings', value: ['first', 'second', 'ünïcødé 日本'] });
    expect(decoded('GRÖSSE')).toBeUndefined(); // one code unit at a time: ß does not upper-case to SS
    expect(decoded('größe')).toEqual({ kind: 'dword', value: 42 });
    expect(decoded('名前')).toEqual({ kind: 'string', value: 'ユニコード' });
    expect(types.value('Odd type')?.typeName).toBe('REG_0x00012345');
  });

  it('reads the planted lists, names and big data that hivex kept', () => {
    const hive = openHive(edited);
    expect(
      hive
        .root()
        .subkeys()
        .map((k) => k.name)
        .slice(0, 8),
    ).toEqual(['Aardvark', 'Alpha', 'Beta', 'Charlie', 'Deep', 'Delta', 'Gamma', 'Key0']);
    const alpha = hive.key('ALPHA') as RegistryKey;
    expect(alpha.lastWritten).toBe('2023-11-14T04:26:52.345Z');
    expect(alpha.lastWrittenFiletime).toBe(ALPHA_TIME);
    expect(alpha.value('blob')?.size).toBe(BIG_BLOB.length);
    expect(BIG_BLOB.length).toBeGreaterThan(2 * BIG_DATA_SEGMENT);
    expect(Buffer.from(alpha.value('Blob')?.data() ?? []).equals(Buffer.from(BIG_BLOB))).toBe(true);
    expect(alpha.value('RÉSUMÉ')?.string()).toBe('Café crème');
    expect(alpha.value('ЗНАЧЕНИЕ')?.string()).toBe('値🎮');
    expect(alpha.value('Empty')?.decoded()).toEqual({ kind: 'string', value: '' });
    expect(Buffer.from(alpha.value('Large')?.data() ?? []).equals(Buffer.from(LARGE_CELL))).toBe(true);
    expect(hive.key('gamma')?.name).toBe('Gamma');
    expect(hive.key('Many\\SUB150')?.value('marker')?.string()).toBe('in the middle of an lh list');
    expect(
      hive
        .key('Many')
        ?.subkeys()
        .map((k) => k.name),
    ).toEqual(MANY);
    expect(hive.key('\\Deep\\L1\\L2\\L3\\L4\\L5\\L6\\L7\\L8')?.name).toBe('L8');
    for (const name of UTF16_KEYS) expect(hive.key(name)?.name).toBe(name);
    expect(hive.key('Deep\\Nope')).toBeNull();
    expect(hive.key('Alpha')?.value('nope')).toBeNull();
  });
});

describe('damaged and truncated hives fail with HiveFormatError', () => {
  let edited: Uint8Array;
  let work: ReturnType<typeof tempDir>;
  beforeAll(() => {
    requireHivex();
    work = tempDir();
    edited = hivexsh(work.dir, plantedImage(), editScript());
  });
  afterAll(() => work?.remove());

  function failure(run: () => unknown): HiveFormatError {
    try {
      run();
    } catch (error) {
      if (error instanceof HiveFormatError) return error;
      throw error;
    }
    throw new Error('expected a HiveFormatError');
  }

  it('refuses a file cut anywhere', () => {
    for (let length = 0; length < edited.length; length += 1531) {
      const error = failure(() => readEverything(openHive(edited.subarray(0, length))));
      expect(error.code).toBe('truncated');
    }
  });

  it('survives thousands of damaged bytes: a clean error or a reading, never anything else', () => {
    let seed = 12345;
    const random = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed;
    };
    let failed = 0;
    let read = 0;
    for (let round = 0; round < 400; round++) {
      const damaged = Uint8Array.from(edited);
      for (let n = 0; n < 4; n++) {
        const at = 4096 + (random() % (damaged.length - 4096));
        damaged[at] = random() & 0xff;
      }
      try {
        readEverything(openHive(damaged));
        read++;
      } catch (error) {
        if (!(error instanceof HiveFormatError)) throw error;
        failed++;
      }
    }
    expect(failed + read).toBe(400);
    expect(failed).toBeGreaterThan(0);
  });

  it('names what is wrong in the header', () => {
    const noMagic = Uint8Array.from(edited);
    noMagic[0] = 0x52;
    expect(failure(() => openHive(noMagic)).code).toBe('bad-signature');
    const version = Uint8Array.from(edited);
    version[20] = 2;
    setChecksum(version);
    expect(failure(() => openHive(version)).code).toBe('bad-version');
    const log = Uint8Array.from(edited);
    log[28] = 1;
    expect(failure(() => openHive(log)).code).toBe('not-a-primary-hive');
    const huge = Uint8Array.from(edited);
    new DataView(huge.buffer).setUint32(40, 0x7ffff000, true);
    expect(failure(() => openHive(huge)).code).toBe('truncated');
    const badChecksum = Uint8Array.from(edited);
    badChecksum[100] = (badChecksum[100] as number) ^ 0xff;
    expect(openHive(badChecksum).header.checksumValid).toBe(false);
    const rootOutside = Uint8Array.from(edited);
    new DataView(rootOutside.buffer).setUint32(36, 0x7ffffff8, true);
    expect(failure(() => openHive(rootOutside)).code).toBe('bad-offset');
  });

  /** A small hand-built hive whose cells a test can then break. */
  function smallHive(
    mutate: (image: HiveImage, cells: { root: number; sk: number; child: number; list: number }) => void,
  ) {
    const image = new HiveImage();
    const sk = image.cell(skPayload(0, 2));
    const root = image.cell(nk({ name: 'ROOT', flags: KEY_ROOT_FLAGS, parent: NONE, security: sk }));
    const child = image.cell(nk({ name: 'Child', parent: root, security: sk }));
    const list = image.cell(subkeyList('lh', [{ offset: child, name: 'Child' }]));
    image.patch(root, 20, offsetList([1]));
    image.patch(root, 28, offsetList([list]));
    mutate(image, { root, sk, child, list });
    return openHive(image.build(root));
  }

  it('detects cycles in subkey lists and among keys', () => {
    const selfIndex = smallHive((image, { root }) => {
      const ri = image.cell(subkeyList('ri', [{ offset: 0 }]));
      image.patch(ri, 4, offsetList([ri]));
      image.patch(root, 28, offsetList([ri]));
    });
    expect(failure(() => selfIndex.root().subkeys()).code).toBe('cycle');
    const loop = smallHive((image, { child, list }) => {
      image.patch(child, 20, offsetList([1]));
      image.patch(child, 28, offsetList([list])); // Child's subkey is Child
    });
    expect(failure(() => [...loop.walk()]).code).toBe('cycle');
    expect(loop.key('Child\\Child\\Child')?.name).toBe('Child'); // a path lookup ends by itself
  });

  it('refuses counts, sizes and offsets that do not fit', () => {
    const moreSubkeys = smallHive((image, { root }) => image.patch(root, 20, offsetList([2])));
    expect(failure(() => moreSubkeys.root().subkeys()).code).toBe('bad-subkey-list');
    const hugeList = smallHive((image, { list }) => image.patch(list, 2, Uint8Array.of(0xff, 0xff)));
    expect(failure(() => hugeList.root().subkeys()).code).toBe('bad-subkey-list');
    const unknownList = smallHive((image, { list }) => image.patch(list, 0, latin1('xx')));
    expect(failure(() => unknownList.root().subkeys()).code).toBe('bad-subkey-list');
    const misaligned = smallHive((image, { list }) => image.patch(list, 4, offsetList([0x24])));
    expect(failure(() => misaligned.root().subkeys()).code).toBe('bad-offset');
    const longName = smallHive((image, { child }) => image.patch(child, 72, Uint8Array.of(0xff, 0x7f)));
    expect(failure(() => longName.root().subkeys()).code).toBe('bad-key');
    const notAKey = smallHive((image, { list, sk }) => image.patch(list, 4, offsetList([sk])));
    expect(failure(() => notAKey.root().subkeys()).code).toBe('bad-key');
    const manyValues = smallHive((image, { child }) => {
      image.patch(child, 36, offsetList([1000]));
      image.patch(child, 40, offsetList([image.cell(offsetList([0]))]));
    });
    expect(failure(() => manyValues.key('Child')?.values()).code).toBe('bad-value-list');
  });

  it('refuses value data that does not fit, and keeps the other values readable', () => {
    const hive = smallHive((image, { child }) => {
      const good = storeValue(image, { name: 'Good', type: 4, data: dword(5) });
      const oversized = storeValue(image, { name: 'Oversized', type: 3, data: new Uint8Array(16) });
      const resident = storeValue(image, { name: 'Resident', type: 3, data: Uint8Array.of(1) });
      const bigData = storeValue(image, { name: 'Big', type: 3, data: BIG_BLOB, bigData: true });
      const freedData = image.cell(new Uint8Array(32));
      const freed = image.cell(
        vk({ name: 'Freed', type: 3, data: new Uint8Array(32), dataOffset: freedData }),
      );
      image.free(freedData);
      image.patch(oversized, 4, offsetList([0x7fff0000]));
      image.patch(resident, 4, offsetList([0x80000008]));
      image.patch(bigData, 4, offsetList([BIG_BLOB.length + 50_000]));
      image.patch(child, 36, offsetList([5]));
      image.patch(
        child,
        40,
        offsetList([image.cell(offsetList([good, oversized, resident, bigData, freed]))]),
      );
    });
    const values = hive.key('Child')?.values() ?? [];
    expect(values.map((v) => v.name)).toEqual(['Good', 'Oversized', 'Resident', 'Big', 'Freed']);
    expect(values[0]?.decoded()).toEqual({ kind: 'dword', value: 5 });
    expect(failure(() => values[1]?.data()).code).toBe('bad-data');
    expect(failure(() => values[2]?.data()).code).toBe('bad-value');
    expect(failure(() => values[3]?.data()).code).toBe('bad-data');
    expect(failure(() => values[4]?.data()).code).toBe('unallocated-cell');
  });

  it('refuses a root key in a free cell', () => {
    const image = new HiveImage();
    const sk = image.cell(skPayload(0, 2));
    const root = image.cell(nk({ name: 'ROOT', flags: KEY_ROOT_FLAGS, parent: NONE, security: sk }));
    image.free(root);
    expect(failure(() => openHive(image.build(root))).code).toBe('unallocated-cell');
  });
});

it('FILETIME to ISO keeps milliseconds and refuses the impossible', () => {
  expect(filetimeToIso(FILETIME_2024_05_01)).toBe('2024-05-01T00:00:00.000Z');
  expect(filetimeToIso(filetimeOf('2023-11-14T04:26:52.345Z', 9999n))).toBe('2023-11-14T04:26:52.345Z');
  expect(filetimeToIso(0n)).toBeNull();
  expect(filetimeToIso(0xffffffffffffffffn)).toBeNull();
});

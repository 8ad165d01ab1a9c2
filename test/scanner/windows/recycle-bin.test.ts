import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  parseRecycleBinInfo,
  RecycleBinFormatError,
  recycledDataName,
} from '../../../packages/scanner/src/windows/recycle-bin.js';
import { tempDir } from './fixtures/hivex.js';
import { filetimeOf } from './fixtures/regf-image.js';

/**
 * `$I` files built field by field from libyal's "Windows Recycle.Bin file formats" document, read by
 * our parser and by Debian's rifiuti2 (`rifiuti-vista`, an independent implementation) as the oracle.
 */

function requireRifiuti(): void {
  const found = spawnSync('sh', ['-c', 'command -v rifiuti-vista'], { encoding: 'utf8' });
  if (found.status !== 0) {
    throw new Error(
      'rifiuti-vista (Debian package rifiuti2) is required for this test: apt-get install rifiuti2',
    );
  }
}

interface Fixture {
  file: string;
  version: 1 | 2;
  path: string;
  size: bigint;
  deleted: string;
  ticks?: bigint;
  /** rifiuti2 0.7.0 prints at most this many characters of a path (MAX_PATH); the format has no limit. */
  oracleShowsOnly?: number;
}

function header(version: number, size: bigint, filetime: bigint): Uint8Array {
  const out = new Uint8Array(24);
  const view = new DataView(out.buffer);
  view.setBigUint64(0, BigInt(version), true);
  view.setBigUint64(8, size, true);
  view.setBigUint64(16, filetime, true);
  return out;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Version 1: the path in a fixed 520-byte field; version 2: a character count, then the path. */
function infoFile(f: Omit<Fixture, 'file'>): Uint8Array {
  const head = header(f.version, f.size, filetimeOf(f.deleted, f.ticks ?? 0n));
  const path = Buffer.from(`${f.path}\0`, 'utf16le');
  if (f.version === 1) {
    const field = new Uint8Array(520);
    field.set(path.subarray(0, 520));
    return concat(head, field);
  }
  const count = new Uint8Array(4);
  new DataView(count.buffer).setUint32(0, f.path.length + 1, true);
  return concat(head, count, path);
}

const FIXTURES: Fixture[] = [
  {
    file: '$IAB12CD.exe',
    version: 2,
    path: 'C:\\Users\\Player\\Downloads\\cheat.exe',
    size: 123_456n,
    deleted: '2024-03-10T18:45:12.345Z',
    ticks: 6789n,
  },
  {
    file: '$I9Z8Y7X.jar',
    version: 2,
    path: 'D:\\Jeux\\Modpacks\\Ünïcødé 日本 🎮\\client.jar',
    size: 5_368_709_120n, // 5 GiB: beyond 32 bits
    deleted: '2023-12-31T23:59:59.999Z',
  },
  {
    file: '$ILONGPT',
    version: 2,
    path: `C:\\${'deep\\'.repeat(70)}autoclicker.exe`, // longer than MAX_PATH: only version 2 holds it
    size: 0n,
    deleted: '2022-06-01T08:00:00.000Z',
    oracleShowsOnly: 260,
  },
  {
    file: '$IOLD001.dll',
    version: 1,
    path: 'C:\\Users\\Player\\AppData\\Local\\Temp\\JNativeHook_1234.dll',
    size: 42_000n,
    deleted: '2015-07-29T10:20:30.400Z',
  },
  {
    file: '$IOLD002',
    version: 1,
    path: 'E:\\Grafikkarte\\Überprüfung',
    size: 987_654_321n,
    deleted: '2011-03-13T07:06:40.000Z',
  },
];

/** What rifiuti-vista's XML output says of one file. */
function rifiuti(file: string): { version: number; time: string; size: string; path: string } | null {
  const result = spawnSync('rifiuti-vista', ['-x', file], { encoding: 'utf8' });
  if (result.status !== 0) return null;
  const version = /<recyclebin [^>]*version="(\d+)"/.exec(result.stdout);
  const record = /<record [^>]*time="([^"]+)" size="(\d+)">\s*<path><!\[CDATA\[(.*?)\]\]><\/path>/s.exec(
    result.stdout,
  );
  if (version === null || record === null)
    throw new Error(`unexpected rifiuti-vista output: ${result.stdout}`);
  return {
    version: Number(version[1]),
    time: record[1] as string,
    size: record[2] as string,
    path: record[3] as string,
  };
}

function failure(bytes: Uint8Array): RecycleBinFormatError {
  try {
    parseRecycleBinInfo(bytes);
  } catch (error) {
    if (error instanceof RecycleBinFormatError) return error;
    throw error;
  }
  throw new Error('expected a RecycleBinFormatError');
}

describe('Recycle Bin $I files against rifiuti2', () => {
  let work: ReturnType<typeof tempDir>;
  beforeAll(() => {
    requireRifiuti();
    work = tempDir();
  });
  afterAll(() => work?.remove());

  it.each(FIXTURES)('$file (version $version) reads as rifiuti-vista reads it', (fixture) => {
    const bytes = infoFile(fixture);
    const ours = parseRecycleBinInfo(bytes);
    expect(ours).toEqual({
      version: fixture.version,
      originalPath: fixture.path,
      size: Number(fixture.size),
      deletedAt: fixture.deleted,
    });
    const file = join(work.dir, fixture.file);
    writeFileSync(file, bytes);
    const theirs = rifiuti(file);
    expect(theirs).not.toBeNull();
    expect(theirs).toEqual({
      version: ours.version,
      time: (ours.deletedAt as string).replace(/\.\d{3}Z$/, 'Z'), // rifiuti shows whole seconds
      size: String(ours.size),
      path: ours.originalPath.slice(0, fixture.oracleShowsOnly),
    });
  });

  it('refuses damaged files that rifiuti-vista refuses too', () => {
    const good = infoFile(FIXTURES[0] as Fixture);
    const cases: [string, Uint8Array, string][] = [
      ['header cut short', good.subarray(0, 20), 'truncated'],
      ['version 3', concat(header(3, 1n, 1n), good.subarray(24)), 'unknown-version'],
      [
        'version 1 cut inside its path field',
        infoFile({ ...(FIXTURES[3] as Fixture) }).subarray(0, 300),
        'truncated',
      ],
    ];
    for (const [what, bytes, code] of cases) {
      expect(failure(bytes).code, what).toBe(code);
      const file = join(work.dir, `$IBAD${code}`);
      writeFileSync(file, bytes);
      expect(rifiuti(file), what).toBeNull();
    }
  });
});

describe('Recycle Bin $I damage, from the format description alone', () => {
  const good = infoFile(FIXTURES[0] as Fixture);

  it('refuses every cut of a version 2 file', () => {
    for (let length = 0; length < good.length; length++) {
      expect(failure(good.subarray(0, length)).code).toBe('truncated');
    }
  });

  it('refuses impossible lengths, sizes and empty paths', () => {
    const lengthAt = (n: number) => {
      const bytes = Uint8Array.from(good);
      new DataView(bytes.buffer).setUint32(24, n, true);
      return bytes;
    };
    expect(failure(lengthAt(0)).code).toBe('bad-path');
    expect(failure(lengthAt(0xffffffff)).code).toBe('bad-path');
    expect(failure(lengthAt(1000)).code).toBe('truncated');
    const emptyPath = concat(header(2, 1n, 1n), Uint8Array.of(1, 0, 0, 0, 0, 0));
    expect(failure(emptyPath).code).toBe('bad-path');
    const hugeSize = concat(header(2, 1n << 60n, 1n), good.subarray(24));
    expect(failure(hugeSize).code).toBe('bad-size');
  });

  it('tolerates what does no harm: extra bytes, a v1 path without NUL, an unset time', () => {
    expect(parseRecycleBinInfo(concat(good, new Uint8Array(10))).originalPath).toBe(
      (FIXTURES[0] as Fixture).path,
    );
    const full = concat(header(1, 5n, 0n), Buffer.from('X'.repeat(260), 'utf16le'));
    expect(parseRecycleBinInfo(full)).toEqual({
      version: 1,
      originalPath: 'X'.repeat(260),
      size: 5,
      deletedAt: null,
    });
  });

  it('names the $R file that holds the data', () => {
    expect(recycledDataName('$IAB12CD.exe')).toBe('$RAB12CD.exe');
    expect(recycledDataName('$iab12cd')).toBe('$Rab12cd');
    expect(recycledDataName('desktop.ini')).toBeNull();
  });
});

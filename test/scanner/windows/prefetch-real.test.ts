import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FormatError } from '../../../packages/scanner/src/windows/prefetch/format-error.js';
import { decompressMam, isMam } from '../../../packages/scanner/src/windows/prefetch/mam.js';
import { readPrefetch } from '../../../packages/scanner/src/windows/prefetch/prefetch.js';
import { buildMam } from './support/mam-builder.js';
import { win10Spec } from './support/prefetch-fixtures.js';
import { buildScca } from './support/scca-builder.js';
import { requireSccainfo, sccainfo } from './support/sccainfo.js';
import { windowsRealFiles, windowsRealPresent } from './support/windows-real.js';

/**
 * Prefetch files from real machines (docs/scan-client.md, "Windows Prefetch"), and format 31: current
 * Windows 11 writes it, libyal's document and Debian's `sccainfo` 20200717 stop at 30, and PECmd and
 * plaso's libscca read it with the version 30 layout. So a format 31 file is checked against what
 * `sccainfo` prints for the same bytes with their version field set to 30.
 */

const present = windowsRealPresent('Prefetch files from real machines');
const real = present
  ? [...windowsRealFiles('prefetch', '.pf'), ...windowsRealFiles('prefetch-ez-3', '.pf')]
  : [];

function scca(bytes: Uint8Array): Uint8Array {
  return isMam(bytes) ? decompressMam(bytes) : bytes;
}

function versionOf(bytes: Uint8Array): number {
  const plain = scca(bytes);
  return new DataView(plain.buffer, plain.byteOffset, plain.byteLength).getUint32(0, true);
}

/** A copy of the (decompressed) SCCA bytes with the version field set to `version`. */
function withVersion(bytes: Uint8Array, version: number): Uint8Array {
  const copy = scca(bytes).slice();
  new DataView(copy.buffer).setUint32(0, version, true);
  return copy;
}

/** Whether `sccainfo` reads the file at all, and what it says when it does not. */
function sccainfoReads(bytes: Uint8Array): { ok: boolean; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'sccainfo-'));
  try {
    const path = join(dir, 'sample.pf');
    writeFileSync(path, bytes);
    const run = spawnSync('sccainfo', [path], { encoding: 'utf8' });
    return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.skipIf(!present)('Prefetch files from real machines, read by us and by sccainfo', () => {
  beforeAll(requireSccainfo);
  const samples = real.map(([name, path]) => [name, new Uint8Array(readFileSync(path))] as const);

  it('holds every format, format 31 both plain and MAM-compressed', () => {
    const versions = samples.flatMap(([, bytes]) => {
      try {
        return [`${versionOf(bytes)} ${isMam(bytes) ? 'MAM' : 'plain'}`];
      } catch {
        return [];
      }
    });
    for (const expected of ['17 plain', '23 plain', '26 plain', '30 MAM', '30 plain', '31 MAM', '31 plain']) {
      expect(versions).toContain(expected);
    }
  });

  it.each(samples.map(([name, bytes]) => [name, bytes] as const))('%s', (_name, bytes) => {
    const oracle = sccainfoReads(bytes);
    if (oracle.ok) {
      // Everything sccainfo reads, we read the same, field by field.
      expect(readPrefetch(bytes)).toEqual(sccainfo(bytes));
      return;
    }
    let version: number;
    try {
      version = versionOf(bytes);
    } catch (error) {
      expect(error).toBeInstanceOf(FormatError);
      return;
    }
    if (version === 31) {
      expect(oracle.output).toContain('unsupported format version');
      // Read with the version 30 layout: sccainfo on the same bytes marked version 30 agrees on
      // everything but the version.
      const ours = readPrefetch(bytes);
      expect(ours.version).toBe(31);
      expect(ours.runCount).toBeGreaterThan(0);
      expect(ours.files.length).toBeGreaterThan(0);
      expect(sccainfo(withVersion(bytes, 30))).toEqual({ ...ours, version: 30 });
      return;
    }
    // What neither sccainfo nor the format 30 layout reads (a file Windows left zero-filled) is a
    // FormatError for us too, never a made-up reading.
    expect(() => readPrefetch(bytes)).toThrow(FormatError);
  });
});

describe('format 31 on a fixture of our own', () => {
  beforeAll(requireSccainfo);

  // The version 30 variant 2 layout (metrics at 0x128), as the real format 31 files have it.
  const v30 = buildScca(win10Spec(2));
  const v31 = withVersion(v30, 31);

  it.each([
    ['plain', v31, v30],
    ['MAM-compressed', buildMam(v31), buildMam(v30)],
  ] as const)(
    '%s: read with the version 30 layout, as sccainfo reads the version 30 file',
    (_form, file31, file30) => {
      expect(sccainfoReads(file31).output).toContain('unsupported format version');
      const ours = readPrefetch(file31);
      expect(ours.version).toBe(31);
      expect({ ...ours, version: 30 }).toEqual(sccainfo(file30));
      expect(readPrefetch(file30)).toEqual({ ...ours, version: 30 });
    },
  );

  it('format 31 with a metrics offset of neither variant is refused, not guessed at', () => {
    const odd = v31.slice();
    new DataView(odd.buffer).setUint32(84, 0x100, true);
    expect(() => readPrefetch(odd)).toThrow(/version 31 file with its metrics array at 0x100/);
  });
});

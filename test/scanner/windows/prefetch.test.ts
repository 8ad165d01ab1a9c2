import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { FormatError } from '../../../packages/scanner/src/windows/prefetch/format-error.js';
import { decompressMam } from '../../../packages/scanner/src/windows/prefetch/mam.js';
import { readPrefetch } from '../../../packages/scanner/src/windows/prefetch/prefetch.js';
import { buildMam } from './support/mam-builder.js';
import { prefetchFixtures, win10Spec } from './support/prefetch-fixtures.js';
import { buildScca } from './support/scca-builder.js';
import { requireSccainfo, sccainfo } from './support/sccainfo.js';

const fixtures = prefetchFixtures();
const byName = (name: string) => {
  const found = fixtures.find((f) => f.name === name);
  if (!found) throw new Error(`no fixture named ${name}`);
  return found;
};

function expectFormatError(run: () => unknown, codes?: string[]): FormatError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(FormatError);
    if (codes) expect(codes).toContain((error as FormatError).code);
    return error as FormatError;
  }
  throw new Error('expected a FormatError, the file was accepted');
}

describe('Prefetch fixtures, read by us and by sccainfo (libscca-utils)', () => {
  beforeAll(requireSccainfo);

  it('checks these fixtures: every SCCA version, both version 30 variants, compressed and not', () => {
    expect(fixtures.map((f) => f.name)).toEqual([
      'v17 Windows XP',
      'v23 Windows 7, two volumes',
      'v26 Windows 8.1, eight run times',
      'v30 variant 1, uncompressed',
      'v30 variant 2, uncompressed',
      'v30 variant 1, MAM',
      'v30 variant 2, MAM',
      'v30 MAM over 64 KiB (several blocks)',
      'v30 MAM literals only',
      'v30 MAM never run, volume time unset',
      'v30 MAM non-ASCII names',
    ]);
    const compressed = fixtures.filter((f) => f.bytes[0] === 0x4d);
    expect(compressed.length).toBe(6);
    expect(byName('v30 MAM over 64 KiB (several blocks)').expected.files.length).toBe(1230);
  });

  it.each(fixtures.map((f) => [f.name, f] as const))('%s: every field agrees', (_name, fixture) => {
    const ours = readPrefetch(fixture.bytes);
    expect(ours).toEqual(fixture.expected);
    // sccainfo prints version, hash, executable, run count, run times, file names and volumes
    // (device path, creation time, serial): the whole of what we read.
    expect(sccainfo(fixture.bytes)).toEqual(ours);
  });
});

describe('the MAM container', () => {
  const scca = buildScca(win10Spec(1));

  it('reads the checksummed form (MAM\\x84) and verifies its CRC-32', () => {
    const checked = buildMam(scca, { checksum: true });
    expect(checked[3]).toBe(0x84);
    expect(decompressMam(checked)).toEqual(scca);
    const damaged = checked.slice();
    const last = damaged.length - 1;
    damaged[last] = (damaged[last] as number) ^ 0x01;
    expect(expectFormatError(() => decompressMam(damaged), ['bad-checksum']).offset).toBe(8);
  });

  it('refuses other compression formats and flag bits', () => {
    for (const kind of [0x00, 0x02, 0x03, 0x14, 0x44]) {
      const other = buildMam(scca);
      other[3] = kind;
      expectFormatError(() => readPrefetch(other), ['unsupported-compression']);
    }
  });

  it('refuses a stated size above 32 MiB before allocating it, and one the data does not reach', () => {
    const mam = buildMam(scca);
    const view = new DataView(mam.buffer);
    view.setUint32(4, 0xffff_ffff, true);
    expectFormatError(() => readPrefetch(mam), ['too-large']);
    view.setUint32(4, 20 * 1024 * 1024, true);
    expectFormatError(() => readPrefetch(mam), ['truncated', 'bad-match']);
    // Smaller than the data: a match runs past the stated end, or the SCCA inside is cut short.
    view.setUint32(4, scca.length - 100, true);
    expectFormatError(() => readPrefetch(mam), ['bad-match', 'out-of-bounds', 'truncated']);
  });

  it('reports a damaged Huffman table at its offset in the file', () => {
    const mam = buildMam(scca);
    mam.fill(0xff, 8, 8 + 256);
    const error = expectFormatError(() => readPrefetch(mam), ['bad-huffman-table']);
    expect(error.offset).toBe(8);
    mam.fill(0x00, 8, 8 + 256);
    expectFormatError(() => readPrefetch(mam), ['bad-huffman-table']);
  });
});

describe('damaged and truncated Prefetch files fail cleanly', () => {
  it('cut at every offset: a FormatError, never a different reading', () => {
    const codes = ['truncated', 'bad-signature', 'out-of-bounds'];
    for (const fixture of fixtures) {
      const { bytes } = fixture;
      const compressed = bytes[0] === 0x4d;
      const cutAt = (cut: number) => {
        const head = bytes.subarray(0, cut);
        // The compressed stream may end with bits the decoder never needs (the end-of-stream symbol
        // after the last byte); without them the reading must be the same, complete one.
        if (compressed && cut >= bytes.length - 4) {
          try {
            expect(readPrefetch(head), `${fixture.name} cut at ${cut}`).toEqual(fixture.expected);
          } catch (error) {
            expect(error).toBeInstanceOf(FormatError);
          }
          return;
        }
        expectFormatError(() => readPrefetch(head), codes);
      };
      // Every offset of the small ones; every 97th of the large one, and its last 16 one by one.
      const step = bytes.length > 4096 ? 97 : 1;
      for (let cut = 0; cut < bytes.length; cut += step) cutAt(cut);
      for (let cut = Math.max(0, bytes.length - 16); cut < bytes.length; cut++) cutAt(cut);
    }
  }, 60_000);

  it('a bad signature', () => {
    const scca = buildScca(win10Spec(1));
    scca[7] = 0x42; // "SCCB"
    expectFormatError(() => readPrefetch(scca), ['bad-signature']);
    expectFormatError(() => readPrefetch(new Uint8Array(400)), ['bad-signature']);
    expectFormatError(
      () => readPrefetch(new TextEncoder().encode('MZ this is a program')),
      ['bad-signature'],
    );
  });

  it('undocumented versions and an unknown version 30 variant', () => {
    for (const version of [0, 16, 24, 29, 32, 0xffff_ffff]) {
      const scca = buildScca(win10Spec(1));
      new DataView(scca.buffer).setUint32(0, version, true);
      expectFormatError(() => readPrefetch(scca), ['unsupported-version']);
    }
    const scca = buildScca(win10Spec(1));
    new DataView(scca.buffer).setUint32(84, 0x100, true);
    expectFormatError(() => readPrefetch(scca), ['unsupported-version']);
  });

  it('length and offset fields pointing outside the file', () => {
    // [field, its offset, the value written, the offset the error reports (the section's offset field)]
    const fields: [string, number, number, number][] = [
      ['filename strings offset', 84 + 16, 0x7fff_fff0, 84 + 16],
      ['filename strings size', 84 + 20, 0xffff_ffff, 84 + 16],
      ['volumes information offset', 84 + 24, 0xffff_ff00, 84 + 24],
      ['volumes information size', 84 + 32, 0xffff_ffff, 84 + 24],
      ['number of volumes', 84 + 28, 0xffff_ffff, 84 + 28],
    ];
    for (const [what, at, value, reported] of fields) {
      const scca = buildScca(win10Spec(1));
      new DataView(scca.buffer).setUint32(at, value, true);
      const error = expectFormatError(() => readPrefetch(scca), ['out-of-bounds']);
      expect(error.offset, what).toBe(reported);
    }
    // A volume's device path offset and length, inside the first volume entry.
    for (const [delta, value] of [
      [0, 0x7fff_0000],
      [4, 0x4000_0000],
    ] as const) {
      const scca = buildScca(win10Spec(1));
      const view = new DataView(scca.buffer);
      const volumes = view.getUint32(84 + 24, true);
      view.setUint32(volumes + delta, value, true);
      expectFormatError(() => readPrefetch(scca), ['out-of-bounds']);
    }
  });

  it('random corruption of any fixture: a PrefetchFile or a FormatError, nothing else', () => {
    const small = fixtures.filter((f) => f.bytes.length < 4096);
    fc.assert(
      fc.property(
        fc.nat(small.length - 1),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 6 }),
        (index, changes) => {
          const bytes = (small[index] as (typeof small)[number]).bytes.slice();
          for (const [at, value] of changes) bytes[at % bytes.length] = value;
          try {
            const read = readPrefetch(bytes);
            expect(typeof read.executable).toBe('string');
          } catch (error) {
            expect(error).toBeInstanceOf(FormatError);
          }
        },
      ),
      { numRuns: 1500 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../../packages/scanner/src/windows/prefetch/format-error.js';
import { decompressLzxpressHuffman } from '../../../packages/scanner/src/windows/prefetch/lzxpress-huffman.js';
import { compressLzxpressHuffman } from './support/lzxpress-huffman-compress.js';

const BLOCK = 65_536;

/** Deterministic bytes from a seed (xorshift32), so a failing property prints a reproducible case. */
function pseudoRandom(seed: number, length: number, alphabet = 256): Uint8Array {
  let x = seed | 1;
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = (x >>> 0) % alphabet;
  }
  return bytes;
}

/** Random phrases repeated at random distances: text-like data with matches of every length. */
function repetitive(seed: number, length: number): Uint8Array {
  const noise = pseudoRandom(seed, length + 64, 256);
  const out = new Uint8Array(length);
  let at = 0;
  let k = 0;
  while (at < length) {
    const pick = noise[k++ % noise.length] as number;
    if (at > 16 && pick < 200) {
      const distance = 1 + ((pick * 7919 + k) % Math.min(at, 70_000));
      const run = Math.min(length - at, 3 + (noise[k++ % noise.length] as number) * 3);
      for (let i = 0; i < run; i++, at++) out[at] = out[at - distance] as number;
    } else {
      out[at++] = pick;
    }
  }
  return out;
}

function roundTrip(data: Uint8Array, options = {}): Uint8Array {
  return decompressLzxpressHuffman(compressLzxpressHuffman(data, options), data.length);
}

function expectFormatError(run: () => unknown, code?: string): FormatError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(FormatError);
    if (code) expect((error as FormatError).code).toBe(code);
    return error as FormatError;
  }
  throw new Error('expected a FormatError, the input was accepted');
}

describe('LZXpress Huffman round trips through the test compressor', () => {
  it('random bytes, empty to several blocks', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 0, max: 2 * BLOCK + 100 }), (seed, length) => {
        const data = pseudoRandom(seed, length);
        expect(roundTrip(data)).toEqual(data);
      }),
      { numRuns: 8 },
    );
  }, 60_000);

  it('short arbitrary inputs', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (data) => {
        expect(roundTrip(data)).toEqual(data);
      }),
      { numRuns: 200 },
    );
  });

  it('repetitive data over several blocks, matches reaching back into earlier blocks', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: BLOCK + 1, max: 3 * BLOCK }), (seed, length) => {
        const data = repetitive(seed, length);
        expect(roundTrip(data)).toEqual(data);
      }),
      { numRuns: 6 },
    );
  }, 60_000);

  it('matches that run past the end of their block ([MS-XCA] 2.2.4: the next block starts after them)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: BLOCK + 1, max: 3 * BLOCK }), (seed, length) => {
        const data = repetitive(seed, length);
        expect(roundTrip(data, { matchPastBlockEnd: true })).toEqual(data);
      }),
      { numRuns: 6 },
    );
    const zeros = new Uint8Array(5 * BLOCK + 17);
    expect(roundTrip(zeros, { matchPastBlockEnd: true })).toEqual(zeros);
  }, 60_000);

  it('small alphabets (few distinct symbols, a block of one symbol)', () => {
    for (const alphabet of [1, 2, 3]) {
      const data = pseudoRandom(alphabet, 2 * BLOCK + 5, alphabet);
      expect(roundTrip(data)).toEqual(data);
      expect(roundTrip(data, { literalsOnly: true })).toEqual(data);
    }
  });

  it('every match length encoding: 4 bits, +1 byte, +16 bits, +32 bits', () => {
    // A literal then a run of the same byte: one match of distance 1 and exactly `run` bytes.
    for (const run of [3, 17, 18, 19, 272, 273, 274, 65_535, 65_536]) {
      const data = new Uint8Array(run + 2);
      data.fill(0x41, 0, run + 1);
      data[run + 1] = 0x42;
      expect(roundTrip(data)).toEqual(data);
    }
    // Lengths above 65,538 only fit a 32-bit length, which only a match running past its block has.
    for (const run of [65_538, 65_539, 3 * BLOCK]) {
      const data = new Uint8Array(run + 2).fill(0x41, 0, run + 1);
      data[run + 1] = 0x42;
      expect(roundTrip(data, { matchPastBlockEnd: true })).toEqual(data);
    }
  });

  it('decompresses 100 KiB in well under 10 ms', () => {
    const data = repetitive(7, 100 * 1024);
    const compressed = compressLzxpressHuffman(data);
    let best = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 7; i++) {
      const start = performance.now();
      decompressLzxpressHuffman(compressed, data.length);
      best = Math.min(best, performance.now() - start);
    }
    expect(best).toBeLessThan(10);
  });
});

/** A block by hand: the given symbols get code length 1 (two symbols: a complete code). */
function handBlock(symbols: [number, number], words: number[], rawBytes: number[] = []): Uint8Array {
  const bytes = new Uint8Array(256 + 2 * words.length + rawBytes.length);
  for (const s of symbols) bytes[s >> 1] = (bytes[s >> 1] as number) | (s & 1 ? 0x10 : 0x01);
  words.forEach((w, i) => {
    bytes[256 + 2 * i] = w & 0xff;
    bytes[257 + 2 * i] = w >> 8;
  });
  bytes.set(rawBytes, 256 + 2 * words.length);
  return bytes;
}

describe('LZXpress Huffman on damaged input', () => {
  const data = repetitive(99, 3000);
  const compressed = compressLzxpressHuffman(data);

  it('reads a hand-made block: literal "A" (code 0) and a length-3 distance-1 match (code 1)', () => {
    // Symbol 256 + (0 << 4) + 0: distance 1, length 3. Bits: 0 (A), 1 (match), then padding.
    const block = handBlock([0x41, 256], [0b0100_0000_0000_0000, 0]);
    expect(decompressLzxpressHuffman(block, 4)).toEqual(new Uint8Array([0x41, 0x41, 0x41, 0x41]));
  });

  it('fails as truncated, at every cut, and never returns short output', () => {
    for (let cut = 0; cut < compressed.length; cut++) {
      expectFormatError(
        () => decompressLzxpressHuffman(compressed.subarray(0, cut), data.length),
        'truncated',
      );
    }
  });

  it('refuses Huffman tables that are over-full, incomplete or empty', () => {
    const overFull = compressed.slice();
    overFull.fill(0xff, 0, 256);
    expectFormatError(() => decompressLzxpressHuffman(overFull, data.length), 'bad-huffman-table');
    const empty = compressed.slice();
    empty.fill(0, 0, 256);
    expectFormatError(() => decompressLzxpressHuffman(empty, data.length), 'bad-huffman-table');
    const incomplete = handBlock([0x41, 0x42], [0, 0]);
    incomplete[0x41 >> 1] = 0x20; // "A" now has a 2-bit code: half of the code space is unused
    expectFormatError(() => decompressLzxpressHuffman(incomplete, 4), 'bad-huffman-table');
  });

  it('refuses a match reaching before the start of the output', () => {
    // Symbol 256 + (1 << 4): distance 2 or 3, as the very first symbol.
    const block = handBlock([0x41, 256 + 16], [0b1000_0000_0000_0000, 0]);
    expectFormatError(() => decompressLzxpressHuffman(block, 8), 'bad-match');
  });

  it('refuses extended lengths below 15 and matches longer than the stated output', () => {
    // "A" (bit 0), then symbol 256 + 15 (bit 1): length byte 255, 16-bit length 5 (< 15).
    const short = handBlock([0x41, 256 + 15], [0b0100_0000_0000_0000, 0], [255, 5, 0]);
    expectFormatError(() => decompressLzxpressHuffman(short, 100), 'bad-match');
    // The same with a 16-bit 0 and a 32-bit length of 4 GiB: refused, nothing of that size allocated.
    const huge = handBlock([0x41, 256 + 15], [0b0100_0000_0000_0000, 0], [255, 0, 0, 0xff, 0xff, 0xff, 0xff]);
    expectFormatError(() => decompressLzxpressHuffman(huge, 100), 'bad-match');
    // A 32-bit length cut off.
    const cut = handBlock([0x41, 256 + 15], [0b0100_0000_0000_0000, 0], [255, 0, 0, 0xff]);
    expectFormatError(() => decompressLzxpressHuffman(cut, 100), 'truncated');
  });

  it('refuses a stated size the data does not reach, and sizes that are not byte counts', () => {
    // One byte more: the end-of-stream symbol then decodes as a 3-byte match, past the stated size.
    expectFormatError(() => decompressLzxpressHuffman(compressed, data.length + 1), 'bad-match');
    expectFormatError(() => decompressLzxpressHuffman(compressed, 0xffff_ffff), 'truncated');
    expectFormatError(() => decompressLzxpressHuffman(compressed, -1), 'out-of-bounds');
    expectFormatError(() => decompressLzxpressHuffman(compressed, Number.NaN), 'out-of-bounds');
  });

  it('arbitrary bytes and mutated streams: exactly the stated size, or a FormatError', () => {
    const check = (input: Uint8Array, size: number) => {
      try {
        expect(decompressLzxpressHuffman(input, size).length).toBe(size);
      } catch (error) {
        expect(error).toBeInstanceOf(FormatError);
      }
    };
    fc.assert(fc.property(fc.uint8Array({ maxLength: 1500 }), fc.integer({ min: 0, max: 200_000 }), check), {
      numRuns: 300,
    });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(compressed.length - 1), fc.integer({ min: 0, max: 255 })), {
          minLength: 1,
          maxLength: 8,
        }),
        (changes) => {
          const mutated = compressed.slice();
          for (const [at, value] of changes) mutated[at] = value;
          check(mutated, data.length);
        },
      ),
      { numRuns: 500 },
    );
  });
});

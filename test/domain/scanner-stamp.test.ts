import { randomBytes } from 'node:crypto';
import { emptyStampRegion, readStampRegion, STAMP_REGION_BYTES } from '@scanpin/scanner';
import { describe, expect, it } from 'vitest';
import {
  markerOffsets,
  regionOffsetOf,
  StampRefused,
  stampChunk,
  stampFile,
} from '../../src/domain/scanner-stamp.js';

const STAMP = { serverUrl: 'https://scan.example.org', pin: 'A7K3M2P9' };

/** A small "build": random bytes with the empty region `npm run build:scanner` reserves in the middle. */
function build(before = 5000, after = 7000): { file: Buffer; offset: number } {
  const file = Buffer.concat([randomBytes(before), Buffer.from(emptyStampRegion()), randomBytes(after)]);
  return { file, offset: before };
}

describe('stamping a prebuilt scanner (docs/scanner.md, "Stamped downloads")', () => {
  it('writes the server and PIN into the one region and changes no other byte', () => {
    const { file, offset } = build();
    const before = Buffer.from(file);
    const stamped = stampFile(file, STAMP);
    expect(stamped.length).toBe(file.length);
    expect(file.equals(before)).toBe(true);
    expect(stamped.subarray(0, offset).equals(file.subarray(0, offset))).toBe(true);
    const end = offset + STAMP_REGION_BYTES;
    expect(stamped.subarray(end).equals(file.subarray(end))).toBe(true);
    expect(readStampRegion(stamped.subarray(offset, end))).toEqual(STAMP);
    expect(readStampRegion(file.subarray(offset, end))).toBeNull();
    // Stamped again for another PIN, the same region is rewritten (the marker stays).
    expect(
      readStampRegion(stampFile(stamped, { ...STAMP, pin: 'B8L4N3Q2' }).subarray(offset, end))?.pin,
    ).toBe('B8L4N3Q2');
  });

  it('gives the same bytes chunk by chunk, whatever the chunks, as the server streams it', () => {
    const { file } = build();
    const whole = stampFile(file, STAMP);
    const offset = regionOffsetOf(markerOffsets(file), file.length);
    const region = stampFile(file, STAMP).subarray(offset, offset + STAMP_REGION_BYTES);
    for (const size of [1, 7, 64, 1000, 5003, 65536]) {
      const parts: Buffer[] = [];
      for (let at = 0; at < file.length; at += size)
        parts.push(stampChunk(file.subarray(at, at + size), at, offset, Buffer.from(region)));
      expect(Buffer.concat(parts).equals(whole)).toBe(true);
    }
  });

  it('refuses a file without the marker, with it twice, and a stamp that does not fit', () => {
    const refusal = (f: () => unknown) => {
      try {
        f();
      } catch (error) {
        return error instanceof StampRefused ? error.reason : error;
      }
      return 'stamped';
    };
    expect(refusal(() => stampFile(randomBytes(10_000), STAMP))).toBe('no_stamp_region');
    const region = Buffer.from(emptyStampRegion());
    expect(refusal(() => stampFile(Buffer.concat([region, randomBytes(50), region]), STAMP))).toBe(
      'several_stamp_regions',
    );
    // The marker at the very end, with no room for the rest of the region.
    expect(refusal(() => stampFile(Buffer.concat([randomBytes(50), region.subarray(0, 40)]), STAMP))).toBe(
      'no_stamp_region',
    );
    const { file } = build();
    expect(refusal(() => stampFile(file, { ...STAMP, serverUrl: `https://${'a'.repeat(2000)}.org` }))).toBe(
      'stamp_too_long',
    );
    // 1,024 bytes of JSON fit exactly; one more does not.
    const overhead = JSON.stringify({ serverUrl: '', pin: STAMP.pin }).length;
    const fits = { ...STAMP, serverUrl: 'h'.repeat(1024 - overhead) };
    const at = regionOffsetOf(markerOffsets(file), file.length);
    expect(readStampRegion(stampFile(file, fits).subarray(at, at + STAMP_REGION_BYTES))).toEqual(fits);
    expect(refusal(() => stampFile(file, { ...fits, serverUrl: `${fits.serverUrl}h` }))).toBe(
      'stamp_too_long',
    );
  });

  it('reads nothing from a region that is empty, cut, or holds something else', () => {
    const region = Buffer.from(emptyStampRegion());
    expect(readStampRegion(region)).toBeNull();
    expect(readStampRegion(region.subarray(1))).toBeNull();
    const stamped = stampFile(region, STAMP);
    expect(readStampRegion(stamped)).toEqual(STAMP);
    const bad = Buffer.from(stamped);
    bad[0] = 0;
    expect(readStampRegion(bad)).toBeNull();
    expect(readStampRegion(stampFile(region, { ...STAMP, pin: 'not a pin' }))).toBeNull();
  });
});

import { STAMP_MARKER, STAMP_REGION_BYTES, type Stamp, stampRegion } from '@scanpin/scanner';
import { signedPeLayout } from './certificate-tag.js';

/*
 * Stamping a prebuilt scanner with this server's address and a PIN (docs/scanner.md, "Stamped
 * downloads"): the region `npm run build:scanner` reserved is found by its marker, which must occur
 * exactly once, and overwritten in the bytes sent; the file on disk is never changed. A signed
 * Windows build carries the same region in its signature's certificates instead (certificate-tag.ts).
 */

export type StampRefusal = 'no_stamp_region' | 'several_stamp_regions' | 'stamp_too_long';

export class StampRefused extends Error {
  constructor(readonly reason: StampRefusal) {
    super(
      reason === 'no_stamp_region'
        ? 'The file has no stamp region: rebuild it with npm run build:scanner.'
        : reason === 'several_stamp_regions'
          ? 'The file holds the stamp marker more than once, so the region to write is unclear.'
          : 'The server address and PIN do not fit in the stamp region.',
    );
  }
}

const MARKER = Buffer.from(STAMP_MARKER);

/** Every offset of the marker in some bytes (overlaps included). */
export function markerOffsets(bytes: Buffer, from = 0): number[] {
  const found: number[] = [];
  for (let at = bytes.indexOf(MARKER, from); at !== -1; at = bytes.indexOf(MARKER, at + 1)) found.push(at);
  return found;
}

/** The one place of the region, from the marker's offsets in the whole file. */
export function regionOffsetOf(offsets: readonly number[], fileSize: number): number {
  if (offsets.length === 0) throw new StampRefused('no_stamp_region');
  if (offsets.length > 1) throw new StampRefused('several_stamp_regions');
  const [offset = 0] = offsets;
  if (offset + STAMP_REGION_BYTES > fileSize) throw new StampRefused('no_stamp_region');
  return offset;
}

/** The region's bytes for a stamp, or StampRefused when it does not fit. */
export function regionFor(stamp: Stamp): Buffer {
  try {
    return Buffer.from(stampRegion(stamp));
  } catch {
    throw new StampRefused('stamp_too_long');
  }
}

/**
 * One chunk of the file as sent: the part of the region that falls in it overwritten. `chunkStart` is
 * the chunk's offset in the file. The chunk itself is not changed.
 */
export function stampChunk(chunk: Buffer, chunkStart: number, regionOffset: number, region: Buffer): Buffer {
  const from = Math.max(regionOffset, chunkStart);
  const to = Math.min(regionOffset + region.length, chunkStart + chunk.length);
  if (from >= to) return chunk;
  const out = Buffer.from(chunk);
  region.copy(out, from - chunkStart, from - regionOffset, to - regionOffset);
  return out;
}

/** A whole file stamped (for small files and tests; the server streams with stampChunk). */
export function stampFile(file: Buffer, stamp: Stamp): Buffer {
  const offset = regionOffsetOf(markerOffsets(file), file.length);
  return stampChunk(file, 0, offset, regionFor(stamp));
}

/**
 * Whether a build's first bytes are those of a PE file with an Authenticode certificate table. The
 * stamp region of such a build is inside the part the signature hashes, so it is never overwritten:
 * the stamp goes into the certificate table instead (domain/certificate-tag.ts; docs/scanner.md,
 * "Stamped downloads"). Anything else (an ELF file, a PE without a table, a header past the bytes
 * given) is not signed.
 */
export function isAuthenticodeSigned(head: Buffer): boolean {
  return signedPeLayout(head) !== null;
}

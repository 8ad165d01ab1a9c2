import type { FileHandle } from 'node:fs/promises';
import {
  directoryRecords,
  endPlace,
  readEntry,
  type ZipEntryLocation,
  zip64Place,
} from './central-directory.js';

/**
 * A zip archive read in place (docs/scan-client.md, "Resource packs"): its end record and central
 * directory, then only the entries asked for, each with a positional read, so a pack of any size
 * costs the directory and the named entries, never the whole file in memory. The same reading as
 * zip/central-directory.ts, which takes an archive already in memory.
 */

/** The end record and its comment lie in the last 22 + 65,535 bytes; ZIP64's locator 20 before. */
const TAIL = 22 + 0xffff + 20;
/** A central directory larger than this is not read (a pack of 100,000 entries holds about 10 MiB). */
export const MAX_DIRECTORY_BYTES = 32 * 1024 * 1024;

/** Counts the bytes each read takes (a scan's budget); may throw to stop the reading. */
export type Charge = (bytes: number) => void;

export interface ZipFile {
  entries: readonly ZipEntryLocation[];
  /** An entry's bytes, at most `maxBytes` inflated: null when larger, damaged or of another method. */
  read(entry: ZipEntryLocation, maxBytes: number): Promise<Uint8Array | null>;
}

async function readAt(
  handle: FileHandle,
  offset: number,
  length: number,
  charge: Charge,
): Promise<Uint8Array> {
  charge(length);
  const out = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const { bytesRead } = await handle.read(out, done, length - done, offset + done);
    if (bytesRead === 0) break;
    done += bytesRead;
  }
  return out.subarray(0, done);
}

/**
 * The archive open on `handle` (`size` bytes), or null when it has no readable central directory. The
 * handle stays the caller's to close.
 */
export async function openZipFile(handle: FileHandle, size: number, charge: Charge): Promise<ZipFile | null> {
  const tailLength = Math.min(size, TAIL);
  const tail = await readAt(handle, size - tailLength, tailLength, charge);
  let place = endPlace(tail);
  if (place !== null && 'zip64RecordAt' in place) {
    const at = place.zip64RecordAt;
    place = at < 0 || at + 56 > size ? null : zip64Place(await readAt(handle, at, 56, charge));
  }
  if (place === null) return null;
  const { count, offset } = place;
  // The directory ends where the end record begins at most; a lying size is bounded by the file.
  const length = Math.min(place.size, size - offset);
  if (offset < 0 || length < 0 || length > MAX_DIRECTORY_BYTES) return null;
  const entries = directoryRecords(await readAt(handle, offset, length, charge), count);
  if (entries.length === 0 && count !== 0) return null;
  return {
    entries,
    read: async (entry, maxBytes) => {
      const at = entry.localHeader;
      if (at < 0 || entry.compressedSize < 0 || at + 30 > size) return null;
      // Deflate stores what it cannot shrink in blocks of 64 KiB with 5 bytes of overhead each.
      if (entry.compressedSize > maxBytes + Math.ceil(maxBytes / 65_535) * 5 + 1024) return null;
      const header = Buffer.from(await readAt(handle, at, 30, charge));
      if (header.byteLength < 30) return null;
      const start = 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
      if (at + start + entry.compressedSize > size) return null;
      const local = await readAt(handle, at, start + entry.compressedSize, charge);
      return readEntry(local, { ...entry, localHeader: 0 }, maxBytes);
    },
  };
}

import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { type Readable, Transform } from 'node:stream';
import { STAMP_MARKER, type Stamp } from '@scanpin/scanner';
import {
  isAuthenticodeSigned,
  markerOffsets,
  regionFor,
  regionOffsetOf,
  StampRefused,
  stampChunk,
} from '../../domain/scanner-stamp.js';
import type { ScannerDownload } from './scanner-downloads.js';

/**
 * Where each build's stamp region is, by path, size and modification time: found by reading the
 * whole file once per build (tens of MiB), then every download streams the file and overwrites the
 * region on the way (docs/scanner.md, "Stamped downloads"). A rebuilt file is searched afresh.
 */
const offsets = new Map<string, { key: string; offset: Promise<number> }>();

function searchFile(path: string, size: number): Promise<number> {
  return new Promise<number>((done, fail) => {
    const found: number[] = [];
    const keep = STAMP_MARKER.length - 1;
    // The last bytes of the previous chunk, so a marker across two chunks is found once.
    let tail = Buffer.alloc(0);
    let tailStart = 0;
    createReadStream(path)
      .on('data', (chunk) => {
        const bytes = Buffer.concat([tail, chunk as Buffer]);
        for (const at of markerOffsets(bytes)) found.push(tailStart + at);
        const from = Math.max(0, bytes.length - keep);
        tailStart += from;
        tail = bytes.subarray(from);
      })
      .on('error', fail)
      .on('end', () => {
        try {
          done(regionOffsetOf(found, size));
        } catch (error) {
          fail(error);
        }
      });
  });
}

/** The offset of a build's stamp region; StampRefused when it has none or several. */
export function stampOffsetOf(download: ScannerDownload): Promise<number> {
  const key = `${download.size}:${download.mtimeMs}`;
  const known = offsets.get(download.path);
  if (known?.key === key) return known.offset;
  const offset = searchFile(download.path, download.size);
  offsets.set(download.path, { key, offset });
  // An unreadable file is tried again next time; one without a region stays refused until rebuilt.
  offset.catch((error: unknown) => {
    if (!(error instanceof StampRefused)) offsets.delete(download.path);
  });
  return offset;
}

/** The build's bytes with the stamp in its region, read from disk as they are sent. */
export function stampedStream(path: string, regionOffset: number, stamp: Stamp): Readable {
  const region = regionFor(stamp);
  let position = 0;
  const stamping = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      const out = stampChunk(chunk, position, regionOffset, region);
      position += chunk.length;
      next(null, out);
    },
  });
  const file = createReadStream(path);
  file.on('error', (error) => stamping.destroy(error));
  return file.pipe(stamping);
}

/** Whether a build is Authenticode-signed, from its first 4 KiB (its headers). */
export async function isSignedBuild(download: ScannerDownload): Promise<boolean> {
  const file = await open(download.path, 'r');
  try {
    const head = Buffer.alloc(4096);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    return isAuthenticodeSigned(head.subarray(0, bytesRead));
  } finally {
    await file.close();
  }
}

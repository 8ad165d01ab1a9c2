import { generateKeyPairSync } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { type Readable, Transform } from 'node:stream';
import { emptyStampRegion, STAMP_MARKER, type Stamp } from '@scanpin/scanner';
import {
  type CarrierKey,
  MAX_CERTIFICATE_TABLE_BYTES,
  PE_HEADERS_BYTES,
  peHeadersOffset,
  type SignedBuild,
  type SignedPeLayout,
  signedBuildFrom,
  signedPeLayoutAt,
  TagRefused,
  taggedTail,
} from '../../domain/certificate-tag.js';
import { wordSum } from '../../domain/pe-checksum.js';
import {
  markerOffsets,
  regionFor,
  regionOffsetOf,
  StampRefused,
  stampChunk,
} from '../../domain/scanner-stamp.js';
import type { ScannerDownload } from './scanner-downloads.js';

/*
 * How each build is stamped, found by reading the whole file once per build (tens of MiB) and kept
 * by path, size and modification time; every download then streams the file and changes a few
 * bytes on the way (docs/scanner.md, "Stamped downloads"). A rebuilt file is read afresh.
 */

/** Where a build's stamp goes. */
export type StampPlace =
  /** An unsigned build: the region the build reserved is overwritten. */
  | { kind: 'region'; regionOffset: number }
  /** A signed build: the region goes into its signature's certificates, outside what is signed. */
  | { kind: 'certificate-table'; build: SignedBuild }
  /** A signed build that cannot be tagged: sent as signed, and the player types the PIN. */
  | { kind: 'signed'; reason: string };

const places = new Map<string, { key: string; place: Promise<StampPlace> }>();

/**
 * The key carrier certificates are signed with: made once per process, never stored. It vouches for
 * nothing; the certificate only has to be whole (domain/certificate-tag.ts).
 */
let carrierKey: CarrierKey | undefined;
function theCarrierKey(): CarrierKey {
  carrierKey ??= generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return carrierKey;
}

/**
 * The build's signed layout, from its headers read where its MS-DOS header says they are (however
 * far into the file), at most PE_HEADERS_BYTES of them; null for a build that is not a signed PE.
 */
async function layoutOf(path: string): Promise<SignedPeLayout | null> {
  const file = await open(path, 'r');
  const readAt = async (position: number, length: number) => {
    const bytes = Buffer.alloc(length);
    const { bytesRead } = await file.read(bytes, 0, length, position);
    return bytes.subarray(0, bytesRead);
  };
  try {
    const at = peHeadersOffset(await readAt(0, 0x40));
    return at === null ? null : signedPeLayoutAt(await readAt(at, PE_HEADERS_BYTES), at);
  } finally {
    await file.close();
  }
}

interface FileFacts {
  markers: number[];
  /** The total of the 16-bit words before the certificate table (signed builds only). */
  wordsBeforeTable: number;
  /** The certificate table's bytes, when it ends the file and is not too big to tag. */
  table: Buffer | null;
}

/** One pass over the file: the marker's offsets and, for a signed build, what tagging needs. */
function readFacts(path: string, size: number, signed: SignedPeLayout | null): Promise<FileFacts> {
  const tableEnd = signed === null ? 0 : signed.tableOffset + signed.tableSize;
  const wantTable =
    signed !== null &&
    signed.tableOffset >= signed.directoryOffset + 8 &&
    tableEnd === size &&
    signed.tableSize <= MAX_CERTIFICATE_TABLE_BYTES;
  const tableParts: Buffer[] = [];
  return new Promise<FileFacts>((done, fail) => {
    const markers: number[] = [];
    let wordsBeforeTable = 0;
    const keep = STAMP_MARKER.length - 1;
    // The last bytes of the previous chunk, so a marker across two chunks is found once.
    let tail = Buffer.alloc(0);
    let tailStart = 0;
    let position = 0;
    createReadStream(path)
      .on('data', (data) => {
        const chunk = data as Buffer;
        const bytes = Buffer.concat([tail, chunk]);
        for (const at of markerOffsets(bytes)) markers.push(tailStart + at);
        const from = Math.max(0, bytes.length - keep);
        tailStart += from;
        tail = bytes.subarray(from);
        if (signed !== null) {
          const split = Math.max(0, Math.min(chunk.length, signed.tableOffset - position));
          wordsBeforeTable += wordSum(chunk.subarray(0, split), position);
          if (wantTable && split < chunk.length) tableParts.push(chunk.subarray(split));
        }
        position += chunk.length;
      })
      .on('error', fail)
      .on('end', () =>
        done({ markers, wordsBeforeTable, table: wantTable ? Buffer.concat(tableParts) : null }),
      );
  });
}

async function findPlace(download: ScannerDownload): Promise<StampPlace> {
  const layout = await layoutOf(download.path);
  const facts = await readFacts(download.path, download.size, layout);
  if (layout === null) return { kind: 'region', regionOffset: regionOffsetOf(facts.markers, download.size) };
  try {
    regionOffsetOf(facts.markers, download.size);
  } catch (error) {
    // A signed build from before stamps (or a copy already stamped): its scanner reads no tag.
    if (error instanceof StampRefused) return { kind: 'signed', reason: error.reason };
    throw error;
  }
  if (facts.table === null)
    return { kind: 'signed', reason: 'the certificate table is not the end of the file, or is too big' };
  const build = signedBuildFrom(layout, facts.wordsBeforeTable, facts.table);
  try {
    // Tagged once with the empty region, so a signature this server cannot tag is known now.
    taggedTail(build, emptyStampRegion(), theCarrierKey());
  } catch (error) {
    if (error instanceof TagRefused) return { kind: 'signed', reason: error.message };
    throw error;
  }
  return { kind: 'certificate-table', build };
}

/** Where a build's stamp goes; StampRefused for an unsigned build without the region, or with several. */
export function stampPlaceOf(download: ScannerDownload): Promise<StampPlace> {
  const key = `${download.size}:${download.mtimeMs}`;
  const known = places.get(download.path);
  if (known?.key === key) return known.place;
  const place = findPlace(download);
  places.set(download.path, { key, place });
  // An unreadable file is tried again next time; one without a region stays refused until rebuilt.
  place.catch((error: unknown) => {
    if (!(error instanceof StampRefused)) places.delete(download.path);
  });
  return place;
}

/** A stream that changes the bytes at the given file offsets as they pass, then adds `after`. */
function patched(
  source: Readable,
  patches: readonly { offset: number; bytes: Buffer }[],
  after?: Buffer,
): Readable {
  let position = 0;
  const out = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      let bytes = chunk;
      for (const patch of patches) bytes = stampChunk(bytes, position, patch.offset, patch.bytes);
      position += chunk.length;
      next(null, bytes);
    },
    flush(next) {
      next(null, after);
    },
  });
  source.on('error', (error) => out.destroy(error));
  return source.pipe(out);
}

/**
 * The build's bytes with the stamp, read from disk as they are sent, and their length: a tagged
 * signed build is longer than the file by its carrier certificate. StampRefused when the stamp does
 * not fit; the place must not be `signed`.
 */
export function stampedStream(
  path: string,
  place: Exclude<StampPlace, { kind: 'signed' }>,
  stamp: Stamp,
  fileSize: number,
): { body: Readable; size: number } {
  const region = regionFor(stamp);
  if (place.kind === 'region')
    return {
      body: patched(createReadStream(path), [{ offset: place.regionOffset, bytes: region }]),
      size: fileSize,
    };
  const tail = taggedTail(place.build, region, theCarrierKey());
  const head = createReadStream(path, { start: 0, end: place.build.layout.tableOffset - 1 });
  return { body: patched(head, tail.patches, tail.table), size: tail.size };
}

import { crc32 } from '../prefetch/crc32.js';

/**
 * The EVTX file header: the first 4096 bytes, of which 128 are used (libyal "Windows XML Event Log
 * (EVTX) format", section "File header"). Its CRC-32 covers the first 120 bytes; the flags say whether
 * the log was closed cleanly (dirty) and whether it is full, i.e. has started overwriting its oldest
 * chunks.
 */

export const FILE_SIGNATURE = 'ElfFile\0';
export const FILE_HEADER_BLOCK_SIZE = 4096;
const CHECKSUMMED_BYTES = 120;
const FLAG_DIRTY = 0x1;
const FLAG_FULL = 0x2;

export interface EvtxFileHeader {
  firstChunkNumber: number;
  lastChunkNumber: number;
  nextRecordId: number;
  majorVersion: number;
  minorVersion: number;
  /** Where the first chunk starts (4096 in every known file). */
  headerBlockSize: number;
  chunkCount: number;
  /** Not closed cleanly: the last chunk may hold records its header does not count yet. */
  dirty: boolean;
  /** Full: Windows overwrites the oldest chunk with new records ("wrapped"). */
  full: boolean;
  checksumMatches: boolean;
}

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

/** `null` when the bytes are too short or the signature is not the EVTX one. */
export function parseFileHeader(bytes: Uint8Array): EvtxFileHeader | null {
  if (bytes.length < 128 || ascii(bytes, 0, 8) !== FILE_SIGNATURE) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, 128);
  const flags = view.getUint32(120, true);
  return {
    firstChunkNumber: Number(view.getBigUint64(8, true)),
    lastChunkNumber: Number(view.getBigUint64(16, true)),
    nextRecordId: Number(view.getBigUint64(24, true)),
    minorVersion: view.getUint16(36, true),
    majorVersion: view.getUint16(38, true),
    headerBlockSize: view.getUint16(40, true),
    chunkCount: view.getUint16(42, true),
    dirty: (flags & FLAG_DIRTY) !== 0,
    full: (flags & FLAG_FULL) !== 0,
    checksumMatches: crc32(bytes.subarray(0, CHECKSUMMED_BYTES)) === view.getUint32(124, true),
  };
}

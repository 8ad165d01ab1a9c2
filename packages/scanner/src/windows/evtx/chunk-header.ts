import { crc32 } from '../prefetch/crc32.js';

/**
 * The header of one 64 KiB chunk (libyal EVTX format, section "Chunk header"). Its CRC-32 covers bytes
 * 0–119 and 128–511 (the string and template tables); a second CRC-32 covers the records, from offset
 * 512 to the free-space offset. A record edited without fixing both no longer matches.
 */

export const CHUNK_SIGNATURE = 'ElfChnk\0';
export const CHUNK_SIZE = 0x10000;
export const CHUNK_HEADER_SIZE = 512;

export interface EvtxChunkHeader {
  firstRecordNumber: number;
  lastRecordNumber: number;
  firstRecordId: number;
  lastRecordId: number;
  lastRecordOffset: number;
  freeSpaceOffset: number;
  headerChecksumMatches: boolean;
  recordsChecksumMatches: boolean;
}

export function isChunkSignature(chunk: Uint8Array): boolean {
  return String.fromCharCode(...chunk.subarray(0, 8)) === CHUNK_SIGNATURE;
}

/** `chunk` is the whole chunk (or what the file still holds of it); its signature was checked. */
export function parseChunkHeader(chunk: Uint8Array): EvtxChunkHeader {
  const view = new DataView(chunk.buffer, chunk.byteOffset, CHUNK_HEADER_SIZE);
  const headerBytes = new Uint8Array(120 + 384);
  headerBytes.set(chunk.subarray(0, 120), 0);
  headerBytes.set(chunk.subarray(128, CHUNK_HEADER_SIZE), 120);
  const freeSpaceOffset = view.getUint32(48, true);
  const recordsEnd = Math.min(Math.max(freeSpaceOffset, CHUNK_HEADER_SIZE), chunk.length);
  return {
    firstRecordNumber: Number(view.getBigUint64(8, true)),
    lastRecordNumber: Number(view.getBigUint64(16, true)),
    firstRecordId: Number(view.getBigUint64(24, true)),
    lastRecordId: Number(view.getBigUint64(32, true)),
    lastRecordOffset: view.getUint32(44, true),
    freeSpaceOffset,
    headerChecksumMatches: crc32(headerBytes) === view.getUint32(124, true),
    recordsChecksumMatches: crc32(chunk.subarray(CHUNK_HEADER_SIZE, recordsEnd)) === view.getUint32(52, true),
  };
}

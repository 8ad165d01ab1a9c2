import { filetimeToIsoTicks } from '../filetime-iso.js';
import { parseFragment } from './binxml.js';
import { CHUNK_HEADER_SIZE, CHUNK_SIZE, isChunkSignature, parseChunkHeader } from './chunk-header.js';
import { type EvtxEvent, eventFromXml } from './event.js';
import { type EvtxFileHeader, FILE_HEADER_BLOCK_SIZE, parseFileHeader } from './file-header.js';

/**
 * Reads a Windows XML Event Log (.evtx) file: file header, 64 KiB chunks, event records and their
 * Binary XML (libyal "Windows XML Event Log (EVTX) format"). It never throws: a damaged header, chunk
 * or record is listed in `problems` with a reason a person can read, and everything else is still
 * returned (docs/scan-client.md, "Event logs"). A checksum that does not match is reported, not
 * fatal: the records are still read, and the mismatch itself says the file was edited or damaged.
 */

export interface EvtxProblem {
  /** "file header", "chunk 2" or "chunk 2, record at offset 0x3a0". */
  where: string;
  reason: string;
}

export interface EvtxReadResult {
  /** `null` when the file header is missing or not an EVTX one (the chunks are still searched). */
  header: EvtxFileHeader | null;
  /** Chunks that carried a chunk signature. */
  chunksRead: number;
  /** Events by record identifier, oldest first (a full log wraps, so file order is not time order). */
  events: EvtxEvent[];
  problems: EvtxProblem[];
}

const RECORD_SIGNATURE = 0x00002a2a;
/** Record header (signature, size, identifier, written time) and the trailing size copy. */
const RECORD_OVERHEAD = 28;

function isZero(bytes: Uint8Array): boolean {
  for (const byte of bytes) if (byte !== 0) return false;
  return true;
}

function hex(offset: number): string {
  return `0x${offset.toString(16)}`;
}

function readChunkRecords(chunk: Uint8Array, index: number, dirty: boolean, result: EvtxReadResult): void {
  const where = `chunk ${index}`;
  const header = parseChunkHeader(chunk);
  if (!header.headerChecksumMatches) {
    result.problems.push({ where, reason: 'the chunk header checksum does not match (edited or damaged)' });
  }
  if (!header.recordsChecksumMatches) {
    result.problems.push({
      where,
      reason: "the records' checksum does not match (edited, damaged or not flushed)",
    });
  }
  const view = new DataView(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  // A log that was not closed cleanly may hold records its chunk header does not count yet.
  const end = dirty ? chunk.length : Math.min(header.freeSpaceOffset, chunk.length);
  let at = CHUNK_HEADER_SIZE;
  while (at + 24 <= end) {
    if (view.getUint32(at, true) !== RECORD_SIGNATURE) {
      if (at < header.freeSpaceOffset) {
        result.problems.push({
          where,
          reason: `no record signature at offset ${hex(at)}; the rest of the chunk is skipped`,
        });
      }
      return;
    }
    const size = view.getUint32(at + 4, true);
    const recordWhere = `${where}, record at offset ${hex(at)}`;
    if (size < RECORD_OVERHEAD || at + size > chunk.length) {
      result.problems.push({
        where: recordWhere,
        reason: `the record (${size} bytes) is cut off at the chunk's end`,
      });
      return;
    }
    if (view.getUint32(at + size - 4, true) !== size) {
      result.problems.push({
        where: recordWhere,
        reason: 'the size at the end of the record differs from its header',
      });
      return;
    }
    const recordId = Number(view.getBigUint64(at + 8, true));
    const writtenTime = filetimeToIsoTicks(view.getBigUint64(at + 16, true));
    try {
      const event = eventFromXml(parseFragment(chunk, at + 24, at + size - 4), recordId, writtenTime);
      if (event === null)
        result.problems.push({ where: recordWhere, reason: 'the record holds no Event element' });
      else result.events.push(event);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      result.problems.push({ where: recordWhere, reason: `record ${recordId} cannot be read: ${reason}` });
    }
    at += size;
  }
}

export function readEvtx(bytes: Uint8Array): EvtxReadResult {
  const header = parseFileHeader(bytes);
  const result: EvtxReadResult = { header, chunksRead: 0, events: [], problems: [] };
  if (header === null) {
    result.problems.push({
      where: 'file header',
      reason: 'not an event log file (no ElfFile signature); chunks are searched anyway',
    });
  } else {
    if (!header.checksumMatches) {
      result.problems.push({
        where: 'file header',
        reason: 'the file header checksum does not match (edited or damaged)',
      });
    }
    if (header.majorVersion !== 3) {
      result.problems.push({
        where: 'file header',
        reason: `format version ${header.majorVersion}.${header.minorVersion}, 3.x expected`,
      });
    }
  }
  const first =
    header !== null && header.headerBlockSize >= 128 ? header.headerBlockSize : FILE_HEADER_BLOCK_SIZE;
  for (
    let index = 0, start = first;
    start + CHUNK_HEADER_SIZE <= bytes.length;
    index++, start += CHUNK_SIZE
  ) {
    const chunk = bytes.subarray(start, Math.min(start + CHUNK_SIZE, bytes.length));
    if (!isChunkSignature(chunk)) {
      // Windows allocates chunks ahead of use: an all-zero one is simply unused.
      if (!isZero(chunk))
        result.problems.push({ where: `chunk ${index}`, reason: 'no chunk signature; the chunk is skipped' });
      continue;
    }
    result.chunksRead++;
    if (chunk.length < CHUNK_SIZE) {
      result.problems.push({
        where: `chunk ${index}`,
        reason: `the file ends ${CHUNK_SIZE - chunk.length} bytes before the chunk does`,
      });
    }
    readChunkRecords(chunk, index, header?.dirty ?? false, result);
  }
  if (bytes.length < first + CHUNK_HEADER_SIZE && bytes.length > 0) {
    result.problems.push({ where: 'file', reason: 'the file holds no chunk' });
  }
  result.events.sort((a, b) => a.recordId - b.recordId);
  return result;
}

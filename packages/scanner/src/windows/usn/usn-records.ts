import { filetimeToIso } from '../filetime-iso.js';

/**
 * The output buffer of `FSCTL_READ_USN_JOURNAL`: an 8-byte USN (where the next read starts), then
 * change-journal records back to back, each `RecordLength` bytes and starting on an 8-byte boundary.
 * Layouts from Microsoft Learn, "USN_RECORD_V2 structure", "USN_RECORD_V3 structure" and
 * "USN_RECORD_V4 structure" (winioctl.h):
 *
 *   every version: 0 4 RecordLength, 4 2 MajorVersion, 6 2 MinorVersion
 *   V2: 8 8 FileReferenceNumber, 16 8 ParentFileReferenceNumber, 24 8 Usn, 32 8 TimeStamp (FILETIME),
 *       40 4 Reason, 44 4 SourceInfo, 48 4 SecurityId, 52 4 FileAttributes,
 *       56 2 FileNameLength (bytes), 58 2 FileNameOffset, 60 FileName (UTF-16LE, no NUL)
 *   V3: as V2 with 16-byte FILE_ID_128 references: 8 16 FileReferenceNumber, 24 16 Parent…,
 *       40 8 Usn, 48 8 TimeStamp, 56 4 Reason, 60 4 SourceInfo, 64 4 SecurityId,
 *       68 4 FileAttributes, 72 2 FileNameLength, 74 2 FileNameOffset, 76 FileName
 *   V4: modified-range records (no name, no time): skipped, counted.
 *
 * The buffer comes from the file system of the machine being checked, so nothing in it is trusted:
 * a length that is zero, not a multiple of 8, shorter than its version's fixed part or past the
 * buffer, a name outside its record, or an unknown version stops the walk with a reason. Every step
 * moves forward by at least 8 bytes, so the walk ends; nothing throws.
 */

export interface UsnRecord {
  majorVersion: 2 | 3;
  minorVersion: number;
  /** V2: the 64-bit NTFS reference (MFT entry in the low 48 bits, sequence in the high 16). V3: 128 bits. */
  fileReference: bigint;
  parentReference: bigint;
  usn: bigint;
  /** ISO 8601 UTC with milliseconds; null when the FILETIME is 0 or not a date. */
  timeStamp: string | null;
  reason: number;
  sourceInfo: number;
  securityId: number;
  fileAttributes: number;
  fileName: string;
}

export type UsnStopCode =
  | 'truncated'
  | 'zero-length'
  | 'misaligned-length'
  | 'past-buffer'
  | 'too-short-for-version'
  | 'name-outside-record'
  | 'unknown-version';

export interface UsnStop {
  code: UsnStopCode;
  /** Byte offset in the buffer of the record that stopped the walk. */
  offset: number;
  reason: string;
}

export interface UsnRecordsPage {
  /** The USN the next `FSCTL_READ_USN_JOURNAL` starts from; null when the buffer has no 8 bytes. */
  nextUsn: bigint | null;
  records: UsnRecord[];
  /** USN_RECORD_V4 range-tracking records passed over. */
  rangeRecordsSkipped: number;
  /** Null when every byte was walked; else why the rest was left. */
  stopped: UsnStop | null;
}

const NEXT_USN_SIZE = 8;
const COMMON_HEADER = 8;
const ALIGNMENT = 8;
/** Where FileName starts in each version's fixed part (the declared one-character array is not counted). */
const V2_NAME_START = 60;
const V3_NAME_START = 76;
/** USN_RECORD_V4's fixed part up to its first extent (64) plus one 16-byte USN_RECORD_EXTENT. */
const V4_MIN = 80;

const utf16 = new TextDecoder('utf-16le', { fatal: false });

function stop(code: UsnStopCode, offset: number, reason: string): UsnStop {
  return { code, offset, reason };
}

function readU128(view: DataView, at: number): bigint {
  return view.getBigUint64(at, true) | (view.getBigUint64(at + 8, true) << 64n);
}

/**
 * One V2 or V3 record whose length was checked; a stop when its name is outside it. After the two
 * references both versions share one layout, so `tail` is where Usn starts (24 in V2, 40 in V3).
 */
function readRecord(view: DataView, at: number, length: number, major: 2 | 3): UsnRecord | UsnStop {
  const refSize = major === 3 ? 16 : 8;
  const tail = at + 8 + 2 * refSize;
  const nameLength = view.getUint16(tail + 32, true);
  const nameOffset = view.getUint16(tail + 34, true);
  const nameStart = major === 3 ? V3_NAME_START : V2_NAME_START;
  if (nameOffset < nameStart || nameOffset + nameLength > length || nameLength % 2 !== 0)
    return stop(
      'name-outside-record',
      at,
      `the file name (${nameLength} bytes at ${nameOffset}) is not inside the ${length}-byte record`,
    );
  const reference = (offset: number) =>
    major === 3 ? readU128(view, offset) : view.getBigUint64(offset, true);
  return {
    majorVersion: major,
    minorVersion: view.getUint16(at + 6, true),
    fileReference: reference(at + 8),
    parentReference: reference(at + 8 + refSize),
    usn: view.getBigInt64(tail, true),
    timeStamp: filetimeToIso(view.getBigInt64(tail + 8, true)),
    reason: view.getUint32(tail + 16, true),
    sourceInfo: view.getUint32(tail + 20, true),
    securityId: view.getUint32(tail + 24, true),
    fileAttributes: view.getUint32(tail + 28, true),
    fileName: utf16.decode(new Uint8Array(view.buffer, view.byteOffset + at + nameOffset, nameLength)),
  };
}

export function parseUsnRecords(bytes: Uint8Array): UsnRecordsPage {
  const page: UsnRecordsPage = { nextUsn: null, records: [], rangeRecordsSkipped: 0, stopped: null };
  if (bytes.length < NEXT_USN_SIZE) {
    page.stopped = stop('truncated', 0, `the answer is ${bytes.length} bytes; it starts with an 8-byte USN`);
    return page;
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  page.nextUsn = view.getBigInt64(0, true);
  let at = NEXT_USN_SIZE;
  while (at < bytes.length) {
    const left = bytes.length - at;
    if (left < COMMON_HEADER) {
      page.stopped = stop('truncated', at, `${left} bytes are left, less than a record header`);
      break;
    }
    const length = view.getUint32(at, true);
    const major = view.getUint16(at + 4, true);
    if (length === 0) {
      page.stopped = stop('zero-length', at, 'a record says it is 0 bytes long');
      break;
    }
    if (length % ALIGNMENT !== 0) {
      page.stopped = stop('misaligned-length', at, `a record is ${length} bytes, not a multiple of 8`);
      break;
    }
    if (length > left) {
      page.stopped = stop('past-buffer', at, `a ${length}-byte record runs past the ${left} bytes left`);
      break;
    }
    if (major === 4) {
      if (length < V4_MIN) {
        page.stopped = stop('too-short-for-version', at, `a version 4 record of ${length} bytes`);
        break;
      }
      page.rangeRecordsSkipped++;
      at += length;
      continue;
    }
    if (major !== 2 && major !== 3) {
      page.stopped = stop('unknown-version', at, `record version ${major}; only 2, 3 and 4 exist`);
      break;
    }
    const fixed = major === 2 ? V2_NAME_START : V3_NAME_START;
    if (length < fixed) {
      page.stopped = stop(
        'too-short-for-version',
        at,
        `a version ${major} record of ${length} bytes; its fixed part is ${fixed}`,
      );
      break;
    }
    const record = readRecord(view, at, length, major);
    if ('code' in record) {
      page.stopped = record;
      break;
    }
    page.records.push(record);
    at += length;
  }
  return page;
}

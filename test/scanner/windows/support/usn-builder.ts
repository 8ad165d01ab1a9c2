/**
 * Builds what `FSCTL_READ_USN_JOURNAL` and `FSCTL_QUERY_USN_JOURNAL` return, field by field from
 * Microsoft Learn's winioctl.h pages ("USN_RECORD_V2 structure", "USN_RECORD_V3 structure",
 * "USN_RECORD_V4 structure", "USN_JOURNAL_DATA_V0/V1/V2 structure"), independently of the reader:
 * offsets are spelled out per version here, not derived from a shared table.
 */

export interface RecordFields {
  fileReference: bigint;
  parentReference: bigint;
  usn: bigint;
  /** FILETIME ticks. */
  timeStamp: bigint;
  reason: number;
  sourceInfo?: number;
  securityId?: number;
  fileAttributes?: number;
  fileName: string;
  minorVersion?: number;
  /** Bytes between the fixed part and the name (a name at an unusual offset). */
  nameGap?: number;
}

function quadAlign(n: number): number {
  return Math.ceil(n / 8) * 8;
}

export function filetimeOfIso(iso: string): bigint {
  return (BigInt(Date.parse(iso)) + 11_644_473_600_000n) * 10_000n;
}

/** USN_RECORD_V2: name at 60 (sizeof is 64 with the one declared WCHAR and padding). */
export function usnRecordV2(f: RecordFields): Uint8Array {
  const name = Buffer.from(f.fileName, 'utf16le');
  const nameOffset = 60 + (f.nameGap ?? 0);
  const length = quadAlign(nameOffset + name.length);
  const out = new Uint8Array(length);
  const v = new DataView(out.buffer);
  v.setUint32(0, length, true);
  v.setUint16(4, 2, true);
  v.setUint16(6, f.minorVersion ?? 0, true);
  v.setBigUint64(8, f.fileReference, true);
  v.setBigUint64(16, f.parentReference, true);
  v.setBigInt64(24, f.usn, true);
  v.setBigInt64(32, f.timeStamp, true);
  v.setUint32(40, f.reason >>> 0, true);
  v.setUint32(44, f.sourceInfo ?? 0, true);
  v.setUint32(48, f.securityId ?? 0, true);
  v.setUint32(52, f.fileAttributes ?? 0x20, true);
  v.setUint16(56, name.length, true);
  v.setUint16(58, nameOffset, true);
  out.set(name, nameOffset);
  return out;
}

/** USN_RECORD_V3: two FILE_ID_128 (16 bytes each, little-endian), name at 76. */
export function usnRecordV3(f: RecordFields): Uint8Array {
  const name = Buffer.from(f.fileName, 'utf16le');
  const nameOffset = 76 + (f.nameGap ?? 0);
  const length = quadAlign(nameOffset + name.length);
  const out = new Uint8Array(length);
  const v = new DataView(out.buffer);
  v.setUint32(0, length, true);
  v.setUint16(4, 3, true);
  v.setUint16(6, f.minorVersion ?? 0, true);
  v.setBigUint64(8, f.fileReference & 0xffff_ffff_ffff_ffffn, true);
  v.setBigUint64(16, f.fileReference >> 64n, true);
  v.setBigUint64(24, f.parentReference & 0xffff_ffff_ffff_ffffn, true);
  v.setBigUint64(32, f.parentReference >> 64n, true);
  v.setBigInt64(40, f.usn, true);
  v.setBigInt64(48, f.timeStamp, true);
  v.setUint32(56, f.reason >>> 0, true);
  v.setUint32(60, f.sourceInfo ?? 0, true);
  v.setUint32(64, f.securityId ?? 0, true);
  v.setUint32(68, f.fileAttributes ?? 0x20, true);
  v.setUint16(72, name.length, true);
  v.setUint16(74, nameOffset, true);
  out.set(name, nameOffset);
  return out;
}

/** USN_RECORD_V4: header, two FILE_ID_128, Usn, Reason, SourceInfo, RemainingExtents, NumberOfExtents, ExtentSize, extents. */
export function usnRecordV4(usn: bigint, extents: [bigint, bigint][]): Uint8Array {
  const length = 64 + 16 * extents.length;
  const out = new Uint8Array(length);
  const v = new DataView(out.buffer);
  v.setUint32(0, length, true);
  v.setUint16(4, 4, true);
  v.setBigUint64(8, 0x1234n, true);
  v.setBigUint64(24, 0x5n, true);
  v.setBigInt64(40, usn, true);
  v.setUint32(48, 0x2, true);
  v.setUint32(56, 0, true);
  v.setUint16(60, extents.length, true);
  v.setUint16(62, 16, true);
  extents.forEach(([offset, size], i) => {
    v.setBigInt64(64 + 16 * i, offset, true);
    v.setBigInt64(72 + 16 * i, size, true);
  });
  return out;
}

/** The output buffer: the next USN, then the records. */
export function usnPage(nextUsn: bigint, ...records: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(8 + records.reduce((n, r) => n + r.length, 0));
  new DataView(out.buffer).setBigInt64(0, nextUsn, true);
  let at = 8;
  for (const r of records) {
    out.set(r, at);
    at += r.length;
  }
  return out;
}

export interface JournalFields {
  journalId: bigint;
  firstUsn: bigint;
  nextUsn: bigint;
  lowestValidUsn: bigint;
  maxUsn: bigint;
  maximumSize: bigint;
  allocationDelta: bigint;
  minSupported?: number;
  maxSupported?: number;
  flags?: number;
}

/** USN_JOURNAL_DATA_V0 (56 bytes), V1 (60 + padding = 64), V2 (80). */
export function usnJournalData(version: 0 | 1 | 2, f: JournalFields): Uint8Array {
  const out = new Uint8Array(version === 0 ? 56 : version === 1 ? 64 : 80);
  const v = new DataView(out.buffer);
  v.setBigUint64(0, f.journalId, true);
  v.setBigInt64(8, f.firstUsn, true);
  v.setBigInt64(16, f.nextUsn, true);
  v.setBigInt64(24, f.lowestValidUsn, true);
  v.setBigInt64(32, f.maxUsn, true);
  v.setBigUint64(40, f.maximumSize, true);
  v.setBigUint64(48, f.allocationDelta, true);
  if (version >= 1) {
    v.setUint16(56, f.minSupported ?? 2, true);
    v.setUint16(58, f.maxSupported ?? 4, true);
  }
  if (version === 2) {
    v.setUint32(60, f.flags ?? 0, true);
    v.setBigUint64(64, 0x10000n, true);
    v.setBigInt64(72, 0x100000n, true);
  }
  return out;
}

/**
 * `USN_REASON_*` flags of a change-journal record's `Reason` member (winioctl.h; Microsoft Learn,
 * "USN_RECORD_V2 structure", Reason). A record carries the OR of every change made to the file since
 * it was opened; the record written at the close adds `USN_REASON_CLOSE`.
 */
export const USN_REASON = {
  DATA_OVERWRITE: 0x0000_0001,
  DATA_EXTEND: 0x0000_0002,
  DATA_TRUNCATION: 0x0000_0004,
  NAMED_DATA_OVERWRITE: 0x0000_0010,
  NAMED_DATA_EXTEND: 0x0000_0020,
  NAMED_DATA_TRUNCATION: 0x0000_0040,
  FILE_CREATE: 0x0000_0100,
  FILE_DELETE: 0x0000_0200,
  EA_CHANGE: 0x0000_0400,
  SECURITY_CHANGE: 0x0000_0800,
  RENAME_OLD_NAME: 0x0000_1000,
  RENAME_NEW_NAME: 0x0000_2000,
  INDEXABLE_CHANGE: 0x0000_4000,
  BASIC_INFO_CHANGE: 0x0000_8000,
  HARD_LINK_CHANGE: 0x0001_0000,
  COMPRESSION_CHANGE: 0x0002_0000,
  ENCRYPTION_CHANGE: 0x0004_0000,
  OBJECT_ID_CHANGE: 0x0008_0000,
  REPARSE_POINT_CHANGE: 0x0010_0000,
  STREAM_CHANGE: 0x0020_0000,
  TRANSACTED_CHANGE: 0x0040_0000,
  INTEGRITY_CHANGE: 0x0080_0000,
  DESIRED_STORAGE_CLASS_CHANGE: 0x0100_0000,
  CLOSE: 0x8000_0000,
} as const;

export type UsnReasonName = keyof typeof USN_REASON;

const ENTRIES = Object.entries(USN_REASON) as [UsnReasonName, number][];

/** The names of the flags set in a Reason mask, in the order of the header; unknown bits are dropped. */
export function usnReasonNames(mask: number): UsnReasonName[] {
  return ENTRIES.filter(([, bit]) => (mask & bit) >>> 0 === bit).map(([name]) => name);
}

/** True when every bit of `flag` is set in `mask` (the masks use the sign bit, so compare unsigned). */
export function hasReason(mask: number, flag: number): boolean {
  return (mask & flag) >>> 0 === flag >>> 0;
}

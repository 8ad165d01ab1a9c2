/**
 * The input of `FSCTL_READ_USN_JOURNAL`, `READ_USN_JOURNAL_DATA_V0` (Microsoft Learn,
 * "READ_USN_JOURNAL_DATA_V0 structure (winioctl.h)"), 40 bytes:
 *
 *   0  8  StartUsn           the record to start at (0: the first one)
 *   8  4  ReasonMask         which changes to return: here every one
 *   12 4  ReturnOnlyOnClose  0: every record, not only those written when a file is closed
 *   16 8  Timeout            0: never wait
 *   24 8  BytesToWaitFor     0: return at once, even with nothing new (the scanner reads, never waits)
 *   32 8  UsnJournalID       the journal the caller queried; a different one fails the call
 *
 * V0 asks for USN_RECORD_V2 records, which carry NTFS's 64-bit references.
 */

export const READ_USN_JOURNAL_DATA_V0_SIZE = 40;
/** Every USN_REASON_* bit. */
export const ALL_REASONS = 0xffff_ffff;

export function readJournalRequest(startUsn: bigint, journalId: bigint): Uint8Array {
  const out = new Uint8Array(READ_USN_JOURNAL_DATA_V0_SIZE);
  const view = new DataView(out.buffer);
  view.setBigInt64(0, startUsn, true);
  view.setUint32(8, ALL_REASONS, true);
  view.setUint32(12, 0, true);
  view.setBigUint64(16, 0n, true);
  view.setBigUint64(24, 0n, true);
  view.setBigUint64(32, journalId, true);
  return out;
}

/** NTFS splits a 64-bit file reference into the MFT entry (low 48 bits) and its sequence number. */
export function ntfsReferenceParts(reference: bigint): { entry: number; sequence: number } {
  return {
    entry: Number(reference & 0xffff_ffff_ffffn),
    sequence: Number((reference >> 48n) & 0xffffn),
  };
}

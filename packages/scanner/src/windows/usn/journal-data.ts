/**
 * The answer of `FSCTL_QUERY_USN_JOURNAL`: `USN_JOURNAL_DATA_V0` (56 bytes), `_V1` (adds the
 * supported record versions; 64 bytes with its padding) or `_V2` (adds range tracking; 80 bytes).
 * Layout from Microsoft Learn, "USN_JOURNAL_DATA_V0 / V1 / V2 structure (winioctl.h)":
 *
 *   0  8  UsnJournalID      the journal's identity: a new journal (deleted and created again) has a new one
 *   8  8  FirstUsn          the first record that can still be read
 *   16 8  NextUsn           the next record to be written
 *   24 8  LowestValidUsn    the first record written by this journal instance
 *   32 8  MaxUsn            the largest USN the journal supports
 *   40 8  MaximumSize       target size in bytes
 *   48 8  AllocationDelta   bytes added and removed at a time
 *   V1: 56 2 MinSupportedMajorVersion, 58 2 MaxSupportedMajorVersion
 *   V2: 60 4 Flags, 64 8 RangeTrackChunkSize, 72 8 RangeTrackFileSizeThreshold
 *
 * USNs are byte offsets into the journal's `$J` stream (signed 64-bit); they stay bigint here.
 */

export interface UsnJournalData {
  /** 0, 1 or 2: which structure the answer's length shows. */
  version: 0 | 1 | 2;
  journalId: bigint;
  firstUsn: bigint;
  nextUsn: bigint;
  lowestValidUsn: bigint;
  maxUsn: bigint;
  maximumSize: bigint;
  allocationDelta: bigint;
  /** V1 and later; null in a V0 answer. */
  minSupportedMajorVersion: number | null;
  maxSupportedMajorVersion: number | null;
  /** V2 only: FLAG_USN_TRACK_MODIFIED_RANGES_ENABLE (1) when range tracking (V4 records) is on. */
  flags: number | null;
}

export type UsnJournalDataResult = { ok: true; journal: UsnJournalData } | { ok: false; reason: string };

const V0_SIZE = 56;
/** The V1 members end at 60; the structure is padded to 64, but 60 bytes hold every member. */
const V1_END = 60;
/** V2 is 80 bytes; a 64-byte answer is V1 with its padding. */
const V2_SIZE = 80;

export function parseUsnJournalData(bytes: Uint8Array): UsnJournalDataResult {
  if (bytes.length < V0_SIZE)
    return {
      ok: false,
      reason: `the journal's description is ${bytes.length} bytes; USN_JOURNAL_DATA_V0 is ${V0_SIZE}`,
    };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = bytes.length >= V2_SIZE ? 2 : bytes.length >= V1_END ? 1 : 0;
  const journal: UsnJournalData = {
    version,
    journalId: view.getBigUint64(0, true),
    firstUsn: view.getBigInt64(8, true),
    nextUsn: view.getBigInt64(16, true),
    lowestValidUsn: view.getBigInt64(24, true),
    maxUsn: view.getBigInt64(32, true),
    maximumSize: view.getBigUint64(40, true),
    allocationDelta: view.getBigUint64(48, true),
    minSupportedMajorVersion: version >= 1 ? view.getUint16(56, true) : null,
    maxSupportedMajorVersion: version >= 1 ? view.getUint16(58, true) : null,
    flags: version === 2 ? view.getUint32(60, true) : null,
  };
  if (journal.firstUsn < 0n || journal.nextUsn < journal.firstUsn)
    return {
      ok: false,
      reason: `the journal's first record (${journal.firstUsn}) is past its next one (${journal.nextUsn}) or negative`,
    };
  return { ok: true, journal };
}

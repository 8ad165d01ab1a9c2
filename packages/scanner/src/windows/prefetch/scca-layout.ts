import { FormatError } from './format-error.js';

/**
 * Where the fields this reader needs sit in each SCCA format version, from libyal's "Windows Prefetch
 * File (PF) format" (sections "File information" and "Volume information entry"). Offsets count from
 * the start of the (decompressed) file; the file information follows the 84-byte file header.
 */
export interface SccaLayout {
  /** End of the file information: the smallest file that holds every field below. */
  readonly headerEnd: number;
  readonly lastRunOffset: number;
  /** 1 before Windows 8, then 8, most recent first. */
  readonly lastRunCount: number;
  readonly runCountOffset: number;
  readonly volumeEntrySize: number;
}

export const FILE_HEADER_SIZE = 84;

const V17: SccaLayout = {
  headerEnd: FILE_HEADER_SIZE + 68,
  lastRunOffset: FILE_HEADER_SIZE + 36,
  lastRunCount: 1,
  runCountOffset: FILE_HEADER_SIZE + 60,
  volumeEntrySize: 40,
};
const V23: SccaLayout = {
  headerEnd: FILE_HEADER_SIZE + 156,
  lastRunOffset: FILE_HEADER_SIZE + 44,
  lastRunCount: 1,
  runCountOffset: FILE_HEADER_SIZE + 68,
  volumeEntrySize: 104,
};
const V26: SccaLayout = {
  headerEnd: FILE_HEADER_SIZE + 220,
  lastRunOffset: FILE_HEADER_SIZE + 44,
  lastRunCount: 8,
  runCountOffset: FILE_HEADER_SIZE + 124,
  volumeEntrySize: 104,
};
/** Version 30, variant 1: the version 26 file information, with 96-byte volume entries. */
const V30_VARIANT_1: SccaLayout = { ...V26, volumeEntrySize: 96 };
/** Version 30, variant 2 (later Windows 10 and 11): 8 unknown bytes fewer before the run count. */
const V30_VARIANT_2: SccaLayout = {
  headerEnd: FILE_HEADER_SIZE + 212,
  lastRunOffset: FILE_HEADER_SIZE + 44,
  lastRunCount: 8,
  runCountOffset: FILE_HEADER_SIZE + 116,
  volumeEntrySize: 96,
};

/** The two version 30 variants are told apart by where the file metrics array starts. */
const V30_VARIANT_1_METRICS_OFFSET = 0x130;
const V30_VARIANT_2_METRICS_OFFSET = 0x128;

/**
 * Version 31 (written by current Windows 11) is not in libyal's document; PECmd and plaso's libscca read it
 * with the version 30 layout, and so do we (docs/scan-client.md, "Windows Prefetch", says where that
 * was checked on files from real machines).
 */
export function sccaLayout(version: number, metricsOffset: number): SccaLayout {
  switch (version) {
    case 17:
      return V17;
    case 23:
      return V23;
    case 26:
      return V26;
    case 30:
    case 31:
      if (metricsOffset === V30_VARIANT_1_METRICS_OFFSET) return V30_VARIANT_1;
      if (metricsOffset === V30_VARIANT_2_METRICS_OFFSET) return V30_VARIANT_2;
      throw new FormatError(
        'unsupported-version',
        `a version ${version} file with its metrics array at 0x${metricsOffset.toString(16)} is neither known variant`,
        FILE_HEADER_SIZE,
      );
    default:
      throw new FormatError(
        'unsupported-version',
        `SCCA format version ${version} is not one of 17, 23, 26, 30 and 31`,
        0,
      );
  }
}

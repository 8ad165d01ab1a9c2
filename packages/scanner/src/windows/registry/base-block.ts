import { filetimeToIso } from '../filetime-iso.js';
import { HiveFormatError } from './hive-format-error.js';

/**
 * The 4096-byte base block at the start of a hive file (libyal regf format document, "File header").
 */
export interface HiveHeader {
  primarySequence: number;
  secondarySequence: number;
  /** The hive was not synchronised at its last write: some changes may live only in its .LOG files. */
  dirty: boolean;
  lastWritten: string | null;
  majorVersion: number;
  minorVersion: number;
  /** Offset of the root key cell, relative to the first hive bin. */
  rootOffset: number;
  /** Bytes of hive bins after the base block. */
  binsSize: number;
  /** XOR-32 of the first 508 bytes matches the stored checksum. Windows repairs a mismatch from the
   * logs; a copy taken from a running system can have one, so it is reported rather than refused. */
  checksumValid: boolean;
  /** The last part of the hive's own path, as Windows noted it (often truncated). */
  fileName: string;
}

export const BASE_BLOCK_SIZE = 4096;
const HBIN_SIZE_UNIT = 4096;
const FILE_TYPE_PRIMARY = 0;

export function readBaseBlock(bytes: Uint8Array): HiveHeader {
  if (bytes.length < BASE_BLOCK_SIZE) {
    throw new HiveFormatError(
      'truncated',
      0,
      `a hive is at least ${BASE_BLOCK_SIZE} bytes, this has ${bytes.length}`,
    );
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, BASE_BLOCK_SIZE);
  if (String.fromCharCode(...bytes.subarray(0, 4)) !== 'regf') {
    throw new HiveFormatError('bad-signature', 0, 'the file does not start with "regf"');
  }
  const majorVersion = view.getUint32(20, true);
  if (majorVersion !== 1) {
    throw new HiveFormatError('bad-version', 20, `major version ${majorVersion}, only 1 exists`);
  }
  const fileType = view.getUint32(28, true);
  if (fileType !== FILE_TYPE_PRIMARY) {
    throw new HiveFormatError(
      'not-a-primary-hive',
      28,
      `file type ${fileType}: a transaction log, not a hive`,
    );
  }
  const binsSize = view.getUint32(40, true);
  if (binsSize === 0 || binsSize % HBIN_SIZE_UNIT !== 0) {
    throw new HiveFormatError('bad-bin', 40, `hive bins size ${binsSize} is not a positive multiple of 4096`);
  }
  if (BASE_BLOCK_SIZE + binsSize > bytes.length) {
    throw new HiveFormatError(
      'truncated',
      40,
      `the header announces ${binsSize} bytes of hive bins but the file has ${bytes.length - BASE_BLOCK_SIZE}`,
    );
  }
  let checksum = 0;
  for (let at = 0; at < 508; at += 4) checksum ^= view.getUint32(at, true);
  const primarySequence = view.getUint32(4, true);
  const secondarySequence = view.getUint32(8, true);
  const nameBytes = bytes.subarray(48, 112);
  let fileName = new TextDecoder('utf-16le').decode(nameBytes);
  const nul = fileName.indexOf('\0');
  if (nul >= 0) fileName = fileName.slice(0, nul);
  return {
    primarySequence,
    secondarySequence,
    dirty: primarySequence !== secondarySequence,
    lastWritten: filetimeToIso(view.getBigUint64(12, true)),
    majorVersion,
    minorVersion: view.getUint32(24, true),
    rootOffset: view.getUint32(36, true),
    binsSize,
    checksumValid: checksum >>> 0 === view.getUint32(508, true),
    fileName,
  };
}

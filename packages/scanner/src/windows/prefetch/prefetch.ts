import { filetimeToIso } from '../filetime-iso.js';
import { FormatError } from './format-error.js';
import { decompressMam, isMam } from './mam.js';
import { FILE_HEADER_SIZE, sccaLayout } from './scca-layout.js';
import { utf16Strings, utf16UpToNul } from './utf16.js';

/**
 * A Windows Prefetch file (`C:\Windows\Prefetch\*.pf`), SCCA format versions 17 (XP, 2003), 23 (Vista,
 * 7), 26 (8, 8.1), 30 (10, 11, compressed in a MAM container) and 31 (current Windows 11, read with
 * the version 30 layout as PECmd and plaso's libscca do), per libyal's "Windows Prefetch File (PF)
 * format". docs/scan-client.md says what each field proves.
 */
export interface PrefetchFile {
  version: number;
  /** The executable's file name as Windows stored it (at most 29 characters). */
  executable: string;
  /** The prefetch hash, 8 upper-case hex digits, as in the file name `NAME.EXE-HASH.pf`. */
  hash: string;
  runCount: number;
  /** Last run times, most recent first, ISO 8601 UTC with milliseconds; unset (zero) entries dropped. */
  lastRuns: string[];
  /** Full device paths of the files the executable loaded in its first seconds, in file order. */
  files: string[];
  volumes: PrefetchVolume[];
}

export interface PrefetchVolume {
  /** e.g. `\VOLUME{01d2...-1234abcd}` or `\DEVICE\HARDDISKVOLUME2`. */
  devicePath: string;
  /** The volume serial number, 8 upper-case hex digits. */
  serial: string;
  /** The volume's creation time, ISO 8601 UTC, or null when not set. */
  createdAt: string | null;
}

const SIGNATURE = 'SCCA';
/** The executable name field: 60 bytes, 29 UTF-16 characters and their terminator. */
const EXECUTABLE_NAME_OFFSET = 16;
const EXECUTABLE_NAME_BYTES = 60;
const HASH_OFFSET = 76;

/** Reads a Prefetch file, compressed (`MAM`) or not. Throws `FormatError` when it cannot. */
export function readPrefetch(bytes: Uint8Array): PrefetchFile {
  return readScca(isMam(bytes) ? decompressMam(bytes) : bytes);
}

/** Reads the uncompressed SCCA form. */
export function readScca(bytes: Uint8Array): PrefetchFile {
  if (bytes.length < 8)
    throw new FormatError('truncated', 'the file is shorter than its signature', bytes.length);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (String.fromCharCode(...bytes.subarray(4, 8)) !== SIGNATURE) {
    throw new FormatError('bad-signature', 'bytes 4 to 7 are not "SCCA" (nor is it a MAM file)', 4);
  }
  const version = view.getUint32(0, true);
  // Every version's file information starts with the metrics array offset, which tells the two
  // version 30 variants apart.
  if (bytes.length < FILE_HEADER_SIZE + 4) {
    throw new FormatError('truncated', 'the file header is cut off', bytes.length);
  }
  const layout = sccaLayout(version, view.getUint32(FILE_HEADER_SIZE, true));
  if (bytes.length < layout.headerEnd) {
    throw new FormatError(
      'truncated',
      `a version ${version} file needs ${layout.headerEnd} bytes of header, it has ${bytes.length}`,
      bytes.length,
    );
  }
  const u32 = (at: number) => view.getUint32(at, true);

  const lastRuns: string[] = [];
  for (let i = 0; i < layout.lastRunCount; i++) {
    const time = filetimeToIso(view.getBigUint64(layout.lastRunOffset + 8 * i, true));
    if (time !== null) lastRuns.push(time);
  }

  const namesStart = u32(FILE_HEADER_SIZE + 16);
  const namesSize = u32(FILE_HEADER_SIZE + 20);
  checkRange(bytes, namesStart, namesSize, 'filename strings', FILE_HEADER_SIZE + 16);

  return {
    version,
    executable: utf16UpToNul(bytes, EXECUTABLE_NAME_OFFSET, EXECUTABLE_NAME_OFFSET + EXECUTABLE_NAME_BYTES),
    hash: u32(HASH_OFFSET).toString(16).toUpperCase().padStart(8, '0'),
    runCount: u32(layout.runCountOffset),
    lastRuns,
    files: utf16Strings(bytes, namesStart, namesStart + namesSize),
    volumes: readVolumes(bytes, view, layout.volumeEntrySize),
  };
}

function readVolumes(bytes: Uint8Array, view: DataView, entrySize: number): PrefetchVolume[] {
  const u32 = (at: number) => view.getUint32(at, true);
  const start = u32(FILE_HEADER_SIZE + 24);
  const count = u32(FILE_HEADER_SIZE + 28);
  const size = u32(FILE_HEADER_SIZE + 32);
  if (count === 0) return [];
  checkRange(bytes, start, size, 'volumes information', FILE_HEADER_SIZE + 24);
  // The count is bounded by the section size before any loop runs on it.
  if (count * entrySize > size) {
    throw new FormatError(
      'out-of-bounds',
      `${count} volume entries of ${entrySize} bytes do not fit the ${size}-byte volumes information`,
      FILE_HEADER_SIZE + 28,
    );
  }
  const volumes: PrefetchVolume[] = [];
  for (let i = 0; i < count; i++) {
    const entry = start + i * entrySize;
    const pathOffset = u32(entry);
    const pathChars = u32(entry + 4);
    // The device path offset counts from the start of the volumes information.
    checkRange(bytes, start + pathOffset, pathChars * 2, `volume ${i + 1} device path`, entry);
    if (pathOffset + pathChars * 2 > size) {
      throw new FormatError(
        'out-of-bounds',
        `volume ${i + 1} device path ends outside the volumes information`,
        entry,
      );
    }
    volumes.push({
      devicePath: utf16UpToNul(bytes, start + pathOffset, start + pathOffset + pathChars * 2),
      serial: u32(entry + 16)
        .toString(16)
        .toUpperCase()
        .padStart(8, '0'),
      createdAt: filetimeToIso(view.getBigUint64(entry + 8, true)),
    });
  }
  return volumes;
}

/** Throws unless `[start, start + size)` lies inside `bytes`. */
function checkRange(bytes: Uint8Array, start: number, size: number, what: string, fieldOffset: number): void {
  if (start > bytes.length || size > bytes.length - start) {
    throw new FormatError(
      'out-of-bounds',
      `the ${what} (${size} bytes at ${start}) lie outside the ${bytes.length}-byte file`,
      fieldOffset,
    );
  }
}

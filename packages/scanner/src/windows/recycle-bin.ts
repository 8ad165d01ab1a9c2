import { filetimeToIso, readFiletime } from './filetime-iso.js';

/**
 * Recycle Bin `$I` files (`<drive>:\$Recycle.Bin\<SID>\$I<id>.<ext>`, Windows Vista and later): the
 * original path, size and deletion time of a file whose data sits beside it as `$R<id>.<ext>` until
 * the bin is emptied. Layout from libyal's "Windows Recycle.Bin file formats" document:
 *
 *   0  8  version: 1 (Vista to 8.1) or 2 (Windows 10 and later)
 *   8  8  original file size in bytes
 *   16 8  deletion time, FILETIME
 *   version 1: 24  520  original path, UTF-16LE, NUL-terminated, in a fixed 260-character field
 *   version 2: 24  4    path length in characters, terminating NUL included
 *              28  ...  original path, UTF-16LE
 */

export interface RecycleBinEntry {
  version: 1 | 2;
  originalPath: string;
  /** Size in bytes of the deleted file (of a folder: the total of its contents). */
  size: number;
  /** ISO 8601 UTC with milliseconds, or null if the time is unset. */
  deletedAt: string | null;
}

export type RecycleBinErrorCode = 'truncated' | 'unknown-version' | 'bad-path' | 'bad-size';

export class RecycleBinFormatError extends Error {
  override readonly name = 'RecycleBinFormatError';
  constructor(
    readonly code: RecycleBinErrorCode,
    readonly offset: number,
    message: string,
  ) {
    super(`${message} (at offset ${offset})`);
  }
}

const HEADER_SIZE = 24;
const V1_PATH_BYTES = 520;
/** The longest path Windows accepts (32,767 characters); a longer length field is damage. */
const MAX_PATH_CHARACTERS = 32_767;

const utf16 = new TextDecoder('utf-16le', { fatal: false });

function pathUpToNul(bytes: Uint8Array, offset: number): string {
  const text = utf16.decode(bytes.length % 2 === 0 ? bytes : bytes.subarray(0, bytes.length - 1));
  const nul = text.indexOf('\0');
  const path = nul >= 0 ? text.slice(0, nul) : text;
  if (path === '') throw new RecycleBinFormatError('bad-path', offset, 'the original path is empty');
  return path;
}

export function parseRecycleBinInfo(bytes: Uint8Array): RecycleBinEntry {
  if (bytes.length < HEADER_SIZE) {
    throw new RecycleBinFormatError(
      'truncated',
      bytes.length,
      `a $I file has a ${HEADER_SIZE}-byte header, this has ${bytes.length} bytes`,
    );
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getBigUint64(0, true);
  if (version !== 1n && version !== 2n) {
    throw new RecycleBinFormatError('unknown-version', 0, `version ${version}; only 1 and 2 exist`);
  }
  const size = view.getBigUint64(8, true);
  if (size > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RecycleBinFormatError('bad-size', 8, `original size ${size} is beyond any disk`);
  }
  const deletedAt = filetimeToIso(readFiletime(bytes, 16));
  let originalPath: string;
  if (version === 1n) {
    if (bytes.length < HEADER_SIZE + V1_PATH_BYTES) {
      throw new RecycleBinFormatError(
        'truncated',
        bytes.length,
        `a version 1 $I file is ${HEADER_SIZE + V1_PATH_BYTES} bytes, this has ${bytes.length}`,
      );
    }
    originalPath = pathUpToNul(bytes.subarray(HEADER_SIZE, HEADER_SIZE + V1_PATH_BYTES), HEADER_SIZE);
  } else {
    if (bytes.length < HEADER_SIZE + 4) {
      throw new RecycleBinFormatError(
        'truncated',
        bytes.length,
        'a version 2 $I file ends before its path length',
      );
    }
    const characters = view.getUint32(HEADER_SIZE, true);
    if (characters === 0 || characters > MAX_PATH_CHARACTERS) {
      throw new RecycleBinFormatError('bad-path', HEADER_SIZE, `path length ${characters} characters`);
    }
    const end = HEADER_SIZE + 4 + characters * 2;
    if (end > bytes.length) {
      throw new RecycleBinFormatError(
        'truncated',
        bytes.length,
        `the path needs bytes up to ${end}, the file has ${bytes.length}`,
      );
    }
    originalPath = pathUpToNul(bytes.subarray(HEADER_SIZE + 4, end), HEADER_SIZE + 4);
  }
  return { version: version === 1n ? 1 : 2, originalPath, size: Number(size), deletedAt };
}

/** The `$R` file holding the data of the `$I` file named `infoName` (`$IAB12CD.exe` → `$RAB12CD.exe`). */
export function recycledDataName(infoName: string): string | null {
  return /^\$I/i.test(infoName) ? `$R${infoName.slice(2)}` : null;
}

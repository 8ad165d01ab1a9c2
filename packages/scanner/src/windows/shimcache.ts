import { filetimeToIso, readFiletime } from './filetime-iso.js';
import { utf16String } from './registry/value-data.js';

/**
 * The Application Compatibility Cache ("ShimCache"): the `AppCompatCache` REG_BINARY value of
 * `SYSTEM\ControlSet00N\Control\Session Manager\AppCompatCache`. Microsoft does not document it; the
 * layouts below follow the public write-ups (Mandiant, Andrew Davis, "Leveraging the Application
 * Compatibility Cache in Forensic Investigations"; libyal winreg-kb, "Application compatibility
 * cache"; Eric Zimmerman's AppCompatCacheParser documentation), checked on real Windows 10 hives
 * (docs/scan-client.md, "ShimCache").
 *
 * Windows 10 and 11: a header whose first 4 bytes give its own size (0x30 before 1607, 0x34 after),
 * then entries, newest first:
 *
 *   0  "10ts"  4  unknown (a hash)  8  entry data size (bytes after this field)
 *   12 path size (bytes)  14 path (UTF-16LE, no NUL)  then last-modified FILETIME (8), data size (4), data
 *
 * Windows 8.0 ("00ts") and 8.1 ("10ts"), header size 0x80: after the path, a package name (2-byte
 * size, UTF-16LE), the insertion flags (4) and shim flags (4), then the FILETIME, data size and data.
 * Bit 0x2 of the insertion flags is the "executed" flag (Mandiant). Windows 10 dropped that flag: its
 * entries say that the program was present, not that it ran.
 *
 * Older layouts (Windows XP `0xDEADBEEF`, 2003/Vista `0xBADC0FFE`, 7 `0xBADC0FEE`) are named and not
 * read. A damaged entry ends the walk; the entries before it are kept and the stop is explained.
 */

export type ShimCacheFormat = 'windows-10' | 'windows-8.0' | 'windows-8.1';

export interface ShimCacheEntry {
  /** 0 is the entry Windows inserted or refreshed last (the cache is kept newest first). */
  position: number;
  /**
   * The program's path as Windows wrote it (`C:\…`, sometimes `\??\C:\…` or 8.3 short names); for a
   * packaged (Store) app, its package family name (`Name_publisherId`).
   */
  path: string;
  kind: 'file' | 'packaged-app';
  /** The file's last-modified time when it was cached (NTFS $STANDARD_INFORMATION), not a run time. */
  lastModified: string | null;
  /** Windows 8.x's insertion flag 0x2; null on Windows 10 and 11, which do not record it. */
  executed: boolean | null;
}

export type ShimCacheParse =
  | {
      ok: true;
      format: ShimCacheFormat;
      headerSize: number;
      entries: ShimCacheEntry[];
      /** Why the walk stopped before the end of the value, or null if every byte was read. */
      stopped: string | null;
    }
  | { ok: false; reason: string };

const SIGNATURE_10 = 0x73743031; // "10ts" read little-endian
const SIGNATURE_00 = 0x73743030; // "00ts"
const WINDOWS_8_HEADER = 0x80;
/** Windows keeps at most 1024 entries (Windows 10, 11); anything past a generous bound is damage. */
const MAX_ENTRIES = 4096;
const MAX_PATH_BYTES = 0x10000;

const OLDER_LAYOUTS = new Map<number, string>([
  [0xdeadbeef, 'Windows XP'],
  [0xbadc0ffe, 'Windows Server 2003 or Vista'],
  [0xbadc0fee, 'Windows 7'],
]);

export function parseAppCompatCache(value: Uint8Array): ShimCacheParse {
  if (value.length < 4)
    return { ok: false, reason: `the value is ${value.length} bytes, too short for a header` };
  const view = new DataView(value.buffer, value.byteOffset, value.byteLength);
  const first = view.getUint32(0, true);
  const older = OLDER_LAYOUTS.get(first);
  if (older !== undefined) return { ok: false, reason: `the ${older} layout is not read` };
  if (first >= value.length) {
    // A cache with no entry is its header alone; only Windows 10 and 11's header sizes are known.
    if (first < WINDOWS_8_HEADER && value.length === first) {
      return { ok: true, format: 'windows-10', headerSize: first, entries: [], stopped: null };
    }
    if (value.length === first) {
      return {
        ok: false,
        reason: `the value is a ${first}-byte header with no entry: its layout cannot be told`,
      };
    }
    return { ok: false, reason: `the header says it is ${first} bytes, the value is ${value.length}` };
  }
  if (value.length < first + 4) return { ok: false, reason: 'the value ends inside its first entry' };
  const signature = view.getUint32(first, true);
  let format: ShimCacheFormat;
  if (first === WINDOWS_8_HEADER && signature === SIGNATURE_00) format = 'windows-8.0';
  else if (first === WINDOWS_8_HEADER && signature === SIGNATURE_10) format = 'windows-8.1';
  else if (first < WINDOWS_8_HEADER && signature === SIGNATURE_10) format = 'windows-10';
  else {
    return {
      ok: false,
      reason: `unknown layout: header size 0x${first.toString(16)}, no entry signature after it`,
    };
  }
  return walk(value, view, first, format);
}

function walk(
  value: Uint8Array,
  view: DataView,
  headerSize: number,
  format: ShimCacheFormat,
): ShimCacheParse {
  const wanted = format === 'windows-8.0' ? SIGNATURE_00 : SIGNATURE_10;
  const entries: ShimCacheEntry[] = [];
  let at = headerSize;
  let stopped: string | null = null;
  while (at < value.length) {
    if (entries.length >= MAX_ENTRIES) {
      stopped = `more than ${MAX_ENTRIES} entries: the rest is not read`;
      break;
    }
    if (at + 12 > value.length) {
      stopped = `entry ${entries.length} at byte ${at}: ${value.length - at} bytes left, too few for an entry header`;
      break;
    }
    if (view.getUint32(at, true) !== wanted) {
      stopped = `entry ${entries.length} at byte ${at}: no entry signature`;
      break;
    }
    const end = at + 12 + view.getUint32(at + 8, true);
    if (end > value.length) {
      stopped = `entry ${entries.length} at byte ${at}: its size runs past the end of the value`;
      break;
    }
    const entry = readEntry(value, view, at + 12, end, format, entries.length);
    if (typeof entry === 'string') {
      stopped = `entry ${entries.length} at byte ${at}: ${entry}`;
      break;
    }
    entries.push(entry);
    at = end;
  }
  return { ok: true, format, headerSize, entries, stopped };
}

/** One entry's body, between its 12-byte header and `end`; a string says what does not fit. */
function readEntry(
  value: Uint8Array,
  view: DataView,
  start: number,
  end: number,
  format: ShimCacheFormat,
  position: number,
): ShimCacheEntry | string {
  let at = start;
  const need = (n: number, what: string): string | null =>
    at + n > end ? `its ${what} runs past the entry's end` : null;
  const short = need(2, 'path size');
  if (short !== null) return short;
  const pathSize = view.getUint16(at, true);
  at += 2;
  if (pathSize > MAX_PATH_BYTES || pathSize % 2 !== 0) return `path size ${pathSize} is not a UTF-16 path`;
  const noPath = need(pathSize, 'path');
  if (noPath !== null) return noPath;
  const raw = utf16String(value.subarray(at, at + pathSize));
  at += pathSize;
  let executed: boolean | null = null;
  if (format !== 'windows-10') {
    const noPackage = need(2, 'package size');
    if (noPackage !== null) return noPackage;
    const packageSize = view.getUint16(at, true);
    at += 2 + packageSize;
    const noFlags = need(8, 'flags');
    if (noFlags !== null) return noFlags;
    executed = (view.getUint32(at, true) & 0x2) !== 0;
    at += 8;
  }
  const noTime = need(12, 'time and data size');
  if (noTime !== null) return noTime;
  const lastModified = filetimeToIso(readFiletime(value, at));
  const dataSize = view.getUint32(at + 8, true);
  at += 12;
  if (at + dataSize > end) return `its data (${dataSize} bytes) runs past the entry's end`;
  const packaged = packagedApp(raw);
  return {
    position,
    path: packaged ?? raw,
    kind: packaged === null ? 'file' : 'packaged-app',
    lastModified,
    executed,
  };
}

/**
 * Windows 10 caches packaged (Store) apps too, with a tab-separated "path" whose fields end with the
 * architecture, the package name and the publisher id (seen on the real Windows 10 hives, e.g.
 * `00000009\t…\t…\t8664\tmicrosoft.windowscommunicationsapps\t8wekyb3d8bbwe\t`). Kept as the package
 * family name, the form BAM uses; null for a file path.
 */
function packagedApp(raw: string): string | null {
  if (!raw.includes('\t')) return null;
  const fields = raw.split('\t').filter((f) => f !== '');
  const name = fields.at(-2);
  const publisher = fields.at(-1);
  if (fields.length < 3 || name === undefined || publisher === undefined) return raw.replaceAll('\t', ' ');
  return `${name}_${publisher}`;
}

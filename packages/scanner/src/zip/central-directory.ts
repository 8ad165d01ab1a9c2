import { Inflate } from 'fflate';

/**
 * Where each entry of a zip archive is, from its central directory (PKWARE's APPNOTE.TXT, sections
 * 4.3.12 to 4.3.16, and ZIP64's 4.3.14 and 4.5.3): what the Java runtime reads to open a jar, so an
 * archive whose local headers say otherwise is read the way the game reads it. fflate reads archives
 * whole but does not say where an entry's bytes are, which a bounded read needs.
 */
export interface ZipEntryLocation {
  name: string;
  /** 0 stored, 8 deflated; anything else is not read. */
  method: number;
  compressedSize: number;
  /** As the directory declares it: a damaged or hostile archive may lie, so reads are bounded anyway. */
  size: number;
  localHeader: number;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX16 = 0xffff;
const MAX32 = 0xffffffff;

const utf8 = new TextDecoder();

function view(data: Uint8Array): DataView {
  return new DataView(data.buffer, data.byteOffset, data.byteLength);
}

/** The end-of-central-directory record: the last one, searched back over the longest comment. */
function endRecord(v: DataView): number {
  for (let at = v.byteLength - 22; at >= Math.max(0, v.byteLength - 22 - MAX16); at--)
    if (v.getUint32(at, true) === EOCD) return at;
  return -1;
}

/** A 64-bit size or offset, refused past what a JavaScript number holds exactly. */
function u64(v: DataView, at: number): number {
  const n = v.getBigUint64(at, true);
  return n > BigInt(Number.MAX_SAFE_INTEGER) ? -1 : Number(n);
}

/** Where the central directory is in the file, as its end record (or ZIP64's) says. */
export interface DirectoryPlace {
  count: number;
  /** Its offset in the file; -1 when a ZIP64 value is past what a number holds exactly. */
  offset: number;
  size: number;
}

/**
 * The central directory's place from the archive's last bytes (`tail`, which ends where the file
 * ends): the end record's, or, when the archive needs ZIP64's, where its ZIP64 end record is (to read
 * with `zip64Place`). Null when there is no end record.
 */
export function endPlace(tail: Uint8Array): DirectoryPlace | { zip64RecordAt: number } | null {
  if (tail.byteLength < 22) return null;
  const v = view(tail);
  const end = endRecord(v);
  if (end < 0) return null;
  const count = v.getUint16(end + 10, true);
  const offset = v.getUint32(end + 16, true);
  if ((count === MAX16 || offset === MAX32) && end >= 20 && v.getUint32(end - 20, true) === ZIP64_LOCATOR)
    return { zip64RecordAt: u64(v, end - 12) };
  return { count, offset, size: v.getUint32(end + 12, true) };
}

/** The place a ZIP64 end record (its first 56 bytes) gives, or null when it is none. */
export function zip64Place(record: Uint8Array): DirectoryPlace | null {
  if (record.byteLength < 56) return null;
  const v = view(record);
  if (v.getUint32(0, true) !== ZIP64_EOCD) return null;
  return { count: u64(v, 32), size: u64(v, 40), offset: u64(v, 48) };
}

/**
 * The records of a central directory read into `records` (its first byte the directory's first), at
 * most `count`: those before any damage.
 */
export function directoryRecords(records: Uint8Array, count: number): ZipEntryLocation[] {
  const v = view(records);
  const out: ZipEntryLocation[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > records.byteLength || v.getUint32(at, true) !== CENTRAL) break;
    const method = v.getUint16(at + 10, true);
    let compressedSize = v.getUint32(at + 20, true);
    let size = v.getUint32(at + 24, true);
    const nameLength = v.getUint16(at + 28, true);
    const extraLength = v.getUint16(at + 30, true);
    const commentLength = v.getUint16(at + 32, true);
    let localHeader = v.getUint32(at + 42, true);
    const nameStart = at + 46;
    if (nameStart + nameLength + extraLength > records.byteLength) break;
    // As the Java runtime decodes it: UTF-8, whether or not the archive sets its UTF-8 flag (bit 11),
    // since java.util.zip.ZipFile's default charset is UTF-8; bytes that are not UTF-8 become U+FFFD.
    const name = utf8.decode(records.subarray(nameStart, nameStart + nameLength));
    // ZIP64 extra field: the 64-bit values, in this order, of those the record marks as 0xFFFFFFFF.
    for (let e = nameStart + nameLength; e + 4 <= nameStart + nameLength + extraLength; ) {
      const id = v.getUint16(e, true);
      const length = v.getUint16(e + 2, true);
      if (id === 1) {
        let field = e + 4;
        const next = () => {
          const n = field + 8 <= e + 4 + length ? u64(v, field) : -1;
          field += 8;
          return n;
        };
        if (size === MAX32) size = next();
        if (compressedSize === MAX32) compressedSize = next();
        if (localHeader === MAX32) localHeader = next();
      }
      e += 4 + length;
    }
    out.push({ name, method, compressedSize, size, localHeader });
    at = nameStart + nameLength + extraLength + commentLength;
  }
  return out;
}

/** The entries of the central directory, or null when it cannot be found or none of its records read. */
export function centralDirectory(data: Uint8Array): ZipEntryLocation[] | null {
  let place = endPlace(data);
  if (place !== null && 'zip64RecordAt' in place) {
    const at = place.zip64RecordAt;
    place = at < 0 || at + 56 > data.byteLength ? null : zip64Place(data.subarray(at, at + 56));
  }
  if (place === null) return null;
  const { count, offset } = place;
  const out = offset < 0 || offset > data.byteLength ? [] : directoryRecords(data.subarray(offset), count);
  // An empty archive is one; a directory none of whose records could be read is not.
  return out.length > 0 || count === 0 ? out : null;
}

/** Inflated bytes are pushed this much compressed data at a time, so one push inflates ~16 MiB at most. */
const CHUNK = 16 * 1024;

class TooLarge extends Error {}

/**
 * One entry's bytes, at most `maxBytes` of them: null when it is larger (whatever the directory
 * declares: a zip bomb stops at the bound), damaged, or compressed in a way a jar never is.
 */
export function readEntry(data: Uint8Array, entry: ZipEntryLocation, maxBytes: number): Uint8Array | null {
  const v = view(data);
  const at = entry.localHeader;
  if (at < 0 || entry.compressedSize < 0 || at + 30 > data.byteLength || v.getUint32(at, true) !== LOCAL)
    return null;
  const start = at + 30 + v.getUint16(at + 26, true) + v.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  if (end > data.byteLength) return null;
  if (entry.method === 0) return entry.compressedSize <= maxBytes ? data.slice(start, end) : null;
  if (entry.method !== 8) return null;
  const parts: Uint8Array[] = [];
  let total = 0;
  const inflate = new Inflate((chunk) => {
    total += chunk.length;
    if (total > maxBytes) throw new TooLarge();
    parts.push(chunk);
  });
  try {
    for (let p = start; p < end; p += CHUNK)
      inflate.push(data.subarray(p, Math.min(p + CHUNK, end)), p + CHUNK >= end);
    if (start === end) inflate.push(new Uint8Array(0), true);
  } catch {
    return null;
  }
  const out = new Uint8Array(total);
  let o = 0;
  for (const part of parts) {
    out.set(part, o);
    o += part.length;
  }
  return out;
}

import { filetimeOf, utf16le } from '../fixtures/regf-image.js';

/**
 * AppCompatCache values laid out byte by byte from the public descriptions of the format (Mandiant's
 * ShimCacheParser white paper; libyal winreg-kb, "Application compatibility cache"), independent of
 * the reader: Windows 10/11 entries ("10ts", hash, entry data size, path size, path, FILETIME, data
 * size, data) after a header whose first 4 bytes are its own size, and Windows 8.x entries with the
 * package name and the insertion/shim flags between the path and the FILETIME.
 */

export interface BuiltEntry {
  path: string;
  /** ISO time, or null for a zero FILETIME (as packaged apps have). */
  modified: string | null;
  data?: Uint8Array;
  /** Windows 8.x only. */
  insertFlags?: number;
  packageName?: string;
}

function u16(n: number): Uint8Array {
  return Uint8Array.of(n & 0xff, n >> 8);
}

function u32(n: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n, true);
  return out;
}

function u64(n: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, n, true);
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

function entry(signature: string, body: Uint8Array, hash: number): Uint8Array {
  return concat([ascii(signature), u32(hash), u32(body.length), body]);
}

function timeOf(iso: string | null): Uint8Array {
  return u64(iso === null ? 0n : filetimeOf(iso));
}

/** A Windows 10/11 value: `headerSize` bytes of header (0x30 or 0x34), then the entries. */
export function windows10Value(entries: BuiltEntry[], headerSize = 0x34): Uint8Array {
  const header = new Uint8Array(headerSize);
  new DataView(header.buffer).setUint32(0, headerSize, true);
  return concat([
    header,
    ...entries.map((e, i) => {
      const path = utf16le(e.path);
      const data = e.data ?? new Uint8Array(0);
      return entry(
        '10ts',
        concat([u16(path.length), path, timeOf(e.modified), u32(data.length), data]),
        0x1000 + i,
      );
    }),
  ]);
}

/** A Windows 8.0 ("00ts") or 8.1 ("10ts") value, header 0x80. */
export function windows8Value(entries: BuiltEntry[], signature: '00ts' | '10ts'): Uint8Array {
  const header = new Uint8Array(0x80);
  new DataView(header.buffer).setUint32(0, 0x80, true);
  return concat([
    header,
    ...entries.map((e, i) => {
      const path = utf16le(e.path);
      const pkg = utf16le(e.packageName ?? '');
      const data = e.data ?? new Uint8Array(0);
      const body = concat([
        u16(path.length),
        path,
        u16(pkg.length),
        pkg,
        u32(e.insertFlags ?? 0),
        u32(0),
        timeOf(e.modified),
        u32(data.length),
        data,
      ]);
      return entry(signature, body, 0x2000 + i);
    }),
  ]);
}

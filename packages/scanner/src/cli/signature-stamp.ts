import { closeSync, openSync, readSync } from 'node:fs';
import { findStamp, type Stamp } from '../stamp.js';
import { readPeLayout } from '../windows/authenticode/pe-layout.js';

/**
 * The stamp a signed Windows build carries in its signature's certificate table (docs/scanner.md,
 * "Stamped downloads"): the server cannot write into the signed part without breaking the signature,
 * so it adds a certificate that holds the region. Read from the executable's own file: its headers,
 * wherever `e_lfanew` puts them, then the table they point to (at most this much). Null for anything
 * else: an ELF file, an unsigned build, a table without a whole stamp.
 */
const MAX_TABLE_BYTES = 1024 * 1024;
const DOS_HEADER_BYTES = 0x40;
/** The PE signature, the COFF file header and the largest optional header its 16-bit size can give. */
const PE_HEADERS_BYTES = 4 + 20 + 0xffff;

function readAt(fd: number, offset: number, length: number): Buffer {
  const out = Buffer.alloc(length);
  let filled = 0;
  while (filled < length) {
    const n = readSync(fd, out, filled, length - filled, offset + filled);
    if (n === 0) break;
    filled += n;
  }
  return out.subarray(0, filled);
}

/**
 * The MS-DOS header, then the PE headers read where its `e_lfanew` points, laid out as if they
 * followed it: readPeLayout reads them as it reads a whole file, however far in they sit, and the
 * certificate table's offset, which the directory gives as a file offset, is the file's own.
 */
function headersOf(fd: number): Uint8Array {
  const dos = readAt(fd, 0, DOS_HEADER_BYTES);
  if (dos.length < DOS_HEADER_BYTES) return dos;
  const headers = readAt(fd, dos.readUInt32LE(0x3c), PE_HEADERS_BYTES);
  dos.writeUInt32LE(DOS_HEADER_BYTES, 0x3c);
  return Buffer.concat([dos, headers]);
}

export function stampInSignature(path: string): Stamp | null {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return null;
  }
  try {
    const table = readPeLayout(headersOf(fd)).certificateTable;
    if (table === undefined || table.size > MAX_TABLE_BYTES) return null;
    return findStamp(readAt(fd, table.offset, table.size));
  } catch {
    // Not a PE file, or headers past the end of the file: no stamp here.
    return null;
  } finally {
    closeSync(fd);
  }
}

/** A URL's origin and path without a trailing slash, to compare server addresses as written. */
function serverKey(url: string): string | null {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
  } catch {
    return null;
  }
}

/**
 * Whether to follow a stamp read from the certificate table. It is outside the signature, so anyone
 * can write another into a copy and keep the operator's signature valid: a build that carries its
 * server address in the signed part (`--server-url` at build time) follows only a stamp for that
 * same server, and a stamp for another is ignored (the player is asked for the PIN as without one).
 * A build without one follows any, which is why `npm run build:scanner` signs none without a server
 * unless told `--any-server` (scripts/build-sea.ts; docs/scan-client.md, "Signing for release").
 */
export function signatureStampAccepted(stamp: Stamp, bakedServer: string | null): boolean {
  if (bakedServer === null) return true;
  const baked = serverKey(bakedServer);
  return baked !== null && baked === serverKey(stamp.serverUrl);
}

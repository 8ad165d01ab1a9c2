import { closeSync, openSync, readSync } from 'node:fs';
import { findStamp, type Stamp } from '../stamp.js';
import { readPeLayout } from '../windows/authenticode/pe-layout.js';

/**
 * The stamp a signed Windows build carries in its signature's certificate table (docs/scanner.md,
 * "Stamped downloads"): the server cannot write into the signed part without breaking the signature,
 * so it adds a certificate that holds the region. Read from the executable's own file: its headers,
 * then the table they point to (at most this much). Null for anything else: an ELF file, an unsigned
 * build, a table without a whole stamp.
 */
const MAX_TABLE_BYTES = 1024 * 1024;
const HEAD_BYTES = 4096;

function readAt(fd: number, offset: number, length: number): Uint8Array {
  const out = new Uint8Array(length);
  let filled = 0;
  while (filled < length) {
    const n = readSync(fd, out, filled, length - filled, offset + filled);
    if (n === 0) break;
    filled += n;
  }
  return out.subarray(0, filled);
}

export function stampInSignature(path: string): Stamp | null {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return null;
  }
  try {
    const table = readPeLayout(readAt(fd, 0, HEAD_BYTES)).certificateTable;
    if (table === undefined || table.size > MAX_TABLE_BYTES) return null;
    return findStamp(readAt(fd, table.offset, table.size));
  } catch {
    // Not a PE file, or headers past the bytes read: no stamp here.
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
 * server address in the signed part (`--server` at build time) follows only a stamp for that same
 * server, and a stamp for another is ignored (the player is asked for the PIN as without one).
 */
export function signatureStampAccepted(stamp: Stamp, bakedServer: string | null): boolean {
  if (bakedServer === null) return true;
  const baked = serverKey(bakedServer);
  return baked !== null && baked === serverKey(stamp.serverUrl);
}

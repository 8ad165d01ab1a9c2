import { centralDirectory } from './central-directory.js';

/** The first bytes of a zip archive (a local file header), whatever the file is named. */
export function isZip(head: Uint8Array): boolean {
  return head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
}

/**
 * The entry names of a zip archive (a jar), read from its central directory without inflating any
 * entry, decoded as the Java runtime decodes them (zip/central-directory.ts). Null when the archive
 * cannot be read; a damaged directory gives the entries before the damage.
 */
export function zipEntries(data: Uint8Array): string[] | null {
  return centralDirectory(data)?.map((e) => e.name) ?? null;
}

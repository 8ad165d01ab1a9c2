import { unzipSync } from 'fflate';

/** The first bytes of a zip archive (a local file header), whatever the file is named. */
export function isZip(head: Uint8Array): boolean {
  return head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
}

/**
 * The entry names of a zip archive (a jar), read from its central directory without inflating any
 * entry: the filter sees every entry and keeps none. Null when the archive cannot be read.
 */
export function zipEntries(data: Uint8Array): string[] | null {
  const names: string[] = [];
  try {
    unzipSync(data, {
      filter(file) {
        names.push(file.name);
        return false;
      },
    });
  } catch {
    return names.length > 0 ? names : null;
  }
  return names;
}

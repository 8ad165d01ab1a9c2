import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addPath, hivexsh, requireHivex, setValues } from '../fixtures/hivex.js';
import { emptyHive, utf16le } from '../fixtures/regf-image.js';

/**
 * An Amcache.hve for a planted `C:` (docs/scan-client.md, "Amcache"), written by Debian's `hivexsh -w`:
 * one `InventoryApplicationFile` record of the planted tree's deleted cheat
 * (`C:\Users\Player\Downloads\cheat.exe`), with the SHA-1 of the bytes it had.
 */
export const AMCACHE_CHEAT_SHA1 = createHash('sha1')
  .update('MZ the planted cheat as Amcache saw it')
  .digest('hex');

const sz = (name: string, text: string) => ({ name, type: 1, data: utf16le(`${text}\0`) });

export function plantAmcache(drive: string): string {
  requireHivex();
  const key = 'Root\\InventoryApplicationFile\\cheat.exe|5a5a5a5a5a5a5a5a';
  const script = [
    ...addPath(key),
    ...setValues(key, [
      sz('FileId', `0000${AMCACHE_CHEAT_SHA1}`),
      sz('LowerCaseLongPath', 'c:\\users\\player\\downloads\\cheat.exe'),
      sz('Name', 'cheat.exe'),
    ]),
  ];
  const folder = join(drive, 'Windows', 'AppCompat', 'Programs');
  mkdirSync(folder, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'scanpin-amcache-'));
  try {
    const file = join(folder, 'Amcache.hve');
    writeFileSync(file, hivexsh(work, emptyHive(), script));
    return file;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

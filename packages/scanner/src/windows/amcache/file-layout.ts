import type { AmcacheEntry } from './entry.js';
import type { AmcacheKey } from './key-view.js';
import { integerValue, parseFileId, posixTimeValue, sha1Coverage, stringValue } from './values.js';

/**
 * One `Root\File\<volume GUID>\<file reference>` record (Windows 8 to early Windows 10), whose values
 * are named by hexadecimal numbers (Yogesh Khatri, "Amcache.hve in Windows 8 – Goldmine for malware
 * hunting", 2013; plaso's amcache plugin): `0` product name, `1` company name, `5` file version, `6`
 * size, `f` link time (seconds since 1970), `15` full path, `100` program id, `101` `0000` + SHA-1.
 */
export function fileLayoutEntry(
  volume: AmcacheKey,
  key: AmcacheKey,
): { entry: AmcacheEntry; badFileId: boolean } {
  const fileId = parseFileId(stringValue(key, '101'));
  const size = integerValue(key, '6');
  const path = stringValue(key, '15');
  return {
    entry: {
      layout: 'file',
      key: `File\\${volume.name}\\${key.name}`,
      path,
      name: path === null ? null : (path.split('\\').at(-1) as string) || null,
      sha1: typeof fileId === 'object' ? fileId.sha1 : null,
      sha1Covers: sha1Coverage(size),
      size,
      linkDate: posixTimeValue(key, 'f'),
      publisher: stringValue(key, '1'),
      productName: stringValue(key, '0'),
      version: stringValue(key, '5'),
      binaryType: null,
      programId: stringValue(key, '100'),
      recordedAt: key.lastWritten,
    },
    badFileId: fileId === 'bad',
  };
}

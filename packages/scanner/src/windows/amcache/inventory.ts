import type { AmcacheEntry } from './entry.js';
import type { AmcacheKey } from './key-view.js';
import { integerValue, parseFileId, parseLinkDate, sha1Coverage, stringValue } from './values.js';

/**
 * One `Root\InventoryApplicationFile\<name|hash>` record (Windows 10 1709 and later): values named in
 * words (ANSSI, "Analysis of the AmCache"; EricZimmerman's AmcacheParser documentation).
 */
export function inventoryEntry(key: AmcacheKey): { entry: AmcacheEntry; badFileId: boolean } {
  const fileId = parseFileId(stringValue(key, 'FileId'));
  const size = integerValue(key, 'Size');
  return {
    entry: {
      layout: 'inventory',
      key: `InventoryApplicationFile\\${key.name}`,
      path: stringValue(key, 'LowerCaseLongPath'),
      name: stringValue(key, 'Name'),
      sha1: typeof fileId === 'object' ? fileId.sha1 : null,
      sha1Covers: sha1Coverage(size),
      size,
      linkDate: parseLinkDate(stringValue(key, 'LinkDate')),
      publisher: stringValue(key, 'Publisher'),
      productName: stringValue(key, 'ProductName'),
      version: stringValue(key, 'Version'),
      binaryType: stringValue(key, 'BinaryType'),
      programId: stringValue(key, 'ProgramId'),
      recordedAt: key.lastWritten,
    },
    badFileId: fileId === 'bad',
  };
}

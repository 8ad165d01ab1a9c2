import type { Hive } from '../registry/hive.js';
import { HiveFormatError } from '../registry/hive-format-error.js';
import type { AmcacheEntry, AmcacheReport } from './entry.js';
import { fileLayoutEntry } from './file-layout.js';
import { inventoryEntry } from './inventory.js';
import { type AmcacheKey, withValueIndex } from './key-view.js';

export * from './entry.js';
export type { AmcacheKey } from './key-view.js';

/**
 * Reads the file records of an Amcache.hve hive: `Root\InventoryApplicationFile` and the older
 * `Root\File` layout (a hive upgraded in place can hold both). A record whose values are damaged is
 * skipped and counted; damage in `Root`, in a layout's list of records or in a record's own key cell
 * throws `HiveFormatError` (the hive reader reads a list of keys whole), since then what is missing
 * cannot be told. docs/scan-client.md ("Amcache") says
 * what a record proves.
 */
export function readAmcache(hive: Hive): AmcacheReport {
  return readAmcacheRoot(hive.key('Root'));
}

/** The same, from the hive's `Root` key however it is reached (a hive file, or the live registry). */
export function readAmcacheRoot(root: AmcacheKey | null): AmcacheReport {
  const report: AmcacheReport = { entries: [], badFileIds: 0, damagedKeys: 0 };
  if (root === null) return report;
  const add = (read: () => { entry: AmcacheEntry; badFileId: boolean }) => {
    try {
      const { entry, badFileId } = read();
      report.entries.push(entry);
      if (badFileId) report.badFileIds++;
    } catch (error) {
      if (!(error instanceof HiveFormatError)) throw error;
      report.damagedKeys++;
    }
  };
  for (const key of root.subkey('InventoryApplicationFile')?.subkeys() ?? []) {
    add(() => inventoryEntry(withValueIndex(key)));
  }
  for (const volume of root.subkey('File')?.subkeys() ?? []) {
    let records: AmcacheKey[];
    try {
      records = volume.subkeys();
    } catch (error) {
      if (!(error instanceof HiveFormatError)) throw error;
      report.damagedKeys++;
      continue;
    }
    for (const key of records) add(() => fileLayoutEntry(volume, withValueIndex(key)));
  }
  return report;
}

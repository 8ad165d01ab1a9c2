import type { Hive } from '../registry/hive.js';
import { HiveFormatError } from '../registry/hive-format-error.js';
import type { RegistryKey } from '../registry/key.js';
import type { AmcacheEntry, AmcacheReport } from './entry.js';
import { fileLayoutEntry } from './file-layout.js';
import { inventoryEntry } from './inventory.js';

export * from './entry.js';

/**
 * Reads the file records of an Amcache.hve hive: `Root\InventoryApplicationFile` and the older
 * `Root\File` layout (a hive upgraded in place can hold both). A record whose values are damaged is
 * skipped and counted; damage in `Root`, in a layout's list of records or in a record's own key cell
 * throws `HiveFormatError` (the hive reader reads a list of keys whole), since then what is missing
 * cannot be told. docs/scan-client.md ("Amcache") says
 * what a record proves.
 */
export function readAmcache(hive: Hive): AmcacheReport {
  const report: AmcacheReport = { entries: [], badFileIds: 0, damagedKeys: 0 };
  const root = hive.key('Root');
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
    add(() => inventoryEntry(key));
  }
  for (const volume of root.subkey('File')?.subkeys() ?? []) {
    let records: RegistryKey[];
    try {
      records = volume.subkeys();
    } catch (error) {
      if (!(error instanceof HiveFormatError)) throw error;
      report.damagedKeys++;
      continue;
    }
    for (const key of records) add(() => fileLayoutEntry(volume, key));
  }
  return report;
}

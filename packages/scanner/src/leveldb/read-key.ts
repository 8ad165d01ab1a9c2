import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { findInLog } from './log-file.js';
import { findInTable } from './table-file.js';
import type { Found } from './types.js';

/**
 * The newest value of one key in a LevelDB folder, or null when it is absent or deleted. Reads the
 * write-ahead logs and the tables directly (no LevelDB library, so the scanner stays pure JavaScript);
 * files that cannot be parsed are passed over, as LevelDB itself would recover.
 */
export async function readNewestValue(dir: string, key: Uint8Array): Promise<Uint8Array | null> {
  const found: Found[] = [];
  for (const name of await readdir(dir)) {
    const path = join(dir, name);
    try {
      if (name.endsWith('.log')) found.push(...findInLog(await readFile(path), key));
      else if (name.endsWith('.ldb') || name.endsWith('.sst'))
        found.push(...findInTable(await readFile(path), key));
    } catch {
      // A damaged or half-written file: the others still tell.
    }
  }
  const newest = found.sort((a, b) => b.sequence - a.sequence)[0];
  return newest === undefined || newest.deleted ? null : newest.value;
}

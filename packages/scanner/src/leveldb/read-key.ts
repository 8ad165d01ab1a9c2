import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Budget, BudgetExceeded, readBounded } from '../bounded-read.js';
import { findInLog } from './log-file.js';
import { findInTable } from './table-file.js';
import type { Found } from './types.js';

/**
 * The bounds of one store's read (docs/scan-client.md, "Bounds"). Discord's own files stay far below
 * them: a table is about 2 MiB, a log at most a few MiB, the whole Local Storage some tens of MiB.
 */
export const STORE_LIMITS = {
  /** A larger file is passed over. */
  fileBytes: 64 * 1024 * 1024,
  /** Bytes read, decompressed and walked in all, and the time it may take. */
  workBytes: 1024 * 1024 * 1024,
  workMs: 20_000,
  /** The folder's first this many names are looked at. */
  files: 4_096,
} as const;

/**
 * The newest value of one key in a LevelDB folder, or null when it is absent or deleted. Reads the
 * write-ahead logs and the tables directly (no LevelDB library, so the scanner stays pure JavaScript)
 * and in memory, so nothing of the store is written anywhere; files that cannot be parsed are passed
 * over, as LevelDB itself would recover. Only regular files inside the folder are read (a link is
 * not followed), each within `STORE_LIMITS`, and the whole read within its byte and time budget.
 */
export async function readNewestValue(
  dir: string,
  key: Uint8Array,
  budget: Budget = new Budget(STORE_LIMITS.workBytes, STORE_LIMITS.workMs),
): Promise<Uint8Array | null> {
  const found: Found[] = [];
  const names = (await readdir(dir)).sort().slice(0, STORE_LIMITS.files);
  for (const name of names) {
    const table = name.endsWith('.ldb') || name.endsWith('.sst');
    if (!table && !name.endsWith('.log')) continue;
    const read = await readBounded(join(dir, name), { maxBytes: STORE_LIMITS.fileBytes });
    if (read === null) continue;
    try {
      budget.charge(read.data.length);
      found.push(...(table ? findInTable(read.data, key, budget) : findInLog(read.data, key, budget)));
    } catch (error) {
      // Out of budget: what was found so far stands. A damaged or half-written file: the others still tell.
      if (error instanceof BudgetExceeded) break;
    }
  }
  const newest = found.sort((a, b) => b.sequence - a.sequence)[0];
  return newest === undefined || newest.deleted ? null : newest.value;
}

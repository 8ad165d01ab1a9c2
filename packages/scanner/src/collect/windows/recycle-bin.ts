import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EVIDENCE_CAPS } from '@scanpin/evidence';
import type { RecycleBinEvidence } from '../../evidence/document.js';
import { parseRecycleBinInfo, RecycleBinFormatError, recycledDataName } from '../../windows/recycle-bin.js';
import type { Collector } from '../context.js';
import { showLocal, showWindowsPath, windowsLayout } from './layout.js';

async function names(dir: string): Promise<string[]> {
  return (await readdir(dir).catch(() => [] as string[])).sort();
}

/**
 * The Recycle Bin's `$I` records on every drive (docs/scan-client.md, "Windows execution records"):
 * what was deleted, from where, when, and whether its data is still in the bin. Another user's bin
 * folder that cannot be opened is passed over.
 */
export const collectRecycleBin: Collector<'recycleBin'> = async (ctx) => {
  const layout = await windowsLayout(ctx);
  const items: RecycleBinEvidence[] = [];
  const drives: string[] = [];
  for (const drive of layout.drives) {
    const binName = (await names(drive.root)).find((n) => n.toLowerCase() === '$recycle.bin');
    if (binName === undefined) continue;
    drives.push(drive.letter);
    const bin = join(drive.root, binName);
    for (const sid of await names(bin)) {
      const entries = await names(join(bin, sid));
      for (const name of entries) {
        if (!/^\$I/i.test(name) || items.length >= EVIDENCE_CAPS.recycleBinItems) continue;
        const path = join(bin, sid, name);
        try {
          const entry = parseRecycleBinInfo(await readFile(path));
          const data = recycledDataName(name);
          items.push({
            path: showLocal(layout, ctx, path).slice(0, EVIDENCE_CAPS.path),
            version: entry.version,
            originalPath: showWindowsPath(layout, ctx, entry.originalPath).slice(0, EVIDENCE_CAPS.path),
            size: entry.size,
            deletedAt: entry.deletedAt,
            dataPresent: data !== null && entries.some((e) => e.toLowerCase() === data.toLowerCase()),
          });
        } catch (error) {
          if (
            !(error instanceof RecycleBinFormatError) &&
            (error as NodeJS.ErrnoException).code === undefined
          )
            throw error;
        }
      }
    }
  }
  return { drives: drives.slice(0, EVIDENCE_CAPS.drives), items };
};

import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { EVIDENCE_CAPS } from '@scanpin/evidence';
import { type AmcacheEntry, type AmcacheReport, readAmcache } from '../../windows/amcache/index.js';
import { HiveFormatError, openHive } from '../../windows/registry/index.js';
import { type Collector, SkipSource } from '../context.js';
import {
  CaseInsensitiveFinder,
  localPath,
  showLocal,
  showWindowsPath,
  splitPath,
  type WindowsLayout,
  windowsLayout,
} from './layout.js';

/**
 * Where Amcache is read from on a live Windows machine when its file is held open: the registry API
 * (`live/amcache-app-hive.ts`, `RegLoadAppKeyW`). A seam so a test can stand in for it; null where
 * this is not Windows.
 */
export const liveAmcache: { read: ((file: string) => Promise<AmcacheReport>) | null } = {
  read:
    process.platform === 'win32'
      ? async (file) => (await import('../../windows/live/amcache-app-hive.js')).readLiveAmcache(file)
      : null,
};

export function amcachePath(layout: WindowsLayout): string {
  return join(layout.systemRoot, 'AppCompat', 'Programs', 'Amcache.hve');
}

const BUSY = new Set(['EBUSY', 'EPERM', 'EACCES']);

async function readReport(
  file: string,
  live: typeof liveAmcache.read,
): Promise<{ report: AmcacheReport; from: 'hive-file' | 'registry'; dirty: boolean }> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code === 'ENOENT')
      throw new SkipSource('There is no Amcache.hve file (Windows 8 and later keep one).');
    if (!BUSY.has(code)) throw error;
    if (live === null)
      throw new SkipSource(
        'Amcache.hve is held open by Windows and the registry API is not available to read it.',
      );
    try {
      // Windows itself reads the loaded hive with its logs applied.
      return { report: await live(file), from: 'registry', dirty: false };
    } catch (liveError) {
      const why = liveError instanceof Error ? liveError.message : String(liveError);
      throw new SkipSource(
        `Amcache.hve is held open by Windows, and reading it through the registry failed: ${why}`,
      );
    }
  }
  try {
    const hive = openHive(bytes);
    return { report: readAmcache(hive), from: 'hive-file', dirty: hive.header.dirty };
  } catch (error) {
    if (error instanceof HiveFormatError) throw new Error(`Amcache.hve is damaged: ${error.message}`);
    throw error;
  }
}

/** Whether the recorded file is there now; null when its drive is not on this machine (a USB stick). */
async function located(
  layout: WindowsLayout,
  finder: CaseInsensitiveFinder,
  path: string,
): Promise<{ exists: boolean | null; found: string | null }> {
  const split = splitPath(path);
  if (split === null || split.drive === null || localPath(layout, path) === null)
    return { exists: null, found: null };
  const drive = layout.drives.find((d) => d.letter === split.drive);
  if (drive === undefined) return { exists: null, found: null };
  const found = await finder.find(drive.root, split.rest);
  const isFile =
    found !== null &&
    (await stat(found).then(
      (s) => s.isFile(),
      () => false,
    ));
  return { exists: isFile, found: isFile ? found : null };
}

const newestFirst = (a: AmcacheEntry, b: AmcacheEntry) =>
  (Date.parse(b.recordedAt ?? '') || 0) - (Date.parse(a.recordedAt ?? '') || 0);

/**
 * Amcache (docs/scan-client.md, "Amcache"): the files the Compatibility Appraiser recorded, with the
 * SHA-1 of their content, whether each is still there, the newest records first up to the cap. Paths
 * under the home folder are shown with it as `~`.
 */
export const collectAmcache: Collector<'amcache'> = async (ctx) => {
  const layout = await windowsLayout(ctx);
  const file = amcachePath(layout);
  const live = ctx.machine.windows === undefined ? liveAmcache.read : null;
  const { report, from, dirty } = await readReport(file, live);
  const finder = new CaseInsensitiveFinder();
  const records = report.entries.filter((e) => e.path !== null).sort(newestFirst);
  const items = [];
  for (const e of records.slice(0, EVIDENCE_CAPS.amcacheEntries)) {
    const path = e.path as string;
    const where = await located(layout, finder, path);
    const shown =
      where.found !== null ? showLocal(layout, ctx, where.found) : showWindowsPath(layout, ctx, path);
    items.push({
      path: shown.slice(0, EVIDENCE_CAPS.path),
      name: (e.name ?? shown.split(/[\\/]/).pop() ?? shown).slice(0, EVIDENCE_CAPS.name),
      sha1: e.sha1,
      sha1Covers: e.sha1Covers,
      size: e.size,
      linkDate: e.linkDate,
      publisher: e.publisher?.slice(0, EVIDENCE_CAPS.name) ?? null,
      productName: e.productName?.slice(0, EVIDENCE_CAPS.name) ?? null,
      version: e.version?.slice(0, EVIDENCE_CAPS.name) ?? null,
      recordedAt: e.recordedAt,
      exists: where.exists,
    });
  }
  return {
    // libyal regf format document, "Dirty hive": the two sequence numbers differ when Windows did not
    // finish writing the file; what it wrote since lives in the .LOG1/.LOG2 files, which are not read.
    reason: dirty
      ? 'Amcache.hve was not fully written at its last save: changes kept only in its transaction logs (Amcache.hve.LOG1, .LOG2) are not read, so the newest records may be missing.'
      : null,
    from,
    recordsTotal: records.length,
    badFileIds: report.badFileIds,
    damagedRecords: report.damagedKeys,
    items,
  };
};

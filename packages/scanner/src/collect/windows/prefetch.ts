import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { EVIDENCE_CAPS } from '@scanpin/evidence';
import type { PrefetchEvidence } from '../../evidence/document.js';
import { FormatError } from '../../windows/prefetch/format-error.js';
import { type PrefetchFile, readPrefetch } from '../../windows/prefetch/prefetch.js';
import { type Collector, SkipSource } from '../context.js';
import { timesOf } from './file-facts.js';
import { showLocal, showWindowsPath, windowsLayout } from './layout.js';
import { prefetchSetting } from './system-hive.js';

/**
 * The executable's own path among the files it loaded: the entry whose last component is its name
 * (Windows stores at most 29 characters of the name, so a longer one is matched on its start).
 */
function executablePathOf(pf: PrefetchFile): string | null {
  const name = pf.executable.toUpperCase();
  const found = pf.files.find((f) => {
    const last = (f.split('\\').pop() ?? '').toUpperCase();
    return last === name || (name.length >= 29 && last.startsWith(name));
  });
  return found ?? null;
}

/**
 * Every Prefetch file of `%SystemRoot%\Prefetch` (docs/scan-client.md, "Windows Prefetch"): the
 * executable, its run count and last run times, its path, and the `.pf` file's own times, which the
 * server's cross-checks compare. A missing folder is reported as an empty one: that is the finding.
 */
export const collectPrefetch: Collector<'prefetch'> = async (ctx) => {
  const layout = await windowsLayout(ctx);
  const folder = join(layout.systemRoot, 'Prefetch');
  const { enabled, reason } = await prefetchSetting(layout);
  let names: string[];
  try {
    names = (await readdir(folder)).filter((n) => n.toLowerCase().endsWith('.pf')).sort();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM')
      throw new SkipSource('Reading the Prefetch folder needs administrator rights.');
    if (code !== 'ENOENT') throw error;
    names = [];
  }
  const folderInfo = await stat(folder).catch(() => null);
  const items: PrefetchEvidence[] = [];
  let unreadable = 0;
  for (const name of names.slice(0, EVIDENCE_CAPS.prefetchFiles)) {
    const path = join(folder, name);
    try {
      const [bytes, info] = await Promise.all([readFile(path), stat(path)]);
      const pf = readPrefetch(bytes);
      const exe = executablePathOf(pf);
      items.push({
        path: showLocal(layout, ctx, path).slice(0, EVIDENCE_CAPS.path),
        version: pf.version,
        executable: pf.executable.slice(0, EVIDENCE_CAPS.name),
        hash: pf.hash,
        runCount: pf.runCount,
        lastRuns: pf.lastRuns.slice(0, EVIDENCE_CAPS.runTimes),
        executablePath: exe === null ? null : showWindowsPath(layout, ctx, exe).slice(0, EVIDENCE_CAPS.path),
        ...timesOf(info),
      });
    } catch (error) {
      if (!(error instanceof FormatError) && (error as NodeJS.ErrnoException).code === undefined) throw error;
      unreadable++;
    }
  }
  return {
    // Collected, with why `enabled` is unknown when it is: the files are read all the same.
    reason: reason?.slice(0, EVIDENCE_CAPS.text) ?? null,
    enabled,
    folder: showLocal(layout, ctx, folder).slice(0, EVIDENCE_CAPS.path),
    folderModifiedAt: folderInfo === null ? null : timesOf(folderInfo).modifiedAt,
    filesTotal: names.length,
    unreadable,
    items,
  };
};

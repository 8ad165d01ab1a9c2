import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EVIDENCE_CAPS } from '../../evidence/caps.js';
import type { PcaEvidence } from '../../evidence/document.js';
import { parsePcaAppLaunchDic, parsePcaGeneralDb } from '../../windows/pca.js';
import { type Collector, SkipSource } from '../context.js';
import { showWindowsPath, windowsLayout } from './layout.js';

const GENERAL_DBS = ['PcaGeneralDb0.txt', 'PcaGeneralDb1.txt'] as const;

async function bytesOf(path: string): Promise<Buffer | null> {
  return readFile(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
}

/**
 * The Program Compatibility Assistant's launch records, Windows 11 22H2 and later
 * (docs/scan-client.md, "Windows execution records"): each program's path and launch time.
 */
export const collectPca: Collector<'pca'> = async (ctx) => {
  const layout = await windowsLayout(ctx);
  const folder = join(layout.systemRoot, 'appcompat', 'pca');
  const items: PcaEvidence[] = [];
  let skippedLines = 0;
  let found = 0;
  const show = (path: string) => showWindowsPath(layout, ctx, path).slice(0, EVIDENCE_CAPS.path);
  const launches = await bytesOf(join(folder, 'PcaAppLaunchDic.txt'));
  if (launches !== null) {
    found++;
    const file = parsePcaAppLaunchDic(launches);
    skippedLines += file.skippedLines;
    for (const e of file.entries)
      items.push({
        file: 'PcaAppLaunchDic.txt',
        path: show(e.path),
        time: e.lastRun,
        runStatus: null,
        exitCode: null,
      });
  }
  for (const name of GENERAL_DBS) {
    const bytes = await bytesOf(join(folder, name));
    if (bytes === null) continue;
    found++;
    const file = parsePcaGeneralDb(bytes);
    skippedLines += file.skippedLines;
    for (const e of file.entries)
      items.push({
        file: name,
        path: show(e.path),
        time: e.time,
        runStatus: e.runStatus.slice(0, EVIDENCE_CAPS.name),
        exitCode: e.exitCode.slice(0, EVIDENCE_CAPS.name),
      });
  }
  if (found === 0) throw new SkipSource('No PCA files: Windows writes them from Windows 11 22H2 on.');
  return { skippedLines, items: items.slice(0, EVIDENCE_CAPS.pcaEntries) };
};

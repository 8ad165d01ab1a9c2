import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EVIDENCE_CAPS } from '@scanpin/evidence';
import type { PcaEvidence } from '../../evidence/document.js';
import {
  FOLDER_ENVIRONMENT,
  type PcaGeneralRecord,
  parsePcaAppLaunchDic,
  parsePcaGeneralDb,
  variablePathOf,
} from '../../windows/pca.js';
import { type CollectContext, type Collector, SkipSource } from '../context.js';
import { showLocal, showWindowsPath, splitPath, type WindowsLayout, windowsLayout } from './layout.js';

const GENERAL_DBS = ['PcaGeneralDb0.txt', 'PcaGeneralDb1.txt'] as const;

async function bytesOf(path: string): Promise<Buffer | null> {
  return readFile(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
}

/** An environment variable by name, without regard to case as on Windows. */
function environment(ctx: CollectContext, name: string): string | null {
  const key = Object.keys(ctx.machine.env).find((k) => k.toLowerCase() === name.toLowerCase());
  const value = key === undefined ? undefined : ctx.machine.env[key];
  return value === undefined || value.trim() === '' ? null : value;
}

function variableFolder(ctx: CollectContext, variable: string): string | null {
  const name = FOLDER_ENVIRONMENT[variable];
  return name === undefined ? null : environment(ctx, name);
}

/**
 * A path PCA wrote, as shown. A folder variable is resolved to this machine's folder when the scanner
 * knows it: `%USERPROFILE%` is the player's home (shown `~`), `%SystemRoot%`/`%windir%` the Windows
 * folder, the others the machine's environment variable of that name. When it is not known, the path
 * is kept as written (programs.ts then looks for it at Windows' default folder on every drive); a
 * path without a drive (`\program files\…`) is kept as written too.
 */
function shownPath(layout: WindowsLayout, ctx: CollectContext, path: string): string {
  const written = variablePathOf(path);
  if (written === null) return showWindowsPath(layout, ctx, path);
  const parts = written.rest.split('\\').filter(Boolean);
  const folder =
    written.variable === 'userprofile'
      ? layout.home
      : written.variable === 'systemroot' || written.variable === 'windir'
        ? layout.systemRoot
        : variableFolder(ctx, written.variable);
  if (folder === null) return path;
  // A live machine's variables are DOS paths; a planted machine's (a test's) may be local folders.
  const dos = splitPath(folder);
  if (dos !== null && dos.drive !== null)
    return showWindowsPath(layout, ctx, `${folder.replace(/[\\/]+$/, '')}${written.rest}`);
  return showLocal(layout, ctx, join(folder, ...parts));
}

type Detail = 'description' | 'vendor' | 'version' | 'programId';

/** The general log's description, vendor, version and program id, each only when written. */
function detailsOf(e: PcaGeneralRecord): Partial<Pick<PcaEvidence, Detail>> {
  const out: Partial<Pick<PcaEvidence, Detail>> = {};
  const set = (key: Detail, value: string, cap: number) => {
    const text = value.trim();
    if (text !== '') out[key] = text.slice(0, cap);
  };
  set('description', e.description, EVIDENCE_CAPS.text);
  set('vendor', e.vendor, EVIDENCE_CAPS.name);
  set('version', e.version, EVIDENCE_CAPS.name);
  set('programId', e.programId, EVIDENCE_CAPS.name);
  return out;
}

/**
 * The Program Compatibility Assistant's launch records, Windows 11 22H2 and later
 * (docs/scan-client.md, "Windows execution records"): each program's path and launch time, and from
 * the general log its run status, exit code, description, vendor, version and program id.
 */
export const collectPca: Collector<'pca'> = async (ctx) => {
  const layout = await windowsLayout(ctx);
  const folder = join(layout.systemRoot, 'appcompat', 'pca');
  const items: PcaEvidence[] = [];
  let skippedLines = 0;
  let found = 0;
  const show = (path: string) => shownPath(layout, ctx, path).slice(0, EVIDENCE_CAPS.path);
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
        ...detailsOf(e),
      });
  }
  if (found === 0) throw new SkipSource('No PCA files: Windows writes them from Windows 11 22H2 on.');
  return { skippedLines, items: items.slice(0, EVIDENCE_CAPS.pcaEntries) };
};

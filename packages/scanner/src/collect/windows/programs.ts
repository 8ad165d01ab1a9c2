import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { EVIDENCE_CAPS } from '@scanpin/evidence';
import type { ProgramEvidence, TimelineEntry } from '../../evidence/document.js';
import { DEFAULT_FOLDERS, variablePathOf } from '../../windows/pca.js';
import { type CollectContext, type Collector, SkipSource } from '../context.js';
import { readSmallFile, sha256, timesOf } from './file-facts.js';
import {
  CaseInsensitiveFinder,
  driveOf,
  keyOf,
  showLocal,
  splitLocal,
  splitPath,
  type VolumePath,
  type WindowsLayout,
  windowsLayout,
} from './layout.js';
import { signatureOf } from './signature.js';

type Source = TimelineEntry['source'];

/** One source's word that a program ran (or was deleted), at these times. */
interface Sighting {
  source: Source;
  shown: string;
  split: VolumePath;
  times: string[];
}

/** Which source's spelling of a deleted program's path is shown: the ones that keep its case first. */
const SPELLING: Source[] = ['pca', 'process', 'bam', 'recycle-bin', 'prefetch'];

/**
 * A path as an earlier section showed it, back to its drive or volume and inner path. A local path
 * on a known drive comes first: on Windows a drive's folder is itself a DOS path (`Z:\…\C` when
 * the drive is a folder, as in the self-test), which read as DOS would land on the wrong drive.
 */
function splitShown(layout: WindowsLayout, shown: string): VolumePath | null {
  if (shown.startsWith('~')) return splitLocal(layout, join(layout.home, ...shown.slice(1).split('/')));
  return splitLocal(layout, shown) ?? splitPath(shown) ?? splitWithoutDrive(shown);
}

/**
 * The two forms of PCA's general log that name no drive (pca.ts): a folder variable the scanner
 * could not resolve, at Windows' default folder for it, and a path that starts at a volume's root
 * (`\program files\git\…`). Either is matched on its inner path and looked for on every drive.
 */
function splitWithoutDrive(shown: string): VolumePath | null {
  const written = variablePathOf(shown);
  if (written !== null) {
    const folder = DEFAULT_FOLDERS[written.variable];
    return folder === undefined ? null : { drive: null, device: null, rest: `${folder}${written.rest}` };
  }
  if (/^\\[^\\]/.test(shown)) return { drive: null, device: null, rest: shown };
  return null;
}

function sightingsOf(ctx: CollectContext, layout: WindowsLayout): Sighting[] {
  const { processes, prefetch, bam, pca, recycleBin } = ctx.earlier;
  const raw: Array<{ source: Source; shown: string | null; times: Array<string | null> }> = [
    ...(processes?.items ?? []).map((p) => ({
      source: 'process' as const,
      shown: p.path,
      times: [p.startedAt],
    })),
    ...(prefetch?.items ?? []).map((f) => ({
      source: 'prefetch' as const,
      shown: f.executablePath,
      times: f.lastRuns,
    })),
    ...(bam?.items ?? []).map((b) => ({ source: 'bam' as const, shown: b.program, times: [b.lastRun] })),
    ...(pca?.items ?? []).map((p) => ({ source: 'pca' as const, shown: p.path, times: [p.time] })),
    ...(recycleBin?.items ?? []).map((r) => ({
      source: 'recycle-bin' as const,
      shown: r.originalPath,
      times: [r.deletedAt],
    })),
  ];
  const out: Sighting[] = [];
  for (const r of raw) {
    // A packaged app's family name in BAM is no file: it has no path to check.
    const split = r.shown === null ? null : splitShown(layout, r.shown);
    if (split === null || r.shown === null) continue;
    out.push({
      source: r.source,
      shown: r.shown,
      split,
      times: r.times.filter((t): t is string => t !== null),
    });
  }
  return out;
}

/** The file a program's sightings name, on the drive they say or, when none says, on any drive. */
async function locate(
  layout: WindowsLayout,
  finder: CaseInsensitiveFinder,
  group: Sighting[],
): Promise<string | null> {
  const rest = (group[0] as Sighting).split.rest;
  const known = new Set(group.map((s) => driveOf(layout, s.split)).filter((d): d is string => d !== null));
  const order = [
    ...layout.drives.filter((d) => known.has(d.letter)),
    ...layout.drives.filter((d) => !known.has(d.letter)),
  ];
  for (const drive of order) {
    const found = await finder.find(drive.root, rest);
    if (
      found !== null &&
      (await stat(found).then(
        (s) => s.isFile(),
        () => false,
      ))
    )
      return found;
  }
  return null;
}

function timelineOf(
  group: Sighting[],
  file: { modifiedAt: string | null; createdAt: string | null } | null,
): TimelineEntry[] {
  const entries = new Map<string, TimelineEntry>();
  const add = (source: Source, at: string | null) => {
    if (at !== null) entries.set(`${source}|${at}`, { source, at });
  };
  for (const s of group) for (const at of s.times) add(s.source, at);
  if (file !== null) {
    add('file-created', file.createdAt);
    add('file-modified', file.modifiedAt);
  }
  return [...entries.values()]
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
    .slice(-EVIDENCE_CAPS.timeline);
}

/**
 * Every program that the processes, Prefetch, BAM and PCA show ran (docs/scan-client.md, "Programs
 * that ran"), matched across them by its path inside the volume: whether the file is still on a
 * drive, its SHA-256 and Authenticode signature when it is, and one timeline of every time known for
 * it (process start, Prefetch runs, BAM, PCA, the file's own times, its deletion into the Recycle
 * Bin). The server's cross-checks read these timelines.
 */
export const collectPrograms: Collector<'programs'> = async (ctx) => {
  const layout = await windowsLayout(ctx);
  const sightings = sightingsOf(ctx, layout);
  if (!sightings.some((s) => s.source !== 'recycle-bin'))
    throw new SkipSource('No Windows source showed a program that ran.');
  const groups = new Map<string, Sighting[]>();
  for (const s of sightings) {
    const key = keyOf(s.split.rest);
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  const finder = new CaseInsensitiveFinder();
  const items: ProgramEvidence[] = [];
  for (const group of groups.values()) {
    if (!group.some((s) => s.source !== 'recycle-bin')) continue;
    if (items.length >= EVIDENCE_CAPS.programs) break;
    const found = await locate(layout, finder, group);
    // A record that names neither a drive nor a folder variable (a PCA general-log path such as
    // `\\downloads\\tool.exe`) says where the program was only relative to a folder nobody knows: not
    // finding it is no sign it was deleted, so such a program is listed only when it is found (its
    // record stays in the PCA section). A folder variable names Windows' default folder for it.
    if (
      found === null &&
      group.every((s) => driveOf(layout, s.split) === null && variablePathOf(s.shown) === null)
    )
      continue;
    const info = found === null ? null : await stat(found).catch(() => null);
    const file = info === null ? null : timesOf(info);
    const data = found === null ? null : await readSmallFile(found);
    const spelled = [...group].sort(
      (a, b) => SPELLING.indexOf(a.source) - SPELLING.indexOf(b.source),
    )[0] as Sighting;
    const path = found !== null ? showLocal(layout, ctx, found) : spelled.shown;
    items.push({
      path: path.slice(0, EVIDENCE_CAPS.path),
      name: (path.split(/[\\/]/).pop() ?? path).slice(0, EVIDENCE_CAPS.name),
      exists: found !== null,
      sha256: data === null ? null : sha256(data),
      modifiedAt: file?.modifiedAt ?? null,
      createdAt: file?.createdAt ?? null,
      signature: found === null ? null : signatureOf(data),
      timeline: timelineOf(group, file),
    });
  }
  const latest = (p: ProgramEvidence) => Date.parse(p.timeline.at(-1)?.at ?? '') || 0;
  return { items: items.sort((a, b) => latest(b) - latest(a)) };
};

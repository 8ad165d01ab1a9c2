import { createHash } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { EVIDENCE_CAPS } from '@scanpin/evidence';
import { headOf, readBounded } from '../bounded-read.js';
import type { FileEvidence } from '../evidence/document.js';
import { minecraftInstallations } from '../minecraft/installations.js';
import { isZip, zipEntries } from '../zip/entries.js';
import { type Collector, SkipSource } from './context.js';

/** Folders of a game folder whose files are read, and how deep. */
const CONTENT_FOLDERS = ['mods', 'versions'];
const MAX_DEPTH = 3;
/** Larger files are not opened (no mod or version jar is near this). */
const MAX_ARCHIVE_BYTES = 256 * 1024 * 1024;

/**
 * A file found in a content folder; `link`: it is a symbolic link to a regular file, read as the game
 * would load it; `linkedFolder`: a link (or junction) to a folder, which is not entered but counted,
 * since the game may load what it holds.
 */
interface Found {
  path: string;
  link: boolean;
  linkedFolder?: boolean;
}

/**
 * The files under a content folder, by name. Folders are entered, but never through a link (a link
 * could lead anywhere, even back into itself); a link to a regular file is kept, because the game
 * loads it like any other file there. FIFOs, devices and sockets are passed over.
 */
async function* filesUnder(dir: string, depth = 0): AsyncGenerator<Found> {
  const entries: Dirent[] = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, e.name);
    if (e.isDirectory() && depth < MAX_DEPTH) yield* filesUnder(path, depth + 1);
    else if (e.isFile()) yield { path, link: false };
    else if (e.isSymbolicLink()) {
      const target = await stat(path).catch(() => null);
      yield target?.isDirectory() ? { path, link: true, linkedFolder: true } : { path, link: true };
    }
  }
}

/**
 * A jar's entry names within the cap. A jar padded past the cap with resources could push its classes
 * out of the list, so class files come first; `entriesTotal` still counts them all.
 */
export function capEntries(entries: readonly string[]): string[] {
  if (entries.length <= EVIDENCE_CAPS.entries) return [...entries];
  const classes = entries.filter((e) => e.endsWith('.class'));
  const others = entries.filter((e) => !e.endsWith('.class'));
  return [...classes, ...others].slice(0, EVIDENCE_CAPS.entries);
}

/** Is this file evidence at all: a regular file that is a jar by name, or a zip archive under another name? */
async function isArchive(found: Found): Promise<boolean> {
  const head = await headOf(found.path, 4, found.link);
  return head !== null && (found.path.toLowerCase().endsWith('.jar') || isZip(head));
}

const iso = (ms: number) => (ms > 0 ? new Date(ms).toISOString() : null);

/** A file or linked folder the scan should account for: an archive, or a folder the game may load. */
async function isCandidate(found: Found): Promise<boolean> {
  return found.linkedFolder === true || (await isArchive(found));
}

/**
 * One file as evidence: a jar (or a zip under another name) with its entries, else just its hash.
 * null: not evidence at all; undefined: a candidate that could not be read (over 256 MiB, locked,
 * denied, or a linked folder), which is counted in `itemsTotal` so the server sees the gap.
 */
async function describe(
  found: Found,
  display: (p: string) => string,
): Promise<FileEvidence | null | undefined> {
  const { path, link } = found;
  const jar = path.toLowerCase().endsWith('.jar');
  if (!(await isCandidate(found))) return null;
  if (found.linkedFolder) return undefined;
  const read = await readBounded(path, { maxBytes: MAX_ARCHIVE_BYTES, followLinks: link }).catch(() => null);
  if (read === null) return undefined;
  const { data } = read;
  const entries = zipEntries(data);
  const target = link ? await realpath(path).catch(() => null) : null;
  return {
    path: display(path).slice(0, EVIDENCE_CAPS.path),
    ...(target === null ? {} : { linkTarget: display(target).slice(0, EVIDENCE_CAPS.path) }),
    kind: entries === null ? 'file' : jar ? 'jar' : 'zip',
    size: read.size,
    modifiedAt: iso(read.mtimeMs),
    createdAt: iso(read.birthtimeMs),
    sha256: createHash('sha256').update(data).digest('hex'),
    entries: capEntries(entries ?? []).map((e) => e.slice(0, EVIDENCE_CAPS.text)),
    entriesTotal: entries?.length ?? 0,
  };
}

/**
 * Every jar in the Minecraft installations' mods and versions folders, and every file there that is
 * a zip archive under another name (docs/scan-client.md): path, size, times, SHA-256 and the entry
 * names inside. File contents never leave the machine. Past the cap on files, the rest are still
 * counted (`itemsTotal`), and so is every archive that could not be read and every linked folder, so
 * the server knows the list is not the whole folder.
 */
export const collectFiles: Collector<'files'> = async (ctx) => {
  const installations = await minecraftInstallations(ctx.machine);
  if (installations.length === 0)
    throw new SkipSource('No Minecraft installation was found on this machine.');
  const items: FileEvidence[] = [];
  let itemsTotal = 0;
  for (const dir of installations.slice(0, EVIDENCE_CAPS.installations)) {
    for (const folder of CONTENT_FOLDERS) {
      for await (const found of filesUnder(join(dir, folder))) {
        if (items.length < EVIDENCE_CAPS.files) {
          const item = await describe(found, ctx.display).catch(() => undefined);
          if (item !== null) itemsTotal++;
          if (item) items.push(item);
        } else if (await isCandidate(found)) itemsTotal++;
      }
    }
  }
  return {
    installations: installations.slice(0, EVIDENCE_CAPS.installations).map((d) => ctx.display(d)),
    items,
    itemsTotal,
  };
};

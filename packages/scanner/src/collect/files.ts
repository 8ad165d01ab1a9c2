import { createHash } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { readdir, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { headOf, readBounded } from '../bounded-read.js';
import { EVIDENCE_CAPS } from '../evidence/caps.js';
import type { FileEvidence } from '../evidence/document.js';
import { minecraftInstallations } from '../minecraft/installations.js';
import { isZip, zipEntries } from '../zip/entries.js';
import { type Collector, SkipSource } from './context.js';

/** Folders of a game folder whose files are read, and how deep. */
const CONTENT_FOLDERS = ['mods', 'versions'];
const MAX_DEPTH = 3;
/** Larger files are not opened (no mod or version jar is near this). */
const MAX_ARCHIVE_BYTES = 256 * 1024 * 1024;

/** A file found in a content folder; `link`: it is a symbolic link to a regular file, read as the game would load it. */
interface Found {
  path: string;
  link: boolean;
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
    else if (e.isSymbolicLink()) yield { path, link: true };
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

/** One file as evidence: a jar (or a zip under another name) with its entries, else just its hash. */
async function describe(found: Found, display: (p: string) => string): Promise<FileEvidence | null> {
  const { path, link } = found;
  const jar = path.toLowerCase().endsWith('.jar');
  if (!(await isArchive(found))) return null;
  const read = await readBounded(path, { maxBytes: MAX_ARCHIVE_BYTES, followLinks: link });
  if (read === null) return null;
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
 * counted (`itemsTotal`), so the server knows the list is not the whole folder.
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
          const item = await describe(found, ctx.display).catch(() => null);
          if (item !== null) {
            items.push(item);
            itemsTotal++;
          }
        } else if (await isArchive(found)) itemsTotal++;
      }
    }
  }
  return {
    installations: installations.slice(0, EVIDENCE_CAPS.installations).map((d) => ctx.display(d)),
    items,
    itemsTotal,
  };
};

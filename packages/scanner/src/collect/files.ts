import { createHash } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { EVIDENCE_CAPS } from '@scanpin/evidence';
import { headOf, readBounded } from '../bounded-read.js';
import type { FileEvidence } from '../evidence/document.js';
import { minecraftInstallations, minecraftLauncherFolders } from '../minecraft/installations.js';
import { resourcePacks } from '../minecraft/resource-packs.js';
import { isZip, zipEntries } from '../zip/entries.js';
import { nestedArchives } from '../zip/nested.js';
import { type Collector, SkipSource } from './context.js';

/**
 * The folders of a game folder whose files are read, and how deep (docs/scan-client.md, "Where the
 * files are read"): the loaders' own folders beside `mods` and `versions`, each from the loader's
 * public instructions: RusherHack's plugins (RusherDevelopment/rusherhack-plugins, README), LabyMod 4's
 * addons and its Forge mods (LabyMod's addon READMEs: `.minecraft/labymod-neo/addons`; its
 * `labymod-neo/forge/<version>/mods`), LabyMod 3's `LabyMod/addons-<version>`.
 */
const CONTENT_FOLDERS = [
  'mods',
  'versions',
  'rusherhack/plugins',
  'labymod-neo/addons',
  'labymod-neo/forge',
  'LabyMod',
];
const MAX_DEPTH = 3;
/** A library's Maven path is deep: `org/apache/logging/log4j/log4j-api/2.19.0/log4j-api-2.19.0.jar`. */
const LIBRARY_DEPTH = 10;
/** Larger files are not opened (no mod or version jar is near this). */
const MAX_ARCHIVE_BYTES = 256 * 1024 * 1024;

/**
 * How an archive's entries are sent: `entries`, every name up to the cap and the folders of the rest;
 * `folders`, only the folders, for the launcher's libraries, hundreds of jars whose names alone would
 * fill the upload (docs/scan-client.md, "Where the files are read").
 */
type Listing = 'entries' | 'folders';

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
async function* filesUnder(dir: string, maxDepth: number, depth = 0): AsyncGenerator<Found> {
  const entries: Dirent[] = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, e.name);
    if (e.isDirectory() && depth < maxDepth) yield* filesUnder(path, maxDepth, depth + 1);
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

/** The folder of an entry (`a/b/` of `a/b/C.class`); '' at the archive's root. */
const folderOf = (entry: string) => entry.slice(0, entry.lastIndexOf('/') + 1);
const cut = (text: string) => text.slice(0, EVIDENCE_CAPS.text);

type EntryListing = Pick<
  FileEvidence,
  'entries' | 'entriesTotal' | 'entryFolders' | 'entryFoldersTotal' | 'rootEntriesLeftOut'
>;

/**
 * An archive's entries as sent: the names within the cap, and the distinct folders of every entry
 * left out, class files' folders first, so a rule naming a package is matched against the whole
 * archive however many entries it has (the server matches `jar-entry` rules against both). An entry
 * left out at the root has no folder: those are counted, so the server knows they were there.
 */
export function listEntries(entries: readonly string[], listing: Listing): EntryListing {
  const listed = listing === 'folders' ? [] : capEntries(entries);
  const out: EntryListing = { entries: listed.map(cut), entriesTotal: entries.length };
  if (listed.length === entries.length) return out;
  const shown = new Set(listed);
  const left = entries.filter((e) => !shown.has(e));
  const folders = new Set<string>();
  let atRoot = 0;
  for (const e of [
    ...left.filter((e) => e.endsWith('.class')),
    ...left.filter((e) => !e.endsWith('.class')),
  ]) {
    const folder = folderOf(e);
    if (folder === '') atRoot++;
    else folders.add(folder);
  }
  const all = [...folders];
  return {
    ...out,
    entryFolders: all.slice(0, EVIDENCE_CAPS.entryFolders).map(cut),
    entryFoldersTotal: all.length,
    rootEntriesLeftOut: atRoot,
  };
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

/** One archive's bytes as evidence: its hash and its entries (a jar that is no zip: just its hash). */
function archiveItem(
  path: string,
  data: Uint8Array,
  listing: Listing,
  file: Pick<FileEvidence, 'size' | 'modifiedAt' | 'createdAt'>,
): FileEvidence {
  const entries = zipEntries(data);
  const jar = path.toLowerCase().endsWith('.jar');
  return {
    path: path.slice(0, EVIDENCE_CAPS.path),
    kind: entries === null ? 'file' : jar ? 'jar' : 'zip',
    ...file,
    sha256: createHash('sha256').update(data).digest('hex'),
    ...listEntries(entries ?? [], listing),
  };
}

/**
 * One file as evidence, then every jar inside it (zip/nested.ts), each as an item of its own whose
 * path says where it is (`~/.minecraft/mods/a.jar!/META-INF/jars/b.jar`). Yields nothing when the
 * file is not evidence at all, and undefined for a candidate that could not be read (over 256 MiB,
 * locked, denied, a linked folder, or a nested jar past the bounds), which is counted in `itemsTotal`
 * so the server sees the gap.
 */
async function* describe(
  found: Found,
  display: (p: string) => string,
  listing: Listing,
): AsyncGenerator<FileEvidence | undefined> {
  const { path, link } = found;
  if (!(await isCandidate(found))) return;
  if (found.linkedFolder) {
    yield undefined;
    return;
  }
  const read = await readBounded(path, { maxBytes: MAX_ARCHIVE_BYTES, followLinks: link }).catch(() => null);
  if (read === null) {
    yield undefined;
    return;
  }
  const { data } = read;
  const target = link ? await realpath(path).catch(() => null) : null;
  const shown = display(path);
  const item = archiveItem(shown, data, listing, {
    size: read.size,
    modifiedAt: iso(read.mtimeMs),
    createdAt: iso(read.birthtimeMs),
  });
  yield target === null ? item : { ...item, linkTarget: display(target).slice(0, EVIDENCE_CAPS.path) };
  if (item.kind === 'file') return;
  // A nested jar has no times of its own on the disk.
  for (const nested of nestedArchives(data))
    yield nested.data === null
      ? undefined
      : archiveItem(`${shown}!/${nested.path}`, nested.data, listing, {
          size: nested.data.byteLength,
          modifiedAt: null,
          createdAt: null,
        });
}

/** A folder whose files are read: how deep, and how their entries are sent. */
interface ContentFolder {
  dir: string;
  depth: number;
  listing: Listing;
}

/** The game folders' content folders first (what a player installs), then the launchers' own. */
async function contentFolders(installations: readonly string[], ctx: Parameters<Collector<'files'>>[0]) {
  const out: ContentFolder[] = [];
  for (const dir of installations)
    for (const folder of CONTENT_FOLDERS)
      out.push({ dir: join(dir, folder), depth: MAX_DEPTH, listing: 'entries' });
  for (const { path, kind } of await minecraftLauncherFolders(ctx.machine))
    out.push(
      kind === 'jarmods'
        ? { dir: path, depth: MAX_DEPTH, listing: 'entries' }
        : { dir: path, depth: LIBRARY_DEPTH, listing: 'folders' },
    );
  return out;
}

/**
 * Every jar in the Minecraft installations' mods and versions folders, the loaders' plugin folders and
 * the launchers' libraries and jar mods, every jar nested in those, and every file there that is a
 * zip archive under another name (docs/scan-client.md): path, size, times, SHA-256 and the entry
 * names inside. File contents never leave the machine. Past the cap on files, the rest are still
 * counted (`itemsTotal`), and so is every archive that could not be read and every linked folder, so
 * the server knows the list is not the whole folder; the jars nested in a file past the cap are not
 * opened, so not counted. Then the resource packs of each game folder, with the facts of the blocks
 * ores sit in (minecraft/resource-packs.ts).
 */
export const collectFiles: Collector<'files'> = async (ctx) => {
  const installations = (await minecraftInstallations(ctx.machine)).slice(0, EVIDENCE_CAPS.installations);
  if (installations.length === 0)
    throw new SkipSource('No Minecraft installation was found on this machine.');
  const items: FileEvidence[] = [];
  let itemsTotal = 0;
  for (const { dir, depth, listing } of await contentFolders(installations, ctx)) {
    for await (const found of filesUnder(dir, depth)) {
      if (items.length < EVIDENCE_CAPS.files) {
        try {
          for await (const item of describe(found, ctx.display, listing)) {
            itemsTotal++;
            if (item && items.length < EVIDENCE_CAPS.files) items.push(item);
          }
        } catch {
          itemsTotal++;
        }
      } else if (await isCandidate(found)) itemsTotal++;
    }
  }
  const packs = await resourcePacks(installations, ctx.display);
  return {
    installations: installations.map((d) => ctx.display(d)),
    items,
    itemsTotal,
    resourcePacks: packs.items,
    resourcePacksTotal: packs.total,
  };
};

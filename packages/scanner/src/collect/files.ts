import { createHash } from 'node:crypto';
import { open, readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { EVIDENCE_CAPS } from '../evidence/caps.js';
import type { FileEvidence } from '../evidence/document.js';
import { minecraftInstallations } from '../minecraft/installations.js';
import { isZip, zipEntries } from '../zip/entries.js';
import { type Collector, SkipSource } from './context.js';

/** Folders of a game folder whose files are read, and how deep. */
const CONTENT_FOLDERS = ['mods', 'versions'];
const MAX_DEPTH = 3;
/** Larger files are hashed but not opened as archives (no mod or version jar is near this). */
const MAX_ARCHIVE_BYTES = 256 * 1024 * 1024;

async function* filesUnder(dir: string, depth = 0): AsyncGenerator<string> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, e.name);
    if (e.isDirectory() && depth < MAX_DEPTH) yield* filesUnder(path, depth + 1);
    else if (e.isFile()) yield path;
  }
}

async function headOf(path: string): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buf = Buffer.alloc(4);
    const { bytesRead } = await file.read(buf, 0, 4, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

const iso = (ms: number) => (ms > 0 ? new Date(ms).toISOString() : null);

/** One file as evidence: a jar (or a zip under another name) with its entries, else just its hash. */
async function describe(path: string, display: (p: string) => string): Promise<FileEvidence | null> {
  const info = await stat(path);
  const jar = path.toLowerCase().endsWith('.jar');
  if (!jar && !isZip(await headOf(path))) return null;
  const data = info.size <= MAX_ARCHIVE_BYTES ? await readFile(path) : null;
  const sha256 = data === null ? null : createHash('sha256').update(data).digest('hex');
  const entries = data === null ? null : zipEntries(data);
  if (sha256 === null) return null;
  return {
    path: display(path).slice(0, EVIDENCE_CAPS.path),
    kind: entries === null ? 'file' : jar ? 'jar' : 'zip',
    size: info.size,
    modifiedAt: iso(info.mtimeMs),
    createdAt: iso(info.birthtimeMs),
    sha256,
    entries: (entries ?? []).slice(0, EVIDENCE_CAPS.entries).map((e) => e.slice(0, EVIDENCE_CAPS.text)),
    entriesTotal: entries?.length ?? 0,
  };
}

/**
 * Every jar in the Minecraft installations' mods and versions folders, and every file there that is
 * a zip archive under another name (docs/scan-client.md): path, size, times, SHA-256 and the entry
 * names inside. File contents never leave the machine.
 */
export const collectFiles: Collector<'files'> = async (ctx) => {
  const installations = await minecraftInstallations(ctx.machine);
  if (installations.length === 0)
    throw new SkipSource('No Minecraft installation was found on this machine.');
  const items: FileEvidence[] = [];
  for (const dir of installations.slice(0, EVIDENCE_CAPS.installations)) {
    for (const folder of CONTENT_FOLDERS) {
      for await (const path of filesUnder(join(dir, folder))) {
        if (items.length >= EVIDENCE_CAPS.files) break;
        const item = await describe(path, ctx.display).catch(() => null);
        if (item !== null) items.push(item);
      }
    }
  }
  return {
    installations: installations.slice(0, EVIDENCE_CAPS.installations).map((d) => ctx.display(d)),
    items,
  };
};

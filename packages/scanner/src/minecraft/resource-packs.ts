import { createHash } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { type FileHandle, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { EVIDENCE_CAPS } from '@scanpin/evidence';
import { Budget, BudgetExceeded, openRegular, readBounded } from '../bounded-read.js';
import type { ResourcePackEvidence } from '../evidence/document.js';
import type { ZipEntryLocation } from '../zip/central-directory.js';
import { isZip } from '../zip/entries.js';
import { openZipFile, type ZipFile } from '../zip/zip-file.js';
import { textureAlpha } from './png-alpha.js';
import { FILLER_BLOCKS, FILLER_TEXTURES, LEGACY_FILLER_TEXTURES } from './xray-blocks.js';

/**
 * Minecraft resource packs (docs/scan-client.md, "Resource packs"): each zip file and folder in a game
 * folder's `resourcepacks`, with the facts the server's x-ray rule reads (docs/detection.md, "X-ray
 * resource packs"): how transparent the pack's textures of the blocks ores sit in are, and whether
 * its models of those blocks draw anything. A zip's central directory and named entries are read in
 * place (zip/zip-file.ts), never the whole pack into memory; no image or model leaves the machine,
 * only counts.
 */

/**
 * What reading the packs may cost one scan (docs/scan-client.md, "Resource packs"): `readBytes` and
 * `readMs` for the directories and named entries of every pack, past which a pack is listed with
 * `read: false` (which the server counts as a cut); `hashBytes` and `hashMs` for the SHA-256 of the
 * zip files, read by streaming, past which a pack is listed with `sha256: null` (no rule matches a
 * pack's hash: it only tells staff which file it was). High-resolution packs reach a few hundred MiB.
 */
export const RESOURCE_PACK_LIMITS = {
  readBytes: 128 * 1024 * 1024,
  readMs: 15_000,
  hashBytes: 256 * 1024 * 1024,
  hashMs: 10_000,
};
export type ResourcePackLimits = typeof RESOURCE_PACK_LIMITS;

interface Budgets {
  read: Budget;
  hash: Budget;
}
/** A texture or model file larger than this is counted as unreadable. */
const MAX_ASSET_BYTES = 8 * 1024 * 1024;
/** A model's parent chain is followed this far within the pack (vanilla's are 3 deep). */
const MAX_PARENTS = 8;

/** Read access to a pack's files by their path inside it, whatever it is stored as. */
interface PackFiles {
  /** The file's bytes; `missing` when the pack does not hold it, null when it cannot be read. */
  read(path: string): Promise<Uint8Array | null | 'missing'>;
}

function zipFiles(zip: ZipFile): PackFiles {
  const byName = new Map<string, ZipEntryLocation>(zip.entries.map((e) => [e.name, e]));
  return {
    read: async (path) => {
      const entry = byName.get(path);
      return entry === undefined ? 'missing' : zip.read(entry, MAX_ASSET_BYTES);
    },
  };
}

function folderFiles(dir: string, budget: Budget): PackFiles {
  return {
    read: async (path) => {
      budget.charge(0);
      const file = join(dir, ...path.split('/'));
      const info = await stat(file).catch(() => null);
      if (info === null) return 'missing';
      const read = await readBounded(file, { maxBytes: MAX_ASSET_BYTES, followLinks: true });
      budget.charge(read?.data.byteLength ?? 0);
      return read === null ? null : read.data;
    },
  };
}

/** The SHA-256 of an open file, streamed within the budget; null once it is spent or on an error. */
async function hashWithin(handle: FileHandle, size: number, budget: Budget): Promise<string | null> {
  const hash = createHash('sha256');
  const chunk = Buffer.alloc(Math.min(1024 * 1024, Math.max(size, 1)));
  try {
    budget.charge(0);
    for (let at = 0; at < size; ) {
      const { bytesRead } = await handle.read(chunk, 0, Math.min(chunk.length, size - at), at);
      if (bytesRead === 0) break;
      budget.charge(bytesRead);
      hash.update(chunk.subarray(0, bytesRead));
      at += bytesRead;
    }
    return hash.digest('hex');
  } catch {
    return null;
  }
}

const utf8 = new TextDecoder();

/** A JSON file of the pack, or null when it is not JSON. */
function parsed(data: Uint8Array): unknown {
  try {
    // A BOM is accepted by the game's reader (Gson), so it is here too.
    return JSON.parse(utf8.decode(data).replace(/^\uFEFF/, ''));
  } catch {
    return null;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** A text component (`pack.mcmeta`'s description) as plain text: a string, `{text, extra}` or a list of them. */
function plainText(component: unknown, depth = 0): string {
  if (depth > 8) return '';
  if (typeof component === 'string') return component;
  if (Array.isArray(component)) return component.map((c) => plainText(c, depth + 1)).join('');
  if (isObject(component))
    return `${typeof component.text === 'string' ? component.text : ''}${plainText(component.extra ?? '', depth + 1)}`;
  return '';
}

/**
 * A model id (`minecraft:block/stone`, or before 1.13 `stone` in a block state file) as the path of
 * its file in a pack.
 */
function modelFile(id: string, legacyBare: boolean): string {
  const colon = id.indexOf(':');
  const namespace = colon >= 0 ? id.slice(0, colon) : 'minecraft';
  let path = colon >= 0 ? id.slice(colon + 1) : id;
  if (legacyBare && !path.includes('/')) path = `block/${path}`;
  return `assets/${namespace}/models/${path}.json`;
}

/** The model ids a block state file names: its variants (one or a weighted list) and multipart cases. */
function blockStateModels(state: unknown): string[] {
  if (!isObject(state)) return [];
  const out: string[] = [];
  const take = (v: unknown) => {
    for (const m of Array.isArray(v) ? v : [v])
      if (isObject(m) && typeof m.model === 'string') out.push(m.model);
  };
  if (isObject(state.variants)) for (const v of Object.values(state.variants)) take(v);
  if (Array.isArray(state.multipart))
    for (const part of state.multipart) if (isObject(part)) take(part.apply);
  return [...new Set(out)];
}

type ModelFacts = Omit<ResourcePackEvidence['models'][number], 'block' | 'path'>;

/** What the game draws for a model: its elements and faces, followed up its parents within the pack. */
async function modelFacts(files: Files, path: string): Promise<ModelFacts | null> {
  let current = path;
  for (let depth = 0; depth < MAX_PARENTS; depth++) {
    const data = await files.read(current);
    if (data === null || data === 'missing') return null;
    const model = parsed(data);
    if (!isObject(model)) return null;
    if (Array.isArray(model.elements)) {
      const faces = model.elements.reduce<number>(
        (n, e) => n + (isObject(e) && isObject(e.faces) ? Object.keys(e.faces).length : 0),
        0,
      );
      return { elements: model.elements.length, faces, inherits: null };
    }
    if (typeof model.parent !== 'string') return { elements: null, faces: null, inherits: null };
    const parent = modelFile(model.parent, false);
    if ((await files.read(parent)) === 'missing')
      return { elements: null, faces: null, inherits: model.parent.slice(0, EVIDENCE_CAPS.name) };
    current = parent;
  }
  return null;
}

/** A pack's files through its overlays (`pack.mcmeta` `overlays`, 1.20.2 on): an overlay's file wins. */
class Files {
  constructor(
    private readonly pack: PackFiles,
    private readonly overlays: readonly string[],
  ) {}
  async read(path: string): Promise<Uint8Array | null | 'missing'> {
    for (const overlay of this.overlays) {
      const found = await this.pack.read(`${overlay}/${path}`);
      if (found !== 'missing') return found;
    }
    return this.pack.read(path);
  }
}

type PackFacts = Pick<ResourcePackEvidence, 'description' | 'textures' | 'models' | 'unreadable'>;

async function packFacts(pack: PackFiles): Promise<PackFacts> {
  const mcmeta = await pack.read('pack.mcmeta');
  const meta = mcmeta instanceof Uint8Array ? parsed(mcmeta) : null;
  const info = isObject(meta) && isObject(meta.pack) ? meta.pack : {};
  const overlayList = isObject(meta) && isObject(meta.overlays) ? meta.overlays.entries : undefined;
  const overlays = (Array.isArray(overlayList) ? overlayList : [])
    .map((o) => (isObject(o) && typeof o.directory === 'string' ? o.directory : null))
    .filter((d): d is string => d !== null && /^[a-z0-9_.-]+$/.test(d))
    .reverse();
  const files = new Files(pack, overlays);
  const facts: PackFacts = {
    description: 'description' in info ? plainText(info.description).slice(0, EVIDENCE_CAPS.text) : null,
    textures: [],
    models: [],
    unreadable: 0,
  };
  const texturePaths = [
    ...FILLER_TEXTURES.map((t) => `assets/minecraft/textures/block/${t}.png`),
    ...LEGACY_FILLER_TEXTURES.map((t) => `assets/minecraft/textures/blocks/${t}.png`),
  ];
  for (const path of texturePaths) {
    const data = await files.read(path);
    if (data === 'missing') continue;
    const alpha = data === null ? null : textureAlpha(data);
    if (alpha === null) facts.unreadable++;
    else if (facts.textures.length < EVIDENCE_CAPS.packTextures) facts.textures.push({ path, ...alpha });
  }
  for (const block of FILLER_BLOCKS) {
    const paths = new Set([`assets/minecraft/models/block/${block}.json`]);
    const state = await files.read(`assets/minecraft/blockstates/${block}.json`);
    if (state instanceof Uint8Array)
      for (const id of blockStateModels(parsed(state))) paths.add(modelFile(id, true));
    for (const path of paths) {
      const data = await files.read(path);
      if (data === 'missing') continue;
      const model = await modelFacts(files, path);
      if (model === null) facts.unreadable++;
      else if (facts.models.length < EVIDENCE_CAPS.packModels) facts.models.push({ block, path, ...model });
    }
  }
  return facts;
}

/**
 * The packs `options.txt` says are in use (`resourcePacks:["vanilla","file/xray.zip"]`; before 1.13
 * the file name alone), or null when there is no readable `options.txt`.
 */
async function enabledPacks(gameFolder: string): Promise<Set<string> | null> {
  const read = await readBounded(join(gameFolder, 'options.txt'), { maxBytes: 1024 * 1024 });
  if (read === null) return null;
  const line = read.data
    .toString('utf8')
    .split(/\r?\n/)
    .find((l) => l.startsWith('resourcePacks:'));
  if (line === undefined) return new Set();
  try {
    const list: unknown = JSON.parse(line.slice('resourcePacks:'.length));
    return new Set(
      (Array.isArray(list) ? list : [])
        .filter((p): p is string => typeof p === 'string')
        .map((p) => (p.startsWith('file/') ? p.slice(5) : p)),
    );
  } catch {
    return new Set();
  }
}

const iso = (ms: number) => (ms > 0 ? new Date(ms).toISOString() : null);

/** One entry of `resourcepacks` as evidence, or null when it is no pack (a stray file, a folder without `pack.mcmeta`). */
async function describePack(
  path: string,
  entry: Dirent,
  enabled: Set<string> | null,
  display: (p: string) => string,
  budgets: Budgets,
): Promise<ResourcePackEvidence | null> {
  const info = await stat(path).catch(() => null);
  if (info === null) return null;
  const common = {
    path: display(path).slice(0, EVIDENCE_CAPS.path),
    modifiedAt: iso(info.mtimeMs),
    enabled: enabled === null ? null : enabled.has(entry.name),
  };
  const empty = { description: null, textures: [], models: [], unreadable: 0 };
  const named = entry.name.toLowerCase().endsWith('.zip');
  if (info.isDirectory()) {
    const pack = folderFiles(path, budgets.read);
    try {
      if ((await pack.read('pack.mcmeta')) === 'missing') return null;
      return { ...common, kind: 'folder', sha256: null, read: true, ...(await packFacts(pack)) };
    } catch (error) {
      if (!(error instanceof BudgetExceeded)) throw error;
      return { ...common, kind: 'folder', sha256: null, read: false, ...empty };
    }
  }
  if (!info.isFile()) return null;
  const opened = await openRegular(path, true);
  if (opened === null) return named ? { ...common, kind: 'zip', sha256: null, read: false, ...empty } : null;
  const { handle, size } = opened;
  try {
    let facts: PackFacts | null = null;
    try {
      budgets.read.charge(4);
      const head = Buffer.alloc(4);
      await handle.read(head, 0, 4, 0);
      if (!isZip(head) && !named) return null;
      const zip = await openZipFile(handle, size, (bytes) => budgets.read.charge(bytes));
      if (zip !== null) facts = await packFacts(zipFiles(zip));
    } catch {
      // Past the scan's budget (BudgetExceeded), or a read that failed: listed as not read, so the
      // server sees the gap.
    }
    const sha256 = await hashWithin(handle, size, budgets.hash);
    return { ...common, kind: 'zip', sha256, read: facts !== null, ...(facts ?? empty) };
  } finally {
    await handle.close();
  }
}

/**
 * Every resource pack of the game folders, up to the cap; `total` counts them all. A pack that cannot
 * be opened is still listed (`read: false`), so the server sees the gap.
 */
export async function resourcePacks(
  gameFolders: readonly string[],
  display: (p: string) => string,
  limits: ResourcePackLimits = RESOURCE_PACK_LIMITS,
): Promise<{ items: ResourcePackEvidence[]; total: number }> {
  const budgets: Budgets = {
    read: new Budget(limits.readBytes, limits.readMs),
    hash: new Budget(limits.hashBytes, limits.hashMs),
  };
  const items: ResourcePackEvidence[] = [];
  let total = 0;
  for (const game of gameFolders) {
    const dir = join(game, 'resourcepacks');
    const entries: Dirent[] = await readdir(dir, { withFileTypes: true }).catch(() => []);
    if (entries.length === 0) continue;
    const enabled = await enabledPacks(game);
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name);
      if (items.length >= EVIDENCE_CAPS.resourcePacks) {
        // Past the cap a pack is counted, not read: a zip by name, a folder by its pack.mcmeta.
        const counted = entry.name.toLowerCase().endsWith('.zip')
          ? true
          : (await stat(join(path, 'pack.mcmeta')).catch(() => null)) !== null;
        if (counted) total++;
        continue;
      }
      const pack = await describePack(path, entry, enabled, display, budgets).catch(() => null);
      if (pack === null) continue;
      total++;
      items.push(pack);
    }
  }
  return { items, total };
}

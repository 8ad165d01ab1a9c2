import type { PackModelEvidence, PackTextureEvidence, ResourcePackEvidence } from '@scanpin/evidence';
import type { EvidenceDocument } from '../evidence.js';
import type { Signal } from './signal.js';

/**
 * X-ray resource packs (docs/detection.md, "X-ray resource packs"): a pack in a game folder's
 * `resourcepacks` that makes the blocks ores sit in invisible, so ores show through them. The
 * scanner sends facts only (the textures of those blocks with their transparent pixels, and their
 * models' elements and faces); the rule is here:
 * - a texture is cleared when at least `CLEARED_TEXTURE_SHARE` of its pixels are transparent;
 * - a model is emptied when it draws nothing: no element or no face, or no element of its own and no
 *   parent whose elements the game would use (none, or vanilla's `block/block`, which has none);
 * - a pack is an x-ray pack when it clears or empties at least `XRAY_MIN_BLOCKS` of those blocks.
 * A vanilla texture of those blocks has no transparent pixel, and the blocks that are see-through in
 * the game (glass, leaves, ice) are not among them, so one such block is already no accident of art;
 * two make the rule robust to a single damaged texture. It proves possession: the pack is on the disk
 * (and `enabled` says whether the game's options list it as in use), not that it was used.
 */
export const RESOURCE_PACK_SIGNAL_CODES = ['xray-resource-pack'] as const;

export const CLEARED_TEXTURE_SHARE = 0.9;
export const XRAY_MIN_BLOCKS = 2;
/** Vanilla's root block model: display settings, no elements. */
const NO_ELEMENT_PARENTS = new Set(['block/block', 'minecraft:block/block']);
const SHOWN = 4;

export function textureCleared(t: PackTextureEvidence): boolean {
  const pixels = t.width * t.height;
  return pixels > 0 && t.transparentPixels >= CLEARED_TEXTURE_SHARE * pixels;
}

export function modelEmptied(m: PackModelEvidence): boolean {
  if (m.elements !== null) return m.elements === 0 || m.faces === 0;
  return m.inherits === null || NO_ELEMENT_PARENTS.has(m.inherits);
}

/** `stone.png` of `assets/minecraft/textures/block/stone.png`. */
const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1);
/** The block a texture draws: `basalt` of `basalt_side.png`. */
const blockOf = (texture: string) =>
  fileName(texture)
    .replace(/\.png$/, '')
    .replace(/_(top|side|bottom)$/, '');

/** What the pack makes invisible, for the finding: names, each with its evidence. */
function cleared(pack: ResourcePackEvidence): { blocks: Set<string>; shown: string[] } {
  const blocks = new Set<string>();
  const shown: string[] = [];
  for (const t of pack.textures) {
    if (!textureCleared(t)) continue;
    blocks.add(blockOf(t.path));
    const share = Math.floor((100 * t.transparentPixels) / (t.width * t.height));
    shown.push(`${fileName(t.path)} ${share}% transparent`);
  }
  for (const m of pack.models) {
    if (!modelEmptied(m)) continue;
    blocks.add(m.block);
    shown.push(`${m.block} model ${fileName(m.path)} draws nothing`);
  }
  return { blocks, shown };
}

export function* resourcePackSignals(doc: EvidenceDocument): Generator<Signal<'xray-resource-pack'>> {
  const files = doc.sources.files;
  if (files.status !== 'collected') return;
  for (const [index, pack] of (files.resourcePacks ?? []).entries()) {
    const { blocks, shown } = cleared(pack);
    if (blocks.size < XRAY_MIN_BLOCKS) continue;
    const more = shown.length > SHOWN ? `, and ${shown.length - SHOWN} more` : '';
    const use =
      pack.enabled === true
        ? 'in use in options.txt'
        : pack.enabled === false
          ? 'installed, not in use in options.txt'
          : 'installed';
    yield {
      code: 'xray-resource-pack',
      proves: 'possession',
      where: `${pack.path} (${use}): ${blocks.size} blocks ores sit in made invisible: ${shown.slice(0, SHOWN).join(', ')}${more}`,
      ref: { source: 'resourcePacks', index, value: pack.path },
    };
  }
}

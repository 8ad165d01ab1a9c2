import type { PackModelEvidence, PackTextureEvidence, ResourcePackEvidence } from '@scanpin/evidence';
import { describe, expect, it } from 'vitest';
import type { EvidenceDocument } from '../../src/domain/evidence.js';
import { resourcePackSignals } from '../../src/domain/signals/resource-pack-signals.js';
import { evidence } from '../support/evidence.js';

/** The x-ray rule of docs/detection.md, "X-ray resource packs", each threshold on and off. */

const texture = (name: string, transparentPixels: number): PackTextureEvidence => ({
  path: `assets/minecraft/textures/block/${name}.png`,
  width: 16,
  height: 16,
  transparentPixels,
});
const model = (block: string, facts: Partial<PackModelEvidence>): PackModelEvidence => ({
  block,
  path: `assets/minecraft/models/block/${block}.json`,
  elements: null,
  faces: null,
  inherits: null,
  ...facts,
});

function signalsOf(pack: Partial<ResourcePackEvidence>): string[] {
  const doc: EvidenceDocument = evidence('n');
  doc.sources.files.resourcePacks = [
    {
      path: '~/.minecraft/resourcepacks/p.zip',
      kind: 'zip',
      sha256: null,
      modifiedAt: null,
      read: true,
      description: null,
      enabled: null,
      textures: [],
      models: [],
      unreadable: 0,
      ...pack,
    },
  ];
  return [...resourcePackSignals(doc)].map((s) => s.where);
}

describe('the x-ray resource pack signal', () => {
  it('needs two blocks made invisible: one is no signal', () => {
    expect(signalsOf({ textures: [texture('stone', 256)] })).toEqual([]);
    expect(signalsOf({ textures: [texture('stone', 256), texture('dirt', 256)] })).toHaveLength(1);
  });

  it('counts a texture from 90 % of its pixels transparent, and the faces of one block once', () => {
    // 231 of 256 is 90.2 %; 230 is 89.8 %.
    expect(signalsOf({ textures: [texture('stone', 231), texture('dirt', 231)] })).toHaveLength(1);
    expect(signalsOf({ textures: [texture('stone', 231), texture('dirt', 230)] })).toEqual([]);
    expect(signalsOf({ textures: [texture('basalt_side', 256), texture('basalt_top', 256)] })).toEqual([]);
  });

  it('counts a model that draws nothing, and not one that inherits a cube', () => {
    const emptied = [
      model('stone', { elements: 0, faces: 0 }),
      model('dirt', { elements: 2, faces: 0 }),
      model('gravel', { inherits: 'minecraft:block/block' }),
      model('sand', {}),
    ];
    expect(signalsOf({ models: emptied })[0]).toMatch(/: 4 blocks ores sit in made invisible: /);
    const drawn = [
      model('stone', { inherits: 'minecraft:block/cube_all' }),
      model('dirt', { elements: 1, faces: 6 }),
    ];
    expect(signalsOf({ models: drawn })).toEqual([]);
  });

  it('says whether the game uses the pack', () => {
    const textures = [texture('stone', 256), texture('netherrack', 256)];
    expect(signalsOf({ textures, enabled: true })[0]).toMatch(/\(in use in options\.txt\)/);
    expect(signalsOf({ textures, enabled: false })[0]).toMatch(/\(installed, not in use in options\.txt\)/);
    expect(signalsOf({ textures, enabled: null })[0]).toMatch(/p\.zip \(installed\)/);
  });
});

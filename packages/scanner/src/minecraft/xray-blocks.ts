/**
 * The blocks ores sit in (docs/detection.md, "X-ray resource packs"): an x-ray pack makes these
 * invisible, by a transparent texture or an empty model, so that the ores around them show through.
 * Blocks that are see-through in the game itself (glass, leaves, ice, water) are left out, and so
 * are the textures vanilla draws partly transparent (`grass_block_side_overlay`). The names are the
 * vanilla game's asset names: `textures/block/` and `models/block/` from 1.13 on, `textures/blocks/`
 * before (the 1.13 "flattening" renamed them).
 */

/** Texture names under `assets/minecraft/textures/block/` (1.13 and later). */
export const FILLER_TEXTURES = [
  'stone',
  'deepslate',
  'deepslate_top',
  'tuff',
  'granite',
  'diorite',
  'andesite',
  'calcite',
  'dripstone_block',
  'smooth_basalt',
  'dirt',
  'coarse_dirt',
  'grass_block_top',
  'grass_block_side',
  'gravel',
  'sand',
  'red_sand',
  'sandstone',
  'sandstone_top',
  'sandstone_bottom',
  'clay',
  'terracotta',
  'netherrack',
  'basalt_side',
  'basalt_top',
  'blackstone',
  'blackstone_top',
  'soul_sand',
  'soul_soil',
  'end_stone',
  'bedrock',
] as const;

/** Texture names under `assets/minecraft/textures/blocks/` (before 1.13). */
export const LEGACY_FILLER_TEXTURES = [
  'stone',
  'stone_granite',
  'stone_diorite',
  'stone_andesite',
  'dirt',
  'coarse_dirt',
  'grass_top',
  'grass_side',
  'gravel',
  'sand',
  'red_sand',
  'sandstone_normal',
  'sandstone_top',
  'sandstone_bottom',
  'clay',
  'hardened_clay',
  'netherrack',
  'soul_sand',
  'end_stone',
  'bedrock',
] as const;

/**
 * Block names whose model (`assets/minecraft/models/block/<name>.json`) and block state file
 * (`assets/minecraft/blockstates/<name>.json`) are read: the 1.13 names and the older ones
 * (`grass_normal`, `sandstone_normal`, `hardened_clay`), with the models vanilla draws some of them
 * with at random (`stone_mirrored`, `deepslate_mirrored`).
 */
export const FILLER_BLOCKS = [
  ...new Set([
    ...FILLER_TEXTURES.filter((t) => !/_(top|side|bottom)$/.test(t)),
    'basalt',
    'blackstone',
    'grass_block',
    'stone_mirrored',
    'deepslate_mirrored',
    'bedrock_mirrored',
    'granite',
    'diorite',
    'andesite',
    'grass_normal',
    'sandstone_normal',
    'hardened_clay',
  ]),
];

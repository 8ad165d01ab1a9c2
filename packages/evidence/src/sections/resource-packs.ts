import { Type } from 'typebox';
import { EVIDENCE_CAPS as L } from '../caps.js';
import { Count, Nullable, Sha256, Text, When } from '../schema/primitives.js';

/*
 * Minecraft resource packs (docs/scan-client.md, "Resource packs"): facts about the textures and
 * models a pack ships for the blocks ores sit in, from which the server's `xray-resource-pack` signal
 * decides whether the pack is an x-ray pack (docs/detection.md, "X-ray resource packs"). Added in
 * version 3 as optional fields of the files section; no image ever leaves the machine.
 */

export const EvidencePackTexture = Type.Object(
  {
    path: Text(L.path, 'The texture’s path inside the pack (`assets/minecraft/textures/block/stone.png`).'),
    width: Count,
    height: Count,
    transparentPixels: Type.Integer({
      minimum: 0,
      description:
        'Pixels whose alpha is below 128 (of 255): what a cut-out render drops. Out of `width` × `height`, every frame of an animated texture included.',
    }),
  },
  { additionalProperties: false },
);

export const EvidencePackModel = Type.Object(
  {
    block: Text(L.name, 'The block it draws (`stone`).'),
    path: Text(
      L.path,
      'The model’s path inside the pack: the block’s own model, or one its block state file in the pack points to.',
    ),
    elements: Nullable(
      Type.Integer({
        minimum: 0,
        description:
          'Elements (boxes) of the first model of its parent chain, within the pack, that declares them; null when none does.',
      }),
    ),
    faces: Nullable(
      Type.Integer({ minimum: 0, description: 'Faces of those elements; null as `elements`.' }),
    ),
    inherits: Nullable(
      Text(
        L.name,
        'The parent the chain reaches outside the pack (`minecraft:block/cube_all`), whose elements the game uses when the pack declares none; null when the chain ends in the pack.',
      ),
    ),
  },
  { additionalProperties: false },
);

export const EvidenceResourcePack = Type.Object(
  {
    path: Text(L.path, 'The pack in a game folder’s `resourcepacks`, the home folder shortened to `~`.'),
    kind: Type.Enum(['zip', 'folder']),
    sha256: Nullable(Sha256),
    modifiedAt: When,
    read: Type.Boolean({
      description: 'The pack could be opened (false: too large, damaged or denied; nothing else is known).',
    }),
    description: Nullable(Text(L.text, 'The description in its `pack.mcmeta`.')),
    enabled: Nullable(
      Type.Boolean({
        description:
          'The game folder’s `options.txt` lists it among the packs in use; null when there is no readable `options.txt`.',
      }),
    ),
    textures: Type.Array(EvidencePackTexture, {
      maxItems: L.packTextures,
      description:
        'The textures of the blocks ores sit in (stone, deepslate, dirt, netherrack, …) that the pack replaces, with how many of their pixels are transparent.',
    }),
    models: Type.Array(EvidencePackModel, {
      maxItems: L.packModels,
      description: 'The models of those blocks that the pack replaces.',
    }),
    unreadable: Type.Integer({
      minimum: 0,
      description: 'Such textures or models the pack holds that could not be read (damaged, too large).',
    }),
  },
  { additionalProperties: false },
);

import projectPublisher from '../rule-packs/signed/project-publisher.json' with { type: 'json' };
import games1 from '../storage/migrations/rule-packs/games-1.json' with { type: 'json' };
import minecraft2 from '../storage/migrations/rule-packs/minecraft-2.json' with { type: 'json' };
import minecraftXray1 from '../storage/migrations/rule-packs/minecraft-xray-1.json' with { type: 'json' };
import rockstar1 from '../storage/migrations/rule-packs/rockstar-1.json' with { type: 'json' };
import starter1 from '../storage/migrations/rule-packs/starter-1.json' with { type: 'json' };
import windows1 from '../storage/migrations/rule-packs/windows-1.json' with { type: 'json' };
import windows2 from '../storage/migrations/rule-packs/windows-2.json' with { type: 'json' };
import type { PackRule } from './rule-pack.js';

/**
 * The project's own rule packs (docs/rules.md, "The project's packs"): which built-in rule files make
 * up each pack and at which version, and the project's publisher key. `npm run sign:rule-packs` signs
 * them into `src/rule-packs/signed/` with the key's public half in `project-publisher.json`, and a
 * test checks that the signed packs hold exactly these rules and every built-in file.
 *
 * The built-in files are read where their migrations loaded them from (storage/migrations/rule-packs/,
 * frozen with those migrations): a pack is the rules those migrations put in every store, as data,
 * never the migrations' code. A migration that adds built-in rules adds its file here, raises its
 * pack's version and signs the packs again. A server records the packs as 0031-rule-packs.ts found
 * them (starter 1, windows 2; that migration keeps its own copy of the key); importing a newer signed
 * project pack takes the rules later migrations loaded into it (an import adopts an identical rule no
 * pack holds) and adds none twice.
 */

export const PROJECT_PUBLISHER_NAME = 'scanpin';

/** The project's publisher key as shipped (rotated by `npm run sign:rule-packs` with a new key). */
export const PROJECT_PUBLISHER: {
  readonly name: string;
  readonly keyId: string;
  readonly publicKey: string;
} = projectPublisher;

export interface ProjectPack {
  name: string;
  version: number;
  /** The built-in files, in the order their migrations load them. */
  parts: ReadonlyArray<{ file: string; rules: readonly PackRule[] }>;
}

export const PROJECT_PACKS: readonly ProjectPack[] = [
  {
    name: 'starter',
    version: 2,
    parts: [
      { file: 'starter-1.json', rules: starter1.rules as PackRule[] },
      { file: 'minecraft-2.json', rules: minecraft2.rules as PackRule[] },
    ],
  },
  {
    name: 'windows',
    version: 2,
    parts: [
      { file: 'windows-1.json', rules: windows1.rules as PackRule[] },
      { file: 'windows-2.json', rules: windows2.rules as PackRule[] },
    ],
  },
  // The games on Rockstar's engines (docs/detection.md, "GTA and RDR multiplayer"), loaded by 0033.
  {
    name: 'rockstar',
    version: 1,
    parts: [{ file: 'rockstar-1.json', rules: rockstar1.rules as PackRule[] }],
  },
  // Minecraft: Bedrock Edition, Roblox, Call of Duty and Rust (docs/detection.md, "Bedrock, Roblox,
  // Call of Duty, Rust"), loaded by 0034.
  {
    name: 'games',
    version: 1,
    parts: [{ file: 'games-1.json', rules: games1.rules as PackRule[] }],
  },
  // X-ray resource packs for Minecraft: Java Edition (docs/detection.md, "X-ray resource packs"),
  // loaded by 0035: a pack of its own, so a community that allows them drops or re-grades it alone.
  {
    name: 'minecraft-xray',
    version: 1,
    parts: [{ file: 'minecraft-xray-1.json', rules: minecraftXray1.rules as PackRule[] }],
  },
];

/** A project pack's rules, every part's in order. */
export function projectPackRules(pack: ProjectPack): PackRule[] {
  return pack.parts.flatMap((p) => p.rules.map((r) => ({ ...r, games: [...r.games] })));
}

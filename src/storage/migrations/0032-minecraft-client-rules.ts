import type { Kysely } from 'kysely';
import minecraftPack from './rule-packs/minecraft-2.json' with { type: 'json' };
import { insertBuiltInRules } from './support/insert-built-in-rules.js';

/**
 * The Minecraft pack's second part (`rule-packs/minecraft-2.json`; docs/detection.md, "Minecraft: Java
 * Edition clients"): for each public cheat client the starter pack did not name, a jar-entry prefix
 * and a memory-string rule on the client's own package, each citing the public source file it was
 * read from. The packages are checked against the popular legitimate mods listed in
 * `detection/minecraft/clients.json`. Loaded once, like the other built-in parts; an operator
 * re-grades or disables any of them afterwards.
 */
export function minecraftClientRules() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await insertBuiltInRules(db, minecraftPack.rules);
    },
  };
}

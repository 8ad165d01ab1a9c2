import type { Kysely } from 'kysely';
import xrayPack from './rule-packs/minecraft-xray-1.json' with { type: 'json' };
import { insertBuiltInRules } from './support/insert-built-in-rules.js';

/**
 * The x-ray resource pack rule (`rule-packs/minecraft-xray-1.json`; docs/detection.md, "X-ray
 * resource packs"): a `signal` rule grading `xray-resource-pack`, which the server raises for a pack
 * in a Minecraft game folder's `resourcepacks` that makes the blocks ores sit in invisible
 * (src/domain/signals/resource-pack-signals.ts). Loaded once, like the other built-in parts; an
 * operator re-grades or disables it afterwards (a server that allows x-ray packs in single player).
 */
export function xrayPackRules() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await insertBuiltInRules(db, xrayPack.rules);
    },
  };
}

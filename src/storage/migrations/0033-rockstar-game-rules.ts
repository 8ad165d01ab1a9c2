import type { Kysely } from 'kysely';
import rockstarPack from './rule-packs/rockstar-1.json' with { type: 'json' };
import { insertBuiltInRules } from './support/insert-built-in-rules.js';

/**
 * The rules for the games on Rockstar's engines (`rule-packs/rockstar-1.json`; docs/detection.md, "GTA
 * and RDR multiplayer: FiveM, RedM, RageMP, alt:V, San Andreas"): file, folder, module and memory
 * markers of publicly documented cheats and menus for FiveM, RedM, RAGE Multiplayer, alt:V and GTA
 * San Andreas, each citing the public file it was read from. Loaded once, like the other built-in
 * parts; an operator re-grades or disables any of them afterwards.
 */
export function rockstarGameRules() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await insertBuiltInRules(db, rockstarPack.rules);
    },
  };
}

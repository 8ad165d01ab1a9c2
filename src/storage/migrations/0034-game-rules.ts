import type { Kysely } from 'kysely';
import gamesPack from './rule-packs/games-1.json' with { type: 'json' };
import { insertBuiltInRules } from './support/insert-built-in-rules.js';

/**
 * The rules for Minecraft: Bedrock Edition, Roblox, Call of Duty and Rust (`rule-packs/games-1.json`;
 * docs/detection.md, "Bedrock, Roblox, Call of Duty, Rust"): the file names, folders and memory
 * strings of the publicly documented cheats, executors and injectors for these games, each citing the
 * public file it was read from. Loaded once, like the other built-in parts; an operator re-grades or
 * disables any of them afterwards.
 */
export function gameRules() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await insertBuiltInRules(db, gamesPack.rules);
    },
  };
}

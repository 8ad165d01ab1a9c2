import type { Kysely } from 'kysely';
import gamesPack from './rule-packs/games-1.json' with { type: 'json' };

/**
 * The rules for Minecraft: Bedrock Edition, Roblox, Call of Duty and Rust (`rule-packs/games-1.json`;
 * docs/detection.md, "Bedrock, Roblox, Call of Duty, Rust"): the file names, folders and memory
 * strings of the publicly documented cheats, executors and injectors for these games, each citing the
 * public file it was read from. Loaded once, like the other built-in parts; an operator re-grades or
 * disables any of them afterwards.
 */
interface PackRule {
  name: string;
  kind: string;
  pattern: string;
  match: string;
  severity: string;
  games: string[];
  source: string;
}

export function gameRules() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const now = Date.now();
      const rules: readonly PackRule[] = gamesPack.rules;
      const rows = rules.map((rule) => ({
        name: rule.name,
        kind: rule.kind,
        pattern: rule.pattern,
        match: rule.match,
        severity: rule.severity,
        games: JSON.stringify(rule.games),
        enabled: 1,
        source: rule.source,
        created_at: now,
        updated_at: now,
      }));
      if (rows.length === 0) return;
      // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
      await (db as Kysely<any>).insertInto('scan_rules').values(rows).execute();
    },
  };
}

import type { Kysely } from 'kysely';
import rockstarPack from './rule-packs/rockstar-1.json' with { type: 'json' };

/**
 * The rules for the games on Rockstar's engines (`rule-packs/rockstar-1.json`; docs/detection.md, "GTA
 * and RDR multiplayer: FiveM, RedM, RageMP, alt:V, San Andreas"): file, folder, module and memory
 * markers of publicly documented cheats and menus for FiveM, RedM, RAGE Multiplayer, alt:V and GTA
 * San Andreas, each citing the public file it was read from. Loaded once, like the other built-in
 * parts; an operator re-grades or disables any of them afterwards.
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

export function rockstarGameRules() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const now = Date.now();
      const rules: readonly PackRule[] = rockstarPack.rules;
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

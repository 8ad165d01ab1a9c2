import type { Kysely } from 'kysely';
import minecraftPack from './rule-packs/minecraft-2.json' with { type: 'json' };

/**
 * The Minecraft pack's second part (`rule-packs/minecraft-2.json`; docs/detection.md, "Minecraft: Java
 * Edition clients"): for each public cheat client the starter pack did not name, a jar-entry prefix
 * and a memory-string rule on the client's own package, each citing the public source file it was
 * read from. The packages are checked against the popular legitimate mods listed in
 * `detection/minecraft/clients.json`. Loaded once, like the other built-in parts; an operator
 * re-grades or disables any of them afterwards.
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

export function minecraftClientRules() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const now = Date.now();
      const rules: readonly PackRule[] = minecraftPack.rules;
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

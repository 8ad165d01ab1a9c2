import type { Kysely } from 'kysely';
import xrayPack from './rule-packs/minecraft-xray-1.json' with { type: 'json' };

/**
 * The x-ray resource pack rule (`rule-packs/minecraft-xray-1.json`; docs/detection.md, "X-ray
 * resource packs"): a `signal` rule grading `xray-resource-pack`, which the server raises for a pack
 * in a Minecraft game folder's `resourcepacks` that makes the blocks ores sit in invisible
 * (src/domain/signals/resource-pack-signals.ts). Loaded once, like the other built-in parts; an
 * operator re-grades or disables it afterwards (a server that allows x-ray packs in single player).
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

export function xrayPackRules() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const now = Date.now();
      const rules: readonly PackRule[] = xrayPack.rules;
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

import type { Kysely } from 'kysely';
import windowsPack from './rule-packs/windows-1.json' with { type: 'json' };

/**
 * The Windows rule pack (`rule-packs/windows-1.json`; docs/scan-client.md, "Cross-checks and
 * anti-forensics"): signals derived from Prefetch, BAM and PCA together, and game folders beyond
 * Minecraft (FiveM, SA-MP, autoclicker libraries, macro software), each with the public source of
 * its pattern. Loaded once, like the starter pack; the table already takes any kind.
 */
export function windowsRules() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const now = Date.now();
      const rows = windowsPack.rules.map((rule) => ({
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
      // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
      await (db as Kysely<any>).insertInto('scan_rules').values(rows).execute();
    },
  };
}

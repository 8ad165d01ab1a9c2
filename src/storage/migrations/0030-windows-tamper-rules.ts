import type { Kysely } from 'kysely';
import windowsPack from './rule-packs/windows-2.json' with { type: 'json' };

/**
 * The Windows pack's second part (`rule-packs/windows-2.json`; docs/scan-client.md, "Cross-checks and
 * anti-forensics"): signals from the traces of hiding (event logs cleared, the USN journal deleted,
 * forensic services stopped), execution records with a hash (Amcache, ShimCache), code injected into
 * the game and click macros, each with the public source of its meaning. Loaded once, like the
 * first part; an operator re-grades or disables any of them afterwards.
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

export function windowsTamperRules() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const now = Date.now();
      const rules: readonly PackRule[] = windowsPack.rules;
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

import type { Kysely } from 'kysely';

/** A rule as the built-in rule files (`rule-packs/*.json`) hold it. */
export interface BuiltInRule {
  name: string;
  kind: string;
  pattern: string;
  match: string;
  severity: string;
  games: string[];
  source: string;
}

/**
 * Inserts a built-in rule file's rules, enabled, as the migrations that load one do (docs/rules.md,
 * "The project's packs"). Landed migrations call it, so what it writes must never change: a different
 * way of loading rules is a new function, used by new migrations only.
 */
export async function insertBuiltInRules(db: Kysely<unknown>, rules: readonly BuiltInRule[]): Promise<void> {
  if (rules.length === 0) return;
  const now = Date.now();
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
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
  await (db as Kysely<any>).insertInto('scan_rules').values(rows).execute();
}

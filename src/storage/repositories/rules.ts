import type { Selectable } from 'kysely';
import type { Rule, RuleKind, RuleMatch, RuleSeverity } from '../../domain/rules.js';
import type { Db } from '../database.js';
import type { ScanRulesTable } from '../schema.js';

export type RuleRow = Selectable<ScanRulesTable>;

export function toRule(row: RuleRow): Rule {
  return {
    id: Number(row.id),
    name: row.name,
    kind: row.kind as RuleKind,
    pattern: row.pattern,
    match: row.match as RuleMatch,
    severity: row.severity as RuleSeverity,
    games: JSON.parse(row.games) as string[],
    enabled: row.enabled === 1,
    source: row.source,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export type NewRule = Omit<Rule, 'id' | 'createdAt' | 'updatedAt'>;
export type RuleChanges = Partial<Omit<Rule, 'id' | 'createdAt' | 'updatedAt'>>;

/** Detection rules (docs/scan-client.md, "Rules"). */
export function rulesRepository(db: Db) {
  return {
    async list(): Promise<Rule[]> {
      const rows = await db.selectFrom('scan_rules').selectAll().orderBy('id').execute();
      return rows.map(toRule);
    },

    async find(id: number): Promise<Rule | undefined> {
      const row = await db.selectFrom('scan_rules').selectAll().where('id', '=', id).executeTakeFirst();
      return row === undefined ? undefined : toRule(row);
    },

    /**
     * Changes whenever a rule is added or changed (ids only grow, every change moves `updated_at`),
     * so every instance can tell whether its compiled rules are still current with one cheap read.
     */
    async version(): Promise<string> {
      const row = await db
        .selectFrom('scan_rules')
        .select((eb) => [
          eb.fn.countAll().as('n'),
          eb.fn.max('id').as('last_id'),
          eb.fn.max('updated_at').as('last_change'),
        ])
        .executeTakeFirstOrThrow();
      return `${row.n}:${row.last_id ?? 0}:${row.last_change ?? 0}`;
    },

    async insert(rule: NewRule, now: number): Promise<Rule> {
      const row = await db
        .insertInto('scan_rules')
        .values({
          name: rule.name,
          kind: rule.kind,
          pattern: rule.pattern,
          match: rule.match,
          severity: rule.severity,
          games: JSON.stringify(rule.games),
          enabled: rule.enabled ? 1 : 0,
          source: rule.source,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toRule(row);
    },

    async update(id: number, changes: RuleChanges, now: number): Promise<Rule | undefined> {
      const row = await db
        .updateTable('scan_rules')
        .set({
          ...(changes.name === undefined ? {} : { name: changes.name }),
          ...(changes.kind === undefined ? {} : { kind: changes.kind }),
          ...(changes.pattern === undefined ? {} : { pattern: changes.pattern }),
          ...(changes.match === undefined ? {} : { match: changes.match }),
          ...(changes.severity === undefined ? {} : { severity: changes.severity }),
          ...(changes.games === undefined ? {} : { games: JSON.stringify(changes.games) }),
          ...(changes.enabled === undefined ? {} : { enabled: changes.enabled ? 1 : 0 }),
          ...(changes.source === undefined ? {} : { source: changes.source }),
          updated_at: now,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row === undefined ? undefined : toRule(row);
    },
  };
}

export type RulesRepository = ReturnType<typeof rulesRepository>;

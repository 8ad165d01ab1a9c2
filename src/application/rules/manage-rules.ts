import { normalisePattern, patternProblem, type Rule, type RuleKind } from '../../domain/rules.js';
import type { RuleOrigin } from '../../storage/repositories/rule-packs.js';
import type { NewRule, RuleChanges } from '../../storage/repositories/rules.js';
import { auditRefusals, OPERATOR, recordAudit } from '../audit/record.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';

// Where a rule came from, for the routes that present it.
export type { RuleOrigin } from '../../storage/repositories/rule-packs.js';

/** The pattern as it is stored for its kind; refused (400) when it could never match (domain/rules.ts). */
function usablePattern(kind: RuleKind, pattern: string): string {
  const normalised = normalisePattern(kind, pattern);
  const problem = patternProblem(kind, normalised);
  if (problem !== null) refuse({ code: 'invalid_rule_pattern', kind, problem });
  return normalised;
}

/** Every rule, enabled or not (operator API, docs/scan-client.md "Rules"). */
export function listRules(ctx: UseCaseContext): Promise<Rule[]> {
  return ctx.repos.rules.list();
}

/** Which of `rules` came from a signed pack, and from which version (docs/rules.md, "Importing a pack"). */
export function ruleOrigins(ctx: UseCaseContext, rules?: readonly Rule[]): Promise<Map<number, RuleOrigin>> {
  return ctx.repos.rulePacks.origins(rules?.map((r) => r.id));
}

/** Adds a rule; it judges the next evidence upload on every instance. Audited. */
export async function addRule(ctx: UseCaseContext, input: NewRule): Promise<Rule> {
  const attempt = { actor: OPERATOR, action: 'rule.create', resource: { type: 'rule', id: null } } as const;
  return auditRefusals(ctx, attempt, () =>
    ctx.transaction(async (repos) => {
      const now = ctx.clock();
      const rule = await repos.rules.insert(
        { ...input, pattern: usablePattern(input.kind, input.pattern) },
        now,
      );
      // The rule's kind and severity only: its pattern is the server's secret (docs/audit.md).
      await recordAudit(repos, {
        ...attempt,
        resource: { type: 'rule', id: rule.id },
        at: now,
        detail: { kind: rule.kind, severity: rule.severity, enabled: rule.enabled },
      });
      return rule;
    }),
  );
}

/**
 * Changes a rule (disabling it included). Audited. A rule a pack brought that now matches something
 * else (its kind, match or pattern changed) is no longer the pack's rule: it is unlinked and becomes
 * the operator's own, and the pack's next version adds its own rule again if it still has it
 * (docs/rules.md, "Importing a pack"). Its name, severity, games, source and whether it is enabled
 * may change and it stays the pack's.
 */
export async function updateRule(ctx: UseCaseContext, ruleId: number, changes: RuleChanges): Promise<Rule> {
  const attempt = { actor: OPERATOR, action: 'rule.update', resource: { type: 'rule', id: ruleId } } as const;
  return auditRefusals(ctx, attempt, () =>
    ctx.transaction(async (repos) => {
      const now = ctx.clock();
      const before = await repos.rules.find(ruleId);
      if (before === undefined) refuse({ code: 'rule_not_found', ruleId });
      // The pattern is normalised for the kind the rule will have, whichever of the two changed.
      const pattern = usablePattern(changes.kind ?? before.kind, changes.pattern ?? before.pattern);
      const rule = await repos.rules.update(ruleId, { ...changes, pattern }, now);
      if (rule === undefined) refuse({ code: 'rule_not_found', ruleId });
      const matchesElse =
        rule.kind !== before.kind || rule.match !== before.match || rule.pattern !== before.pattern;
      const unlinked = matchesElse && (await repos.rulePacks.unlinkRule(ruleId));
      await recordAudit(repos, {
        ...attempt,
        at: now,
        detail: {
          kind: rule.kind,
          severity: rule.severity,
          enabled: rule.enabled,
          ...(unlinked ? { unlinkedFromPack: true } : {}),
        },
      });
      return rule;
    }),
  );
}

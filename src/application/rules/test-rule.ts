import { compileRules, evaluateEvidence, type Rule } from '../../domain/rules.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';

/** At most this many matching scans are listed; `matched` counts them all. */
export const RULE_TEST_LIST_LIMIT = 100;
const PAGE = 200;

export interface RuleTestMatch {
  pin: string;
  gameType: string;
  receivedAt: number;
  findings: string[];
}

export interface RuleTestResult {
  rule: Rule;
  /** Stored evidence documents the rule was run over. */
  examined: number;
  matched: number;
  scans: RuleTestMatch[];
}

/**
 * A dry run (docs/scan-client.md, "Rules"): the rule, enabled or not, over every stored evidence
 * document, listing the past scans it would have matched. Nothing is written: no verdict changes.
 */
export async function testRule(ctx: UseCaseContext, ruleId: number): Promise<RuleTestResult> {
  const rule = await ctx.repos.rules.find(ruleId);
  if (rule === undefined) refuse({ code: 'rule_not_found', ruleId });
  const compiled = compileRules([{ ...rule, enabled: true }]);
  const result: RuleTestResult = { rule, examined: 0, matched: 0, scans: [] };
  let after = 0;
  for (;;) {
    const page = await ctx.repos.evidence.page(after, PAGE);
    if (page.length === 0) break;
    for (const item of page) {
      result.examined++;
      const findings = evaluateEvidence(compiled, item.document, item.gameType);
      if (findings.length === 0) continue;
      result.matched++;
      if (result.scans.length < RULE_TEST_LIST_LIMIT)
        result.scans.push({
          pin: item.pinCode,
          gameType: item.gameType,
          receivedAt: item.receivedAt,
          findings: findings.map((f) => f.text),
        });
    }
    after = page[page.length - 1]?.pinId ?? after;
  }
  return result;
}

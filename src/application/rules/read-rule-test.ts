import { type RuleTest, type RuleTestMatch, ruleTestAt } from '../../domain/rule-test.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';

export interface RuleTestPage {
  test: RuleTest;
  /** Matching scans after the cursor, oldest first. */
  matches: RuleTestMatch[];
  /** The cursor of the next page, or null when this one reaches the matches found so far. */
  next: number | null;
}

/**
 * A rule test's progress and one page of its matches, as any instance sees it in the store
 * (docs/scan-client.md, "Testing a rule"). A running test nobody has written for a minute is
 * answered as abandoned: the instance running it stopped.
 */
export async function readRuleTest(
  ctx: UseCaseContext,
  testId: number,
  page: { after: number; limit: number },
): Promise<RuleTestPage> {
  const stored = await ctx.repos.ruleTests.find(testId);
  if (stored === undefined) refuse({ code: 'rule_test_not_found', testId });
  const rows = await ctx.repos.ruleTests.matches(testId, page.after, page.limit + 1);
  const matches = rows.slice(0, page.limit);
  const last = matches[matches.length - 1];
  return {
    test: ruleTestAt(stored, ctx.clock()),
    matches,
    next: rows.length > page.limit && last !== undefined ? last.seq : null,
  };
}

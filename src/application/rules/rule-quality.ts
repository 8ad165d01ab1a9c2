import {
  QUALITY_WINDOW_DAYS,
  type QualityBucket,
  type QualityPoint,
  type QualitySummary,
  qualitySeries,
  qualityWindow,
  summarise,
} from '../../domain/rule-quality.js';
import type { Rule } from '../../domain/rules.js';
import type { RuleMark } from '../../storage/repositories/rule-quality.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';

/** Marks listed with a rule's quality: the newest, enough to open the scans behind a bad rule. */
export const RULE_QUALITY_MARKS = 50;

/**
 * Every rule's hits and false positives over the last QUALITY_WINDOW_DAYS days (docs/rules.md, "Rule
 * quality"), for the rules list; a rule with no hit in the window is absent.
 */
export async function rulesQuality(ctx: UseCaseContext): Promise<Map<number, QualitySummary>> {
  const { since } = qualityWindow(ctx.clock(), QUALITY_WINDOW_DAYS);
  const totals = await ctx.repos.ruleQuality.totalsSince(since);
  return new Map([...totals].map(([ruleId, counts]) => [ruleId, summarise(counts)]));
}

export interface RuleQualityReport {
  rule: Rule;
  days: number;
  bucket: QualityBucket;
  since: number;
  until: number;
  /** Over the window. */
  window: QualitySummary;
  /** Over every hit kept (scans go with retention). */
  allTime: QualitySummary;
  series: QualityPoint[];
  marks: RuleMark[];
}

/** One rule's quality over the last `days` days, per day or week, with its newest marks. */
export async function ruleQuality(
  ctx: UseCaseContext,
  ruleId: number,
  options: { days: number; bucket: QualityBucket },
): Promise<RuleQualityReport> {
  const rule = await ctx.repos.rules.find(ruleId);
  if (rule === undefined) refuse({ code: 'rule_not_found', ruleId });
  const window = qualityWindow(ctx.clock(), options.days);
  const perDay = await ctx.repos.ruleQuality.perDay(ruleId, window.since);
  const inWindow = perDay.reduce(
    (sum, d) => ({ hits: sum.hits + d.hits, falsePositives: sum.falsePositives + d.falsePositives }),
    { hits: 0, falsePositives: 0 },
  );
  return {
    rule,
    days: options.days,
    bucket: options.bucket,
    ...window,
    window: summarise(inWindow),
    allTime: summarise(await ctx.repos.ruleQuality.allTime(ruleId)),
    series: qualitySeries(perDay, window, options.bucket),
    marks: await ctx.repos.ruleQuality.recentMarks(ruleId, RULE_QUALITY_MARKS),
  };
}

import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Rule } from '../../domain/rules.js';
import type { UseCaseContext } from '../context.js';
import { evidenceKeys, judge } from './test-rule.js';

/** A pack's dry run lists at most this many matching scans (it counts them all). */
export const RETRO_HUNT_LISTED = 100;
/** A dry run answers within this many seconds at most (less when RULE_TEST_TIME_LIMIT_SECONDS is less). */
export const RETRO_HUNT_MAX_SECONDS = 30;

export interface RetroHuntMatch {
  pin: string;
  gameType: string;
  receivedAt: number;
  findings: string[];
  omitted: number;
}

export interface RetroHunt {
  /** Stored evidence documents when it started: the ones it covers. */
  total: number;
  examined: number;
  matched: number;
  skipped: number;
  /** true when it stopped at its time limit before the last document. */
  partial: boolean;
  /** The first matching scans, oldest first, at most RETRO_HUNT_LISTED. */
  data: RetroHuntMatch[];
}

/**
 * Which stored scans `rules` match (docs/rules.md, "Importing a pack"): the rule test's walk over
 * stored evidence (application/rules/test-rule.ts: keys a page at a time, each document alone,
 * judged in the evidence intake's workers, the event loop yielded between documents), run for the
 * request and within its time limit. Nothing is written: no verdict moves and no test is recorded.
 */
export async function retroHunt(
  ctx: UseCaseContext,
  rules: readonly Rule[],
  version: string,
): Promise<RetroHunt> {
  const seconds = Math.min(ctx.config.ruleTestTimeLimitSeconds, RETRO_HUNT_MAX_SECONDS);
  const signal = AbortSignal.timeout(seconds * 1000);
  const extent = await ctx.repos.ruleTests.evidenceExtent();
  const hunt: RetroHunt = {
    total: extent.total,
    examined: 0,
    matched: 0,
    skipped: 0,
    partial: false,
    data: [],
  };
  if (rules.length === 0) return { ...hunt, examined: extent.total };
  const snapshot = { version: `pack-dry-run:${version}`, rules: rules.map((r) => ({ ...r, enabled: true })) };
  for await (const key of evidenceKeys(ctx, extent.last)) {
    if (signal.aborted) {
      hunt.partial = true;
      break;
    }
    const doc = await ctx.repos.ruleTests.evidenceToJudge(key.pinId);
    hunt.examined++;
    // Removed since it started (retention, erasure): looked at, nothing to judge.
    if (doc === undefined) continue;
    const verdict = await judge(
      ctx,
      { documentJson: doc.documentJson, rules: snapshot, gameType: doc.gameType },
      signal,
    );
    if (verdict === 'stopped') {
      hunt.examined--;
      hunt.partial = true;
      break;
    }
    if (verdict === 'skipped') hunt.skipped++;
    else if (verdict.findings.length > 0) {
      hunt.matched++;
      if (hunt.data.length < RETRO_HUNT_LISTED) {
        const pin = await ctx.repos.pins.findById(doc.pinId);
        hunt.data.push({
          pin: pin?.code ?? '',
          gameType: doc.gameType,
          receivedAt: doc.receivedAt,
          findings: verdict.findings.map((f) => f.text),
          omitted: verdict.omitted.reduce((sum, o) => sum + o.places, 0),
        });
      }
    }
    await nextTurn();
  }
  return hunt;
}

import type { Judgement } from './rules.js';
import { DAY_MS } from './time.js';

/**
 * How well a rule does in practice (docs/rules.md, "Rule quality"): its hits (finished scans it made
 * a finding in, counted when the scan was judged) and the false positives staff marked among them.
 * A mark is staff's word about one finding; it never changes the scan's verdict. Pure.
 */

/** One rule's part in one judged scan: the places it matched, listed or past the bounds on findings. */
export interface RuleHit {
  ruleId: number;
  places: number;
}

/** The rules a judgement holds, each once, with how many places each matched. */
export function ruleHitsOf(judgement: Judgement): RuleHit[] {
  const places = new Map<number, number>();
  for (const f of judgement.findings) places.set(f.ruleId, (places.get(f.ruleId) ?? 0) + 1);
  for (const o of judgement.omitted) places.set(o.ruleId, (places.get(o.ruleId) ?? 0) + o.places);
  return [...places].map(([ruleId, n]) => ({ ruleId, places: n }));
}

/** Does the judgement hold a finding of this rule (listed, or counted past the bounds)? */
export function judgementHasRule(judgement: Judgement, ruleId: number): boolean {
  return (
    judgement.findings.some((f) => f.ruleId === ruleId) || judgement.omitted.some((o) => o.ruleId === ruleId)
  );
}

/** A note staff may leave with a mark: why it is a false positive (a mod's name, a version). */
export const FALSE_POSITIVE_NOTE_MAX = 500;

/** The window the rules list shows, and the longest a rule's quality can be asked over. */
export const QUALITY_WINDOW_DAYS = 30;
export const QUALITY_WINDOW_MAX_DAYS = 365;

/**
 * A rule is flagged when at least this share of its hits in the window were marked false positives
 * (and at least one was): one scan in ten wrongly accused is a rule players will notice.
 */
export const FLAG_FALSE_POSITIVE_SHARE = 0.1;

export interface QualityCounts {
  hits: number;
  falsePositives: number;
}

export interface QualitySummary extends QualityCounts {
  /** falsePositives / hits, or 0 with no hit. */
  falsePositiveShare: number;
  flagged: boolean;
}

export function summarise(counts: QualityCounts): QualitySummary {
  const share = counts.hits === 0 ? 0 : counts.falsePositives / counts.hits;
  return {
    ...counts,
    falsePositiveShare: Math.round(share * 10_000) / 10_000,
    flagged: counts.falsePositives > 0 && share >= FLAG_FALSE_POSITIVE_SHARE,
  };
}

export type QualityBucket = 'day' | 'week';
export const QUALITY_BUCKETS = ['day', 'week'] as const satisfies readonly QualityBucket[];

/** The UTC day an instant falls on, as its number since 1970-01-01. */
export const dayOf = (at: number): number => Math.floor(at / DAY_MS);

/**
 * Where a bucket starts: the UTC day, or the Monday that starts the ISO week of that day (1970-01-01
 * was a Thursday, so day 0 lies three days into its week).
 */
export function bucketStart(day: number, bucket: QualityBucket): number {
  if (bucket === 'day') return day * DAY_MS;
  return (day - ((day + 3) % 7)) * DAY_MS;
}

/** The window of the `days` days that end with today (UTC): from the start of the first one. */
export function qualityWindow(now: number, days: number): { since: number; until: number } {
  return { since: (dayOf(now) - days + 1) * DAY_MS, until: now };
}

export interface QualityPoint extends QualityCounts {
  /** Epoch ms where the bucket starts. */
  start: number;
}

/**
 * Per-day counts (hits bucketed by the day the scan was judged, false positives by the day of the
 * hit they mark) folded into consecutive buckets over the window, empty ones included, oldest first.
 */
export function qualitySeries(
  perDay: ReadonlyArray<QualityCounts & { day: number }>,
  window: { since: number; until: number },
  bucket: QualityBucket,
): QualityPoint[] {
  const points = new Map<number, QualityPoint>();
  for (let day = dayOf(window.since); day <= dayOf(window.until); day++) {
    const start = bucketStart(day, bucket);
    if (!points.has(start)) points.set(start, { start, hits: 0, falsePositives: 0 });
  }
  for (const row of perDay) {
    const point = points.get(bucketStart(row.day, bucket));
    if (point === undefined) continue;
    point.hits += row.hits;
    point.falsePositives += row.falsePositives;
  }
  return [...points.values()];
}

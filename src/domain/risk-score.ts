/**
 * Player risk-score model.
 *
 * A pure, deterministic function of the counters kept per hardware-ID profile: no I/O, no clock, no
 * randomness. Only integer arithmetic and `Math.min` / `Math.max` caps are used, so results are exact.
 * The model and its guarantees are documented for operators in `docs/risk-score.md`; the worked
 * examples there are checked by `test/domain/risk-score.test.ts`.
 *
 *   score = min(100, floor + history + suspicion)
 *
 *   floor     = 76 with an active ban, else 51 with any detection, else 0
 *   history   = (only with a detection)
 *               min(30, 10 × (cheatingScans − 1))
 *             + min(16,  4 × (uniqueDetections − 1))
 *             + min(8,   1 × (totalDetections − 1))
 *   suspicion = min(35, 6 × suspiciousScans + 2 × suspiciousFindings) + (activeWarning ? 15 : 0)
 *
 * Clean (legit) scans deliberately play no part: they neither lower nor raise the score.
 */

export type RiskLevel = 'clean' | 'low' | 'medium' | 'high' | 'critical';

/** Counters kept per hardware-ID profile, updated on write; all non-negative integers. */
export interface RiskFacts {
  /** Scans with verdict `cheating` (at least one confirmed detection). */
  cheatingScans: number;
  /** Scans with verdict `suspicious`. */
  suspiciousScans: number;
  /** Sum of detections over all scans (a cheating scan has at least one). */
  totalDetections: number;
  /** Number of distinct cheat names detected (at most `totalDetections`). */
  uniqueDetections: number;
  /** Sum over scans of suspicious + untrusted + integrity + custom-suspicious entries. */
  suspiciousFindings: number;
  activeBan: boolean;
  activeWarning: boolean;
}

/** A profile with nothing flagged: scores 0 (`clean`). */
export const NO_RISK: RiskFacts = Object.freeze({
  cheatingScans: 0,
  suspiciousScans: 0,
  totalDetections: 0,
  uniqueDetections: 0,
  suspiciousFindings: 0,
  activeBan: false,
  activeWarning: false,
});

/** Score weights and caps (see docs/risk-score.md, "Formula"). */
const RISK_WEIGHTS = Object.freeze({
  /** Floor with at least one detection (start of `high`). */
  detectionFloor: 51,
  /** Floor with an active ban (start of `critical`). */
  banFloor: 76,
  /** Points per cheating scan beyond the first, and their cap. */
  repeatScan: 10,
  repeatScanCap: 30,
  /** Points per distinct cheat beyond the first, and their cap. */
  extraUniqueCheat: 4,
  extraUniqueCheatCap: 16,
  /** Points per detection beyond the first, and their cap. */
  extraDetection: 1,
  extraDetectionCap: 8,
  /** Points per suspicious scan and per suspicious finding, and their common cap. */
  suspiciousScan: 6,
  suspiciousFinding: 2,
  suspiciousCap: 35,
  /** Points for an active warning. */
  activeWarning: 15,
  /** Highest possible score. */
  max: 100,
} as const);

/**
 * Normalises a counter: negative, NaN or otherwise invalid values count as 0, fractions are rounded
 * down. `Infinity` is kept; every use of a counter is capped, so the score stays finite.
 */
function count(value: number): number {
  return typeof value === 'number' && value > 0 ? Math.floor(value) : 0;
}

/** `n` units beyond the first, each worth `weight` points, capped at `cap`. */
function beyondFirst(n: number, weight: number, cap: number): number {
  return Math.min(cap, weight * Math.max(0, n - 1));
}

/**
 * Risk score of one hardware-ID profile: an integer in 0..100.
 *
 * Guarantees: non-decreasing in every counter and in `activeBan` / `activeWarning` turning on; 0 exactly
 * when nothing is flagged; at least 51 with a cheating scan; at most 50 without a detection or an active
 * ban; at least 76 with an active ban.
 */
export function riskScore(facts: RiskFacts): number {
  const w = RISK_WEIGHTS;
  const cheatingScans = count(facts.cheatingScans);
  // Defensive normalisation of inconsistent counters: a cheating scan implies a detection, and there
  // cannot be more distinct cheats than detections. Both adjustments keep the score monotone.
  const totalDetections = Math.max(count(facts.totalDetections), cheatingScans);
  const uniqueDetections = Math.min(count(facts.uniqueDetections), totalDetections);
  const suspiciousScans = count(facts.suspiciousScans);
  const suspiciousFindings = count(facts.suspiciousFindings);
  const activeBan = facts.activeBan === true;
  const activeWarning = facts.activeWarning === true;

  const detected = totalDetections > 0;

  const floor = activeBan ? w.banFloor : detected ? w.detectionFloor : 0;

  const history = detected
    ? beyondFirst(cheatingScans, w.repeatScan, w.repeatScanCap) +
      beyondFirst(uniqueDetections, w.extraUniqueCheat, w.extraUniqueCheatCap) +
      beyondFirst(totalDetections, w.extraDetection, w.extraDetectionCap)
    : 0;

  const suspicion =
    Math.min(w.suspiciousCap, w.suspiciousScan * suspiciousScans + w.suspiciousFinding * suspiciousFindings) +
    (activeWarning ? w.activeWarning : 0);

  return Math.min(w.max, floor + history + suspicion);
}

/**
 * Band of a score: clean = 0, low = 1..25, medium = 26..50, high = 51..75, critical = 76..100.
 * Scores are expected to be integers in 0..100; anything at or below 0 (or NaN) is `clean`, anything
 * above 100 is `critical`, and a fraction belongs to the band of the next integer up.
 */
export function riskLevel(score: number): RiskLevel {
  if (!(score > 0)) return 'clean';
  if (score <= 25) return 'low';
  if (score <= 50) return 'medium';
  if (score <= 75) return 'high';
  return 'critical';
}

/** A chat-platform user's score: the highest score over the profiles linked to them, 0 for none. */
export function highestRiskScore(profiles: readonly RiskFacts[]): number {
  let highest = 0;
  for (const profile of profiles) highest = Math.max(highest, riskScore(profile));
  return highest;
}

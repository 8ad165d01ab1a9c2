import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  highestRiskScore,
  NO_RISK,
  type RiskFacts,
  type RiskLevel,
  riskLevel,
  riskScore,
} from '../../src/domain/risk-score.js';

const NUM_RUNS = 500;

/** Counters large enough to cross every cap, small enough to look like real histories. */
const counter = fc.integer({ min: 0, max: 60 });

/**
 * Valid profile counters: cheatingScans >= 1 ⇔ totalDetections >= 1, totalDetections >= cheatingScans,
 * and uniqueDetections <= totalDetections (>= 1 when there is a detection).
 */
const detectionHistory = fc.oneof(
  fc.constant({ cheatingScans: 0, totalDetections: 0, uniqueDetections: 0 }),
  fc
    .record({ cheatingScans: fc.integer({ min: 1, max: 12 }), extra: counter, unique: fc.nat() })
    .map(({ cheatingScans, extra, unique }) => {
      const totalDetections = cheatingScans + extra;
      return { cheatingScans, totalDetections, uniqueDetections: 1 + (unique % totalDetections) };
    }),
);

/** Valid suspicion counters: a suspicious scan has at least one finding. */
const suspicion = fc
  .record({ suspiciousScans: fc.integer({ min: 0, max: 20 }), extra: counter })
  .map(({ suspiciousScans, extra }) => ({ suspiciousScans, suspiciousFindings: suspiciousScans + extra }));

const riskFacts: fc.Arbitrary<RiskFacts> = fc
  .record({ history: detectionHistory, suspicion, activeBan: fc.boolean(), activeWarning: fc.boolean() })
  .map(({ history, suspicion, activeBan, activeWarning }) => ({
    ...history,
    ...suspicion,
    activeBan,
    activeWarning,
  }));

const hasDetection = (f: RiskFacts): boolean => f.cheatingScans > 0 || f.totalDetections > 0;

const nothingFlagged = (f: RiskFacts): boolean =>
  !hasDetection(f) &&
  f.uniqueDetections === 0 &&
  f.suspiciousScans === 0 &&
  f.suspiciousFindings === 0 &&
  !f.activeBan &&
  !f.activeWarning;

const LEVELS: readonly RiskLevel[] = ['clean', 'low', 'medium', 'high', 'critical'];

describe('riskScore', () => {
  it('returns an integer in [0, 100]', () => {
    fc.assert(
      fc.property(riskFacts, (facts) => {
        const score = riskScore(facts);
        expect(Number.isInteger(score)).toBe(true);
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(100);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('is deterministic and does not mutate its input', () => {
    fc.assert(
      fc.property(riskFacts, (facts) => {
        const copy = { ...facts };
        const first = riskScore(facts);
        expect(riskScore(copy)).toBe(first);
        expect(riskScore(facts)).toBe(first);
        expect(facts).toEqual(copy);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('never goes down when a cheating scan with k detections (0..k new distinct cheats) is added', () => {
    const added = fc
      .record({ k: fc.integer({ min: 1, max: 20 }), fresh: fc.nat() })
      .map(({ k, fresh }) => ({ k, newUnique: fresh % (k + 1) }));
    fc.assert(
      fc.property(riskFacts, added, (facts, { k, newUnique }) => {
        const after: RiskFacts = {
          ...facts,
          cheatingScans: facts.cheatingScans + 1,
          totalDetections: facts.totalDetections + k,
          // The first detection ever is necessarily a new distinct cheat.
          uniqueDetections:
            facts.uniqueDetections + Math.max(newUnique, facts.uniqueDetections === 0 ? 1 : 0),
        };
        expect(riskScore(after)).toBeGreaterThanOrEqual(riskScore(facts));
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('is non-decreasing in each detection counter taken on its own', () => {
    const field = fc.constantFrom('cheatingScans', 'totalDetections', 'uniqueDetections') as fc.Arbitrary<
      'cheatingScans' | 'totalDetections' | 'uniqueDetections'
    >;
    fc.assert(
      fc.property(riskFacts, field, fc.integer({ min: 1, max: 20 }), (facts, key, delta) => {
        const after: RiskFacts = { ...facts, [key]: facts[key] + delta };
        expect(riskScore(after)).toBeGreaterThanOrEqual(riskScore(facts));
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('never goes down when suspicious scans or findings are added', () => {
    fc.assert(
      fc.property(
        riskFacts,
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 30 }),
        (facts, scans, findings) => {
          const after: RiskFacts = {
            ...facts,
            suspiciousScans: facts.suspiciousScans + scans,
            suspiciousFindings: facts.suspiciousFindings + findings,
          };
          expect(riskScore(after)).toBeGreaterThanOrEqual(riskScore(facts));
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });

  it('never goes down when a ban or a warning turns on', () => {
    fc.assert(
      fc.property(riskFacts, fc.boolean(), fc.boolean(), (facts, ban, warning) => {
        const after: RiskFacts = {
          ...facts,
          activeBan: facts.activeBan || ban,
          activeWarning: facts.activeWarning || warning,
        };
        expect(riskScore(after)).toBeGreaterThanOrEqual(riskScore(facts));
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('is 0 exactly when nothing is flagged', () => {
    expect(riskScore(NO_RISK)).toBe(0);
    fc.assert(
      fc.property(riskFacts, (facts) => {
        expect(riskScore(facts) === 0).toBe(nothingFlagged(facts));
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('is at least 51 (high) with one or more cheating scans', () => {
    fc.assert(
      fc.property(
        riskFacts.filter((f) => f.cheatingScans >= 1),
        (facts) => {
          expect(riskScore(facts)).toBeGreaterThanOrEqual(51);
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });

  it('is at most 50 with no detection and no active ban', () => {
    const undetected = fc
      .record({ suspicion, activeWarning: fc.boolean() })
      .map(({ suspicion, activeWarning }) => ({ ...NO_RISK, ...suspicion, activeWarning }));
    fc.assert(
      fc.property(fc.oneof(undetected, riskFacts), (facts) => {
        fc.pre(!hasDetection(facts) && !facts.activeBan);
        expect(riskScore(facts)).toBeLessThanOrEqual(50);
      }),
      { numRuns: NUM_RUNS },
    );
    // However much suspicion piles up.
    expect(
      riskScore({ ...NO_RISK, suspiciousScans: 1e6, suspiciousFindings: 1e9, activeWarning: true }),
    ).toBeLessThanOrEqual(50);
  });

  it('is at least 76 (critical) with an active ban', () => {
    fc.assert(
      fc.property(riskFacts, (facts) => {
        expect(riskScore({ ...facts, activeBan: true })).toBeGreaterThanOrEqual(76);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('lets a cheater without a ban reach critical and saturate at 100', () => {
    const bigCheater: RiskFacts = {
      ...NO_RISK,
      cheatingScans: 10,
      totalDetections: 40,
      uniqueDetections: 12,
    };
    expect(riskScore(bigCheater)).toBe(100);
    expect(
      riskLevel(riskScore({ ...NO_RISK, cheatingScans: 3, totalDetections: 3, uniqueDetections: 3 })),
    ).toBe('critical');
  });

  it('handles invalid counters defensively and still returns an integer in [0, 100]', () => {
    const wild = fc.oneof(
      fc.integer({ min: -1000, max: 1000 }),
      fc.double(),
      fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
    );
    fc.assert(
      fc.property(
        fc.record({
          cheatingScans: wild,
          suspiciousScans: wild,
          totalDetections: wild,
          uniqueDetections: wild,
          suspiciousFindings: wild,
          activeBan: fc.boolean(),
          activeWarning: fc.boolean(),
        }),
        (facts) => {
          const score = riskScore(facts);
          expect(Number.isInteger(score)).toBe(true);
          expect(score).toBeGreaterThanOrEqual(0);
          expect(score).toBeLessThanOrEqual(100);
        },
      ),
      { numRuns: NUM_RUNS },
    );
    expect(
      riskScore({
        ...NO_RISK,
        cheatingScans: -3,
        totalDetections: -1,
        uniqueDetections: -2,
        suspiciousScans: -1,
        suspiciousFindings: -5,
      }),
    ).toBe(0);
  });
});

describe('riskLevel', () => {
  it.each([
    [0, 'clean'],
    [1, 'low'],
    [25, 'low'],
    [26, 'medium'],
    [50, 'medium'],
    [51, 'high'],
    [75, 'high'],
    [76, 'critical'],
    [100, 'critical'],
  ] as const)('maps %i to %s', (score, level) => {
    expect(riskLevel(score)).toBe(level);
  });

  it('is non-decreasing over 0..100 and agrees with the band ranges', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), (score) => {
        const expected: RiskLevel =
          score === 0
            ? 'clean'
            : score <= 25
              ? 'low'
              : score <= 50
                ? 'medium'
                : score <= 75
                  ? 'high'
                  : 'critical';
        expect(riskLevel(score)).toBe(expected);
        if (score < 100) {
          expect(LEVELS.indexOf(riskLevel(score + 1))).toBeGreaterThanOrEqual(
            LEVELS.indexOf(riskLevel(score)),
          );
        }
      }),
    );
  });
});

describe('highestRiskScore', () => {
  it('is 0 for no profiles', () => {
    expect(highestRiskScore([])).toBe(0);
  });

  it('is the maximum score over the profiles', () => {
    fc.assert(
      fc.property(fc.array(riskFacts, { minLength: 1, maxLength: 8 }), (profiles) => {
        expect(highestRiskScore(profiles)).toBe(Math.max(...profiles.map(riskScore)));
      }),
      { numRuns: NUM_RUNS },
    );
  });
});

// ---------------------------------------------------------------------------------------------------------
// Worked examples in docs/risk-score.md
// ---------------------------------------------------------------------------------------------------------

interface WorkedExample {
  line: number;
  situation: string;
  facts: RiskFacts;
  score: number;
  level: string;
}

const COUNTER_COLUMNS = [
  'cheatingScans',
  'suspiciousScans',
  'totalDetections',
  'uniqueDetections',
  'suspiciousFindings',
] as const;
const FLAG_COLUMNS = ['activeBan', 'activeWarning'] as const;

function splitRow(line: string): string[] {
  const trimmed = line.trim();
  if (!trimmed.startsWith('|') || !trimmed.endsWith('|')) throw new Error(`not a table row: ${line}`);
  return trimmed
    .slice(1, -1)
    .split('|')
    .map((cell) => cell.trim().replace(/^`(.*)`$/, '$1'));
}

function parseWorkedExamples(markdown: string): WorkedExample[] {
  const lines = markdown.split(/\r?\n/);
  const heading = lines.findIndex((l) => l.trim() === '## Worked examples');
  if (heading < 0) throw new Error('no "## Worked examples" heading in docs/risk-score.md');

  let i = heading + 1;
  while (i < lines.length && !lines[i]?.trim().startsWith('|')) {
    if (lines[i]?.startsWith('#')) throw new Error('no table under "## Worked examples"');
    i++;
  }
  const tableStart = i;
  const table: string[] = [];
  while (i < lines.length && lines[i]?.trim().startsWith('|')) table.push(lines[i++] ?? '');
  const [headerLine, separatorLine, ...rows] = table;
  if (headerLine === undefined || separatorLine === undefined)
    throw new Error('worked examples table too short');
  if (!/^\|[\s|:-]+\|$/.test(separatorLine.trim()))
    throw new Error('worked examples table lacks a separator row');

  const header = splitRow(headerLine).map((h) => h.toLowerCase());
  const column = (name: string): number => {
    const index = header.indexOf(name.toLowerCase());
    if (index < 0) throw new Error(`worked examples table lacks a "${name}" column`);
    return index;
  };
  const situationCol = column('situation');
  const levelCol = column('level');

  return rows.map((row, n) => {
    const line = tableStart + 3 + n;
    const cells = splitRow(row);
    if (cells.length !== header.length) throw new Error(`docs line ${line}: expected ${header.length} cells`);
    const cell = (index: number): string => cells[index] ?? '';
    const int = (name: string): number => {
      const text = cell(column(name));
      if (!/^\d+$/.test(text)) throw new Error(`docs line ${line}: ${name} "${text}" is not an integer`);
      return Number(text);
    };
    const flag = (name: string): boolean => {
      const text = cell(column(name)).toLowerCase();
      if (text === 'yes') return true;
      if (text === 'no') return false;
      throw new Error(`docs line ${line}: ${name} "${text}" is not yes/no`);
    };
    const facts = { ...NO_RISK };
    for (const name of COUNTER_COLUMNS) facts[name] = int(name);
    for (const name of FLAG_COLUMNS) facts[name] = flag(name);
    return {
      line,
      situation: cell(situationCol),
      facts,
      score: int('score'),
      level: cell(levelCol),
    };
  });
}

const docsMarkdown = readFileSync(new URL('../../docs/risk-score.md', import.meta.url), 'utf8');
const workedExamples = parseWorkedExamples(docsMarkdown);

describe('docs/risk-score.md worked examples', () => {
  it('has at least 10 rows covering every band, bans, warnings and saturation', () => {
    expect(workedExamples.length).toBeGreaterThanOrEqual(10);
    const levels = new Set(workedExamples.map((e) => e.level));
    for (const level of LEVELS) expect(levels, `a ${level} example`).toContain(level);
    expect(workedExamples.some((e) => e.facts.activeBan)).toBe(true);
    expect(workedExamples.some((e) => e.facts.activeWarning && !e.facts.activeBan)).toBe(true);
    expect(workedExamples.some((e) => !e.facts.activeBan && e.level === 'critical')).toBe(true);
    expect(workedExamples.some((e) => e.score === 100)).toBe(true);
  });

  it('lists valid profile counters', () => {
    for (const { line, facts } of workedExamples) {
      const where = `docs line ${line}`;
      expect(facts.cheatingScans >= 1, where).toBe(facts.totalDetections >= 1);
      expect(facts.totalDetections, where).toBeGreaterThanOrEqual(facts.cheatingScans);
      expect(facts.uniqueDetections, where).toBeLessThanOrEqual(facts.totalDetections);
      expect(facts.uniqueDetections >= 1, where).toBe(facts.totalDetections >= 1);
      expect(facts.suspiciousFindings, where).toBeGreaterThanOrEqual(facts.suspiciousScans);
    }
  });

  it.each(workedExamples.map((e) => [e.line, e.situation, e] as const))(
    'line %i: %s',
    (_line, _situation, example) => {
      expect(riskScore(example.facts)).toBe(example.score);
      expect(riskLevel(example.score)).toBe(example.level);
      expect(riskLevel(riskScore(example.facts))).toBe(example.level);
    },
  );
});

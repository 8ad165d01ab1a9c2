import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ASSURANCE_LEVELS,
  type AssuranceReason,
  assuranceOf,
  CLIENT_KINDS,
  type ClientKind,
} from '../../src/domain/assurance.js';
import { verdictOf } from '../../src/domain/scan-report.js';
import { report } from '../support/scan.js';

const clean = report();

const reasonArb: fc.Arbitrary<AssuranceReason> = fc.record({
  code: fc.constantFrom('game_not_running', 'network_changed', 'source_failed'),
  level: fc.constantFrom('medium' as const, 'low' as const),
  text: fc.string({ minLength: 1, maxLength: 40 }),
});
const kindArb = fc.constantFrom(...CLIENT_KINDS);

describe('assurance (docs/scan-client.md, "Trust")', () => {
  it('is high only for a registered client with no reason, and says every reason once, lowest first', () => {
    expect(assuranceOf({ kind: 'official', name: 'b', version: '1' }, [])).toEqual({
      client: { kind: 'official', name: 'b', version: '1' },
      level: 'high',
      reasons: [],
    });
    expect(assuranceOf({ kind: 'third-party', name: 'x', version: null }, []).level).toBe('high');
    expect(assuranceOf({ kind: 'third-party', name: 'x', version: null }, [], 'report').level).toBe('high');
    // An official build always uploads its evidence: a bare report signed with its key is not its own.
    expect(assuranceOf({ kind: 'official', name: 'b', version: null }, [], 'report')).toMatchObject({
      level: 'low',
      reasons: [expect.stringContaining('never does')],
    });
    for (const kind of ['development', 'unverified'] as ClientKind[]) {
      const a = assuranceOf({ kind, name: null, version: null }, []);
      expect(a.level).toBe('low');
      expect(a.reasons).toHaveLength(1);
    }
    const medium = assuranceOf({ kind: 'official', name: 'b', version: null }, [
      { code: 'x', level: 'medium', text: 'A' },
      { code: 'y', level: 'medium', text: 'A' },
    ]);
    expect(medium).toMatchObject({ level: 'medium', reasons: ['A'] });
    const mixed = assuranceOf({ kind: 'official', name: 'b', version: null }, [
      { code: 'x', level: 'medium', text: 'M' },
      { code: 'y', level: 'low', text: 'L' },
    ]);
    expect(mixed).toMatchObject({ level: 'low', reasons: ['L', 'M'] });
  });

  it('never lets a scan that is not high be legit, and never changes a detection', () => {
    fc.assert(
      fc.property(kindArb, fc.array(reasonArb, { maxLength: 4 }), fc.boolean(), (kind, reasons, detected) => {
        const assurance = assuranceOf({ kind, name: null, version: null }, reasons);
        const report = { ...clean, detections: detected ? ['Wurst'] : [] };
        const verdict = verdictOf(report, [], assurance);
        if (detected) expect(verdict).toBe('cheating');
        else expect(verdict).toBe(assurance.level === 'high' ? 'legit' : 'suspicious');
        expect(ASSURANCE_LEVELS).toContain(assurance.level);
        expect(assurance.level === 'high').toBe(assurance.reasons.length === 0);
      }),
    );
  });
});

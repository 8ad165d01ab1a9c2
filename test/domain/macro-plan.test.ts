import { describe, expect, it } from 'vitest';
import type { EvidenceDocument } from '../../src/domain/evidence.js';
import { evidenceReasons } from '../../src/domain/evidence-assurance.js';
import { GAME_TYPES } from '../../src/domain/game-types.js';
import { scanPlanFor } from '../../src/domain/scan-plan.js';
import { evidence, onWindows } from '../support/evidence.js';

/** The click macros in the scan plan and the assurance (docs/scan-client.md, "Click macros"). */

const windows = (sources: Partial<EvidenceDocument['sources']>, schema: 2 | 3): EvidenceDocument => {
  const base = onWindows(evidence('n'.repeat(16)));
  return { ...base, schema, sources: { ...base.sources, ...sources } };
};

describe('click macros in the plan and the assurance', () => {
  it('every plan asks for them', () => {
    for (const game of GAME_TYPES) expect(scanPlanFor(game).sources).toContain('macros');
  });

  it('a client that does not know the source is not held to it', () => {
    const reasons = evidenceReasons(windows({}, 2), 'Java', []);
    expect(JSON.stringify(reasons)).not.toContain('macro');
  });

  it('a section that failed lowers the assurance, named in words', () => {
    const failed = {
      macros: {
        status: 'failed' as const,
        reason: 'EACCES: permission denied',
        programs: [],
        items: [],
        unreadable: [],
      },
    };
    const reasons = evidenceReasons(windows(failed, 3), 'Java', []);
    expect(reasons).toContainEqual(
      expect.objectContaining({
        code: 'source_failed',
        text: 'A source could not be read (the click macros of mouse software): EACCES: permission denied.',
      }),
    );
  });
});

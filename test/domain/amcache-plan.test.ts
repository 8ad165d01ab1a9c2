import { describe, expect, it } from 'vitest';
import type { EvidenceDocument } from '../../src/domain/evidence.js';
import { evidenceReasons } from '../../src/domain/evidence-assurance.js';
import { GAME_TYPES } from '../../src/domain/game-types.js';
import { scanPlanFor } from '../../src/domain/scan-plan.js';
import { evidence, onWindows } from '../support/evidence.js';

/** Amcache in the scan plan and the assurance (docs/scan-client.md, "Amcache"). */

const windows = (sources: Partial<EvidenceDocument['sources']>, schema: 2 | 3): EvidenceDocument => {
  const base = onWindows(evidence('n'.repeat(16)));
  return { ...base, schema, sources: { ...base.sources, ...sources } };
};

const section = (status: 'skipped' | 'failed', reason: string) => ({
  amcache: { status, reason, from: null, recordsTotal: 0, badFileIds: 0, damagedRecords: 0, items: [] },
});

describe('Amcache in the plan and the assurance', () => {
  it('every plan asks for it', () => {
    for (const game of GAME_TYPES) expect(scanPlanFor(game).sources).toContain('amcache');
  });

  it('a client that does not know the source, or one refused administrator rights, is not held to it', () => {
    expect(JSON.stringify(evidenceReasons(windows({}, 2), 'FiveM', []))).not.toContain('Amcache');
    const denied = section(
      'skipped',
      'Amcache.hve is held open by Windows, and reading it through the registry failed: Reading Amcache.hve needs administrator rights.',
    );
    expect(JSON.stringify(evidenceReasons(windows(denied, 3), 'FiveM', []))).not.toContain('Amcache');
  });

  it('a damaged hive (the section failed) lowers the assurance, named in words', () => {
    const damaged = section(
      'failed',
      'Amcache.hve is damaged: key: no cell can start at this offset (at offset 0x20)',
    );
    expect(evidenceReasons(windows(damaged, 3), 'FiveM', [])).toContainEqual(
      expect.objectContaining({
        code: 'source_failed',
        text: 'A source could not be read (Amcache, the program files Windows recorded): Amcache.hve is damaged: key: no cell can start at this offset (at offset 0x20).',
      }),
    );
  });
});

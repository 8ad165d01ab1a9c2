import type { AmcacheEvidence } from '@scanpin/evidence';
import { describe, expect, it } from 'vitest';
import type { EvidenceDocument } from '../../src/domain/evidence.js';
import type { Rule } from '../../src/domain/rules.js';
import { amcacheSignals } from '../../src/domain/signals/amcache-signals.js';
import { windowsSignals } from '../../src/domain/windows-signals.js';
import { windowsSections } from '../support/evidence.js';
import { findingsOf, storedRule } from './support/rules.js';

/**
 * Amcache records (docs/scan-client.md, "Amcache"): the `amcache-file-deleted` signal on and off, and
 * the records matched by `file-sha1`, `file-name` and `file-path` rules as proof that the file was
 * present.
 */

const CHEAT_SHA1 = '3f786850e387550fdab836ed7e6dc881de23001b';

function record(overrides: Partial<AmcacheEvidence>): AmcacheEvidence {
  return {
    path: '~/downloads/cheat.exe',
    name: 'Cheat.exe',
    sha1: CHEAT_SHA1,
    sha1Covers: 'whole-file',
    size: 48_128,
    linkDate: '2024-03-01T12:00:00.000Z',
    publisher: null,
    productName: null,
    version: null,
    recordedAt: '2024-03-10T18:46:00.000Z',
    exists: false,
    ...overrides,
  };
}

function doc(items: AmcacheEvidence[], status: 'collected' | 'skipped' = 'collected'): EvidenceDocument {
  return windowsSections({
    amcache: {
      status,
      reason: null,
      from: 'hive-file',
      recordsTotal: items.length,
      badFileIds: 0,
      damagedRecords: 0,
      items,
    },
  });
}

function rule(overrides: Partial<Rule>): Rule {
  return storedRule({ name: 'Known cheat', kind: 'file-sha1', pattern: CHEAT_SHA1, ...overrides });
}

describe('amcache-file-deleted', () => {
  it('is raised for a recorded file that is gone from a folder the player writes to', () => {
    const signals = [...amcacheSignals(doc([record({})]))];
    expect(signals).toEqual([
      {
        code: 'amcache-file-deleted',
        proves: 'possession',
        where: `~/downloads/cheat.exe (Amcache, recorded 2024-03-10 18:46:00 UTC, SHA-1 ${CHEAT_SHA1}; the file is gone)`,
        ref: { source: 'amcache', index: 0, value: '~/downloads/cheat.exe' },
      },
    ]);
    expect(windowsSignals(doc([record({})])).map((s) => s.code)).toContain('amcache-file-deleted');
  });

  it('is not raised for a file that is there, one whose drive is absent, or one Windows and installers remove', () => {
    const quiet = [
      record({ exists: true }),
      record({ exists: null, path: 'e:\\tools\\cheat.exe' }),
      record({ path: 'C:/Windows/SoftwareDistribution/Download/x/setup.exe' }),
      record({ path: 'c:\\program files\\old app\\app.exe' }),
      record({ path: 'C:/Program Files (x86)/Old/app.exe' }),
      record({ path: 'c:\\programdata\\package cache\\{guid}\\setup.exe' }),
    ];
    expect([...amcacheSignals(doc(quiet))]).toEqual([]);
  });

  it('is not raised from a section that was not collected', () => {
    expect([...amcacheSignals(doc([record({})], 'skipped'))]).toEqual([]);
  });
});

describe('rules on Amcache records', () => {
  it('a file-sha1 rule matches the record’s SHA-1, as proof the file was present', () => {
    const findings = findingsOf([rule({})], doc([record({})]));
    expect(findings).toEqual([
      {
        ruleId: 1,
        rule: 'Known cheat',
        kind: 'file-sha1',
        severity: 'detection',
        proves: 'possession',
        text: 'Known cheat in ~/downloads/cheat.exe (Amcache, recorded 2024-03-10 18:46:00 UTC; file deleted)',
        evidence: { source: 'amcache', index: 0, value: CHEAT_SHA1 },
      },
    ]);
  });

  it('a record without a SHA-1, or with another, is not matched by it; file-name and file-path rules still apply', () => {
    const rules = [
      rule({}),
      rule({ id: 2, name: 'By name', kind: 'file-name', pattern: 'cheat.exe', match: 'exact' }),
      rule({ id: 3, name: 'By folder', kind: 'file-path', pattern: '~/downloads/', match: 'prefix' }),
    ];
    const findings = findingsOf(
      rules,
      doc([
        record({ sha1: null, exists: true }),
        record({ sha1: 'b'.repeat(40), exists: true, path: '~/downloads/old/cheat.exe' }),
      ]),
    );
    expect(findings.map((f) => [f.ruleId, f.evidence.index])).toEqual([
      [2, 0],
      [3, 0],
      [2, 1],
      [3, 1],
    ]);
  });
});

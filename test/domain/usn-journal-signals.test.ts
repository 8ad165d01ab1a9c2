import { describe, expect, it } from 'vitest';
import type { EvidenceDocument } from '../../src/domain/evidence.js';
import { evidenceReasons } from '../../src/domain/evidence-assurance.js';
import type { Rule } from '../../src/domain/rules.js';
import { usnJournalSignals } from '../../src/domain/signals/usn-journal-signals.js';
import { usnJournalReasons } from '../../src/domain/usn-journal-assurance.js';
import { windowsSignals } from '../../src/domain/windows-signals.js';
import { windowsSections } from '../support/evidence.js';
import { findingsOf, storedRule } from './support/rules.js';

/** The signals of docs/scan-client.md, "USN journal", each on and off. */

const CLOCK = new Date('2026-11-28T12:00:00.000Z');
const LOGON = '2026-11-28T09:00:00.000Z';

type Usn = NonNullable<EvidenceDocument['sources']['usnJournal']>;
type Volume = Usn['volumes'][number];
type Change = Usn['items'][number];

function volume(overrides: Partial<Volume> = {}): Volume {
  return {
    volume: 'C:',
    system: true,
    state: 'read',
    note: null,
    journalId: '1d9f00000000000',
    firstUsn: '0',
    nextUsn: '33554432',
    lowestValidUsn: '0',
    wrapped: false,
    oldestRecordAt: '2026-10-01T10:00:00.000Z',
    complete: true,
    bytesRead: 33_554_432,
    changesDropped: 0,
    ...overrides,
  };
}

function change(overrides: Partial<Change> = {}): Change {
  return {
    volume: 'C:',
    kind: 'deleted',
    name: 'notes.txt',
    oldName: null,
    folder: null,
    at: '2026-11-28T11:50:00.000Z',
    fileReference: '1000000001234',
    parentReference: '5000000000005',
    reasons: ['FILE_DELETE', 'CLOSE'],
    ...overrides,
  };
}

function doc(volumes: Volume[], items: Change[] = [], prefetchFiles = 200): EvidenceDocument {
  const d = windowsSections(
    {
      prefetch: {
        status: 'collected',
        reason: null,
        enabled: true,
        folder: 'C:/Windows/Prefetch',
        folderModifiedAt: null,
        filesTotal: prefetchFiles,
        unreadable: 0,
        items: [],
      },
      usnJournal: { status: 'collected', reason: null, elevated: true, windowHours: 24, volumes, items },
    },
    CLOCK,
  );
  d.sources.system.logonAt = LOGON;
  return d;
}

const codes = (d: EvidenceDocument) => [...usnJournalSignals(d)].map((s) => s.code);

describe('USN journal signals', () => {
  it('a journal that never wrapped and begins after logon was created again', () => {
    const recreated = doc([volume({ oldestRecordAt: '2026-11-28T10:30:00.000Z' })]);
    expect(codes(recreated)).toEqual(['usn-journal-recreated-after-logon']);
    expect([...usnJournalSignals(recreated)][0]?.where).toBe(
      'C: (journal 1d9f00000000000, its first record 2026-11-28 10:30:00 UTC, after logon at 2026-11-28 09:00:00 UTC)',
    );
    // Older than the logon, or wrapped (the start is then the wrap point), or its wrap unknown: nothing.
    expect(codes(doc([volume()]))).toEqual([]);
    expect(codes(doc([volume({ oldestRecordAt: '2026-11-28T10:30:00.000Z', wrapped: true })]))).toEqual([]);
    expect(codes(doc([volume({ oldestRecordAt: '2026-11-28T10:30:00.000Z', wrapped: null })]))).toEqual([]);
  });

  it('the system volume without an active journal', () => {
    const inactive = volume({ state: 'inactive', note: 'the volume has no active change journal' });
    expect(codes(doc([inactive]))).toEqual(['usn-journal-inactive']);
    expect(codes(doc([{ ...inactive, volume: 'D:', system: false }]))).toEqual([]);
    expect(codes(doc([volume({ state: 'not-read', note: 'access denied' })]))).toEqual([]);
  });

  it('a journal signal points at its drive’s row (volumes), not at a change', () => {
    const d = doc(
      [
        volume({ volume: 'D:', system: false }),
        volume({ state: 'inactive', note: 'the volume has no active change journal' }),
        volume({ volume: 'E:', system: false, oldestRecordAt: '2026-11-28T10:30:00.000Z' }),
      ],
      [change({ name: 'notes.txt' })],
    );
    expect([...usnJournalSignals(d)].map((s) => [s.code, s.ref])).toEqual([
      ['usn-journal-inactive', { source: 'usnJournalVolumes', index: 1, value: 'C:' }],
      ['usn-journal-recreated-after-logon', { source: 'usnJournalVolumes', index: 2, value: 'E:' }],
    ]);
  });

  it('a Prefetch file deleted or renamed away after logon, unless Windows is trimming the folder', () => {
    const deleted = change({ name: 'VAPE.EXE-1A2B3C4D.pf', folder: 'C:/Windows/Prefetch' });
    expect(codes(doc([volume()], [deleted]))).toEqual(['prefetch-deleted-after-logon']);
    expect([...usnJournalSignals(doc([volume()], [deleted]))][0]?.where).toBe(
      'C:/Windows/Prefetch/VAPE.EXE-1A2B3C4D.pf (deleted 2026-11-28 11:50:00 UTC)',
    );
    const renamed = change({ kind: 'renamed', oldName: 'X.EXE-00000000.pf', name: 'x.tmp' });
    expect(codes(doc([volume()], [renamed]))).toEqual(['prefetch-deleted-after-logon']);
    expect(codes(doc([volume()], [change({ name: 'A.EXE-1.pf', at: '2026-11-28T08:00:00.000Z' })]))).toEqual(
      [],
    );
    expect(codes(doc([volume()], [deleted], 1_020))).toEqual([]);
    expect(codes(doc([volume()], [change({ kind: 'basic-info-changed', name: 'A.EXE-1.pf' })]))).toEqual([]);
  });

  it('an executable or jar removed in the 30 minutes before the scan', () => {
    const jar = change({ name: 'vape.jar' });
    expect(codes(doc([volume()], [jar]))).toEqual(['executable-removed-before-scan']);
    expect([...usnJournalSignals(doc([volume()], [jar]))][0]?.where).toBe(
      'vape.jar (deleted 2026-11-28 11:50:00 UTC, on C:, folder unknown)',
    );
    const renamed = change({ kind: 'renamed', oldName: 'inject.exe', name: 'readme.txt' });
    expect(codes(doc([volume()], [renamed]))).toEqual(['executable-removed-before-scan']);
    // Earlier, a new name that is a program (a download finished), a library, or a time change: nothing.
    expect(codes(doc([volume()], [change({ name: 'vape.jar', at: '2026-11-28T11:00:00.000Z' })]))).toEqual(
      [],
    );
    expect(
      codes(doc([volume()], [change({ kind: 'renamed', oldName: 'a.crdownload', name: 'setup.exe' })])),
    ).toEqual([]);
    expect(codes(doc([volume()], [change({ name: 'client.dll' })]))).toEqual([]);
    expect(codes(doc([volume()], [change({ kind: 'basic-info-changed', name: 'x.exe' })]))).toEqual([]);
  });

  it('nothing from a skipped section', () => {
    const skipped = doc([volume({ oldestRecordAt: '2026-11-28T10:30:00.000Z' })]);
    (skipped.sources.usnJournal as Usn).status = 'skipped';
    expect(codes(skipped)).toEqual([]);
  });

  it('becomes a finding through its signal rule', () => {
    const d = doc([volume({ oldestRecordAt: '2026-11-28T10:30:00.000Z' })], [change({ name: 'vape.jar' })]);
    expect(windowsSignals(d).map((s) => s.code)).toEqual(
      expect.arrayContaining(['usn-journal-recreated-after-logon', 'executable-removed-before-scan']),
    );
    const rule = storedRule({
      name: 'USN journal created again after logon',
      kind: 'signal',
      pattern: 'usn-journal-recreated-after-logon',
    });
    const findings = findingsOf([rule], d);
    expect(findings.map((f) => [f.rule, f.severity, f.evidence.source, f.proves])).toEqual([
      ['USN journal created again after logon', 'integrity', 'usnJournalVolumes', 'this-session'],
    ]);
  });
});

describe('the USN journal in the scan’s assurance', () => {
  const reasons = (d: EvidenceDocument) => usnJournalReasons(d).map((r) => r.text);

  it('says when it was not read, and why', () => {
    const skipped = doc([]);
    const usn = skipped.sources.usnJournal as Usn;
    usn.status = 'skipped';
    usn.reason =
      'not read: it needs the scanner to run as administrator, and the player declined Windows’ administrator prompt';
    expect(reasons(skipped)).toEqual([
      'The USN journal was not read (not read: it needs the scanner to run as administrator, and the player declined Windows’ administrator prompt): files deleted or renamed before the scan were not checked.',
    ]);
    const refused = doc([volume({ state: 'not-read', note: 'Windows refused to open the volume' })]);
    expect(reasons(refused)).toEqual([
      'The USN journal was not read (Windows refused to open the volume): files deleted or renamed before the scan were not checked.',
    ]);
  });

  it('says nothing when it was read, when a client did not send it, or off Windows', () => {
    expect(reasons(doc([volume(), volume({ volume: 'D:', system: false, state: 'not-read' })]))).toEqual([]);
    const older = doc([]);
    delete (older.sources as Partial<EvidenceDocument['sources']>).usnJournal;
    expect(reasons(older)).toEqual([]);
    const linux = doc([volume({ state: 'not-read' })]);
    expect(reasons({ ...linux, client: { ...linux.client, platform: 'linux' } })).toEqual([]);
  });

  it('does not hold a document older than schema 3 (which brought the section) to it', () => {
    const version2 = doc([]);
    version2.schema = 2;
    const usn = version2.sources.usnJournal as Usn;
    usn.status = 'skipped';
    usn.reason = 'not asked';
    expect(reasons(version2)).toEqual([]);
    expect(evidenceReasons(version2, 'FiveM', []).map((r) => r.code)).not.toContain('usn_journal_not_read');
  });

  it('a failed section gives one reason, the failed source in words, not a second of its own', () => {
    const failed = doc([]);
    const usn = failed.sources.usnJournal as Usn;
    usn.status = 'failed';
    usn.reason = 'the volume list could not be read (error 21)';
    const all = evidenceReasons(failed, 'FiveM', []).filter(
      (r) => r.code.startsWith('usn') || r.code === 'source_failed',
    );
    expect(all.map((r) => [r.code, r.text])).toEqual([
      [
        'source_failed',
        'A source could not be read (the USN journal, which records files deleted or renamed): the volume list could not be read (error 21).',
      ],
    ]);
  });
});

describe('rules on the names in the USN journal', () => {
  it('a file-name rule matches a deleted or renamed file, and a file-path rule where its folder is known', () => {
    const rule = (id: number, kind: Rule['kind'], pattern: string, match: Rule['match'] = 'exact'): Rule =>
      storedRule({ id, name: `rule ${id}`, kind, pattern, match });
    const d = doc(
      [volume()],
      [
        change({ kind: 'renamed', oldName: 'vape.jar', name: 'notes.txt', at: '2026-11-28T10:00:00.000Z' }),
        change({ name: 'Injector.exe', folder: '~/Downloads', at: '2026-11-28T10:05:00.000Z' }),
      ],
    );
    const findings = findingsOf(
      [rule(1, 'file-name', 'vape.jar'), rule(2, 'file-path', '~/Downloads/', 'prefix')],
      d,
    );
    expect(findings.map((f) => [f.ruleId, f.proves, f.evidence.source, f.evidence.index, f.text])).toEqual([
      [
        1,
        'possession',
        'usnJournal',
        0,
        'rule 1 in vape.jar (USN journal: renamed 2026-11-28 10:00:00 UTC, on C:, folder unknown)',
      ],
      [
        2,
        'possession',
        'usnJournal',
        1,
        'rule 2 in ~/Downloads/Injector.exe (USN journal: deleted 2026-11-28 10:05:00 UTC)',
      ],
    ]);
  });
});

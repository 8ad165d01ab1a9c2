import { describe, expect, it } from 'vitest';
import type { EvidenceDocument, ProgramEvidence } from '../../src/domain/evidence.js';
import { windowsSignals } from '../../src/domain/windows-signals.js';
import { evidence } from '../support/evidence.js';

/** Each cross-check of docs/scan-client.md, "Cross-checks and anti-forensics", on and off. */

const CLOCK = new Date('2024-03-10T20:00:00.000Z');

function program(overrides: Partial<ProgramEvidence>): ProgramEvidence {
  return {
    path: '~/Downloads/x.exe',
    name: 'x.exe',
    exists: true,
    sha256: null,
    modifiedAt: '2024-01-01T00:00:00.000Z',
    createdAt: null,
    signature: null,
    timeline: [],
    ...overrides,
  };
}

function doc(sources: Partial<EvidenceDocument['sources']>, logonAt: string | null = null): EvidenceDocument {
  const base = evidence('n'.repeat(16), {}, CLOCK);
  base.sources.system.bootedAt = '2024-03-10T08:00:00.000Z';
  base.sources.system.logonAt = logonAt;
  return { ...base, schema: 2, sources: { ...base.sources, ...sources } };
}

const programs = (items: ProgramEvidence[]) => ({
  programs: { status: 'collected' as const, reason: null, items },
});

function prefetch(items: Array<{ lastRuns: string[]; modifiedAt: string | null }>, extra = {}) {
  return {
    prefetch: {
      status: 'collected' as const,
      reason: null,
      enabled: true,
      folder: 'C:/Windows/Prefetch',
      folderModifiedAt: '2024-03-10T19:00:00.000Z',
      filesTotal: items.length,
      unreadable: 0,
      items: items.map((f, i) => ({
        path: `C:/Windows/Prefetch/P${i}.EXE-00000000.pf`,
        version: 30,
        executable: `P${i}.EXE`,
        hash: '00000000',
        runCount: f.lastRuns.length,
        executablePath: null,
        createdAt: null,
        ...f,
      })),
      ...extra,
    },
  };
}

const codes = (d: EvidenceDocument) => windowsSignals(d).map((s) => s.code);

describe('Windows cross-checks', () => {
  it('executed, file deleted: only a program that a record says ran and that is gone', () => {
    const ran = { source: 'bam' as const, at: '2024-03-10T18:00:00.000Z' };
    const signals = windowsSignals(
      doc(
        programs([
          program({ exists: false, timeline: [ran] }),
          program({ exists: true, timeline: [ran] }),
          program({ exists: false, timeline: [{ source: 'recycle-bin', at: ran.at }] }),
        ]),
      ),
    );
    expect(signals).toEqual([
      expect.objectContaining({
        code: 'executed-file-deleted',
        proves: 'execution',
        where: '~/Downloads/x.exe (ran: BAM 2024-03-10 18:00:00 UTC)',
        ref: { source: 'programs', index: 0, value: '~/Downloads/x.exe' },
      }),
    ]);
  });

  it('BAM later than Prefetch, past the margin', () => {
    const timeline = (bam: string) => [
      { source: 'prefetch' as const, at: '2024-03-10T18:00:00.000Z' },
      { source: 'bam' as const, at: bam },
    ];
    expect(codes(doc(programs([program({ timeline: timeline('2024-03-10T18:03:00.000Z') })])))).toEqual([]);
    expect(codes(doc(programs([program({ timeline: timeline('2024-03-10T19:00:00.000Z') })])))).toEqual([
      'bam-after-prefetch',
    ]);
  });

  it('an executable newer than its last Prefetch run', () => {
    const timeline = [{ source: 'prefetch' as const, at: '2024-03-10T18:00:00.000Z' }];
    expect(codes(doc(programs([program({ modifiedAt: '2024-03-10T19:00:00.000Z', timeline })])))).toEqual([
      'executable-newer-than-runs',
    ]);
    expect(codes(doc(programs([program({ modifiedAt: '2024-03-10T17:00:00.000Z', timeline })])))).toEqual([]);
  });

  it('Prefetch on but empty; emptied after logon; a .pf written long after its last run', () => {
    expect(windowsSignals(doc(prefetch([])))).toEqual([
      expect.objectContaining({ code: 'prefetch-empty', proves: 'this-session' }),
    ]);
    expect(codes(doc(prefetch([], { enabled: false })))).toEqual([]);
    const young = [{ lastRuns: ['2024-03-10T12:00:00.000Z'], modifiedAt: '2024-03-10T12:00:10.000Z' }];
    expect(codes(doc(prefetch(young), '2024-03-10T09:00:00.000Z'))).toEqual(['prefetch-emptied-after-logon']);
    const old = [
      ...young,
      { lastRuns: ['2024-01-01T12:00:00.000Z'], modifiedAt: '2024-01-01T12:00:10.000Z' },
    ];
    expect(codes(doc(prefetch(old), '2024-03-10T09:00:00.000Z'))).toEqual([]);
    const rewritten = [{ lastRuns: ['2024-01-01T12:00:00.000Z'], modifiedAt: '2024-03-01T00:00:00.000Z' }];
    expect(codes(doc(prefetch(rewritten)))).toEqual(['prefetch-file-newer-than-runs']);
  });

  it('the clock turned back: an execution record dated after the machine’s clock', () => {
    const bam = (lastRun: string) => ({
      bam: {
        status: 'collected' as const,
        reason: null,
        from: 'hive-file' as const,
        controlSet: 'ControlSet001',
        items: [{ service: 'bam' as const, sid: 'S-1-5-21-1', program: '~/a.exe', lastRun }],
      },
    });
    expect(codes(doc(bam('2024-03-10T19:59:00.000Z')))).toEqual([]);
    expect(windowsSignals(doc(bam('2024-03-11T09:00:00.000Z')))).toEqual([
      expect.objectContaining({
        code: 'clock-changed',
        ref: { source: 'bam', index: 0, value: '2024-03-11T09:00:00.000Z' },
      }),
    ]);
  });

  it('the game started minutes before the scan', () => {
    const processes = (startedAt: string) => ({
      processes: {
        status: 'collected' as const,
        reason: null,
        items: [
          {
            pid: 7,
            name: 'FiveM_GTAProcess.exe',
            path: null,
            sha256: null,
            startedAt,
            commandLine: '',
            injections: [],
          },
        ],
      },
    });
    expect(windowsSignals(doc(processes('2024-03-10T19:57:00.000Z')))).toEqual([
      expect.objectContaining({
        code: 'game-started-before-scan',
        proves: 'this-session',
        where: 'process FiveM_GTAProcess.exe (pid 7), started 3 minutes before the scan',
      }),
    ]);
    expect(codes(doc(processes('2024-03-10T18:00:00.000Z')))).toEqual([]);
    // Under a minute is 1 minute, in the singular.
    expect(windowsSignals(doc(processes('2024-03-10T19:59:40.000Z')))[0]?.where).toBe(
      'process FiveM_GTAProcess.exe (pid 7), started 1 minute before the scan',
    );
  });
});

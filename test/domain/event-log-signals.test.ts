import type { ServiceEvidence } from '@scanpin/evidence';
import { describe, expect, it } from 'vitest';
import { eventLogReasons } from '../../src/domain/event-log-assurance.js';
import type {
  EventLogFileEvidence,
  EventLogItemEvidence,
  EvidenceDocument,
} from '../../src/domain/evidence.js';
import { eventLogSignals } from '../../src/domain/signals/event-log-signals.js';
import { windowsSignals } from '../../src/domain/windows-signals.js';
import { windowsSections } from '../support/evidence.js';

/** The signals of docs/scan-client.md, "Event logs", each on and off. */

const CLOCK = new Date('2026-11-20T12:00:00.000Z');

function item(overrides: Partial<EventLogItemEvidence>): EventLogItemEvidence {
  return {
    log: 'System',
    kind: 'log-cleared',
    eventId: 104,
    provider: 'Microsoft-Windows-Eventlog',
    recordId: 1,
    at: '2026-11-20T11:00:00.000Z',
    service: null,
    program: null,
    from: null,
    to: null,
    detail: 'System',
    ...overrides,
  };
}

function logFile(overrides: Partial<EventLogFileEvidence> = {}): EventLogFileEvidence {
  return {
    name: 'System',
    path: 'C:/Windows/System32/winevt/Logs/System.evtx',
    status: 'read',
    reason: null,
    how: 'file',
    records: 10,
    oldestAt: '2026-10-01T00:00:00.000Z',
    newestAt: '2026-11-20T11:59:00.000Z',
    dirty: true,
    full: false,
    problems: [],
    ...overrides,
  };
}

function doc(
  items: EventLogItemEvidence[],
  logs = [logFile()],
  status: 'collected' | 'skipped' = 'collected',
): EvidenceDocument {
  return windowsSections({ eventLogs: { status, reason: null, logs, items } }, CLOCK);
}

const codes = (d: EvidenceDocument) => [...eventLogSignals(d)].map((s) => s.code);

describe('event log signals', () => {
  it('a cleared log, this session when after boot', () => {
    expect([...eventLogSignals(doc([item({})]))]).toEqual([
      {
        code: 'eventlog-cleared',
        proves: 'this-session',
        where: 'the System log, cleared at 2026-11-20 11:00:00 UTC (System log, event 104)',
        ref: { source: 'eventLogs', index: 0, value: 'System' },
      },
    ]);
    const old = [...eventLogSignals(doc([item({ at: '2026-01-01T00:00:00.000Z' })]))];
    expect(old[0]?.proves).toBe('execution');
  });

  it('the USN journal deleted', () => {
    expect(
      codes(
        doc([
          item({
            kind: 'usn-journal-deleted',
            eventId: 3079,
            provider: 'Microsoft-Windows-Ntfs',
            detail: 'C:',
          }),
        ]),
      ),
    ).toEqual(['eventlog-usn-journal-deleted']);
  });

  it('a forensic service stopped, not one started', () => {
    const stopped = item({
      kind: 'service-state-changed',
      eventId: 7036,
      service: 'SysMain',
      to: 'stopped',
      detail: null,
    });
    expect(codes(doc([stopped]))).toEqual(['eventlog-service-stopped']);
    expect(codes(doc([{ ...stopped, to: 'running' }]))).toEqual([]);
  });

  it('not a stop followed within minutes by a start or a shutdown, nor a demand-start service', () => {
    const stopped = item({
      kind: 'service-state-changed',
      eventId: 7036,
      service: 'SysMain',
      to: 'stopped',
      at: '2026-11-20T11:00:00.0000000Z',
      detail: null,
    });
    const followedBy = (detail: string) => codes(doc([{ ...stopped, detail }]));
    expect(followedBy('started again at 2026-11-20T11:02:00.0000000Z')).toEqual([]);
    expect(followedBy('Windows shut down at 2026-11-20T11:04:59.0000000Z')).toEqual([]);
    expect(followedBy('started again at 2026-11-20T11:30:00.0000000Z')).toEqual(['eventlog-service-stopped']);
    expect(followedBy('Windows shut down at 2026-11-20T13:00:00.0000000Z')).toEqual([
      'eventlog-service-stopped',
    ]);
    // Appinfo starts on demand and stops when idle; the services section's start type decides when read.
    expect(codes(doc([{ ...stopped, service: 'Appinfo' }]))).toEqual([]);
    const withServices = (startType: ServiceEvidence['startType']): EvidenceDocument => {
      const d = doc([stopped]);
      const service: ServiceEvidence = {
        name: 'SysMain',
        present: true,
        start: startType === 'manual' ? 3 : 2,
        startType,
        state: null,
        type: 0x20,
        imagePath: null,
        displayName: null,
        keyLastWritten: null,
        problem: null,
      };
      const services = {
        status: 'collected' as const,
        reason: null,
        from: 'hive-file' as const,
        controlSet: 'ControlSet001',
        items: [service],
      };
      return { ...d, sources: { ...d.sources, services } };
    };
    expect(codes(withServices('manual'))).toEqual([]);
    expect(codes(withServices('automatic'))).toEqual(['eventlog-service-stopped']);
  });

  it("a forensic service's start type changed", () => {
    const changed = item({
      kind: 'service-start-type-changed',
      eventId: 7040,
      service: 'PcaSvc',
      from: 'auto start',
      to: 'disabled',
      detail: null,
    });
    expect([...eventLogSignals(doc([changed]))][0]?.where).toBe(
      'PcaSvc: auto start → disabled at 2026-11-20 11:00:00 UTC (System log, event 7040)',
    );
  });

  it('a kernel driver installed, not a user-mode service', () => {
    const driver = item({
      kind: 'service-installed',
      eventId: 7045,
      service: 'cheatdrv',
      program: '~/AppData/Local/Temp/cheatdrv.sys',
      detail: 'kernel mode driver',
      to: 'demand start',
    });
    expect(codes(doc([driver]))).toEqual(['eventlog-driver-installed']);
    expect(
      codes(doc([{ ...driver, detail: 'user mode service', program: 'C:/Program Files/App/svc.exe' }])),
    ).toEqual([]);
  });

  it('the clock turned back more than ten minutes by a program, not Windows Time nor a hardware-clock sync', () => {
    const back = item({
      kind: 'time-changed',
      eventId: 1,
      provider: 'Microsoft-Windows-Kernel-General',
      program: 'C:/Users/Player/Desktop/RunAsDate.exe',
      from: '2026-11-20T11:00:00.0000000Z',
      to: '2026-11-18T11:00:00.0000000Z',
      detail: 'reason 1',
    });
    expect([...eventLogSignals(doc([back]))][0]?.where).toBe(
      'clock turned back 2880 minutes, from 2026-11-20 11:00:00 UTC to 2026-11-18 11:00:00 UTC by C:/Users/Player/Desktop/RunAsDate.exe (System log, event 1)',
    );
    // 4616 has no reason: its ProcessName decides.
    expect(codes(doc([{ ...back, eventId: 4616, log: 'Security', detail: null }]))).toEqual([
      'eventlog-time-changed',
    ]);
    // A small correction; a clock moved forward.
    expect(codes(doc([{ ...back, to: '2026-11-20T10:55:00.0000000Z' }]))).toEqual([]);
    expect(codes(doc([{ ...back, to: '2026-11-22T11:00:00.0000000Z' }]))).toEqual([]);
    // Reason 2: synchronised with the hardware clock after sleep, hibernation, Fast Startup or dual boot.
    expect(codes(doc([{ ...back, detail: 'reason 2' }]))).toEqual([]);
    // The Windows Time service (w32time in svchost), as the Security and System logs name it.
    expect(codes(doc([{ ...back, program: 'C:/Windows/System32/svchost.exe' }]))).toEqual([]);
    expect(
      codes(doc([{ ...back, eventId: 4616, detail: null, program: 'C:\\WINDOWS\\system32\\svchost.exe' }])),
    ).toEqual([]);
    // A svchost.exe outside System32 is not Windows'; no program named at all says nothing.
    expect(codes(doc([{ ...back, program: 'C:/Users/Player/svchost.exe' }]))).toEqual([
      'eventlog-time-changed',
    ]);
    expect(codes(doc([{ ...back, program: null }]))).toEqual([]);
  });

  it('the event log service stopped while Windows kept running', () => {
    const gap = item({
      kind: 'event-log-stopped',
      eventId: 6006,
      provider: 'EventLog',
      from: '2026-11-20T10:00:00.000Z',
      to: '2026-11-20T10:20:00.000Z',
      detail: null,
    });
    expect([...eventLogSignals(doc([gap]))][0]?.where).toBe(
      'event log service stopped at 2026-11-20 10:00:00 UTC until 2026-11-20 10:20:00 UTC while Windows kept running (System log, event 6006)',
    );
  });

  it('an unexpected shutdown within a day of the scan, not an old one', () => {
    const crash = item({
      kind: 'unexpected-shutdown',
      eventId: 6008,
      provider: 'EventLog',
      detail: '11/20/2026 9:14:30 AM',
    });
    expect(codes(doc([crash]))).toEqual(['eventlog-unexpected-shutdown']);
    expect(codes(doc([{ ...crash, at: '2026-11-10T11:00:00.000Z' }]))).toEqual([]);
  });

  it('a log that is missing or not an event log, not one Windows refused to let the scanner read', () => {
    const missing = logFile({
      name: 'Security',
      status: 'missing',
      reason: 'Security.evtx is not in the logs folder.',
      how: null,
      records: 0,
    });
    expect([...eventLogSignals(doc([], [missing]))]).toEqual([
      {
        code: 'eventlog-missing',
        proves: 'this-session',
        where:
          'C:/Windows/System32/winevt/Logs/System.evtx (missing: Security.evtx is not in the logs folder.)',
        ref: { source: 'eventLogFiles', index: 0, value: 'Security' },
      },
    ]);
    expect(codes(doc([], [logFile({ status: 'corrupt', reason: 'Not an event log.' })]))).toEqual([
      'eventlog-missing',
    ]);
    expect(codes(doc([], [logFile({ status: 'denied', reason: 'needs administrator rights' })]))).toEqual([]);
  });

  it('nothing from a section that was not collected, and windowsSignals() includes these', () => {
    expect(codes(doc([item({})], [logFile()], 'skipped'))).toEqual([]);
    expect(windowsSignals(doc([item({})])).map((s) => s.code)).toContain('eventlog-cleared');
  });
});

describe('event logs in the assurance', () => {
  it('says which log Windows refused to let the scanner read, and why', () => {
    const denied = logFile({
      name: 'Security',
      status: 'denied',
      reason: 'needs administrator rights',
      records: 0,
    });
    expect(eventLogReasons(doc([], [logFile(), denied]))).toEqual([
      {
        code: 'event_logs_unread',
        level: 'medium',
        text: 'The Security event log was not read (needs administrator rights): a clear of it would not be seen.',
      },
    ]);
    expect(eventLogReasons(doc([], [logFile()]))).toEqual([]);
    // Missing or corrupt is a signal (eventlog-missing), not this.
    expect(eventLogReasons(doc([], [logFile({ status: 'missing' })]))).toEqual([]);
  });

  it('a skipped section lowers it; an older document, or another platform, is not held to it', () => {
    const skipped = doc([], [], 'skipped');
    expect(eventLogReasons(skipped).map((r) => r.code)).toEqual(['event_logs_not_read']);
    expect(eventLogReasons({ ...skipped, schema: 2 })).toEqual([]);
    expect(eventLogReasons({ ...skipped, client: { ...skipped.client, platform: 'linux' } })).toEqual([]);
  });
});

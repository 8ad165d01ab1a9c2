import { describe, expect, it } from 'vitest';
import { readEvtx } from '../../../packages/scanner/src/windows/evtx/evtx.js';
import { tamperEvents } from '../../../packages/scanner/src/windows/evtx/tamper-events.js';
import {
  eventLogStarted,
  eventLogStopped,
  kernelTimeChanged,
  numbered,
  securityLogCleared,
  securityTimeChanged,
  serviceInstalled,
  serviceStartTypeChanged,
  serviceStateChanged,
  shutdownInitiated,
  systemLogCleared,
  unexpectedShutdown,
  usnJournalDeleted,
  windowsStarted,
} from './support/evtx-fixtures.js';
import { v } from './support/evtx-values.js';
import { buildEvtx } from './support/evtx-writer.js';

/** Which events of a log the scanner reports (docs/scan-client.md, "Event logs"), from logs the tests write. */

type Spec = Parameters<typeof numbered>[0][number];
const read = (log: 'System' | 'Application' | 'Security', specs: Spec[]) =>
  tamperEvents(log, readEvtx(buildEvtx({ chunks: [numbered(specs)] })).events);

describe('tamper events of a log', () => {
  it('keeps a forensic service stopped (named by its key in the binary data), not another service', () => {
    const facts = read('System', [
      serviceStateChanged('2026-11-20T09:00:00.000Z', 'Windows Update', 'stopped', 'wuauserv'),
      serviceStateChanged(
        '2026-11-20T09:10:00.000Z',
        'Programmkompatibilitäts-Assistent-Dienst',
        'beendet',
        'PcaSvc',
      ),
    ]);
    expect(facts).toEqual([
      {
        log: 'System',
        kind: 'service-state-changed',
        eventId: 7036,
        provider: 'Service Control Manager',
        recordId: 2,
        at: '2026-11-20T09:10:00.0000000Z',
        service: 'PcaSvc',
        program: null,
        from: null,
        // From the state code in the binary data, whatever the language of param2.
        to: 'stopped',
        detail: null,
      },
    ]);
  });

  it('says what came next after a forensic service stopped: started again, or Windows shut down', () => {
    const stop = (time: string, name = 'SysMain') => serviceStateChanged(time, name, 'stopped', name);
    const start = (time: string, name = 'SysMain') => serviceStateChanged(time, name, 'running', name);
    const facts = read('System', [
      stop('2026-11-20T08:00:00.000Z'),
      start('2026-11-20T08:01:00.000Z', 'DPS'),
      start('2026-11-20T08:02:00.000Z'),
      stop('2026-11-20T09:00:00.000Z'),
      shutdownInitiated('2026-11-20T09:03:00.000Z'),
      eventLogStopped('2026-11-20T09:04:00.000Z'),
      start('2026-11-20T10:00:00.000Z'),
      windowsStarted('2026-11-20T09:30:00.000Z'),
      eventLogStarted('2026-11-20T09:30:01.000Z'),
      stop('2026-11-20T11:00:00.000Z', 'DPS'),
      eventLogStopped('2026-11-20T11:02:00.000Z'),
      windowsStarted('2026-11-20T11:30:00.000Z'),
      eventLogStarted('2026-11-20T11:30:01.000Z'),
      stop('2026-11-20T12:00:00.000Z'),
      // The event log service stopped with no start of Windows after it: not a shutdown.
      eventLogStopped('2026-11-20T12:01:00.000Z'),
      eventLogStarted('2026-11-20T12:20:00.000Z'),
    ]);
    expect(facts.filter((f) => f.to === 'stopped').map((f) => [f.service, f.at, f.detail])).toEqual([
      ['SysMain', '2026-11-20T08:00:00.0000000Z', 'started again at 2026-11-20T08:02:00.0000000Z'],
      ['SysMain', '2026-11-20T09:00:00.0000000Z', 'Windows shut down at 2026-11-20T09:03:00.0000000Z'],
      ['DPS', '2026-11-20T11:00:00.0000000Z', 'Windows shut down at 2026-11-20T11:02:00.0000000Z'],
      ['SysMain', '2026-11-20T12:00:00.0000000Z', null],
    ]);
  });

  it('falls back on the English display name when the binary data is not there', () => {
    const spec = serviceStateChanged(
      '2026-11-20T09:10:00.000Z',
      'Diagnostic Policy Service',
      'stopped',
      'DPS',
    );
    const facts = read('System', [{ ...spec, binary: new Uint8Array(0) }]);
    expect(facts.map((f) => [f.service, f.to])).toEqual([['DPS', 'stopped']]);
  });

  it("keeps a forensic service's start type change, a driver installed, a cleared log, the clock changed", () => {
    const facts = read('System', [
      serviceStartTypeChanged(
        '2026-11-20T09:00:00.000Z',
        'Background Intelligent Transfer Service',
        'auto start',
        'demand start',
        'BITS',
      ),
      serviceStartTypeChanged('2026-11-20T09:01:00.000Z', 'SysMain', 'auto start', 'disabled', 'SysMain'),
      serviceInstalled(
        '2026-11-20T09:02:00.000Z',
        'cheatdrv',
        '\\??\\C:\\Users\\Player\\AppData\\Local\\Temp\\cheatdrv.sys',
        'kernel mode driver',
      ),
      kernelTimeChanged(
        '2026-11-20T09:03:00.000Z',
        '2026-11-20T09:03:00.000Z',
        '2026-11-18T09:03:00.000Z',
        'C:\\Windows\\System32\\rundll32.exe',
      ),
      systemLogCleared('2026-11-20T09:04:00.000Z', 'Player'),
      unexpectedShutdown('2026-11-20T09:30:00.000Z', '9:14:30 AM', '11/20/2026'),
    ]);
    expect(facts.map((f) => [f.kind, f.service, f.program, f.from, f.to, f.detail])).toEqual([
      ['service-start-type-changed', 'SysMain', null, 'auto start', 'disabled', null],
      [
        'service-installed',
        'cheatdrv',
        '\\??\\C:\\Users\\Player\\AppData\\Local\\Temp\\cheatdrv.sys',
        null,
        'demand start',
        'kernel mode driver',
      ],
      [
        'time-changed',
        null,
        'C:\\Windows\\System32\\rundll32.exe',
        '2026-11-20T09:03:00.0000000Z',
        '2026-11-18T09:03:00.0000000Z',
        'reason 1',
      ],
      ['log-cleared', null, null, null, null, 'System'],
      ['unexpected-shutdown', null, null, null, null, '11/20/2026 9:14:30 AM'],
    ]);
    // The account that cleared the log is not kept.
    expect(JSON.stringify(facts)).not.toContain('Player"');
  });

  it('keeps the Security log cleared and the clock set by a program; the USN journal deleted', () => {
    const security = read('Security', [
      securityTimeChanged(
        '2026-11-20T09:00:00.000Z',
        '2026-11-20T09:00:00.000Z',
        '2026-11-20T08:00:00.000Z',
        'C:\\Tools\\time.exe',
      ),
      securityLogCleared('2026-11-20T09:05:00.000Z', 'Player'),
    ]);
    expect(security.map((f) => [f.kind, f.program, f.detail])).toEqual([
      ['time-changed', 'C:\\Tools\\time.exe', null],
      ['log-cleared', null, 'Security'],
    ]);
    expect(
      read('Application', [usnJournalDeleted('2026-11-20T09:00:00.000Z', 'C:')]).map((f) => [
        f.kind,
        f.detail,
      ]),
    ).toEqual([['usn-journal-deleted', 'C:']]);
  });

  it('reports the event log service stopped while Windows kept running, not at a shutdown', () => {
    const normalShutdown = read('System', [
      eventLogStopped('2026-11-19T22:00:00.000Z'),
      windowsStarted('2026-11-20T08:00:00.000Z'),
      eventLogStarted('2026-11-20T08:00:01.000Z'),
    ]);
    expect(normalShutdown).toEqual([]);
    const paused = read('System', [
      eventLogStopped('2026-11-20T09:00:00.000Z'),
      eventLogStarted('2026-11-20T09:20:00.000Z'),
    ]);
    expect(paused.map((f) => [f.kind, f.from, f.to])).toEqual([
      ['event-log-stopped', '2026-11-20T09:00:00.0000000Z', '2026-11-20T09:20:00.0000000Z'],
    ]);
    const stillStopped = read('System', [
      eventLogStarted('2026-11-20T08:00:00.000Z'),
      eventLogStopped('2026-11-20T09:00:00.000Z'),
    ]);
    expect(stillStopped.map((f) => [f.kind, f.to, f.detail])).toEqual([
      ['event-log-stopped', null, 'nothing logged since'],
    ]);
  });

  it('ignores an event of the same number from another provider', () => {
    const other = {
      ...usnJournalDeleted('2026-11-20T09:00:00.000Z', 'C:'),
      provider: 'SomeApp',
      eventData: [['x', v.string('y')]] as [string, ReturnType<typeof v.string>][],
    };
    expect(
      read('Application', [
        other,
        { ...systemLogCleared('2026-11-20T09:01:00.000Z', 'P'), provider: 'MyLogger' },
      ]),
    ).toEqual([]);
  });
});

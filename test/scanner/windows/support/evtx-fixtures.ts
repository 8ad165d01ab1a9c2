import { type EventSpec, eventRecord } from './evtx-events.js';
import { filetimeOf, utf16, v } from './evtx-values.js';
import type { RecordSpec } from './evtx-writer.js';

/**
 * Events of the kinds the scanner looks for, shaped after Microsoft's documentation of each (provider,
 * channel, data names), with made-up machines and names. Times are fixed so tests can name them.
 */

const SCM = {
  provider: 'Service Control Manager',
  providerGuid: '{555908d1-a6d7-4695-8e1e-26931d2012f4}',
  eventSourceName: 'Service Control Manager',
  qualifiers: 16384,
  channel: 'System',
};
const EVENTLOG_CLASSIC = { provider: 'EventLog', qualifiers: 32768, channel: 'System' };
const EVENTLOG = {
  provider: 'Microsoft-Windows-Eventlog',
  providerGuid: '{fc65ddd8-d6ef-4962-83d5-6e5cfe9ce148}',
};
const EVENTLOG_NS = 'http://manifests.microsoft.com/win/2004/08/windows/eventlog';
const PLAYER_SID = 'S-1-5-21-3623811015-3361044348-30300820-1013';

type Spec = Omit<EventSpec, 'recordId'>;

/** `dwCurrentState` codes (winsvc.h) that 7036's binary data ends with, by the English state name. */
const STATE_CODES: Record<string, number> = { stopped: 1, running: 4, paused: 7 };

export const serviceStateChanged = (
  time: string,
  displayName: string,
  state: string,
  keyName: string,
): Spec => ({
  ...SCM,
  time,
  eventId: 7036,
  eventData: [
    ['param1', v.string(displayName)],
    ['param2', v.string(state)],
  ],
  binary: utf16(`${keyName}/${STATE_CODES[state] ?? 1}`),
});

export const serviceStartTypeChanged = (
  time: string,
  displayName: string,
  from: string,
  to: string,
  keyName: string,
): Spec => ({
  ...SCM,
  time,
  eventId: 7040,
  eventData: [
    ['param1', v.string(displayName)],
    ['param2', v.string(from)],
    ['param3', v.string(to)],
    ['param4', v.string(keyName)],
  ],
});

export const serviceInstalled = (time: string, name: string, imagePath: string, type: string): Spec => ({
  ...SCM,
  time,
  eventId: 7045,
  eventData: [
    ['ServiceName', v.string(name)],
    ['ImagePath', v.string(imagePath)],
    ['ServiceType', v.string(type)],
    ['StartType', v.string('demand start')],
    ['AccountName', v.string('')],
  ],
});

export const systemLogCleared = (time: string, user: string): Spec => ({
  ...EVENTLOG,
  time,
  eventId: 104,
  channel: 'System',
  userData: {
    element: 'LogFileCleared',
    xmlns: EVENTLOG_NS,
    items: [
      ['SubjectUserName', v.string(user)],
      ['SubjectDomainName', v.string('TEST-PC')],
      ['Channel', v.string('System')],
      ['BackupPath', v.string('')],
    ],
  },
});

export const securityLogCleared = (time: string, user: string): Spec => ({
  ...EVENTLOG,
  time,
  eventId: 1102,
  channel: 'Security',
  userSid: PLAYER_SID,
  userData: {
    element: 'LogFileCleared',
    xmlns: EVENTLOG_NS,
    items: [
      ['SubjectUserSid', v.sid(PLAYER_SID)],
      ['SubjectUserName', v.string(user)],
      ['SubjectDomainName', v.string('TEST-PC')],
      ['SubjectLogonId', v.hex64(0x1f4a2bn)],
    ],
  },
});

export const securityTimeChanged = (
  time: string,
  previous: string,
  next: string,
  processName: string,
): Spec => ({
  provider: 'Microsoft-Windows-Security-Auditing',
  providerGuid: '{54849625-5478-4994-a5ba-3e3b0328c30d}',
  time,
  eventId: 4616,
  channel: 'Security',
  eventData: [
    ['SubjectUserSid', v.sid(PLAYER_SID)],
    ['SubjectUserName', v.string('player')],
    ['SubjectDomainName', v.string('TEST-PC')],
    ['SubjectLogonId', v.hex64(0x1f4a2bn)],
    ['PreviousTime', v.filetime(filetimeOf(previous))],
    ['NewTime', v.filetime(filetimeOf(next))],
    ['ProcessId', v.hex64(0x1a2cn)],
    ['ProcessName', v.string(processName)],
  ],
});

export const kernelTimeChanged = (
  time: string,
  oldTime: string,
  newTime: string,
  processName: string,
  /** 1: an application or system component changed the time; 2: synchronised with the hardware clock. */
  reason = 1,
): Spec => ({
  provider: 'Microsoft-Windows-Kernel-General',
  providerGuid: '{a68ca8b7-004f-d7b6-a698-07e2de0f1f5d}',
  time,
  eventId: 1,
  channel: 'System',
  eventData: [
    ['NewTime', v.filetime(filetimeOf(newTime))],
    ['OldTime', v.filetime(filetimeOf(oldTime))],
    ['Reason', v.uint32(reason)],
    ['ProcessName', v.string(processName)],
    ['ProcessID', v.uint32(6700)],
  ],
});

export const usnJournalDeleted = (time: string, volume: string): Spec => ({
  provider: 'Microsoft-Windows-Ntfs',
  providerGuid: '{3ff37a1c-a68d-4d6e-8c9b-f79e8b16c482}',
  time,
  eventId: 3079,
  channel: 'Application',
  eventData: [['DriveName', v.string(volume)]],
});

export const eventLogStarted = (time: string): Spec => ({
  ...EVENTLOG_CLASSIC,
  time,
  eventId: 6005,
  eventData: [],
  binary: new Uint8Array(0),
});
export const eventLogStopped = (time: string): Spec => ({
  ...EVENTLOG_CLASSIC,
  time,
  eventId: 6006,
  eventData: [],
  binary: new Uint8Array(0),
});

export const unexpectedShutdown = (time: string, shutdownTime: string, shutdownDate: string): Spec => ({
  ...EVENTLOG_CLASSIC,
  time,
  eventId: 6008,
  level: 2,
  eventData: [
    [null, v.string(shutdownTime)],
    [null, v.string(shutdownDate)],
    [null, v.string('')],
    [null, v.string('')],
    [null, v.string('1180')],
    [null, v.string('')],
    [null, v.string('')],
  ],
  binary: Uint8Array.of(0xea, 0x07, 0x0b, 0x00, 0x05, 0x00, 0x14, 0x00),
});

/** User32 1074: a program began a shutdown or restart (param1 the process, param5 the kind). */
export const shutdownInitiated = (time: string): Spec => ({
  provider: 'User32',
  providerGuid: '{b0aa8734-56f7-41cc-b2f4-de228e98b946}',
  eventSourceName: 'User32',
  qualifiers: 32768,
  time,
  eventId: 1074,
  channel: 'System',
  eventData: [
    ['param1', v.string('C:\\Windows\\System32\\RuntimeBroker.exe (TEST-PC)')],
    ['param2', v.string('TEST-PC')],
    ['param3', v.string('Other (Unplanned)')],
    ['param4', v.string('0x0')],
    ['param5', v.string('power off')],
    ['param6', v.string('')],
    ['param7', v.string('TEST-PC\\Player')],
  ],
});

/** Numbers records from `firstId` in order. */
export function numbered(specs: Spec[], firstId = 1): RecordSpec[] {
  return specs.map((spec, index) => eventRecord({ ...spec, recordId: firstId + index }));
}

/** 6009, written by the event log service at each start of Windows (the OS version and build). */
export const windowsStarted = (time: string): Spec => ({
  ...EVENTLOG_CLASSIC,
  time,
  eventId: 6009,
  eventData: [
    [null, v.string('10.00.')],
    [null, v.string('22631')],
    [null, v.string('')],
    [null, v.string('Multiprocessor Free')],
    [null, v.string('0')],
  ],
  binary: new Uint8Array(0),
});

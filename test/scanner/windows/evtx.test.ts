import { describe, expect, it } from 'vitest';
import type { EvtxEvent } from '../../../packages/scanner/src/windows/evtx/event.js';
import { readEvtx } from '../../../packages/scanner/src/windows/evtx/evtx.js';
import { eventRecord } from './support/evtx-events.js';
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
  systemLogCleared,
  unexpectedShutdown,
  usnJournalDeleted,
} from './support/evtx-fixtures.js';
import { evtxDumpPy, evtxexport, type OracleEvent, requireEvtxOracles } from './support/evtx-oracles.js';
import { filetimeOf, v } from './support/evtx-values.js';
import { buildEvtx } from './support/evtx-writer.js';

/**
 * .evtx files written by the tests (support/evtx-writer.ts, from libyal's EVTX format document), read
 * by the scanner's reader and by two independent readers from Debian: python-evtx (`evtx_dump.py`)
 * and libevtx (`evtxexport`). The fields the scanner uses must agree with both, record by record.
 */

const systemLog = () =>
  numbered([
    eventLogStarted('2026-11-20T08:00:00.000Z'),
    serviceStateChanged('2026-11-20T08:00:05.250Z', 'Windows Update', 'running', 'wuauserv'),
    serviceStateChanged('2026-11-20T09:10:00.125Z', 'SysMain', 'stopped', 'SysMain'),
    serviceStartTypeChanged('2026-11-20T09:10:02.000Z', 'SysMain', 'auto start', 'disabled', 'SysMain'),
    serviceInstalled(
      '2026-11-20T09:11:00.000Z',
      'cheatdrv',
      '\\??\\C:\\Users\\player\\AppData\\Local\\Temp\\cheatdrv.sys',
      'kernel mode driver',
    ),
    kernelTimeChanged(
      '2026-11-20T09:12:00.000Z',
      '2026-11-20T09:12:00.000Z',
      '2026-11-18T09:12:00.000Z',
      'C:\\Windows\\System32\\rundll32.exe',
    ),
    eventLogStopped('2026-11-20T09:13:00.000Z'),
    unexpectedShutdown('2026-11-20T09:20:00.000Z', '9:14:30 AM', '11/20/2026'),
    systemLogCleared('2026-11-20T09:30:00.500Z', 'player'),
  ]);

const securityLog = () =>
  numbered(
    [
      securityTimeChanged(
        '2026-11-20T09:12:00.000Z',
        '2026-11-20T09:12:00.000Z',
        '2026-11-18T09:12:00.000Z',
        'C:\\Windows\\System32\\cmd.exe',
      ),
      securityLogCleared('2026-11-20T09:31:00.000Z', 'player'),
    ],
    500,
  );

/** The time to 7 fraction digits (what our reader keeps) from libevtx's 9 digits. */
const libevtxTime = (value: string) =>
  value.replace(/^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{7})\d{2}Z$/, '$1Z');

/** Times to milliseconds, GUIDs upper case, booleans lower case: python-evtx's spellings of the same values. */
function pythonComparable(value: string): string {
  const time = /^(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d:\d\d)(?:\.(\d+))?Z?$/.exec(value);
  if (time) return `${time[1]}T${time[2]}.${(time[3] ?? '').padEnd(3, '0').slice(0, 3)}`;
  if (/^\{[0-9a-f-]{36}\}$/i.test(value)) return value.toUpperCase();
  if (value === 'True' || value === 'False') return value.toLowerCase();
  return value;
}

function ours(event: EvtxEvent) {
  return {
    eventId: String(event.eventId),
    qualifiers: event.qualifiers === null ? null : String(event.qualifiers),
    provider: event.provider,
    providerGuid: event.providerGuid,
    eventSourceName: event.eventSourceName,
    channel: event.channel,
    timeCreated: event.timeCreated,
    recordId: String(event.recordId),
    dataSource: event.dataSource,
    userDataElement: event.userDataElement,
    data: event.data,
  };
}

function asLibevtx(event: OracleEvent) {
  return {
    ...event,
    timeCreated: event.timeCreated === null ? null : libevtxTime(event.timeCreated),
    data: event.data.map((d) => ({ name: d.name, value: libevtxTime(d.value) })),
  };
}

function asPython(event: ReturnType<typeof ours> | OracleEvent) {
  return {
    ...event,
    providerGuid: event.providerGuid === null ? null : event.providerGuid.toUpperCase(),
    timeCreated: event.timeCreated === null ? null : pythonComparable(event.timeCreated),
    data: event.data.map((d) => ({
      name: d.name,
      value: pythonComparable(d.value),
    })),
  };
}

function hexToBase64(hex: string): string {
  return Buffer.from(hex, 'hex').toString('base64');
}

/**
 * `libevtxWrong`: data items libevtx 20181227 (Debian's) prints wrongly, compared with python-evtx
 * only. It prints a negative signed integer with the sign bit ORed into the magnitude (-7 as -121).
 */
function expectOraclesAgree(file: Uint8Array, libevtxWrong: string[] = []): EvtxEvent[] {
  const read = readEvtx(file);
  expect(read.problems).toEqual([]);
  const mine = read.events.map(ours);
  const withoutWrong = <T extends { data: { name: string }[] }>(event: T): T => ({
    ...event,
    data: event.data.filter((d) => !libevtxWrong.includes(d.name)),
  });
  const libevtx = evtxexport(file).map(asLibevtx);
  expect(mine.map(withoutWrong)).toEqual(libevtx.map(withoutWrong));
  const python = evtxDumpPy(file).map(asPython);
  // python-evtx writes binary values as base64, the others as hex: an upper-case hex value of ours is
  // compared through its bytes.
  const minePython = mine.map((event, e) =>
    asPython({
      ...event,
      data: event.data.map((d, i) =>
        /^([0-9A-F]{2})*$/.test(d.value) && python[e]?.data[i]?.value === hexToBase64(d.value)
          ? { ...d, value: hexToBase64(d.value) }
          : d,
      ),
    }),
  );
  expect(minePython).toEqual(python);
  return read.events;
}

describe('EVTX reader against python-evtx and libevtx', () => {
  requireEvtxOracles();

  it('reads every record of a System log in two chunks, templates defined once per chunk and reused', () => {
    const records = systemLog();
    const file = buildEvtx({ chunks: [records.slice(0, 5), records.slice(5)] });
    const events = expectOraclesAgree(file);
    expect(events.map((e) => e.eventId)).toEqual([6005, 7036, 7036, 7040, 7045, 1, 6006, 6008, 104]);
    // The 7036 template is written once in chunk 0 and referred to by the second 7036 record.
    const template = records[1]?.template;
    expect(template).toBe(records[2]?.template);
    const guid = Buffer.from(v.guid(template?.guid ?? '').bytes);
    const chunk0 = Buffer.from(file.subarray(4096, 4096 + 0x10000));
    const first = chunk0.indexOf(guid);
    expect(first).toBeGreaterThan(0);
    expect(chunk0.indexOf(guid, first + 1)).toBe(-1);
    const sysmain = events[2] as EvtxEvent;
    expect(sysmain.timeCreated).toBe('2026-11-20T09:10:00.1250000Z');
    expect(sysmain.data).toEqual([
      { name: 'param1', value: 'SysMain' },
      { name: 'param2', value: 'stopped' },
      { name: 'Binary', value: Buffer.from('SysMain/1', 'utf16le').toString('hex').toUpperCase() },
    ]);
    const cleared = events[8] as EvtxEvent;
    expect(cleared).toMatchObject({
      provider: 'Microsoft-Windows-Eventlog',
      channel: 'System',
      dataSource: 'UserData',
      userDataElement: 'LogFileCleared',
    });
    expect(cleared.data).toContainEqual({ name: 'SubjectUserName', value: 'player' });
  });

  it('reads a Security log: UserData as a nested BinXml value, SIDs, FILETIMEs and hex integers', () => {
    const events = expectOraclesAgree(buildEvtx({ chunks: [securityLog()] }));
    expect(events.map((e) => [e.recordId, e.eventId])).toEqual([
      [500, 4616],
      [501, 1102],
    ]);
    expect(events[0]?.data).toEqual([
      { name: 'SubjectUserSid', value: 'S-1-5-21-3623811015-3361044348-30300820-1013' },
      { name: 'SubjectUserName', value: 'player' },
      { name: 'SubjectDomainName', value: 'TEST-PC' },
      { name: 'SubjectLogonId', value: '0x00000000001f4a2b' },
      { name: 'PreviousTime', value: '2026-11-20T09:12:00.0000000Z' },
      { name: 'NewTime', value: '2026-11-18T09:12:00.0000000Z' },
      { name: 'ProcessId', value: '0x0000000000001a2c' },
      { name: 'ProcessName', value: 'C:\\Windows\\System32\\cmd.exe' },
    ]);
  });

  it('reads an Application log event of the NTFS provider', () => {
    const [event] = expectOraclesAgree(
      buildEvtx({ chunks: [numbered([usnJournalDeleted('2026-11-20T09:15:00.000Z', 'C:')], 77)] }),
    );
    expect(event).toMatchObject({
      eventId: 3079,
      provider: 'Microsoft-Windows-Ntfs',
      channel: 'Application',
      recordId: 77,
    });
  });

  it('decodes each value type as both oracles do (sub-millisecond ticks kept)', () => {
    const typed = eventRecord({
      recordId: 9,
      time: '2026-11-20T10:00:00.123Z',
      ticks: 4567n,
      provider: 'Typed',
      eventId: 4242,
      channel: 'Application',
      eventData: [
        ['string', v.string('héllo wörld')],
        ['ansi', v.ansi('plain')],
        ['int8', v.int8(-7)],
        ['uint8', v.uint8(200)],
        ['int16', v.int16(-300)],
        ['uint16', v.uint16(65000)],
        ['uint32', v.uint32(4_000_000_000)],
        ['int64', v.int64(-5_000_000_000n)],
        ['uint64', v.uint64(18_000_000_000_000_000_000n)],
        ['bool', v.bool(true)],
        ['guid', v.guid('{0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9}')],
        ['filetime', v.filetime(filetimeOf('2025-01-02T03:04:05.678Z', 1234n))],
        ['systemtime', v.systemtime('2026-11-20T09:59:00.000Z')],
        ['sid', v.sid('S-1-5-18')],
        ['hex32', v.hex32(0x1f)],
        ['hex64', v.hex64(0xdeadbeefn)],
        ['binary', v.binary(Uint8Array.of(0, 1, 0xfe, 0xff))],
      ],
    });
    const [event] = expectOraclesAgree(buildEvtx({ chunks: [[typed]] }), ['int8', 'int16', 'int64']);
    expect(event?.timeCreated).toBe('2026-11-20T10:00:00.1234567Z');
    expect(Object.fromEntries(event?.data.map((d) => [d.name, d.value]) ?? [])).toEqual({
      string: 'héllo wörld',
      ansi: 'plain',
      int8: '-7',
      uint8: '200',
      int16: '-300',
      uint16: '65000',
      uint32: '4000000000',
      int64: '-5000000000',
      uint64: '18000000000000000000',
      bool: 'true',
      guid: '{0A1B2C3D-4E5F-6071-8293-A4B5C6D7E8F9}',
      filetime: '2025-01-02T03:04:05.6781234Z',
      systemtime: '2026-11-20T09:59:00.000Z',
      sid: 'S-1-5-18',
      hex32: '0x0000001f',
      hex64: '0x00000000deadbeef',
      binary: '0001FEFF',
    });
  });
});

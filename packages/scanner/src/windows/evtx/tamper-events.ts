import { FORENSIC_SERVICES } from '../services.js';
import type { EvtxEvent } from './event.js';

/**
 * From a log's events, the ones that show hiding or tampering (docs/scan-client.md, "Event logs"):
 * a log cleared, the USN journal deleted, a forensic service stopped or its start type changed, a
 * service or driver installed, the clock changed, the event log service stopped while Windows kept
 * running, an unexpected shutdown. Each keeps its time and the service or program it names, never the
 * account that did it (the log's SIDs and user names stay on the machine).
 *
 * Providers and data names are Microsoft's (the events' manifests as Event Viewer shows them). The
 * texts some classic events carry (a service's state, a start type) are written in the machine's
 * language; where Windows also stores a language-free form (7036's binary data), that form is used.
 */

export type EventLogName = 'System' | 'Application' | 'Security';

export type EventLogKind =
  | 'log-cleared'
  | 'usn-journal-deleted'
  | 'service-start-type-changed'
  | 'service-state-changed'
  | 'service-installed'
  | 'time-changed'
  | 'event-log-stopped'
  | 'unexpected-shutdown';

export interface TamperEvent {
  log: EventLogName;
  kind: EventLogKind;
  eventId: number;
  provider: string;
  recordId: number;
  /** TimeCreated, ISO 8601 UTC. */
  at: string | null;
  /** The service's key name when known (7036, 7040, 7045), else its display name. */
  service: string | null;
  /** A program's path as Windows wrote it (the driver's image, the program that changed the clock). */
  program: string | null;
  /** Before: the old start type, the old time, the moment logging stopped. */
  from: string | null;
  /** After: the new start type or state, the new time, the moment logging resumed. */
  to: string | null;
  /**
   * What else the event says: the log cleared, the service type, the volume, the shutdown's time, the
   * clock change's reason; for a service stopped, what came next (`started again at …`, `Windows shut
   * down at …`).
   */
  detail: string | null;
}

const FORENSIC = new Map(FORENSIC_SERVICES.map((name) => [name.toLowerCase(), name]));
/** English display names, for a 7036 without its binary data (its param1 is the display name). */
const DISPLAY_NAMES = new Map<string, string>([
  ['sysmain', 'SysMain'],
  ['superfetch', 'SysMain'],
  ['program compatibility assistant service', 'PcaSvc'],
  ['background activity moderator driver', 'bam'],
  ['desktop activity moderator driver', 'dam'],
  ['windows event log', 'EventLog'],
  ['diagnostic policy service', 'DPS'],
  ['connected user experiences and telemetry', 'DiagTrack'],
  ['application information', 'Appinfo'],
]);
/** `dwCurrentState` codes (winsvc.h) that 7036's binary data ends with. */
const STATE_CODES: Record<string, string> = { '1': 'stopped', '4': 'running', '7': 'paused' };

const value = (event: EvtxEvent, name: string) => event.data.find((d) => d.name === name)?.value ?? null;
const nth = (event: EvtxEvent, index: number) =>
  event.data.filter((d) => d.name === '')[index]?.value ?? null;
const providerIs = (event: EvtxEvent, ...names: string[]) =>
  names.some((n) => n.toLowerCase() === (event.provider ?? '').toLowerCase());
const SCM = 'Service Control Manager';
const EVENTLOG = 'Microsoft-Windows-Eventlog';

function base(log: EventLogName, kind: EventLogKind, event: EvtxEvent): TamperEvent {
  return {
    log,
    kind,
    eventId: event.eventId ?? 0,
    provider: event.provider ?? '',
    recordId: event.recordId,
    at: event.timeCreated,
    service: null,
    program: null,
    from: null,
    to: null,
    detail: null,
  };
}

/** 7036's binary data: the service's key name and state code as UTF-16 text, `SysMain/1`. */
function serviceStateFromBinary(hex: string | null): { key: string; state: string | null } | null {
  if (hex === null || hex.length < 4 || hex.length % 4 !== 0) return null;
  const text = Buffer.from(hex, 'hex').toString('utf16le').replace(/\0+$/, '');
  const match = /^([^/\0]+)\/(\d+)$/.exec(text);
  if (match === null) return null;
  return { key: match[1] as string, state: STATE_CODES[match[2] as string] ?? `state ${match[2]}` };
}

function forensicKey(name: string | null): string | null {
  if (name === null) return null;
  return FORENSIC.get(name.toLowerCase()) ?? DISPLAY_NAMES.get(name.toLowerCase()) ?? null;
}

function serviceState(log: EventLogName, event: EvtxEvent): TamperEvent | null {
  const binary = serviceStateFromBinary(value(event, 'Binary'));
  const key = forensicKey(binary?.key ?? null) ?? forensicKey(value(event, 'param1'));
  if (key === null) return null;
  return {
    ...base(log, 'service-state-changed', event),
    service: key,
    to: binary?.state ?? value(event, 'param2'),
  };
}

function serviceStartType(log: EventLogName, event: EvtxEvent): TamperEvent | null {
  const key = forensicKey(value(event, 'param4')) ?? forensicKey(value(event, 'param1'));
  if (key === null) return null;
  return {
    ...base(log, 'service-start-type-changed', event),
    service: key,
    from: value(event, 'param2'),
    to: value(event, 'param3'),
  };
}

/** One event as a tamper fact, or null when it is not one the scanner reports. */
export function tamperEventOf(log: EventLogName, event: EvtxEvent): TamperEvent | null {
  const id = event.eventId;
  if ((id === 1102 || id === 104) && providerIs(event, EVENTLOG)) {
    return {
      ...base(log, 'log-cleared', event),
      detail: value(event, 'Channel') ?? (id === 1102 ? 'Security' : null),
    };
  }
  if (id === 3079 && /ntfs/i.test(event.provider ?? '')) {
    return {
      ...base(log, 'usn-journal-deleted', event),
      detail: event.data.map((d) => d.value).find((v) => v !== '') ?? null,
    };
  }
  if (id === 7036 && providerIs(event, SCM)) return serviceState(log, event);
  if (id === 7040 && providerIs(event, SCM)) return serviceStartType(log, event);
  if (id === 7045 && providerIs(event, SCM)) {
    return {
      ...base(log, 'service-installed', event),
      service: value(event, 'ServiceName'),
      program: value(event, 'ImagePath'),
      detail: value(event, 'ServiceType'),
      to: value(event, 'StartType'),
    };
  }
  if (id === 4616 && providerIs(event, 'Microsoft-Windows-Security-Auditing')) {
    return {
      ...base(log, 'time-changed', event),
      program: value(event, 'ProcessName'),
      from: value(event, 'PreviousTime'),
      to: value(event, 'NewTime'),
    };
  }
  if (id === 1 && providerIs(event, 'Microsoft-Windows-Kernel-General')) {
    const reason = value(event, 'Reason');
    return {
      ...base(log, 'time-changed', event),
      program: value(event, 'ProcessName'),
      from: value(event, 'OldTime'),
      to: value(event, 'NewTime'),
      detail: reason === null ? null : `reason ${reason}`,
    };
  }
  if (id === 6008 && providerIs(event, 'EventLog')) {
    const time = nth(event, 0);
    const date = nth(event, 1);
    return {
      ...base(log, 'unexpected-shutdown', event),
      detail: [date, time].filter((p) => p).join(' ') || null,
    };
  }
  return null;
}

const isBoot = (event: EvtxEvent) =>
  (event.eventId === 6009 && providerIs(event, 'EventLog')) ||
  (event.eventId === 12 && providerIs(event, 'Microsoft-Windows-Kernel-General'));

/**
 * The event log service stopped while Windows kept running: a 6006 ("service stopped", written at
 * every shutdown too) followed by the next 6005 ("service started") with no boot between them (6009
 * or Kernel-General 12, written at each start of Windows). A 6006 that is the log's last event is
 * reported as well: nothing has been logged since, so the service is still stopped (or the file is
 * not the live one).
 */
export function loggingGaps(log: EventLogName, events: EvtxEvent[]): TamperEvent[] {
  const gaps: TamperEvent[] = [];
  let stopped: EvtxEvent | null = null;
  let booted = false;
  for (const event of events) {
    if (event.eventId === 6006 && providerIs(event, 'EventLog')) {
      stopped = event;
      booted = false;
    } else if (stopped !== null && isBoot(event)) {
      booted = true;
    } else if (stopped !== null && event.eventId === 6005 && providerIs(event, 'EventLog')) {
      if (!booted)
        gaps.push({
          ...base(log, 'event-log-stopped', stopped),
          from: stopped.timeCreated,
          to: event.timeCreated,
        });
      stopped = null;
    }
  }
  const last = events.at(-1);
  if (stopped !== null && !booted && last === stopped) {
    gaps.push({
      ...base(log, 'event-log-stopped', stopped),
      from: stopped.timeCreated,
      detail: 'nothing logged since',
    });
  }
  return gaps;
}

/**
 * Windows shutting down: a shutdown or restart begun (User32 1074), or the event log service stopping
 * (6006) where a start of Windows followed, not one of the logging gaps above (`gapStarts`).
 */
const isShutdown = (event: EvtxEvent, gapStarts: Set<number>) =>
  (event.eventId === 6006 && providerIs(event, 'EventLog') && !gapStarts.has(event.recordId)) ||
  (event.eventId === 1074 && providerIs(event, 'User32'));

/** The earlier of two times the reader checked (`documentTime`), either possibly unknown. */
function earlier(a: string | null, b: string | null): 'a' | 'b' | null {
  if (a === null || b === null) return a !== null ? 'a' : b !== null ? 'b' : null;
  return Date.parse(a.toUpperCase()) <= Date.parse(b.toUpperCase()) ? 'a' : 'b';
}

/**
 * What came next after a forensic service stopped, as its `detail`: it started again, or Windows shut
 * down (6006 or 1074), whichever came first, with its time. A service stopped and started again within
 * minutes is an update or a restart, and services stop at every shutdown; the server's rules weigh the
 * gap (docs/scan-client.md, "Event logs"). One pass from the newest event back.
 */
function markWhatFollowedStops(
  events: EvtxEvent[],
  facts: Map<EvtxEvent, TamperEvent>,
  gapStarts: Set<number>,
): void {
  let nextShutdown: string | null = null;
  const nextStart = new Map<string, string>();
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i] as EvtxEvent;
    const fact = facts.get(event);
    if (fact?.kind === 'service-state-changed' && fact.service !== null) {
      if (fact.to === 'stopped') {
        const started = nextStart.get(fact.service) ?? null;
        const first = earlier(started, nextShutdown);
        if (first === 'a') fact.detail = `started again at ${started}`;
        if (first === 'b') fact.detail = `Windows shut down at ${nextShutdown}`;
      } else if (fact.to === 'running' && event.timeCreated !== null) {
        nextStart.set(fact.service, event.timeCreated);
      }
    }
    if (isShutdown(event, gapStarts) && event.timeCreated !== null) nextShutdown = event.timeCreated;
  }
}

/** Every tamper fact of one log, oldest first. `events` are in record order (as `readEvtx` returns them). */
export function tamperEvents(log: EventLogName, events: EvtxEvent[]): TamperEvent[] {
  const facts = new Map<EvtxEvent, TamperEvent>();
  for (const event of events) {
    const fact = tamperEventOf(log, event);
    if (fact !== null) facts.set(event, fact);
  }
  const gaps = loggingGaps(log, events);
  markWhatFollowedStops(events, facts, new Set(gaps.map((gap) => gap.recordId)));
  const all = [...facts.values(), ...gaps];
  return all.sort((a, b) => a.recordId - b.recordId);
}

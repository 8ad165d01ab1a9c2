import type { EventLogItemEvidence, EvidenceDocument } from '../evidence.js';
import { plural } from '../plural.js';
import type { Proof } from '../rules.js';
import { parseTimestamp } from '../timestamp-input.js';
import { type Signal, shownTime } from '../windows-signals.js';

/**
 * What the System, Application and Security event logs show of hiding (docs/scan-client.md, "Event
 * logs"). The scanner reported the events; rules of kind `signal` (pattern: the code) decide what each
 * is worth. An absent event proves nothing: the player controls the machine, and a log can be deleted
 * with its service stopped or edited with its checksums fixed. A cleared log is itself the evidence.
 */

/**
 * A clock turned back by less than this hides little: it is how a person corrects a clock that runs
 * fast, and the timelines' order within minutes is not what a screensharer relies on.
 */
export const TIME_CHANGE_MARGIN_MS = 10 * 60_000;
/**
 * A forensic service started again, or Windows shut down, this soon after it stopped: an update, a
 * restart of the service, or the stops of every shutdown, not a service kept from writing.
 */
export const SERVICE_RESTART_MS = 5 * 60_000;
/**
 * Services that start on demand and stop by themselves when idle, as Windows ships them: stopped is
 * their normal state (Appinfo is "Manual (Trigger Start)"). The services section's start type, when
 * the scan has it, decides instead.
 */
const DEMAND_START_BY_DEFAULT = new Set(['Appinfo']);
/**
 * The Windows Time service (w32time) runs in svchost: it steps the clock when it is far off (more
 * than about five minutes), which Microsoft's page on event 4616 calls normal.
 */
const WINDOWS_SVCHOST = /(?:^|[\\/])windows[\\/]system32[\\/]svchost\.exe$/i;
/** An unexpected shutdown this long before the scan may have been the way logs were kept from being written. */
export const RECENT_SHUTDOWN_MS = 24 * 60 * 60_000;

const ms = (value: string | null | undefined) =>
  value === null || value === undefined ? Number.NaN : (parseTimestamp(value) ?? Number.NaN);

const when = (at: string | null) => (at === null ? 'at an unknown time' : `at ${shownTime(at)}`);

function isDriver(item: EventLogItemEvidence): boolean {
  return /kernel|file system|driver/i.test(item.detail ?? '') || /\.sys$/i.test(item.program ?? '');
}

/**
 * The program that turned the clock, when the event says a program did and it is not the Windows Time
 * service. Kernel-General 1's `Reason` (kept as `reason N`): 1 is "an application or system component
 * changed the time"; 2 is the system time synchronised with the hardware clock, written after sleep,
 * hibernation and Fast Startup (the old time is when the machine went to sleep) and on dual-boot
 * machines whose other system keeps the hardware clock in local time: not a program's change. 4616
 * has no reason; its ProcessName is the program.
 */
function clockSetter(item: EventLogItemEvidence): string | null {
  const reason = /^reason (\d+)$/.exec(item.detail ?? '')?.[1];
  if (reason !== undefined && reason !== '1') return null;
  const program = item.program;
  if (program === null || program === '' || WINDOWS_SVCHOST.test(program)) return null;
  return program;
}

/** The start type the services section read for `service`, when the scan has it. */
function startTypeOf(doc: EvidenceDocument, service: string | null): string | null {
  const services = doc.sources.services;
  if (service === null || services?.status !== 'collected') return null;
  return services.items.find((s) => s.name.toLowerCase() === service.toLowerCase())?.startType ?? null;
}

/**
 * A stop that says nothing: the service started again or Windows shut down within minutes (the
 * scanner's `detail` says which came next, and when), or the service starts on demand.
 */
function isRoutineStop(doc: EvidenceDocument, item: EventLogItemEvidence): boolean {
  const next = /^(?:started again|Windows shut down) at (\S+)$/.exec(item.detail ?? '')?.[1];
  const gap = ms(next) - ms(item.at);
  if (Number.isFinite(gap) && gap >= 0 && gap <= SERVICE_RESTART_MS) return true;
  const startType = startTypeOf(doc, item.service);
  if (startType !== null) return startType === 'manual';
  return DEMAND_START_BY_DEFAULT.has(item.service ?? '');
}

function signalOf(
  doc: EvidenceDocument,
  item: EventLogItemEvidence,
  clock: number,
): Omit<Signal, 'ref' | 'proves'> | null {
  const log = `${item.log} log, event ${item.eventId}`;
  switch (item.kind) {
    case 'log-cleared':
      return {
        code: 'eventlog-cleared',
        where: `the ${item.detail ?? item.log} log, cleared ${when(item.at)} (${log})`,
      };
    case 'usn-journal-deleted':
      return {
        code: 'eventlog-usn-journal-deleted',
        where: `${item.detail ?? 'a volume'}, journal deleted ${when(item.at)} (${log})`,
      };
    case 'service-state-changed':
      if (!/^stopped$/i.test(item.to ?? '') || isRoutineStop(doc, item)) return null;
      return { code: 'eventlog-service-stopped', where: `${item.service} stopped ${when(item.at)} (${log})` };
    case 'service-start-type-changed':
      return {
        code: 'eventlog-service-start-changed',
        where: `${item.service}: ${item.from ?? '?'} → ${item.to ?? '?'} ${when(item.at)} (${log})`,
      };
    case 'service-installed':
      if (!isDriver(item)) return null;
      return {
        code: 'eventlog-driver-installed',
        where: `${item.service} (${item.program ?? 'no image path'}) installed ${when(item.at)} (${log})`,
      };
    case 'time-changed': {
      // Only the clock turned back by a program: that is what makes new files look old. A clock moved
      // forward, or synchronised, stays evidence in the section.
      const jump = ms(item.to) - ms(item.from);
      const program = clockSetter(item);
      if (program === null || !Number.isFinite(jump) || jump > -TIME_CHANGE_MARGIN_MS) return null;
      const minutes = Math.round(-jump / 60_000);
      return {
        code: 'eventlog-time-changed',
        where: `clock turned back ${plural(minutes, 'minute')}, from ${shownTime(item.from as string)} to ${shownTime(item.to as string)} by ${program} (${log})`,
      };
    }
    case 'event-log-stopped':
      return {
        code: 'eventlog-logging-stopped',
        where: `event log service stopped ${when(item.from)} ${item.to === null ? 'and nothing logged since' : `until ${shownTime(item.to)}`} while Windows kept running (${log})`,
      };
    case 'unexpected-shutdown': {
      const age = clock - ms(item.at);
      if (!Number.isFinite(age) || age < 0 || age > RECENT_SHUTDOWN_MS) return null;
      return {
        code: 'eventlog-unexpected-shutdown',
        where: `Windows was not shut down cleanly before ${when(item.at)} (${log})`,
      };
    }
    default:
      return null;
  }
}

export function* eventLogSignals(doc: EvidenceDocument): Generator<Signal> {
  const section = doc.sources.eventLogs;
  if (section === undefined || section.status !== 'collected') return;
  const { system } = doc.sources;
  const sessionStart = ms(system.logonAt ?? system.bootedAt);
  const clock = ms(system.clientTime);
  for (const [index, log] of section.logs.entries()) {
    if (log.status !== 'missing' && log.status !== 'corrupt') continue;
    yield {
      code: 'eventlog-missing',
      // A state of the machine now, like a service disabled: the log is not there at this scan.
      proves: 'this-session',
      where: `${log.path} (${log.status}${log.reason ? `: ${log.reason}` : ''})`,
      // The log's own line in the view, not an event (`eventLogs` indexes `items`).
      ref: { source: 'eventLogFiles', index, value: log.name },
    };
  }
  for (const [index, item] of section.items.entries()) {
    const proves: Proof =
      Number.isFinite(sessionStart) && ms(item.at) > sessionStart ? 'this-session' : 'execution';
    const found = signalOf(doc, item, clock);
    if (found === null) continue;
    yield {
      ...found,
      proves,
      ref: { source: 'eventLogs', index, value: item.service ?? item.program ?? item.log },
    } as Signal;
  }
}

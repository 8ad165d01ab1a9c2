import type { EventLogItemEvidence, EvidenceDocument } from '../evidence.js';
import type { Proof } from '../rules.js';
import { parseTimestamp } from '../timestamp-input.js';
import { type Signal, shownTime } from '../windows-signals.js';

/**
 * What the System, Application and Security event logs show of hiding (docs/scan-client.md, "Event
 * logs"). The scanner reported the events; rules of kind `signal` (pattern: the code) decide what each
 * is worth. An absent event proves nothing: the player controls the machine, and a log can be deleted
 * with its service stopped or edited with its checksums fixed. A cleared log is itself the evidence.
 */

/** A clock moved by less than this is Windows' own time synchronisation (w32time corrects drift in small steps). */
export const TIME_CHANGE_MARGIN_MS = 10 * 60_000;
/** An unexpected shutdown this long before the scan may have been the way logs were kept from being written. */
export const RECENT_SHUTDOWN_MS = 24 * 60 * 60_000;

const ms = (value: string | null | undefined) =>
  value === null || value === undefined ? Number.NaN : (parseTimestamp(value) ?? Number.NaN);

const when = (at: string | null) => (at === null ? 'at an unknown time' : `at ${shownTime(at)}`);

function isDriver(item: EventLogItemEvidence): boolean {
  return /kernel|file system|driver/i.test(item.detail ?? '') || /\.sys$/i.test(item.program ?? '');
}

function signalOf(item: EventLogItemEvidence, clock: number): Omit<Signal, 'ref' | 'proves'> | null {
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
      if (!/^stopped$/i.test(item.to ?? '')) return null;
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
      const jump = ms(item.to) - ms(item.from);
      if (!Number.isFinite(jump) || Math.abs(jump) < TIME_CHANGE_MARGIN_MS) return null;
      const minutes = Math.round(Math.abs(jump) / 60_000);
      return {
        code: 'eventlog-time-changed',
        where: `clock ${jump < 0 ? 'turned back' : 'moved forward'} ${minutes} minutes, from ${shownTime(item.from as string)} to ${shownTime(item.to as string)}${item.program ? ` by ${item.program}` : ''} (${log})`,
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
      proves: 'execution',
      where: `${log.path} (${log.status}${log.reason ? `: ${log.reason}` : ''})`,
      ref: { source: 'eventLogs', index, value: log.name },
    };
  }
  for (const [index, item] of section.items.entries()) {
    const proves: Proof =
      Number.isFinite(sessionStart) && ms(item.at) > sessionStart ? 'this-session' : 'execution';
    const found = signalOf(item, clock);
    if (found === null) continue;
    yield {
      ...found,
      proves,
      ref: { source: 'eventLogs', index, value: item.service ?? item.program ?? item.log },
    } as Signal;
  }
}

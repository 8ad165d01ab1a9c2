import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EventLogFileEvidence, EventLogItemEvidence } from '@scanpin/evidence';
import { EVIDENCE_CAPS } from '@scanpin/evidence';
import type { EvtxEvent } from '../../windows/evtx/event.js';
import { readEvtx } from '../../windows/evtx/evtx.js';
import { type EventLogName, type TamperEvent, tamperEvents } from '../../windows/evtx/tamper-events.js';
import type { CollectContext, Collector } from '../context.js';
import {
  CaseInsensitiveFinder,
  showLocal,
  showWindowsPath,
  type WindowsLayout,
  windowsLayout,
} from './layout.js';

/**
 * The System, Application and Security event logs (docs/scan-client.md, "Event logs"): of each, whether
 * it could be read and why not, how far back it goes, and the events that show hiding or tampering.
 * The files are read from `System32\winevt\Logs`; on a running Windows, where the event log service
 * may refuse a direct read, the service is asked for a copy (`EvtExportLog`).
 */

const LOG_NAMES: EventLogName[] = ['System', 'Application', 'Security'];

interface LogsFolder {
  path: string;
  finder: CaseInsensitiveFinder;
  /** The folder's listing, or null when it is not there or cannot be listed. */
  names: string[] | null;
}

const STATUS_WORDS: Record<EventLogFileEvidence['status'], string> = {
  read: 'read',
  missing: 'missing',
  denied: 'needs administrator rights',
  locked: 'held open by Windows',
  corrupt: 'not an event log',
  failed: 'could not be read',
};

type LogRead =
  | { bytes: Uint8Array; how: 'file' | 'export' }
  | { status: 'missing' | 'denied' | 'locked' | 'failed'; reason: string };

function isLive(ctx: CollectContext): boolean {
  return ctx.machine.windows === undefined && ctx.machine.platform === 'win32';
}

function fileFailure(
  error: unknown,
  name: EventLogName,
): { status: 'denied' | 'locked' | 'failed'; reason: string } {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EBUSY')
    return { status: 'locked', reason: `${name}.evtx is held open by the event log service (EBUSY).` };
  if (code === 'EPERM' || code === 'EACCES') {
    return {
      status: 'denied',
      reason: `Windows refused to let the scanner read ${name}.evtx (${code}): it needs administrator rights.`,
    };
  }
  return { status: 'failed', reason: `${name}.evtx could not be read (${code ?? 'error'}).` };
}

async function exported(name: EventLogName, before: string): Promise<LogRead> {
  try {
    const { exportLiveLog, LiveLogExportError } = await import('../../windows/live/event-log-export.js');
    try {
      return { bytes: await exportLiveLog(name), how: 'export' };
    } catch (error) {
      if (!(error instanceof LiveLogExportError)) throw error;
      return { status: error.code, reason: `${before} ${error.message}`.trim() };
    }
  } catch (error) {
    return {
      status: 'failed',
      reason:
        `${before} The event log service could not be asked for a copy: ${(error as Error).message}`.trim(),
    };
  }
}

/**
 * One log's bytes, or why not. On a running Windows a file absent from a listing proves nothing (the
 * folder may not be listable without administrator rights, the log may be moved): the service is
 * asked for a copy, and only its answer says a log is missing.
 */
async function readLog(ctx: CollectContext, folder: LogsFolder, name: EventLogName): Promise<LogRead> {
  const path = folder.names === null ? null : await folder.finder.find(folder.path, `${name}.evtx`);
  if (path === null) {
    const why =
      folder.names === null
        ? 'The logs folder could not be listed.'
        : `${name}.evtx is not in the logs folder.`;
    return isLive(ctx) ? exported(name, why) : { status: 'missing', reason: why };
  }
  try {
    return { bytes: await readFile(path), how: 'file' };
  } catch (error) {
    const failure = fileFailure(error, name);
    return isLive(ctx) ? exported(name, failure.reason) : failure;
  }
}

function shownProgram(layout: WindowsLayout, ctx: CollectContext, program: string | null): string | null {
  if (program === null || program === '') return null;
  // 7045 writes a driver's image as an NT path (`\??\C:\…`) or relative to the Windows folder.
  const dos = program.replace(/^\\\?\?\\/, '').replace(/^"([^"]*)".*$/, '$1');
  return showWindowsPath(layout, ctx, dos).slice(0, EVIDENCE_CAPS.path);
}

/**
 * Records whose TimeCreated is not a time (crafted or damaged): their time is left out (null) rather
 * than sent, since one such value would make the server refuse the whole scan; the log says so.
 */
function refusedTimes(events: EvtxEvent[]): string | null {
  const refused = events.filter((e) => e.timeCreatedRefused !== null);
  const first = refused[0];
  if (first === undefined) return null;
  const text = JSON.stringify((first.timeCreatedRefused as string).slice(0, 40));
  return `${refused.length} record(s) have a TimeCreated that is not a time (first: record ${first.recordId}, ${text}): their time is left out.`;
}

/** Epoch milliseconds of a time `documentTime` let through (any RFC 3339 spelling, `t`/`z` in either case). */
const instant = (time: string) => Date.parse(time.toUpperCase());

const cap = (text: string | null, length: number = EVIDENCE_CAPS.text) =>
  text === null ? null : text.slice(0, length);

function itemOf(layout: WindowsLayout, ctx: CollectContext, event: TamperEvent): EventLogItemEvidence {
  return {
    log: event.log,
    kind: event.kind,
    eventId: event.eventId,
    provider: event.provider.slice(0, EVIDENCE_CAPS.name),
    recordId: event.recordId,
    at: event.at,
    service: cap(event.service, EVIDENCE_CAPS.name),
    program: shownProgram(layout, ctx, event.program),
    from: cap(event.from),
    to: cap(event.to),
    detail: cap(event.detail),
  };
}

export const collectEventLogs: Collector<'eventLogs'> = async (ctx) => {
  const layout = await windowsLayout(ctx);
  const finder = new CaseInsensitiveFinder();
  const found = await finder.find(layout.systemRoot, '\\System32\\winevt\\Logs');
  const path = found ?? join(layout.systemRoot, 'System32', 'winevt', 'Logs');
  const names = await readdir(path).catch(() => null);
  const folder: LogsFolder = { path, finder, names };
  const logs: EventLogFileEvidence[] = [];
  const events: TamperEvent[] = [];
  for (const name of LOG_NAMES) {
    const shown = showLocal(
      layout,
      ctx,
      join(path, names?.find((n) => n.toLowerCase() === `${name.toLowerCase()}.evtx`) ?? `${name}.evtx`),
    );
    const base = {
      name,
      path: shown.slice(0, EVIDENCE_CAPS.path),
      records: 0,
      oldestAt: null,
      newestAt: null,
      dirty: null,
      full: null,
      problems: [],
    };
    const read = await readLog(ctx, folder, name);
    if (!('bytes' in read)) {
      logs.push({ ...base, status: read.status, reason: cap(read.reason), how: null });
      continue;
    }
    const evtx = readEvtx(read.bytes);
    const refused = refusedTimes(evtx.events);
    const problems = [
      ...(refused === null ? [] : [refused]),
      ...evtx.problems.map((p) => `${p.where}: ${p.reason}`),
    ].map((p) => p.slice(0, EVIDENCE_CAPS.text));
    const times = evtx.events
      .map((e) => e.timeCreated)
      .filter((t): t is string => t !== null)
      .sort((a, b) => instant(a) - instant(b));
    const unreadable = evtx.header === null && evtx.events.length === 0;
    logs.push({
      ...base,
      status: unreadable ? 'corrupt' : 'read',
      reason: unreadable ? cap(`Not an event log: ${evtx.problems[0]?.reason ?? 'no records'}.`) : null,
      how: read.how,
      records: evtx.events.length,
      oldestAt: times[0] ?? null,
      newestAt: times.at(-1) ?? null,
      dirty: evtx.header?.dirty ?? null,
      full: evtx.header?.full ?? null,
      problems: problems.slice(0, EVIDENCE_CAPS.eventLogProblems),
    });
    events.push(...tamperEvents(name, evtx.events));
  }
  // Newest first within the cap: a change made before this scan matters more than one of last year.
  // An event with no time sorts as the oldest (1970).
  const order = (event: TamperEvent) => (event.at === null ? 0 : instant(event.at));
  events.sort((a, b) => order(b) - order(a));
  const unread = logs.filter((l) => l.status !== 'read');
  const reason =
    unread.length === 0 ? null : unread.map((l) => `${l.name}: ${STATUS_WORDS[l.status]}`).join('; ');
  return {
    reason: reason === null ? null : `${reason}.`,
    logs,
    items: events.slice(0, EVIDENCE_CAPS.eventLogItems).map((e) => itemOf(layout, ctx, e)),
  };
};

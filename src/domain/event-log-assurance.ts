import type { AssuranceReason } from './assurance.js';
import type { EvidenceDocument } from './evidence.js';

/**
 * The event logs in a scan's assurance (docs/scan-client.md, "Event logs", "Trust"). A Windows client
 * that skipped the section, or could not read a log because Windows refused it (no administrator
 * rights, the file held open), says so with its own reason: a log cleared to hide something would not
 * be seen. A log missing or not an event log is a signal of its own (eventlog-missing), not this. A
 * client that sent no such section, or an older document, is not held to it; a failed section already
 * counts as a source that failed.
 */
export function eventLogReasons(doc: EvidenceDocument): AssuranceReason[] {
  // Schema 3 brought the section: an older document comes from a client that does not know it.
  if (doc.client.platform !== 'win32' || doc.schema < 3) return [];
  const section = doc.sources.eventLogs;
  if (section?.status === 'skipped') {
    return [
      {
        code: 'event_logs_not_read',
        level: 'medium',
        text: `The Windows event logs were not read${section.reason ? ` (${section.reason})` : ''}: a cleared log or a stopped service would not be seen.`,
      },
    ];
  }
  if (section?.status !== 'collected') return [];
  const refused = section.logs.filter(
    (l) => l.status === 'denied' || l.status === 'locked' || l.status === 'failed',
  );
  if (refused.length === 0) return [];
  return [
    {
      code: 'event_logs_unread',
      level: 'medium',
      text: `The ${refused.map((l) => l.name).join(' and ')} event log${refused.length === 1 ? ' was' : 's were'} not read (${refused.map((l) => l.reason ?? l.status).join('; ')}): a clear of ${refused.length === 1 ? 'it' : 'them'} would not be seen.`,
    },
  ];
}

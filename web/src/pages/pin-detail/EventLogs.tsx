import { Badge, Table, Time, type Tone } from '../../components';
import type { EvidenceSources } from './evidence-api';
import { count, itemId } from './evidence-words';

type EventLogsSection = NonNullable<EvidenceSources['eventLogs']>;
type LogFile = EventLogsSection['logs'][number];
type LogItem = EventLogsSection['items'][number];

/*
 * The System, Application and Security event logs (docs/scan-client.md, "Event logs"): whether each
 * was read, how far back it goes, and the events that show hiding or tampering. An event missing from
 * here proves nothing: the player controls the machine; the findings above say what the rules made of
 * those that are here.
 */

const STATUS: Record<LogFile['status'], [string, Tone]> = {
  read: ['Read', 'success'],
  missing: ['Missing', 'danger'],
  denied: ['Needs administrator rights', 'neutral'],
  locked: ['Held open by Windows', 'neutral'],
  corrupt: ['Not an event log', 'danger'],
  failed: ['Could not be read', 'warning'],
};

const KIND: Record<LogItem['kind'], string> = {
  'log-cleared': 'Log cleared',
  'usn-journal-deleted': 'USN journal deleted',
  'service-start-type-changed': 'Service start type changed',
  'service-state-changed': 'Service state changed',
  'service-installed': 'Service or driver installed',
  'time-changed': 'Clock changed',
  'event-log-stopped': 'Event logging stopped',
  'unexpected-shutdown': 'Unexpected shutdown',
};

function what(item: LogItem): string {
  const parts = [item.service, item.program, item.detail].filter((p): p is string => p !== null && p !== '');
  const change = item.from !== null || item.to !== null ? `${item.from ?? '…'} → ${item.to ?? '…'}` : null;
  return [...parts, ...(change === null ? [] : [change])].join('; ');
}

export function EventLogs({ section }: { section: EventLogsSection }) {
  return (
    <>
      <ul className="plain-list">
        {section.logs.map((log, index) => {
          const [label, tone] = STATUS[log.status];
          return (
            // The id is the log's place in `logs`, which a finding about a missing log points at.
            <li key={log.name} id={itemId('eventLogFiles', index)} tabIndex={-1}>
              <strong>{log.name}</strong> <Badge tone={tone}>{label}</Badge>{' '}
              <span className="mono small wrap-anywhere">{log.path}</span>
              {log.status === 'read' ? (
                <span>
                  {' '}
                  — {count(log.records)} events
                  {log.oldestAt !== null ? (
                    <>
                      , from <Time value={log.oldestAt} /> to <Time value={log.newestAt} />
                    </>
                  ) : null}
                  {log.how === 'export' ? ', copied by the event log service' : ''}
                  {log.full ? ', full (oldest events overwritten)' : ''}
                  {log.problems.length > 0
                    ? `; ${log.problems.length} part(s) could not be read: ${log.problems.join('; ')}`
                    : ''}
                </span>
              ) : (
                <span className="muted"> — {log.reason}</span>
              )}
            </li>
          );
        })}
      </ul>
      {section.items.length === 0 ? (
        <p className="muted">No event of those the scanner looks for was in the logs read.</p>
      ) : (
        <Table caption="Events that show hiding or tampering" captionHidden>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Event</th>
              <th scope="col">What it names</th>
              <th scope="col">Log</th>
            </tr>
          </thead>
          <tbody>
            {section.items.map((item, i) => (
              // The id is the item's place in the document, which findings point at.
              <tr key={itemId('eventLogs', i)} id={itemId('eventLogs', i)} tabIndex={-1}>
                <td>
                  <Time value={item.at} />
                </td>
                <td>{KIND[item.kind]}</td>
                <td className="wrap-anywhere">{what(item)}</td>
                <td className="small">
                  {item.log} {item.eventId} <span className="muted">({item.provider})</span>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}

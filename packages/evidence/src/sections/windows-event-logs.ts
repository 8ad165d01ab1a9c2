import { Type } from 'typebox';
import { EVIDENCE_CAPS as L } from '../caps.js';
import { Count, Nullable, Section, Strings, Text, When } from '../schema/primitives.js';

/*
 * Version 3: the System, Application and Security event logs, and the events in them that show hiding
 * or tampering (docs/scan-client.md, "Event logs").
 */

export const EvidenceEventLogFile = Type.Object(
  {
    name: Type.Enum(['System', 'Application', 'Security']),
    path: Text(L.path, 'The `.evtx` file, as shown.'),
    status: Type.Enum(['read', 'missing', 'denied', 'locked', 'corrupt', 'failed'], {
      description:
        '`read`: its records were read (`problems` says what could not be); `missing`: no such file; `denied`/`locked`: Windows refused the read; `corrupt`: not an event log; `failed`: another error.',
    }),
    reason: Nullable(Text(L.text, 'Why it was not read, in words a person understands.')),
    how: Nullable(
      Type.Enum(['file', 'export'], {
        description:
          '`file`: the `.evtx` file itself; `export`: a copy the event log service made (`EvtExportLog`).',
      }),
    ),
    records: Count,
    oldestAt: When,
    newestAt: When,
    dirty: Nullable(Type.Boolean({ description: 'The file header says the log was not closed cleanly.' })),
    full: Nullable(
      Type.Boolean({
        description: 'The file header says the log is full: its oldest records are being overwritten.',
      }),
    ),
    problems: Strings(
      L.eventLogProblems,
      'What could not be read: checksums that do not match, records cut off, …',
    ),
  },
  { additionalProperties: false },
);

export const EvidenceEventLogItem = Type.Object(
  {
    log: Type.Enum(['System', 'Application', 'Security']),
    kind: Type.Enum(
      [
        'log-cleared',
        'usn-journal-deleted',
        'service-start-type-changed',
        'service-state-changed',
        'service-installed',
        'time-changed',
        'event-log-stopped',
        'unexpected-shutdown',
      ],
      { description: 'What the event shows.' },
    ),
    eventId: Count,
    provider: Text(L.name),
    recordId: Count,
    at: When,
    service: Nullable(Text(L.name, 'The service (its key name when the event gives it).')),
    program: Nullable(
      Text(L.path, 'A program the event names: a service’s image, the program that changed the clock.'),
    ),
    from: Nullable(Text(L.text, 'Before: the old start type, the old time, when logging stopped.')),
    to: Nullable(Text(L.text, 'After: the new start type or state, the new time, when logging resumed.')),
    detail: Nullable(
      Text(L.text, 'The log cleared, the service type, the volume, the shutdown’s time as written.'),
    ),
  },
  { additionalProperties: false },
);

export const EventLogsSection = Section(
  'Windows event logs: whether each could be read, and the events that show hiding or tampering.',
  {
    logs: Type.Array(EvidenceEventLogFile, { maxItems: L.eventLogs }),
    items: Type.Array(EvidenceEventLogItem, { maxItems: L.eventLogItems }),
  },
);

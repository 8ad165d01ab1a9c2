import { expect, it } from 'vitest';
import type { EventLogFileEvidence, EvidenceDocument } from '../../src/domain/evidence.js';
import { evidence, onWindows, withSections } from '../support/evidence.js';
import { browserSuite, strayRequests } from './support/browser-app.js';
import { evidencePinForSuite, followFindingLink, openEvidenceView } from './support/evidence-pin.js';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

const readLog = (name: EventLogFileEvidence['name']): EventLogFileEvidence => ({
  name,
  path: `C:/Windows/System32/winevt/Logs/${name}.evtx`,
  status: 'read',
  reason: null,
  how: 'file',
  records: 120,
  oldestAt: minutesAgo(60 * 24 * 30),
  newestAt: minutesAgo(2),
  dirty: true,
  full: false,
  problems: [],
});

/** A Windows machine whose Security log is gone and whose System log was cleared after logon. */
function eventLogDocument(nonce: string): EvidenceDocument {
  const base = onWindows(evidence(nonce));
  return withSections(base, {
    system: { ...base.sources.system, logonAt: minutesAgo(180) },
    eventLogs: {
      status: 'collected',
      reason: 'Security: missing.',
      logs: [
        readLog('System'),
        readLog('Application'),
        {
          ...readLog('Security'),
          status: 'missing',
          reason: 'Security.evtx is not in the logs folder.',
          how: null,
          records: 0,
          oldestAt: null,
          newestAt: null,
          dirty: null,
          full: null,
        },
      ],
      items: [
        {
          log: 'System',
          kind: 'log-cleared',
          eventId: 104,
          provider: 'Microsoft-Windows-Eventlog',
          recordId: 7,
          at: minutesAgo(30),
          service: null,
          program: null,
          from: null,
          to: null,
          detail: 'System',
        },
      ],
    },
  });
}

/** The event logs in the evidence view (docs/scan-client.md, "Event logs"). */
browserSuite('the event logs in the evidence view', (backend) => {
  const pin = evidencePinForSuite(backend, 'Eve Logs', eventLogDocument);

  it('links a missing log’s finding to the log’s line, and a cleared log’s to its event', async () => {
    const { b, page, findings } = await openEvidenceView(pin());

    const missing = findings.getByRole('row').filter({ hasText: 'Event log missing or not an event log' });
    const log = missing.getByRole('link', { name: 'the Security log' });
    await followFindingLink(
      page,
      log,
      'evidence-eventLogFiles-2',
      'Security.evtx is not in the logs folder.',
    );

    const cleared = findings.getByRole('row').filter({ hasText: 'Event log cleared' });
    const event = cleared.getByRole('link', { name: 'System log event 104' });
    await followFindingLink(page, event, 'evidence-eventLogs-0');
    expect(strayRequests(b)).toEqual({ outside: [], cspViolations: [] });
  });
});

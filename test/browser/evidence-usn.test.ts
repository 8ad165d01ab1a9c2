import { expect, it } from 'vitest';
import type { EvidenceDocument } from '../../src/domain/evidence.js';
import { evidence, onWindows, withSections } from '../support/evidence.js';
import { browserSuite, strayRequests } from './support/browser-app.js';
import { evidencePinForSuite, followFindingLink, openEvidenceView } from './support/evidence-pin.js';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

/**
 * A Windows machine's document whose C: journal shows a jar renamed away minutes before the scan, and
 * whose E: journal was created again after logon.
 */
function usnDocument(nonce: string): EvidenceDocument {
  const base = onWindows(evidence(nonce));
  const change = {
    volume: 'C:',
    oldName: null,
    folder: null,
    fileReference: '4000000000004',
    parentReference: '5000000000005',
  };
  return withSections(base, {
    system: { ...base.sources.system, logonAt: minutesAgo(180) },
    usnJournal: {
      status: 'collected',
      reason: null,
      elevated: true,
      windowHours: 24,
      volumes: [
        {
          volume: 'C:',
          system: true,
          state: 'read',
          note: null,
          journalId: '1d9f1234abcd000',
          firstUsn: '0',
          nextUsn: '33554432',
          lowestValidUsn: '0',
          wrapped: true,
          oldestRecordAt: minutesAgo(60 * 24 * 5),
          complete: true,
          bytesRead: 33_554_432,
          changesDropped: 0,
        },
        { ...NOT_READ },
        // Deleted and created again an hour ago: it has dropped nothing and begins after logon.
        {
          volume: 'E:',
          system: false,
          state: 'read',
          note: null,
          journalId: '1d9f5678ef01000',
          firstUsn: '0',
          nextUsn: '65536',
          lowestValidUsn: '0',
          wrapped: false,
          oldestRecordAt: minutesAgo(60),
          complete: true,
          bytesRead: 65_536,
          changesDropped: 0,
        },
      ],
      items: [
        {
          ...change,
          kind: 'renamed',
          oldName: 'vape.jar',
          name: 'notes.txt',
          at: minutesAgo(5),
          reasons: ['RENAME_NEW_NAME', 'CLOSE'],
        },
        {
          ...change,
          kind: 'basic-info-changed',
          name: 'client.dll',
          folder: '~/AppData/Roaming/.minecraft',
          at: minutesAgo(60),
          reasons: ['BASIC_INFO_CHANGE', 'CLOSE'],
        },
      ],
    },
  });
}

const NOT_READ = {
  volume: 'D:',
  system: false,
  state: 'not-read' as const,
  note: 'Windows error 50',
  journalId: null,
  firstUsn: null,
  nextUsn: null,
  lowestValidUsn: null,
  wrapped: null,
  oldestRecordAt: null,
  complete: false,
  bytesRead: 0,
  changesDropped: 0,
};

/** The USN journal in the evidence view (docs/scan-client.md, "USN journal"). */
browserSuite('the USN journal in the evidence view', (backend) => {
  const pin = evidencePinForSuite(backend, 'Uma Usn', usnDocument);

  it('shows each drive’s journal and the changes, and links the finding to its row', async () => {
    const { b, page, view, findings } = await openEvidenceView(pin());

    const row = findings
      .getByRole('row')
      .filter({ hasText: 'Program deleted or renamed just before the scan' });
    const link = row.getByRole('link', { name: 'vape.jar in the change journal of C:' });
    await followFindingLink(page, link, 'evidence-usnJournal-0');

    // A signal about a journal links to its drive's line, not to a change.
    const again = findings.getByRole('row').filter({ hasText: 'USN journal created again after logon' });
    const drive = again.getByRole('link', { name: 'the change journal of E:' });
    await followFindingLink(page, drive, 'evidence-usnJournalVolumes-2', 'E:');

    const section = view.getByRole('region', { name: 'USN journal (deleted and renamed files) Collected' });
    await section.getByText('(older records already dropped)', { exact: false }).waitFor();
    await section.getByText('Not read', { exact: true }).waitFor();
    await section.getByText('Windows error 50').waitFor();
    const changes = section.getByRole('table', { name: 'Changes in the last 24 hours' });
    await changes
      .getByRole('row')
      .filter({ hasText: 'vape.jar → notes.txt' })
      .getByText('C: (folder unknown)')
      .waitFor();
    await changes
      .getByRole('row')
      .filter({ hasText: 'Times or attributes set' })
      .getByText('~/AppData/Roaming/.minecraft')
      .waitFor();
    await b.screenshot(page, 'evidence-usn');
    expect(strayRequests(b)).toEqual({ outside: [], cspViolations: [] });
  });
});

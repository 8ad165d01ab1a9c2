import { expect, it } from 'vitest';
import type { EvidenceDocument } from '../../src/domain/evidence.js';
import { evidence, onWindows, withSections } from '../support/evidence.js';
import { browserSuite, strayRequests } from './support/browser-app.js';
import { evidencePinForSuite, followFindingLink, openEvidenceView } from './support/evidence-pin.js';

const CHEAT_SHA1 = '3f786850e387550fdab836ed7e6dc881de23001b';
const BIG_SHA1 = 'ab'.repeat(20);

/** A Windows machine's document whose Amcache recorded a cheat since deleted and a big game file. */
function amcacheDocument(nonce: string): EvidenceDocument {
  const base = onWindows(evidence(nonce));
  const record = {
    sha1Covers: 'whole-file' as const,
    linkDate: '2024-03-01T12:00:00.000Z',
    publisher: null,
    productName: null,
    version: null,
    recordedAt: '2024-03-10T18:46:00.000Z',
  };
  return withSections(base, {
    amcache: {
      status: 'collected',
      reason: null,
      from: 'hive-file',
      recordsTotal: 2,
      badFileIds: 0,
      damagedRecords: 0,
      items: [
        {
          ...record,
          path: '~/downloads/cheat.exe',
          name: 'Cheat.exe',
          sha1: CHEAT_SHA1,
          size: 48_128,
          exists: false,
        },
        {
          ...record,
          path: 'C:/Program Files/Big Game/game.exe',
          name: 'game.exe',
          sha1: BIG_SHA1,
          sha1Covers: 'first-30-mib',
          size: 80 * 1024 * 1024,
          publisher: 'big game studio',
          productName: 'Big Game',
          version: '1.2.3.4',
          exists: true,
        },
      ],
    },
  });
}

/** Amcache in the evidence view (docs/scan-client.md, "Amcache"). */
browserSuite('Amcache in the evidence view', (backend) => {
  const pin = evidencePinForSuite(backend, 'Ada Amcache', amcacheDocument, (t) =>
    t.admin('POST', '/admin/v1/rules', {
      name: 'Known cheat',
      kind: 'file-sha1',
      pattern: CHEAT_SHA1,
      severity: 'detection',
      match: 'exact',
    }),
  );

  it('lists the records, says which file is gone and which SHA-1 covers 30 MiB only, and links the finding', async () => {
    const { b, page, view, findings } = await openEvidenceView(pin());

    const row = findings.getByRole('row').filter({ hasText: 'Known cheat in ~/downloads/cheat.exe' });
    await row
      .getByText('Possession: Windows recorded the file on this computer (it may be gone since)')
      .waitFor();
    const link = row.getByRole('link', { name: '~/downloads/cheat.exe' });
    await followFindingLink(page, link, 'evidence-amcache-0');

    const section = view.getByRole('region', { name: 'Amcache (program files Windows recorded) Collected' });
    const records = section.getByRole('table', { name: 'Program files Windows recorded' });
    await records.getByRole('row').filter({ hasText: '~/downloads/cheat.exe' }).getByText('Gone').waitFor();
    const big = records.getByRole('row').filter({ hasText: 'game.exe' });
    await big.getByText('of the first 30 MiB only').waitFor();
    await big.getByText('big game studio · Big Game · 1.2.3.4').waitFor();
    await b.screenshot(page, 'evidence-amcache');
    expect(strayRequests(b)).toEqual({ outside: [], cspViolations: [] });
  });
});

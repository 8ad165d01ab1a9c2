import { afterAll, beforeAll, expect, it } from 'vitest';
import type { EvidenceDocument } from '../../src/domain/evidence.js';
import { evidence, onWindows, startScan, uploadEvidence } from '../support/evidence.js';
import type { Owner } from '../support/test-app.js';
import { type BrowserApp, browserSuite, openBrowserApp, strayRequests } from './support/browser-app.js';

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
  return {
    ...base,
    schema: 3,
    sources: {
      ...base.sources,
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
    },
  };
}

/** Amcache in the evidence view (docs/scan-client.md, "Amcache"). */
browserSuite('Amcache in the evidence view', (backend) => {
  let b: BrowserApp;
  let owner: Owner;
  let code: string;

  beforeAll(async () => {
    b = await openBrowserApp(backend);
    owner = await b.t.createOwner('Ada Amcache');
    await b.t.admin('POST', '/admin/v1/rules', {
      name: 'Known cheat',
      kind: 'file-sha1',
      pattern: CHEAT_SHA1,
      severity: 'detection',
      match: 'exact',
    });
    const scan = await startScan(b.t, owner.key);
    code = scan.pin;
    const res = await uploadEvidence(b.t, scan.token, amcacheDocument(scan.nonce));
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(async () => b?.close());

  it('lists the records, says which file is gone and which SHA-1 covers 30 MiB only, and links the finding', async () => {
    const page = await b.signIn(owner.accountId);
    await page.goto(b.url(`/pins/${code}`));
    const view = page.getByRole('region', { name: 'Evidence' });

    const findings = view.getByRole('table', { name: /^Findings/ });
    const row = findings.getByRole('row').filter({ hasText: 'Known cheat in ~/downloads/cheat.exe' });
    await row
      .getByText('Possession: Windows recorded the file on this computer (it may be gone since)')
      .waitFor();
    const link = row.getByRole('link', { name: '~/downloads/cheat.exe' });
    expect(await link.getAttribute('href')).toBe('#evidence-amcache-0');
    await link.click();
    await expect
      .poll(() => page.evaluate('document.activeElement && document.activeElement.id'))
      .toBe('evidence-amcache-0');

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

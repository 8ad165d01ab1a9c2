import { afterAll, beforeAll, expect, it } from 'vitest';
import type { EvidenceDocument } from '../../src/domain/evidence.js';
import { evidence, onWindows, startScan, uploadEvidence } from '../support/evidence.js';
import type { Owner } from '../support/test-app.js';
import { type BrowserApp, browserSuite, openBrowserApp, strayRequests } from './support/browser-app.js';

type Service = NonNullable<EvidenceDocument['sources']['services']>['items'][number];

function service(name: string, overrides: Partial<Service> = {}): Service {
  return {
    name,
    present: true,
    start: 2,
    startType: 'automatic',
    state: 'running',
    type: 0x20,
    imagePath: '%SystemRoot%\\System32\\svchost.exe -k netsvcs -p',
    displayName: null,
    keyLastWritten: null,
    problem: null,
    ...overrides,
  };
}

/** A running Windows whose SysMain is disabled, DPS deleted, and whose ShimCache names a gone client. */
function servicesDocument(nonce: string): EvidenceDocument {
  const base = onWindows(evidence(nonce));
  return {
    ...base,
    schema: 3,
    sources: {
      ...base.sources,
      services: {
        status: 'collected',
        reason: null,
        from: 'service-manager',
        controlSet: 'CurrentControlSet',
        items: [
          service('SysMain', { start: 4, startType: 'disabled', state: 'stopped' }),
          service('DPS', { present: false, start: null, startType: null, state: null, imagePath: null }),
          service('EventLog', { displayName: 'Windows Event Log' }),
        ],
      },
      shimcache: {
        status: 'collected',
        reason: null,
        from: 'registry',
        controlSet: 'CurrentControlSet',
        format: 'windows-10',
        entriesTotal: 2,
        stopped: null,
        items: [
          {
            position: 0,
            path: '~/Downloads/vape-v4.exe',
            kind: 'file',
            lastModified: '2026-11-20T10:00:00.000Z',
            executed: null,
          },
          {
            position: 1,
            path: 'Microsoft.MinecraftUWP_8wekyb3d8bbwe',
            kind: 'packaged-app',
            lastModified: null,
            executed: null,
          },
        ],
      },
    },
  };
}

/** The Windows services and the ShimCache in the evidence view (docs/scan-client.md). */
browserSuite('the Windows services and the ShimCache in the evidence view', (backend) => {
  let b: BrowserApp;
  let owner: Owner;
  let code: string;

  beforeAll(async () => {
    b = await openBrowserApp(backend);
    owner = await b.t.createOwner('Sid Services');
    const scan = await startScan(b.t, owner.key);
    code = scan.pin;
    const res = await uploadEvidence(b.t, scan.token, servicesDocument(scan.nonce));
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(async () => b?.close());

  it('marks the disabled and the deleted service, lists the cache, and links the finding to its row', async () => {
    const page = await b.signIn(owner.accountId);
    await page.goto(b.url(`/pins/${code}`));
    const view = page.getByRole('region', { name: 'Evidence' });

    const findings = view.getByRole('table', { name: /^Findings/ });
    const link = findings
      .getByRole('row')
      .filter({ hasText: 'Forensic service disabled' })
      .getByRole('link', { name: 'service SysMain' });
    expect(await link.getAttribute('href')).toBe('#evidence-services-0');
    await link.click();
    await expect
      .poll(() => page.evaluate('document.activeElement && document.activeElement.id'))
      .toBe('evidence-services-0');

    const services = view.getByRole('region', { name: 'Windows services Collected' });
    const table = services.getByRole('table', { name: 'Windows services' });
    await table
      .getByRole('row')
      .filter({ hasText: 'SysMain' })
      .getByText('Disabled', { exact: true })
      .waitFor();
    await table.getByRole('row').filter({ hasText: 'DPS' }).getByText('Deleted', { exact: true }).waitFor();
    await table
      .getByRole('row')
      .filter({ hasText: 'EventLog' })
      .getByText('running', { exact: true })
      .waitFor();

    const cache = view.getByRole('region', { name: 'ShimCache (programs Windows met) Collected' });
    const entries = cache.getByRole('table', { name: 'ShimCache entries' });
    await entries.getByRole('row').filter({ hasText: '~/Downloads/vape-v4.exe' }).waitFor();
    await entries.getByRole('row').filter({ hasText: '(Store app)' }).waitFor();
    await b.screenshot(page, 'evidence-services');
    expect(strayRequests(b)).toEqual({ outside: [], cspViolations: [] });
  });
});

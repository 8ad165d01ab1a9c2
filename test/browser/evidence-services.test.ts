import { expect, it } from 'vitest';
import type { EvidenceDocument } from '../../src/domain/evidence.js';
import { evidence, onWindows, withSections } from '../support/evidence.js';
import { browserSuite, strayRequests } from './support/browser-app.js';
import { evidencePinForSuite, followFindingLink, openEvidenceView } from './support/evidence-pin.js';

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
  return withSections(base, {
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
  });
}

/** The Windows services and the ShimCache in the evidence view (docs/scan-client.md). */
browserSuite('the Windows services and the ShimCache in the evidence view', (backend) => {
  const pin = evidencePinForSuite(backend, 'Sid Services', servicesDocument);

  it('marks the disabled and the deleted service, lists the cache, and links the finding to its row', async () => {
    const { b, page, view, findings } = await openEvidenceView(pin());

    const link = findings
      .getByRole('row')
      .filter({ hasText: 'Forensic service disabled' })
      .getByRole('link', { name: 'service SysMain' });
    await followFindingLink(page, link, 'evidence-services-0');

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

import { expect, it } from 'vitest';
import type { EvidenceDocument } from '../../src/domain/evidence.js';
import { jvmItem } from '../scanner/jvm/support/jvm-item.js';
import { evidence, withSections } from '../support/evidence.js';
import { browserSuite, strayRequests } from './support/browser-app.js';
import { evidencePinForSuite, followFindingLink, openEvidenceView } from './support/evidence-pin.js';

const CLIENT = ['me/ghost/AutoClicker', 'me/ghost/Client', 'me/ghost/KillAura', 'me/ghost/Reach'];

/** A Linux machine's document whose Java game holds a client from no file, an agent and an attach. */
function jvmDocument(nonce: string): EvidenceDocument {
  const base = evidence(nonce);
  return withSections(base, {
    jvm: {
      status: 'collected',
      reason: null,
      items: [
        jvmItem({
          unknownPackages: [{ name: 'me/ghost', count: 4, classes: CLIENT }],
          unknownSingles: ['org/lone/Helper'],
          agents: [{ kind: 'javaagent', target: '~/tools/probe.jar', from: 'command line' }],
          attachListener: true,
        }),
      ],
    },
  });
}

/** The Java check in the evidence view (docs/scan-client.md, "Classes injected into the Java game"). */
browserSuite('Java classes from no file in the evidence view', (backend) => {
  const pin = evidencePinForSuite(backend, 'Jay Java', jvmDocument);

  it('shows the package, the lone class, the agent and the attach, and links the finding to the process', async () => {
    const { b, page, view, findings } = await openEvidenceView(pin());

    const row = findings
      .getByRole('row')
      .filter({ hasText: 'Classes loaded from no game, mod or Java file' });
    await row.getByText('This game session: loaded in the running game').waitFor();
    const link = row.getByRole('link', { name: 'Java process java (pid 4242)' });
    await followFindingLink(page, link, 'evidence-jvm-0');

    const section = view.getByRole('region', {
      name: 'Java classes in no game or mod file, agents, attach traces Collected',
    });
    const packages = section.getByRole('table', { name: 'Packages loaded from no file in java (pid 4242)' });
    await packages.getByRole('row').filter({ hasText: 'me/ghost/KillAura' }).waitFor();
    await section.getByText('org/lone/Helper').waitFor();
    await section.getByText('-javaagent:~/tools/probe.jar').waitFor();
    await section.getByText(/attach listener running/).waitFor();
    await b.screenshot(page, 'evidence-jvm');
    expect(strayRequests(b)).toEqual({ outside: [], cspViolations: [] });
  });
});

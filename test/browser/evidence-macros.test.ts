import type { MacroEvidence } from '@scanpin/evidence';
import { expect, it } from 'vitest';
import type { EvidenceDocument } from '../../src/domain/evidence.js';
import { evidence, onWindows, withSections } from '../support/evidence.js';
import { browserSuite, strayRequests } from './support/browser-app.js';
import { evidencePinForSuite, followFindingLink, openEvidenceView } from './support/evidence-pin.js';

const FAST: MacroEvidence = {
  program: 'Razer Synapse',
  file: 'C:/ProgramData/Razer/Synapse/Accounts/RZR_0001/Macros/autoclick.xml',
  profile: null,
  name: 'AutoClick',
  boundTo: null,
  clicks: 50,
  buttons: ['left'],
  otherActions: 0,
  shortestClickIntervalMs: 16,
  clicksPerSecond: 62.5,
  repeat: 'unknown',
  repeatTimes: null,
  fastClicks: true,
  note: 'the button it is assigned to and its repeat mode are kept by Synapse outside the macro file',
};

const SLOW: MacroEvidence = {
  ...FAST,
  program: 'X-Mouse Button Control',
  file: '~/AppData/Roaming/Highresolution Enterprises/XMouseButtonControl/XMBCSettings.xml',
  profile: 'Default',
  name: 'simulated keystrokes',
  boundTo: 'Layer 1 / XLeft',
  clicks: 3,
  otherActions: 12,
  shortestClickIntervalMs: 70,
  clicksPerSecond: 14.3,
  fastClicks: false,
  note: null,
};

/** A Windows machine's document with two macros read and G HUB installed only. */
function macroDocument(nonce: string): EvidenceDocument {
  const base = onWindows(evidence(nonce));
  return withSections(base, {
    macros: {
      status: 'collected',
      reason: null,
      programs: [
        {
          program: 'Razer Synapse',
          folder: 'C:/ProgramData/Razer',
          macrosRead: true,
          filesRead: 1,
          filesUnreadable: 0,
          macrosWithoutClicks: 2,
          reason: null,
        },
        {
          program: 'Logitech G HUB',
          folder: '~/AppData/Local/LGHUB',
          macrosRead: false,
          filesRead: 0,
          filesUnreadable: 0,
          macrosWithoutClicks: 0,
          reason:
            'its macros are in settings.db, a SQLite database whose macro layout no public source documents: installed only',
        },
      ],
      items: [FAST, SLOW],
      unreadable: [],
    },
  });
}

/** The click macros in the evidence view (docs/scan-client.md, "Click macros"). */
browserSuite('click macros in the evidence view', (backend) => {
  const pin = evidencePinForSuite(backend, 'Mia Macro', macroDocument);

  it('lists the programs and macros, marks the fast one, and links its finding to it', async () => {
    const { b, page, view, findings } = await openEvidenceView(pin());

    const row = findings.getByRole('row').filter({ hasText: 'Click macro faster than a person' });
    await row.getByText('Possession: the file is on the disk').waitFor();
    const link = row.getByRole('link', { name: 'Razer Synapse macro “AutoClick”' });
    await followFindingLink(page, link, 'evidence-macros-0');

    const section = view.getByRole('region', { name: 'Click macros in mouse software Collected' });
    await section.getByText('Installed only', { exact: true }).waitFor();
    await section.getByText(/settings\.db, a SQLite database/).waitFor();
    await section.getByText(/2 macro\(s\) that click nothing \(counted only, not named\)/).waitFor();
    const macros = section.getByRole('table', { name: 'Click macros' });
    const fast = macros.getByRole('row').filter({ hasText: 'AutoClick' });
    await fast.getByText('62.5 per second (16 ms apart)').waitFor();
    await fast.getByText('Faster than a person').waitFor();
    const slow = macros.getByRole('row').filter({ hasText: 'Layer 1 / XLeft' });
    await slow.getByText('14.3 per second (70 ms apart)').waitFor();
    await slow.getByText('and 12 other action(s)').waitFor();
    expect(await slow.getByText('Faster than a person').count()).toBe(0);
    await b.screenshot(page, 'evidence-macros');
    expect(strayRequests(b)).toEqual({ outside: [], cspViolations: [] });
  });
});

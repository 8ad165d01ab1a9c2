import type { ModuleEvidence } from '@scanpin/evidence';
import { expect, it } from 'vitest';
import type { EvidenceDocument } from '../../src/domain/evidence.js';
import { evidence, gameModule, onWindows, withSections } from '../support/evidence.js';
import { browserSuite, strayRequests } from './support/browser-app.js';
import { evidencePinForSuite, followFindingLink, openEvidenceView } from './support/evidence-pin.js';

const UNSIGNED: ModuleEvidence = gameModule({ fileSize: 48_128 });

const SELF_SIGNED: ModuleEvidence = {
  ...UNSIGNED,
  path: '~/AppData/Local/Temp/helper.dll',
  sha256: 'c'.repeat(64),
  verdict: 'self-signed',
  signature: {
    status: 'signed-valid',
    signer: 'Overlay Dev',
    issuer: 'Overlay Dev',
    selfSigned: true,
    reason: null,
    signedAt: null,
  },
  folder: 'temp',
};

const VENDOR: ModuleEvidence = {
  ...UNSIGNED,
  path: 'C:/Program Files/NVIDIA Corporation/nvapi64.dll',
  sha256: 'd'.repeat(64),
  verdict: 'signed-valid',
  signature: {
    status: 'signed-valid',
    signer: 'NVIDIA Corporation',
    issuer: 'DigiCert Trusted G4 Code Signing RSA4096 SHA384 2021 CA1',
    selfSigned: false,
    reason: null,
    signedAt: null,
  },
  folder: 'program-files',
  userWritable: false,
};

/** A Windows machine's document with the game's modules listed. */
function modulesDocument(nonce: string): EvidenceDocument {
  const base = onWindows(evidence(nonce));
  return withSections(base, {
    modules: {
      status: 'collected',
      reason: null,
      processes: [
        {
          pid: 4242,
          process: 'java',
          readable: true,
          reason: null,
          systemModules: 118,
          listed: 3,
          truncated: false,
        },
      ],
      items: [UNSIGNED, SELF_SIGNED, VENDOR],
    },
  });
}

/** The modules loaded in the game in the evidence view (docs/scan-client.md, "Modules in the game process"). */
browserSuite('modules in the game process in the evidence view', (backend) => {
  const pin = evidencePinForSuite(backend, 'Milo Module', modulesDocument);

  it('lists each module with its verdict and folder, and links its finding to it', async () => {
    const { b, page, view, findings } = await openEvidenceView(pin());

    const row = findings
      .getByRole('row')
      .filter({ hasText: 'Self-signed module from a user-writable folder in the game' });
    await row.getByText('This game session: loaded in the running game’s process').waitFor();
    const link = row.getByRole('link', { name: '~/AppData/Local/Temp/helper.dll' });
    await followFindingLink(page, link, 'evidence-modules-1');
    await findings
      .getByRole('row')
      .filter({ hasText: 'Unsigned module from a user-writable folder in the game' })
      .waitFor();

    const section = view.getByRole('region', { name: 'Modules in the game process Collected' });
    await section.getByText(/3 modules listed below, 118 from the Windows folder counted only/).waitFor();
    const unsigned = section.getByRole('listitem').filter({ hasText: '~/Downloads/overlay.dll' });
    await unsigned.getByText('Unsigned', { exact: true }).waitFor();
    await unsigned.getByText('user-writable').waitFor();
    const selfSigned = section.getByRole('listitem').filter({ hasText: 'helper.dll' });
    await selfSigned.getByText('Self-signed', { exact: true }).waitFor();
    const vendor = section.getByRole('listitem').filter({ hasText: 'nvapi64.dll' });
    await vendor.getByText('Signed', { exact: true }).waitFor();
    await vendor.getByText(/NVIDIA Corporation \(issued by DigiCert/).waitFor();
    await vendor.getByText('admin only').waitFor();
    await b.screenshot(page, 'evidence-modules');
    expect(strayRequests(b)).toEqual({ outside: [], cspViolations: [] });
  });
});

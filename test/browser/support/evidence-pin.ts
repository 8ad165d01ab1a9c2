import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { EvidenceDocument } from '../../../src/domain/evidence.js';
import type { Backend } from '../../support/backends.js';
import { startScan, uploadEvidence } from '../../support/evidence.js';
import type { Owner, TestApp } from '../../support/test-app.js';
import { type BrowserApp, openBrowserApp } from './browser-app.js';

/** A server with one owner and one PIN whose scan uploaded an evidence document. */
export interface EvidencePin {
  b: BrowserApp;
  owner: Owner;
  /** The PIN's code, as in /pins/<code>. */
  code: string;
}

/**
 * For the suite around it: before its tests, starts the app, makes an owner and a PIN, and uploads the
 * document `document` builds for the scan's nonce (`beforeScan` runs first, e.g. to add the rule a
 * finding comes from); after them, closes the app. The returned function gives the PIN in a test.
 */
export function evidencePinForSuite(
  backend: Backend,
  ownerName: string,
  document: (nonce: string) => EvidenceDocument,
  beforeScan?: (t: TestApp) => Promise<unknown>,
): () => EvidencePin {
  let b: BrowserApp | undefined;
  let pin: EvidencePin | undefined;
  beforeAll(async () => {
    b = await openBrowserApp(backend);
    const owner = await b.t.createOwner(ownerName);
    await beforeScan?.(b.t);
    const scan = await startScan(b.t, owner.key);
    const res = await uploadEvidence(b.t, scan.token, document(scan.nonce));
    expect(res.statusCode, res.body).toBe(200);
    pin = { b, owner, code: scan.pin };
  });
  afterAll(async () => b?.close());
  return () => {
    if (pin === undefined) throw new Error('the evidence PIN was not set up (see the beforeAll error)');
    return pin;
  };
}

/** The PIN's page as its owner sees it: the evidence view and its findings table. */
export async function openEvidenceView(
  pin: EvidencePin,
): Promise<{ b: BrowserApp; page: Page; view: Locator; findings: Locator }> {
  const page = await pin.b.signIn(pin.owner.accountId);
  await page.goto(pin.b.url(`/pins/${pin.code}`));
  const view = page.getByRole('region', { name: 'Evidence' });
  return { b: pin.b, page, view, findings: view.getByRole('table', { name: /^Findings/ }) };
}

/**
 * Follows a finding's link to the evidence row it names (docs/dashboard.md, "The pages"):
 * the link points at `#target`, and after the click the focus is on that row, or, with `focusedText`,
 * on an element holding that text (a line that is not itself the target's row, e.g. a drive's).
 */
export async function followFindingLink(
  page: Page,
  link: Locator,
  target: string,
  focusedText?: string,
): Promise<void> {
  expect(await link.getAttribute('href')).toBe(`#${target}`);
  await link.click();
  if (focusedText === undefined) {
    await expect
      .poll(() => page.evaluate('document.activeElement && document.activeElement.id'))
      .toBe(target);
  } else {
    await expect
      .poll(() => page.evaluate('document.activeElement && document.activeElement.textContent'))
      .toContain(focusedText);
  }
}

import { afterAll, beforeAll, expect, it } from 'vitest';
import { report, scanner } from '../support/scan.js';
import type { Owner } from '../support/test-app.js';
import { type BrowserApp, browserSuite, openBrowserApp, strayRequests } from './support/browser-app.js';

const FIRST = { id: '300000000000000001', username: 'FirstErased' };
const SECOND = { id: '300000000000000002', username: 'SecondErased' };
const KEPT = { id: '300000000000000003', username: 'StillThere' };

/**
 * A report's Discord accounts after an operator erased two of them (docs/privacy.md, "Erasure"): each
 * shows as plain text, never as a link to a player page, next to the account that remains.
 */
browserSuite('erased Discord accounts on the PIN page', (backend) => {
  let b: BrowserApp;
  let owner: Owner;
  let code: string;

  beforeAll(async () => {
    b = await openBrowserApp(backend);
    owner = await b.t.createOwner('Erin Eraser');
    code = await scanner(b.t).scan(owner.key, report({ discord: [FIRST, KEPT, SECOND] }), ['HW-ERASED-1']);
    for (const person of [FIRST, SECOND]) {
      await b.t.admin('POST', `/admin/v1/scanned-users/${person.id}/erase`);
    }
  });
  afterAll(async () => b?.close());

  it('shows each erased account as "Erased account" without a link, and the others as before', async () => {
    const page = await b.signIn(owner.accountId);
    await page.goto(b.url(`/pins/${code}`));
    const section = page.getByRole('region', { name: 'Discord accounts on the machine' });
    await section.getByRole('link', { name: KEPT.username }).waitFor();
    expect(await section.getByRole('listitem').allTextContents()).toEqual([
      'Erased account',
      // The report's first account was proven; the one kept was only reported (docs/risk-score.md,
      // "Whose scan it is").
      `${KEPT.username} ${KEPT.id} · only reported, counts only for your Enterprise`,
      'Erased account',
    ]);
    expect(await section.getByRole('link').count()).toBe(1);
    expect(await page.locator('a[href="/players/erased"]').count()).toBe(0);
    expect(b.consoleErrors).toEqual([]);
  });

  it('loaded nothing from outside the server, and the browser refused nothing under the CSP', () => {
    expect(strayRequests(b)).toEqual({ outside: [], cspViolations: [] });
  });
});

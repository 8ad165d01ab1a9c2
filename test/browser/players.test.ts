import { afterAll, beforeAll, expect, it } from 'vitest';
import { report, scanner } from '../support/scan.js';
import type { Owner } from '../support/test-app.js';
import { type BrowserApp, browserSuite, openBrowserApp, strayRequests } from './support/browser-app.js';

const CHEATER = { id: '200000000000000001', username: 'RageCheater' };
const ALT = { id: '200000000000000002', username: 'QuietAlt' };
const NOBODY = '200000000000000099';

/** The Players page (docs/dashboard.md, "Players"): search, risk score, scans, bans, related accounts. */
browserSuite('the Players page in the browser', (backend) => {
  let b: BrowserApp;
  let owner: Owner;
  let cheatPin: string;

  beforeAll(async () => {
    b = await openBrowserApp(backend);
    owner = await b.t.createOwner('Petra Players');
    const sc = scanner(b.t);
    cheatPin = await sc.scan(owner.key, report({ discord: [CHEATER], detections: ['Eulen', 'RedEngine'] }), [
      'HW-CHEAT-1',
      'HW-SHARED',
    ]);
    await sc.scan(owner.key, report({ discord: [ALT] }), ['HW-SHARED', 'HW-ALT']);
    await b.t.admin('POST', `/admin/v1/scanned-users/${CHEATER.id}/bans`, {
      status: 'warned',
      reason: 'Second chance',
      expiresAt: new Date(Date.now() - 60_000).toISOString(),
    });
    await b.t.admin('POST', `/admin/v1/scanned-users/${CHEATER.id}/reasons`, {
      reason: 'Admitted to using Eulen',
      category: 'staff_note',
    });
  });
  afterAll(async () => b?.close());

  /** Signed in, failing a step after 10 s so a timeout names the step rather than the whole test. */
  const signIn = async (accountId: number) => {
    const page = await b.signIn(accountId);
    page.setDefaultTimeout(10_000);
    return page;
  };

  it('explains a malformed Discord ID instead of looking it up', async () => {
    const page = await signIn(owner.accountId);
    await page.getByRole('link', { name: 'Players' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Players' }).waitFor();
    await page.getByLabel('Discord ID').fill('12345');
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByText('A Discord ID is 17 to 20 digits').waitFor();
    expect(page.url()).toBe(b.url('/players'));
    expect(await page.getByLabel('Discord ID').getAttribute('aria-invalid')).toBe('true');
  });

  it("shows a scanned cheater's score, scans, reasons and a related account, which links to its page", async () => {
    const page = await signIn(owner.accountId);
    await page.goto(b.url('/players'));
    await page.getByLabel('Discord ID').fill(CHEATER.id);
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.waitForURL(b.url(`/players/${CHEATER.id}`));
    await page.getByRole('heading', { name: new RegExp(CHEATER.username) }).waitFor();

    const gauge = page.getByRole('img', { name: /^Risk score \d+ of 100, (high|critical)$/ });
    await gauge.waitFor();
    const score = Number((await gauge.getAttribute('aria-label'))?.match(/\d+/)?.[0]);
    const api = (await b.t.api('GET', `/v1/users/${CHEATER.id}/risk-score`, { key: owner.key })).json<{
      riskScore: number;
    }>();
    expect(score).toBe(api.riskScore);
    await page.getByText('RedEngine').first().waitFor();

    // Its scan, linking to the PIN; the expired warning marked; the reason.
    await page.getByRole('link', { name: cheatPin }).waitFor();
    await page.getByRole('row').filter({ hasText: 'Second chance' }).getByText('Expired').waitFor();
    await page.getByText('Admitted to using Eulen').waitFor();

    // The related account, in the table, the picture and its text alternative.
    const related = page.getByRole('region', { name: 'Related accounts' });
    await related.getByRole('row').filter({ hasText: ALT.username }).getByText('Clean').waitFor();
    await page.getByRole('img', { name: /shares 1 hardware ID with 1 other account/ }).waitFor();
    const list = page.getByRole('list', { name: 'Shared hardware' });
    await list.getByText(/^HW #\d+$/).waitFor();
    expect(await page.getByText('HW-SHARED').count()).toBe(0);
    await b.screenshot(page, 'players');

    await related.getByRole('link', { name: ALT.username }).first().click();
    await page.waitForURL(b.url(`/players/${ALT.id}`));
    await page.getByRole('heading', { name: new RegExp(ALT.username) }).waitFor();
    await page.getByRole('img', { name: /^Risk score \d+ of 100, / }).waitFor();
    await page
      .getByRole('region', { name: 'Related accounts' })
      .getByRole('link', { name: CHEATER.username })
      .first()
      .waitFor();
  });

  it('says plainly when nobody with that ID was scanned', async () => {
    const page = await signIn(owner.accountId);
    await page.goto(b.url(`/players/${NOBODY}`));
    await page.getByText('No scans of this player.').waitFor();
  });

  it('explains the licence rule to someone who may not read players', async () => {
    const outsider = await b.t.createAccount('Una Unlicensed');
    const page = await signIn(outsider);
    await page.goto(b.url(`/players/${CHEATER.id}`));
    await page.getByText('Reading players needs a licence.').waitFor();
    await page.getByText(/active licence on your account or membership of an active Enterprise/).waitFor();
  });

  it("fits a player's page, picture included, on a 360 px wide screen", async () => {
    const page = await signIn(owner.accountId);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(b.url(`/players/${CHEATER.id}`));
    await page.getByRole('img', { name: /shares 1 hardware ID/ }).waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
    await b.screenshot(page, 'players-narrow');
  });

  it('loaded nothing from outside the server, and the browser refused nothing under the CSP', () => {
    expect(strayRequests(b)).toEqual({ outside: [], cspViolations: [] });
  });
});

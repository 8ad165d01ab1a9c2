import { afterAll, beforeAll, expect, it } from 'vitest';
import { report, scanner } from '../support/scan.js';
import type { Owner } from '../support/test-app.js';
import { type BrowserApp, browserSuite, openBrowserApp, strayRequests } from './support/browser-app.js';

/** The Overview page (docs/dashboard.md, "Overview"): scans per day, active PINs, key usage, detections. */
browserSuite('the Overview page in the browser', (backend) => {
  let b: BrowserApp;
  let owner: Owner;

  beforeAll(async () => {
    b = await openBrowserApp(backend);
    owner = await b.t.createOwner('Otto Overview');
  });
  afterAll(async () => b?.close());

  const signIn = async (accountId: number) => {
    const page = await b.signIn(accountId);
    page.setDefaultTimeout(10_000);
    return page;
  };

  it("counts a finished scan in today's bar, readable in the table alternative", async () => {
    const sc = scanner(b.t);
    await sc.scan(
      owner.key,
      report({ discord: [{ id: '300000000000000001', username: 'Overviewed' }], detections: ['Eulen'] }),
      ['HW-OV-1'],
    );
    await sc.scan(owner.key, report(), ['HW-OV-2']);
    await b.t.createPin(owner.key, { type: 'Rust', pinName: 'Still waiting' });

    const page = await signIn(owner.accountId);
    // The bar counts the dashboard's own PINs against the role's quota (docs/roles.md, "PIN quotas").
    const made = await page.request.post(b.url('/app/api/pins'), {
      data: { type: 'Rust', pinName: 'Made here' },
      headers: { origin: b.origin },
    });
    expect(made.status()).toBe(201);
    await page.getByRole('link', { name: 'Overview' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();

    // The chart is drawn, hidden from screen readers, which get the table instead.
    await page.locator('.scans-chart .recharts-bar-rectangle').first().waitFor();
    expect(await page.locator('.scans-chart').getAttribute('aria-hidden')).toBe('true');
    const table = page.getByRole('table', { name: /^Scans per day by outcome/ });
    const today = new Date().toISOString().slice(0, 10);
    // Newest first: today's row leads.
    const row = table.locator('tbody tr').first();
    expect(await row.getAttribute('data-date')).toBe(today);
    const header = (await table.locator('thead th').allTextContents()).map((t) => t.trim());
    const cells = (await row.locator('th, td').allTextContents()).map((t) => t.trim());
    const byColumn = Object.fromEntries(header.map((h, i) => [h, cells[i]]));
    expect(byColumn.Day).toMatch(/^Today, /);
    expect(byColumn).toMatchObject({ Legit: '1', Cheating: '1', Suspicious: '0', Total: '2' });
    expect(await table.locator('tbody tr').count()).toBe(30);

    // Sighted people can show the same table.
    await page.getByRole('button', { name: 'Show as a table' }).click();
    await row.waitFor({ state: 'visible' });

    // The PIN made here still waiting, of the quota; the owner's key with its requests this hour.
    await page.getByRole('progressbar', { name: /^1 of \d+ active PINs$/ }).waitFor();
    const keyBar = page.getByRole('progressbar', {
      name: new RegExp(`^${owner.key.slice(0, 9)}…: \\d+ of \\d+ requests used this hour$`),
    });
    await keyBar.waitFor();
    // Three PINs made with it this hour (reading the overview spends none).
    expect((await keyBar.getAttribute('aria-label'))?.match(/: (\d+) of/)?.[1]).toBe('3');
    await page.getByRole('region', { name: 'Most frequent detections' }).getByText('Eulen').waitFor();
    await page.getByRole('button', { name: 'Hide the table' }).click();
    await b.screenshot(page, 'overview');
    await page.emulateMedia({ colorScheme: 'dark' });
    await b.screenshot(page, 'overview-dark');
  });

  it('fits a 360 px wide screen', async () => {
    const page = await signIn(owner.accountId);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(b.url('/overview'));
    await page.locator('.scans-chart .recharts-bar-rectangle').first().waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
  });

  it('loaded nothing from outside the server, and the browser refused nothing under the CSP', () => {
    expect(strayRequests(b)).toEqual({ outside: [], cspViolations: [] });
  });
});

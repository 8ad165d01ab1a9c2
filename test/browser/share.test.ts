import { afterAll, beforeAll, expect, it } from 'vitest';
import { report, scanner } from '../support/scan.js';
import type { Owner } from '../support/test-app.js';
import { type BrowserApp, browserSuite, openBrowserApp, strayRequests } from './support/browser-app.js';

const PLAYER = { id: '123456789012345678', username: 'SneakyPlayer' };

/** A finished scan's detail page, and sharing it (docs/dashboard.md, "Sharing"), in a real browser. */
browserSuite('PIN detail and sharing in the browser', (backend) => {
  let b: BrowserApp;
  let owner: Owner;
  let code: string;

  beforeAll(async () => {
    b = await openBrowserApp(backend);
    owner = await b.t.createOwner('Sam Sharer');
    const scan = scanner(b.t);
    code = await b.t.createPin(owner.key, { type: 'FiveM', pinName: 'Appeal of SneakyPlayer' });
    const token = await scan.startOk(code, ['HW-SHARE-1']);
    await scan.progress(token, 24, 'Scanning running processes');
    await scan.progress(token, 64, 'Scanning recently executed programs');
    const finished = await scan.finish(
      token,
      report({
        detections: ['Eulen (FiveM)', 'RedEngine (FiveM)'],
        suspicious: ['Unsigned driver loaded: kdmapper.sys'],
        warnings: ['Windows Defender real-time protection is off'],
        untrusted: ['C:\\Users\\Sneaky\\Downloads\\loader.exe'],
        discord: [PLAYER],
      }),
    );
    expect(finished.statusCode, finished.body).toBe(200);
  });
  afterAll(async () => b?.close());

  it('shows the full results, then the timeline, and the Discord accounts linking to their player page', async () => {
    const page = await b.signIn(owner.accountId);
    await page.getByRole('link', { name: code }).click();
    await page.getByRole('heading', { level: 1, name: `PIN ${code}` }).waitFor();
    await page.getByRole('heading', { name: 'Detections (2)' }).waitFor();
    await page.getByText('Eulen (FiveM)').waitFor();
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await timeline.getByText('Scan started').waitFor();
    // The verdict and the findings come first; how the scan went (a long list) comes after them.
    const sections = await page.locator('main h2').allTextContents();
    expect(sections.indexOf('Verdict')).toBeGreaterThanOrEqual(0);
    expect(sections.indexOf('Verdict')).toBeLessThan(sections.indexOf('Results'));
    expect(sections.indexOf('Results')).toBeLessThan(sections.indexOf('Timeline'));
    await timeline.getByText('Scanning running processes').waitFor();
    await timeline.getByText('Finished').waitFor();
    const player = page.getByRole('link', { name: PLAYER.username });
    expect(await player.getAttribute('href')).toBe(`/players/${PLAYER.id}`);
    await b.screenshot(page, 'pin-detail');
  });

  it('makes a share link whose public page shows the detections and no Discord ID', async () => {
    const page = await b.signIn(owner.accountId);
    await page.goto(b.url(`/pins/${code}`));
    await page.getByRole('button', { name: 'Create share link' }).click();
    const url = (await page.getByTestId('share-url').textContent()) ?? '';
    expect(url.startsWith(`${b.origin}/share/`)).toBe(true);
    await page.getByRole('button', { name: 'Copy share link' }).waitFor();
    await page.getByRole('table', { name: 'Share links of this PIN' }).getByText('Active').waitFor();

    // Opened by someone without an account.
    const visitor = await b.newPage();
    const response = await visitor.goto(url);
    expect(response?.status()).toBe(200);
    const text = (await visitor.locator('body').textContent()) ?? '';
    expect(text).toContain('Eulen (FiveM)');
    expect(text).toContain('RedEngine (FiveM)');
    expect(text).not.toContain(PLAYER.id);
    expect(text).not.toContain(PLAYER.username);
    expect(text).not.toContain('Sam Sharer');
    expect(await visitor.content()).not.toContain(PLAYER.id);
    await b.screenshot(visitor, 'share');

    // Withdrawn from the detail page: the link stops working at once.
    await page.getByRole('button', { name: 'Withdraw' }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw this share link?' });
    await dialog.getByRole('button', { name: 'Withdraw link' }).click();
    await page.getByRole('table', { name: 'Share links of this PIN' }).getByText('Withdrawn').waitFor();
    expect((await visitor.goto(url))?.status()).toBe(404);
  });

  it('loaded nothing from outside the server, and the browser refused nothing under the CSP', () => {
    expect(strayRequests(b)).toEqual({ outside: [], cspViolations: [] });
  });
});

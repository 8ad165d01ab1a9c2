import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli } from '../../src/cli/index.js';
import { evidence, uploadEvidence } from '../support/evidence.js';
import { report, scanner } from '../support/scan.js';
import type { Owner } from '../support/test-app.js';
import { type BrowserApp, browserSuite, openBrowserApp, strayRequests } from './support/browser-app.js';

/** `npx scanpin simulate …`, run in-process against the test server's port as the CLI suite does. */
async function simulate(args: string[]): Promise<{ code: number; out: string }> {
  const out: string[] = [];
  const code = await runCli(['simulate', ...args], { out: (s) => out.push(s), err: (s) => out.push(s) });
  return { code, out: out.join('\n') };
}

/** The PIN list (docs/dashboard.md, "Who sees what"), live, in a real browser. */
browserSuite('the PIN list in the browser', (backend) => {
  let b: BrowserApp;
  let owner: Owner;
  /** SCANNER_DOWNLOADS_DIR: empty, as on a fresh server, until a test puts builds in it. */
  const downloads = mkdtempSync(join(tmpdir(), 'scanpin-browser-downloads-'));

  beforeAll(async () => {
    // Room for the several open PINs these tests leave behind.
    b = await openBrowserApp(backend, { MAX_ACTIVE_PINS: '40', SCANNER_DOWNLOADS_DIR: downloads });
    owner = await b.t.createOwner('Olivia Owner');
  });
  afterAll(async () => {
    await b?.close();
    rmSync(downloads, { recursive: true, force: true });
  });

  const row = (page: import('playwright-core').Page, code: string) => page.locator(`tr[data-pin="${code}"]`);

  it('updates live while `scanpin simulate` runs a scan: new row, scanning, then finished and cheating', async () => {
    const page = await b.signIn(owner.accountId);
    await page.getByText('No PINs yet.').waitFor();
    // Anything that reloads the page would lose this.
    await page.evaluate('window.__notReloaded = true');

    const code = await b.t.createPin(owner.key, { type: 'FiveM', pinName: 'Live one' });
    await row(page, code).getByText('Pending').waitFor();

    const run = simulate([
      '--url',
      b.origin,
      '--pin',
      code,
      '--outcome',
      'cheating',
      '--discord',
      '123456789012345678:LivePlayer',
      '--delay',
      '250',
    ]);
    await row(page, code).getByText('Scanning').waitFor();
    await row(page, code).getByRole('progressbar').waitFor();
    const result = await run;
    expect(result.code, result.out).toBe(0);
    await row(page, code).locator('[data-cell="status"]').getByText('Finished').waitFor();
    await row(page, code).locator('[data-cell="verdict"]').getByText('Cheating').waitFor();
    expect(await page.evaluate('window.__notReloaded')).toBe(true);
    // The change was also read out for screen readers.
    await page
      .locator('[aria-live="polite"]')
      .filter({ hasText: `PIN ${code} finished: cheating.` })
      .waitFor();
  });

  it('lets an owner create a PIN from the page and shows its code large, with the slots left', async () => {
    const page = await b.signIn(owner.accountId);
    await page.getByRole('button', { name: 'Create PIN' }).click();
    const form = page.getByRole('region', { name: 'Create a PIN' });
    await form.getByLabel('Game').selectOption('Rust');
    await form.getByLabel('Name (optional)').fill('Made in the browser');
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    const shown = page.getByTestId('created-pin');
    await shown.waitFor();
    const code = (await shown.textContent()) ?? '';
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    await page.getByRole('button', { name: `Copy PIN ${code}` }).waitFor();
    // The player's link opens the page whose download carries this server and the PIN.
    const link = page.getByTestId('scan-link');
    expect(await link.getAttribute('href')).toBe(b.url(`/scan/${code}`));
    await page.getByRole('button', { name: "Copy the player's link" }).waitFor();
    await page
      .getByTestId('slots-left')
      .filter({ hasText: /\d+ of \d+ active-PIN slots left/ })
      .waitFor();
    await row(page, code).getByText('Made in the browser').waitFor();
    const created = await b.t.api('GET', `/v1/pins/${code}/status`, { key: owner.key });
    expect(created.json()).toMatchObject({ pin: code, type: 'Rust', pinName: 'Made in the browser' });
  });

  it('tells staff creating and sharing a PIN that players cannot download a scanner until the operator builds it', async () => {
    const page = await b.signIn(owner.accountId);
    const notice = page.getByTestId('no-scanner-notice');
    await page.getByRole('button', { name: 'Create PIN' }).click();
    const form = page.getByRole('region', { name: 'Create a PIN' });
    await form.getByTestId('no-scanner-notice').filter({ hasText: 'npm run build:scanner' }).waitFor();
    expect(await notice.textContent()).toMatch(/^Players cannot download a scanner from this server yet/);
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    // Where the PIN and the player's link are shared, too.
    const shared = page.getByRole('status').filter({ has: page.getByTestId('scan-link') });
    await shared.getByTestId('no-scanner-notice').waitFor();

    // The operator made only the Linux build: Windows players are still without one.
    writeFileSync(join(downloads, 'scanpin-scan-linux-x64'), 'linux build');
    await page.reload();
    await page.getByRole('button', { name: 'Create PIN' }).click();
    await notice.filter({ hasText: /^Players on Windows cannot download a scanner/ }).waitFor();

    // Both builds: nothing to say.
    writeFileSync(join(downloads, 'scanpin-scan-win-x64.exe'), 'windows build');
    await page.reload();
    await page.getByRole('button', { name: 'Create PIN' }).click();
    await page.getByRole('region', { name: 'Create a PIN' }).getByTestId('slots-left').waitFor();
    expect(await notice.count()).toBe(0);
    for (const name of ['scanpin-scan-linux-x64', 'scanpin-scan-win-x64.exe']) rmSync(join(downloads, name));
  });

  it('names the player on creation, and the finished scan says how it knows each account (docs/risk-score.md)', async () => {
    const player = { id: '512345678901234567', username: 'NamedInBrowser' };
    const page = await b.signIn(owner.accountId);
    await page.getByRole('button', { name: 'Create PIN' }).click();
    const form = page.getByRole('region', { name: 'Create a PIN' });
    await form.getByLabel('Game').selectOption('Java');
    await form.getByLabel("Player's Discord ID (optional)").fill(player.id);
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    const shown = page.getByTestId('created-pin');
    await shown.waitFor();
    const code = (await shown.textContent()) ?? '';

    // The scan client finds the named account and another one on the machine.
    const start = await b.t.api('POST', '/v1/scanner/start', {
      body: { pin: code, hwids: ['HW-NAMED-BROWSER'] },
    });
    const { sessionToken, nonce } = start.json<{ sessionToken: string; nonce: string }>();
    const other = { id: '512345678901234568', username: 'OtherOnMachine' };
    const doc = evidence(nonce, {
      discord: { accounts: [player, other].map((a) => ({ ...a, client: 'discord' })) },
    });
    expect((await uploadEvidence(b.t, sessionToken, doc)).statusCode).toBe(200);

    await page.goto(b.url(`/pins/${code}`));
    const accounts = page.getByRole('region', { name: 'Discord accounts on the machine' });
    // Named but not proven by the player: it counts only inside the Enterprise (docs/risk-score.md).
    await accounts.getByText('named by you, counts only for your Enterprise').waitFor();
    await accounts.getByText('found on the machine, counts only for your Enterprise').waitFor();
  });

  it("shows a member the owner's non-private PIN and not the private one", async () => {
    const shared = await b.t.createPin(owner.key, { type: 'FiveM', pinName: 'For the team' });
    const secret = await b.t.createPin(owner.key, { type: 'FiveM', pinName: 'Owner only', private: true });
    const member = await b.t.createAccount('Mia Member');
    await b.t.admin('POST', `/admin/v1/enterprises/${owner.enterpriseId}/members`, { accountId: member });

    const page = await b.signIn(member);
    await row(page, shared).waitFor();
    expect(await row(page, secret).count()).toBe(0);
    expect(await page.getByText('Owner only').count()).toBe(0);
    // Members do not create PINs.
    expect(await page.getByRole('button', { name: 'Create PIN' }).count()).toBe(0);
    // Nor is the private one reachable by its address.
    await page.goto(b.url(`/pins/${secret}`));
    await page.getByText('There is no PIN with this code that you may see.').waitFor();
  });

  it('filters by status and by search, keeping the filters in the address', async () => {
    const page = await b.signIn(owner.accountId);
    await page.getByLabel('Verdict').selectOption('cheating');
    await page.waitForURL((url) => url.searchParams.get('verdict') === 'cheating');
    await page.getByText('Live one').waitFor();
    expect(await page.getByText('For the team').count()).toBe(0);
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await page.getByLabel('Search').fill('team');
    await page.waitForURL((url) => url.searchParams.get('q') === 'team');
    await page.getByText('For the team').waitFor();
    expect(await page.getByText('Live one').count()).toBe(0);
  });

  it('shows a list with every kind of PIN (screenshot), usable at 360 px wide', async () => {
    const scan = scanner(b.t);
    await scan.scan(owner.key, report({ discord: [] }), ['HW-LEGIT-1'], 'Java');
    const scanning = await b.t.createPin(owner.key, { type: 'RedM', pinName: 'Scanning now' });
    const token = await scan.startOk(scanning, ['HW-SCANNING-1']);
    await scan.progress(token, 52, 'Verifying game files');

    const page = await b.signIn(owner.accountId);
    await row(page, scanning).getByRole('progressbar').waitFor();
    await b.screenshot(page, 'pins');
    await page.emulateMedia({ colorScheme: 'dark' });
    await b.screenshot(page, 'pins-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    await page.setViewportSize({ width: 360, height: 780 });
    await page.reload();
    await row(page, scanning).waitFor();
    // The page itself does not scroll sideways; only the table's own region does.
    const overflow = await page.evaluate(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    );
    expect(overflow).toBe(0);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).waitFor();
    await b.screenshot(page, 'pins-narrow');
  });

  it('lets someone in several Enterprises narrow the list to one, remembered in this browser', async () => {
    const other = await b.t.createOwner('Oscar Other');
    await b.t.admin('POST', `/admin/v1/enterprises/${other.enterpriseId}/members`, {
      accountId: owner.accountId,
    });
    const theirs = await b.t.createPin(other.key, { type: 'Roblox', pinName: 'From the other one' });

    const page = await b.signIn(owner.accountId);
    await row(page, theirs).waitFor();
    const switcher = page.getByLabel('Enterprise', { exact: true });
    await switcher.selectOption({ label: "Olivia Owner's Enterprise (owner)" });
    await page.getByText('Live one').waitFor();
    await row(page, theirs).waitFor({ state: 'detached' });
    await page.reload();
    await page.getByText('Live one').waitFor();
    expect(await row(page, theirs).count()).toBe(0);
    await switcher.selectOption({ label: "Oscar Other's Enterprise" });
    await row(page, theirs).waitFor();
    expect(await page.getByText('Live one').count()).toBe(0);
    await switcher.selectOption({ label: 'All Enterprises' });
    await page.getByText('Live one').waitFor();
  });

  it('pages back through older PINs with "Show older PINs"', async () => {
    for (let i = 0; i < 20; i++) await b.t.createPin(owner.key, { type: 'Java', pinName: `Batch ${i}` });
    const page = await b.signIn(owner.accountId);
    const rows = page.locator('tbody tr[data-pin]');
    await page.getByText('Batch 19').waitFor();
    expect(await rows.count()).toBe(25);
    await page.getByRole('button', { name: 'Show older PINs' }).click();
    await page.getByText('Live one').waitFor();
    expect(await rows.count()).toBeGreaterThan(25);
    expect(await page.getByRole('button', { name: 'Show older PINs' }).count()).toBe(0);
  });

  it('loaded nothing from outside the server, and the browser refused nothing under the CSP', () => {
    expect(strayRequests(b)).toEqual({ outside: [], cspViolations: [] });
  });
});

import { afterAll, beforeAll, expect, it } from 'vitest';
import { signIn as signInPerson } from '../support/person.js';
import type { Owner } from '../support/test-app.js';
import { type BrowserApp, browserSuite, openBrowserApp, strayRequests } from './support/browser-app.js';

/** How wide the page is drawn; more than the window means a sideways scroll bar. */
const SCROLL_WIDTH = 'document.documentElement.scrollWidth';

/** The Settings page (docs/dashboard.md): keywords, members and invites, Enterprises, sessions. */
browserSuite('the Settings page in the browser', (backend) => {
  let b: BrowserApp;
  let owner: Owner;
  const enterprise = "Sol Settings's Enterprise";

  beforeAll(async () => {
    b = await openBrowserApp(backend);
    owner = await b.t.createOwner('Sol Settings');
  });
  afterAll(async () => b?.close());

  const signIn = async (accountId: number) => {
    const page = await b.signIn(accountId);
    page.setDefaultTimeout(10_000);
    return page;
  };

  it("invite → member: an invite made here lets a new person join and see the owner's non-private PIN", async () => {
    const shared = await b.t.createPin(owner.key, { type: 'Rust', pinName: 'For the staff' });
    const hidden = await b.t.createPin(owner.key, { type: 'Rust', pinName: 'Owner only', private: true });

    const page = await signIn(owner.accountId);
    await page.getByRole('link', { name: 'Settings' }).first().click();
    const admin = page.getByRole('region', { name: `${enterprise}: members and invites` });
    await admin.getByText('No members yet').waitFor();
    await admin.getByLabel('Who can join with it').selectOption('single');
    await admin.getByRole('button', { name: 'Create invite' }).click();
    const url = (await admin.getByTestId('invite-url').textContent()) ?? '';
    expect(url.startsWith(`${b.origin}/invite/`)).toBe(true);
    await admin.getByText('Copy it now: it is not shown again.').waitFor();
    await admin.getByRole('button', { name: 'Copy the invite link' }).waitFor();
    await admin.getByRole('row').filter({ hasText: '0 of 1' }).getByText('Usable').waitFor();

    // A second person, with an account and a sign-in link of their own, in another browser context.
    const newcomer = await b.t.createAccount('Nia Newcomer');
    const other = await signIn(newcomer);
    await other.goto(url);
    await other.getByRole('button', { name: `Join ${enterprise}` }).click();
    await other
      .getByRole('status')
      .filter({ hasText: `You joined ${enterprise}` })
      .waitFor();
    await other.goto(b.url('/'));
    await other.locator(`tr[data-pin="${shared}"]`).getByText('For the staff').waitFor();
    expect(await other.locator(`tr[data-pin="${hidden}"]`).count()).toBe(0);

    // The owner sees the member and the spent invite.
    await page.reload();
    // A new member is a viewer; the owner may change the role there (docs/roles.md).
    const role = admin.getByRole('combobox', { name: 'Role of Nia Newcomer' });
    await role.waitFor();
    expect(await role.inputValue()).toBe('viewer');
    await admin.getByRole('row').filter({ hasText: '1 of 1' }).getByText('Used up').waitFor();

    // The member sees the Enterprise with their role.
    await other.goto(b.url('/settings'));
    const mine = other.getByRole('region', { name: 'Your Enterprises' });
    await mine.getByRole('row').filter({ hasText: enterprise }).getByText('Viewer').waitFor();
    expect(await other.getByRole('region', { name: `${enterprise}: members and invites` }).count()).toBe(0);

    // The owner makes them a moderator; they cancel the no-show's pending PIN (docs/roles.md).
    await role.selectOption('moderator');
    // The change is saved by a request of its own: wait for the member's rights to say so before
    // their page is loaded, or it may still show what a viewer may do.
    await expect
      .poll(async () => (await other.request.get(b.url('/app/api/enterprises'))).text(), { timeout: 10_000 })
      .toContain('pin.cancel');
    await other.goto(b.url(`/pins/${shared}`));
    await other.getByRole('button', { name: 'Cancel PIN' }).click();
    await other
      .getByRole('dialog', { name: `Cancel PIN ${shared}?` })
      .getByRole('button', { name: 'Cancel PIN' })
      .click();
    await other.getByText('Expired').first().waitFor();
    // The page's text alone may come before the cancel is answered on a loaded machine: ask the API
    // until it tells.
    await expect
      .poll(async () => (await b.t.api('GET', `/v1/pins/${shared}/status`, { key: owner.key })).json(), {
        timeout: 10_000,
      })
      .toMatchObject({ status: 'expired', statusMessage: expect.stringMatching(/cancelled/) });

    // Removing the member ends their view of the PINs.
    await admin
      .getByRole('row')
      .filter({ hasText: 'Nia Newcomer' })
      .getByRole('button', { name: 'Remove Nia Newcomer' })
      .click();
    await page
      .getByRole('dialog', { name: /^Remove Nia Newcomer/ })
      .getByRole('button', { name: 'Remove member' })
      .click();
    await admin.getByText('No members yet').waitFor();
    const gone = await other.request.get(b.url(`/app/api/pins/${shared}`));
    expect(gone.status()).toBe(404);
  });

  it('shows each part to the roles the server says may use it: an admin manages members and Discord, a viewer cancels nothing', async () => {
    const pending = await b.t.createPin(owner.key, { type: 'Rust', pinName: 'Waiting' });
    const join = async (name: string, role: 'admin' | 'viewer') => {
      const id = await b.t.createAccount(name);
      await b.t.admin('POST', `/admin/v1/enterprises/${owner.enterpriseId}/members`, { accountId: id });
      const set = await (await signInPerson(b.t, owner.accountId)).call(
        'PUT',
        `/enterprises/${owner.enterpriseId}/members/${id}/role`,
        { role },
      );
      expect(set.statusCode, set.body).toBe(200);
      return id;
    };
    const adminPage = await signIn(await join('Ada Admin', 'admin'));
    await adminPage.goto(b.url('/settings'));
    const members = adminPage.getByRole('region', { name: `${enterprise}: members and invites` });
    await members.getByRole('button', { name: 'Create invite' }).waitFor();
    await adminPage.getByRole('region', { name: `${enterprise}: Discord` }).waitFor();
    // Roles are the owner's to change, and so are what players see, the quotas and the audit trail.
    await members.getByRole('row').filter({ hasText: 'Ada Admin' }).waitFor();
    expect(await members.getByRole('combobox', { name: /^Role of/ }).count()).toBe(0);
    expect(await adminPage.getByRole('region', { name: `${enterprise}: PIN quotas` }).count()).toBe(0);
    expect(await adminPage.getByRole('region', { name: `${enterprise}: what players see` }).count()).toBe(0);
    expect(
      await adminPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit' }).count(),
    ).toBe(0);

    const viewerPage = await signIn(await join('Vic Viewer', 'viewer'));
    // Once the page knows the viewer's role (the Enterprises answer) and shows the PIN.
    const roleKnown = viewerPage.waitForResponse((r) => r.url().endsWith('/app/api/enterprises'));
    await viewerPage.goto(b.url(`/pins/${pending}`));
    await roleKnown;
    await viewerPage.getByText('Waiting').first().waitFor();
    expect(await viewerPage.getByRole('button', { name: 'Cancel PIN' }).count()).toBe(0);

    const ownerPage = await signIn(owner.accountId);
    await ownerPage.goto(b.url(`/pins/${pending}`));
    await ownerPage.getByRole('button', { name: 'Cancel PIN' }).waitFor();
    await ownerPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit' }).waitFor();
  });

  it('revokes an invite after confirmation', async () => {
    const page = await signIn(owner.accountId);
    await page.goto(b.url('/settings'));
    const admin = page.getByRole('region', { name: `${enterprise}: members and invites` });
    await admin.getByLabel('Who can join with it').selectOption('multi');
    await admin.getByRole('button', { name: 'Create invite' }).click();
    const url = (await admin.getByTestId('invite-url').textContent()) ?? '';
    const row = admin.getByRole('row').filter({ hasText: '0 of any number' });
    await row.getByRole('button', { name: 'Revoke' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke this invite?' })
      .getByRole('button', { name: 'Revoke invite' })
      .click();
    await admin.getByRole('row').filter({ hasText: '0 of any number' }).getByText('Revoked').waitFor();
    const preview = await page.request.get(
      b.url(`/app/api/invites/preview?token=${encodeURIComponent(url.split('/').pop() ?? '')}`),
    );
    expect(((await preview.json()) as { usable: boolean }).usable).toBe(false);
  });

  it('edits the custom keywords and saves them with one PUT', async () => {
    const page = await signIn(owner.accountId);
    await page.goto(b.url('/settings'));
    const section = page.getByRole('region', { name: 'Custom keywords' });
    await section.getByText('No keywords.').waitFor();
    for (const word of ['Injector', 'aimbot', '  Cheat Engine ']) {
      await section.getByLabel('New keyword').fill(word);
      await section.getByRole('button', { name: 'Add', exact: true }).click();
    }
    await section.getByLabel('New keyword').fill('AIMBOT');
    await section.getByRole('button', { name: 'Add', exact: true }).click();
    await section.getByText('“aimbot” is already in the list.').waitFor();
    await section.getByRole('button', { name: 'Remove aimbot' }).click();
    await section.getByRole('button', { name: 'Save keywords' }).click();
    await section.getByText('Keywords saved.').waitFor();
    await page.reload();
    const list = page.getByRole('list', { name: 'Keywords' });
    await list.getByText('injector').waitFor();
    const saved = await page.request.get(b.url('/app/api/keywords'));
    const { keywords } = (await saved.json()) as { keywords: string[] };
    // Stored trimmed and lower-case; the page shows what the server kept, in its order.
    expect([...keywords].sort()).toEqual(['cheat engine', 'injector']);
    expect(await list.locator('li > span').allTextContents()).toEqual(keywords);
    await b.screenshot(page, 'settings');
  });

  it('lists sessions with this one marked, ends another, and signs out everywhere', async () => {
    const elsewhere = await signIn(owner.accountId);
    const page = await signIn(owner.accountId);
    await page.goto(b.url('/settings'));
    const sessions = page.getByRole('region', { name: 'Sessions' });
    await sessions.getByText('This device').waitFor();
    const before = await sessions.locator('tbody tr').count();
    expect(before).toBeGreaterThanOrEqual(2);
    await sessions
      .getByRole('button', { name: /^End the session/ })
      .first()
      .click();
    await expect.poll(() => sessions.locator('tbody tr').count()).toBe(before - 1);

    await sessions.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page
      .getByRole('dialog', { name: 'Sign out everywhere?' })
      .getByRole('button', { name: 'Sign out everywhere' })
      .click();
    await page.waitForURL(/\/sign-in/);
    expect((await elsewhere.request.get(b.url('/app/api/me'))).status()).toBe(401);
  });

  it('fits a 360 px wide screen', async () => {
    const page = await signIn(owner.accountId);
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ['/settings', '/keys', '/webhooks', '/players']) {
      await page.goto(b.url(path));
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expect.poll(() => page.locator('.loading').count()).toBe(0);
      // Nothing sticks out sideways (wide tables scroll inside their own frame).
      expect(await page.evaluate(SCROLL_WIDTH), path).toBeLessThanOrEqual(360);
    }
  });

  it('loaded nothing from outside the server, and the browser refused nothing under the CSP', () => {
    expect(strayRequests(b)).toEqual({ outside: [], cspViolations: [] });
  });
});

import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Owner } from '../support/test-app.js';
import { type BrowserApp, browserSuite, openBrowserApp, strayRequests } from './support/browser-app.js';
import { withVirtualAuthenticator } from './support/virtual-authenticator.js';

/**
 * Staff sign in by themselves (docs/dashboard.md, "Passkeys"): the owner invites a new staff member,
 * who opens the invite, creates a passkey, signs out, and signs in again with it; no operator step.
 * Chromium's virtual authenticator (DevTools protocol, WebAuthn domain) stands in for the device.
 */
browserSuite('passkeys in the browser', (backend) => {
  let b: BrowserApp;
  let owner: Owner;

  beforeAll(async () => {
    // WebAuthn takes a domain as relying party, never an IP address.
    b = await openBrowserApp(backend, {}, { hostname: 'localhost' });
    owner = await b.t.createOwner('Pia Passkey');
  });
  afterAll(async () => b?.close());

  it('an invited staff member joins with a new passkey, signs out, and signs in again with it alone', async () => {
    const ownerPage = await b.signIn(owner.accountId);
    const made = await ownerPage.request.post(b.url(`/app/api/enterprises/${owner.enterpriseId}/invites`), {
      data: {},
    });
    expect(made.status(), await made.text()).toBe(201);
    const inviteUrl = ((await made.json()) as { url: string }).url;
    expect(inviteUrl.startsWith(`${b.origin}/invite/`)).toBe(true);
    const shared = await b.t.createPin(owner.key, { type: 'Rust', pinName: 'Seen with a passkey' });

    const page = await b.newPage();
    const credentials = await withVirtualAuthenticator(page);
    await page.goto(inviteUrl);
    await page.getByText("You are invited to join Pia Passkey's Enterprise").waitFor();
    await page.getByLabel('Your name').fill('Sam Staff');
    await page.getByLabel('Name this passkey').fill('Test laptop');
    await page.getByRole('button', { name: 'Create a passkey and join' }).click();
    await page.getByRole('status').filter({ hasText: "You joined Pia Passkey's Enterprise" }).waitFor();
    expect(await credentials()).toHaveLength(1);
    await b.screenshot(page, 'invite-passkey-joined');

    await page.getByRole('link', { name: 'See its PINs' }).click();
    await page.locator(`tr[data-pin="${shared}"]`).waitFor();
    expect(await page.getByTestId('account-name').textContent()).toBe('Sam Staff');

    await page.goto(b.url('/settings'));
    await page.getByRole('cell', { name: 'Test laptop', exact: true }).waitFor();

    // Signed out, the sign-in page asks for a passkey through the field's autofill: the device's
    // authenticator answers it, and the person is in with no link and no operator.
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/sign-in'),
      page.getByRole('button', { name: 'Sign out', exact: true }).click(),
    ]);
    await page.waitForURL(`${b.origin}/`);
    await page.locator(`tr[data-pin="${shared}"]`).waitFor();
    const me = await page.request.get(b.url('/app/api/me'));
    expect(((await me.json()) as { name: string }).name).toBe('Sam Staff');

    // A browser without autofill for passkeys: the button. The same passkey, on a second device context.
    const other = await b.newPage();
    await other.addInitScript(() => {
      // Runs in the page; the root tsconfig has no DOM types.
      const { PublicKeyCredential } = globalThis as unknown as { PublicKeyCredential: object };
      Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', {
        value: async () => false,
      });
    });
    await withVirtualAuthenticator(other, await credentials());
    await other.goto(b.url('/sign-in'));
    await b.screenshot(other, 'sign-in-passkey');
    await Promise.all([
      other.waitForURL(`${b.origin}/`),
      other.getByRole('button', { name: 'Sign in with a passkey' }).click(),
    ]);
    await other.locator(`tr[data-pin="${shared}"]`).waitFor();
    expect(await other.getByTestId('account-name').textContent()).toBe('Sam Staff');
  });

  it('loaded nothing from outside the server, and the browser refused nothing under the CSP', () => {
    expect(strayRequests(b)).toEqual({ outside: [], cspViolations: [] });
  });
});

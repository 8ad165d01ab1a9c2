import { afterAll, beforeAll, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../src/http/routes/web-app.js';
import { type BrowserApp, browserSuite, openBrowserApp, strayRequests } from './support/browser-app.js';

/** Signing in and out in a real browser (docs/dashboard.md, "Signing in", "Sessions"). */
browserSuite('signing in and out in the browser', (backend) => {
  let b: BrowserApp;
  let accountId: number;

  beforeAll(async () => {
    b = await openBrowserApp(backend);
    accountId = (await b.t.createOwner('Ada Lovelace')).accountId;
  });
  afterAll(async () => b?.close());

  it('shows the sign-in page to someone signed out, with how to get a link', async () => {
    const page = await b.newPage();
    await page.goto(b.url('/'));
    await page.waitForURL(b.url('/sign-in'));
    await page.getByRole('heading', { level: 1, name: 'Sign in to scanpin' }).waitFor();
    expect(await page.getByText('sign-in-link ID').count()).toBe(1);
    await b.screenshot(page, 'sign-in');
    await page.goto(b.url('/sign-in?error=banned'));
    await page.getByRole('alert').filter({ hasText: 'This account is banned' }).waitFor();
  });

  it('signs in by a one-time link: confirm page, button, then the dashboard shows the name', async () => {
    const page = await b.signIn(accountId);
    await page.getByTestId('account-name').filter({ hasText: 'Ada Lovelace' }).waitFor();
    expect(await page.title()).toBe('PINs · scanpin');
  });

  it('carries the CSP and the other headers on the page', async () => {
    const page = await b.signIn(accountId);
    const response = await page.goto(b.url('/overview'));
    expect(response?.status()).toBe(200);
    const headers = response?.headers() ?? {};
    expect(headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('same-origin');
  });

  it('signs out: back on /sign-in, and /app/api/me answers 401 afterwards', async () => {
    const page = await b.signIn(accountId);
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/sign-in'),
      page.getByRole('button', { name: 'Sign out', exact: true }).click(),
    ]);
    await page.getByText('You are signed out.').waitFor();
    const me = await page.request.get(b.url('/app/api/me'));
    expect(me.status()).toBe(401);
    // Back to a dashboard page: sent to sign in again.
    await page.goto(b.url('/keys'));
    await page.waitForURL((url) => url.pathname === '/sign-in');
  });

  it('signs out everywhere after a confirmation, ending the other sessions too', async () => {
    const first = await b.signIn(accountId);
    const second = await b.signIn(accountId);
    await second.getByRole('button', { name: 'Sign out everywhere' }).click();
    const dialog = second.getByRole('dialog', { name: 'Sign out everywhere?' });
    await dialog.waitFor();
    await Promise.all([
      second.waitForURL((url) => url.pathname === '/sign-in'),
      dialog.getByRole('button', { name: 'Sign out everywhere' }).click(),
    ]);
    expect((await first.request.get(b.url('/app/api/me'))).status()).toBe(401);
  });

  it('loaded nothing from outside the server, and the browser refused nothing under the CSP', () => {
    expect(b.requests.length).toBeGreaterThan(10);
    expect(strayRequests(b)).toEqual({ outside: [], cspViolations: [] });
  });
});

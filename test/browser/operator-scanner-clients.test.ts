import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_TOKEN } from '../support/test-app.js';
import { type BrowserApp, browserSuite, openBrowserApp, strayRequests } from './support/browser-app.js';

interface ClientRow {
  id: number;
  clientId: string;
  name: string;
  kind: string;
  status: string;
  expiresAt: string | null;
  revokedAt: string | null;
}

const DAY_MS = 86_400_000;
const PAGE = '/operator/scanner-clients';

/**
 * The operator's scanner clients page (docs/operations.md, "Scanner clients page"): no account session,
 * the operator token pasted into the page and sent as x-admin-token to /admin/v1/scanner-clients.
 */
browserSuite('the operator scanner clients page in the browser', (backend) => {
  let b: BrowserApp;

  beforeAll(async () => {
    b = await openBrowserApp(backend);
  });
  afterAll(async () => b?.close());

  const clients = async () =>
    (await b.t.admin<{ data: ClientRow[] }>('GET', '/admin/v1/scanner-clients')).data;
  const registered = async (body: Record<string, unknown>) =>
    b.t.admin<ClientRow>('POST', '/admin/v1/scanner-clients', body);
  const adminCalls = () => b.requests.filter((url) => url.startsWith(b.url('/admin/v1/'))).length;

  /** A fresh browser (no session, no storage) on the page, the token entered and accepted. */
  const openWithToken = async () => {
    const page = await b.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(b.url(PAGE));
    await page.getByLabel('Operator token').fill(ADMIN_TOKEN);
    await page.getByRole('button', { name: 'Open the registry' }).click();
    await page.getByRole('heading', { level: 2, name: 'Registered clients' }).waitFor();
    return page;
  };

  it('shows the server’s refusal of a wrong token, sends it once, and asks for no session', async () => {
    const page = await b.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(b.url(PAGE));
    await page.getByRole('heading', { level: 1, name: 'Scanner clients' }).waitFor();
    const before = adminCalls();
    await page.getByLabel('Operator token').fill('not-the-operator-token');
    await page.getByRole('button', { name: 'Open the registry' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'The server refused the token.' });
    await alert.getByText('The x-admin-token header is missing or wrong.').waitFor();
    await b.screenshot(page, 'operator-scanner-clients-refused');
    // A refused token is not tried again by itself (each refusal counts against this address).
    await page.waitForTimeout(1500);
    expect(adminCalls() - before).toBe(1);
    expect(page.url()).toBe(b.url(PAGE));
    expect(b.requests.filter((url) => url.includes('/app/api/'))).toEqual([]);
    expect(await page.getByRole('table').count()).toBe(0);
  });

  it('lists a registered build, expires it after a grace period, then now, then revokes it', async () => {
    const build = await registered({
      name: 'scanpin-scan 9.1.0',
      kind: 'official',
      version: '9.1.0',
      platform: 'linux-x64',
    });
    const page = await openWithToken();
    const row = page.getByRole('row').filter({ hasText: build.clientId });
    await row.getByText('scanpin-scan 9.1.0').waitFor();
    await row.getByRole('cell', { name: 'Official build' }).waitFor();
    await row.getByRole('cell', { name: 'linux-x64' }).waitFor();
    await row.getByRole('cell', { name: '9.1.0', exact: true }).waitFor();
    await row.getByText('Active').waitFor();
    await b.screenshot(page, 'operator-scanner-clients');

    // In 7 days.
    const asked = Date.now();
    await row.getByRole('button', { name: 'Expire scanpin-scan 9.1.0' }).click();
    const dialog = page.getByRole('dialog', { name: 'Expire scanpin-scan 9.1.0' });
    await dialog.getByLabel('Stop accepting it').selectOption({ label: 'In 7 days' });
    await dialog.getByRole('button', { name: 'Set the expiry' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('status').filter({ hasText: 'scanpin-scan 9.1.0 expires on' }).waitFor();
    await row.getByText('in 7 days').waitFor();
    await row.getByText('Active').waitFor();
    let stored = (await clients()).find((c) => c.id === build.id);
    const expiresAt = Date.parse(stored?.expiresAt ?? '');
    expect(expiresAt - asked).toBeGreaterThanOrEqual(7 * DAY_MS - 1000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(7 * DAY_MS);
    expect(stored?.status).toBe('active');

    // Now.
    await row.getByRole('button', { name: 'Expire scanpin-scan 9.1.0' }).click();
    await dialog.getByLabel('Stop accepting it').selectOption({ label: 'Now' });
    await dialog.getByRole('button', { name: 'Set the expiry' }).click();
    await page.getByRole('status').filter({ hasText: 'scanpin-scan 9.1.0 is expired' }).waitFor();
    await row.getByText('Expired').waitFor();
    expect((await clients()).find((c) => c.id === build.id)?.status).toBe('expired');

    // Revoked, after a confirmation; cancelling first changes nothing.
    await row.getByRole('button', { name: 'Revoke scanpin-scan 9.1.0' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke scanpin-scan 9.1.0?' });
    await confirm.getByText('This cannot be undone').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect((await clients()).find((c) => c.id === build.id)?.revokedAt).toBeNull();
    await row.getByRole('button', { name: 'Revoke scanpin-scan 9.1.0' }).click();
    await confirm.getByRole('button', { name: 'Revoke client' }).click();
    await row.getByText('Revoked', { exact: true }).waitFor();
    expect(await row.getByRole('button').count()).toBe(0);
    stored = (await clients()).find((c) => c.id === build.id);
    expect(stored?.status).toBe('revoked');
    expect(stored?.revokedAt).not.toBeNull();
  });

  it('registers a third-party integration and shows its key once, with a warning and copy buttons', async () => {
    const page = await openWithToken();
    const form = page.getByRole('region', { name: 'Register a third-party integration' });
    await form.getByLabel('Name').fill('Acme anti-cheat bridge');
    await form.getByLabel('Version (optional)').fill('2.1');
    await form.getByLabel('Platform (optional)').fill('windows-x64');
    await form.getByRole('button', { name: 'Register integration' }).click();

    const dialog = page.getByRole('dialog', { name: "The integration's client id and key" });
    await dialog.waitFor();
    const key = (await dialog.getByTestId('new-client-key').textContent()) ?? '';
    const clientId = (await dialog.getByTestId('new-client-id').textContent()) ?? '';
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(clientId).toMatch(/^spc_/);
    await dialog.getByText('Copy the key now: it is not shown again.').waitFor();
    await dialog.getByRole('button', { name: 'Copy the key' }).waitFor();
    await dialog.getByRole('button', { name: 'Copy the client id' }).waitFor();
    await b.screenshot(page, 'operator-scanner-clients-registered');
    await dialog.getByRole('button', { name: 'I have copied it' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const row = page.getByRole('row').filter({ hasText: clientId });
    await row.getByRole('cell', { name: 'Third-party integration' }).waitFor();
    await row.getByRole('cell', { name: 'windows-x64' }).waitFor();
    expect(await page.content()).not.toContain(key);
    const stored = (await clients()).find((c) => c.clientId === clientId);
    expect(stored).toMatchObject({ name: 'Acme anti-cheat bridge', kind: 'third-party', status: 'active' });
  });

  it('retires the builds before a new one after the grace period chosen', async () => {
    const old = await registered({ name: 'scanpin-scan 9.2.0', kind: 'official', version: '9.2.0' });
    const current = await registered({ name: 'scanpin-scan 9.3.0', kind: 'official', version: '9.3.0' });
    const page = await openWithToken();
    const section = page.getByRole('region', { name: 'Retire previous builds' });
    await section.getByLabel('The new build').selectOption({ label: 'scanpin-scan 9.3.0 · 9.3.0' });
    await section.getByLabel('Grace period').selectOption({ label: 'In 30 days' });
    const asked = Date.now();
    await section.getByRole('button', { name: 'Retire previous builds' }).click();
    const confirm = page.getByRole('dialog', { name: 'Retire the builds before scanpin-scan 9.3.0?' });
    await confirm.getByRole('button', { name: 'Retire previous builds' }).click();
    await section.getByRole('status').filter({ hasText: 'being accepted on' }).waitFor();

    const stored = await clients();
    const expiresAt = Date.parse(stored.find((c) => c.id === old.id)?.expiresAt ?? '');
    expect(expiresAt - asked).toBeGreaterThanOrEqual(30 * DAY_MS - 1000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(30 * DAY_MS);
    expect(stored.find((c) => c.id === current.id)?.expiresAt).toBeNull();
    await page.getByRole('row').filter({ hasText: old.clientId }).getByText('in 30 days').waitFor();
  });

  it('keeps the token in the page’s memory only: stored nowhere, gone on a reload or when forgotten', async () => {
    const page = await openWithToken();
    expect(await page.evaluate('sessionStorage.length + localStorage.length')).toBe(0);
    expect(await page.evaluate('document.cookie')).toBe('');
    expect(page.url()).toBe(b.url(PAGE));
    expect(await page.content()).not.toContain(ADMIN_TOKEN);

    const before = adminCalls();
    await page.reload();
    await page.getByLabel('Operator token').waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    expect(adminCalls()).toBe(before);

    await page.getByLabel('Operator token').fill(ADMIN_TOKEN);
    await page.getByRole('button', { name: 'Open the registry' }).click();
    await page.getByRole('button', { name: 'Forget the token' }).click();
    await page.getByLabel('Operator token').waitFor();
    expect(await page.getByLabel('Operator token').inputValue()).toBe('');
    expect(await page.getByRole('table').count()).toBe(0);
  });

  it('drops a token the server stops accepting mid-way, says why, and sends nothing more with it', async () => {
    const page = await openWithToken();
    // As if the operator token had been replaced on the server since: every call now carries a stale one.
    await page.route('**/admin/v1/**', (route) =>
      route.continue({ headers: { ...route.request().headers(), 'x-admin-token': 'replaced-since' } }),
    );
    const before = adminCalls();
    const form = page.getByRole('region', { name: 'Register a third-party integration' });
    await form.getByLabel('Name').fill('Never registered');
    await form.getByRole('button', { name: 'Register integration' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'The server refused the token.' });
    await alert.getByText('The x-admin-token header is missing or wrong.').waitFor();
    await page.getByLabel('Operator token').waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    await page.waitForTimeout(1500);
    expect(adminCalls() - before).toBe(1);
    expect((await clients()).some((c) => c.name === 'Never registered')).toBe(false);
  });

  it('loaded nothing from outside the server, and the browser refused nothing under the CSP', () => {
    expect(strayRequests(b)).toEqual({ outside: [], cspViolations: [] });
  });
});

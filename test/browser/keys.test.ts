import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Owner } from '../support/test-app.js';
import { type BrowserApp, browserSuite, openBrowserApp, strayRequests } from './support/browser-app.js';

/** The Keys page (docs/dashboard.md, "Keys"): a key is shown once, works against /v1, and can be revoked. */
browserSuite('the Keys page in the browser', (backend) => {
  let b: BrowserApp;
  let owner: Owner;

  beforeAll(async () => {
    b = await openBrowserApp(backend);
    owner = await b.t.createOwner('Kim Keymaker');
  });
  afterAll(async () => b?.close());

  /** Signed in, failing a step after 10 s so a timeout names the step rather than the whole test. */
  const signIn = async (accountId: number) => {
    const page = await b.signIn(accountId);
    page.setDefaultTimeout(10_000);
    return page;
  };

  /** The published API over the real port, as a bot would call it. */
  const v1 = (path: string, key: string, init: RequestInit = {}) =>
    fetch(b.url(path), {
      ...init,
      headers: { 'x-api-key': key, 'content-type': 'application/json', ...(init.headers ?? {}) },
    });

  it('shows a new key once, in a dialog with a copy button; after a reload only its prefix', async () => {
    const page = await signIn(owner.accountId);
    await page.getByRole('link', { name: 'Keys' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
    // The key the operator made for the owner is listed by its first characters only.
    await page
      .getByRole('row')
      .filter({ hasText: `${owner.key.slice(0, 9)}…` })
      .waitFor();

    await page.getByLabel('Name (optional)').fill('Discord bot');
    await page.getByLabel('Create PINs (pins:create)').check();
    await page.getByLabel('Read PIN status (pins:status)').check();
    await page.getByRole('button', { name: 'Create key' }).click();

    const dialog = page.getByRole('dialog', { name: 'Your new API key' });
    await dialog.waitFor();
    const key = (await dialog.getByTestId('new-key').textContent()) ?? '';
    expect(key).toMatch(/^sp_[0-9A-Za-z]{32,}$/);
    await dialog.getByText('Copy it now: it is not shown again.').waitFor();
    await dialog.getByRole('button', { name: 'Copy the API key' }).waitFor();
    await b.screenshot(page, 'keys-created');
    await dialog.getByRole('button', { name: 'I have copied it' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Discord bot' });
    await row.getByText(`${key.slice(0, 9)}…`).waitFor();
    await row.getByText('pins:create').waitFor();
    expect(await page.content()).not.toContain(key);
    await b.screenshot(page, 'keys');

    // The key works against the published API with the permissions chosen.
    const created = await v1('/v1/pins/create', key, {
      method: 'POST',
      body: JSON.stringify({ type: 'Rust' }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { pin } = (await created.json()) as { pin: string };
    expect((await v1(`/v1/pins/${pin}/status`, key)).status).toBe(200);
    // …and only those: pins:results was not given.
    expect((await v1(`/v1/pins/${pin}/results`, key)).status).toBe(403);
  });

  it('revokes a key after confirmation; it is refused from then on', async () => {
    const page = await signIn(owner.accountId);
    await page.goto(b.url('/keys'));
    await page.getByLabel('Name (optional)').fill('Short-lived');
    await page.getByLabel('Read scan results (pins:results)').check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByTestId('new-key').textContent()) ?? '';
    await page.getByRole('button', { name: 'I have copied it' }).click();
    expect((await v1('/v1/pins/AAAAAAAA/results', key)).status).not.toBe(401);

    const row = page.getByRole('row').filter({ hasText: 'Short-lived' });
    await row.getByRole('button', { name: /^Revoke key/ }).click();
    const confirm = page.getByRole('dialog', { name: /^Revoke key/ });
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await row.getByText('Revoked').waitFor();
    expect((await v1('/v1/pins/AAAAAAAA/results', key)).status).toBe(401);
  });

  it('offers pins:create only to Enterprise owners', async () => {
    const staff = await b.t.createAccount('Sam Staff', { licenceExpiresAt: '2099-01-01T00:00:00.000Z' });
    const page = await signIn(staff);
    await page.goto(b.url('/keys'));
    await page.getByLabel('Read PIN status (pins:status)').waitFor();
    expect(await page.getByLabel('Create PINs (pins:create)').count()).toBe(0);
    await page.getByText('Creating PINs (pins:create) is for Enterprise owners only.').waitFor();
    await page.getByLabel('Manage webhook endpoints (webhooks:manage)').check();
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByRole('dialog', { name: 'Your new API key' }).waitFor();
  });

  it('says so when no permission is chosen, and sends nothing', async () => {
    const page = await signIn(owner.accountId);
    await page.goto(b.url('/keys'));
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByRole('alert').filter({ hasText: 'Choose at least one permission.' }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Your new API key' }).count()).toBe(0);
  });

  it('loaded nothing from outside the server, and the browser refused nothing under the CSP', () => {
    expect(strayRequests(b)).toEqual({ outside: [], cspViolations: [] });
  });
});

import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Receiver, startReceiver, typesOf } from '../support/receiver.js';
import type { Owner } from '../support/test-app.js';
import { type BrowserApp, browserSuite, openBrowserApp, strayRequests } from './support/browser-app.js';

/** The Webhooks page (docs/webhooks.md): create, test ping in the delivery log, redeliver, rotate, disable, delete. */
browserSuite('the Webhooks page in the browser', (backend) => {
  let b: BrowserApp;
  let owner: Owner;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver();
    // A receiver on this machine over plain http: allowed here only.
    b = await openBrowserApp(backend, { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
    owner = await b.t.createOwner('Wanda Webhooks');
  });
  afterAll(async () => {
    await b?.close();
    await receiver?.close();
  });

  const signIn = async (accountId: number) => {
    const page = await b.signIn(accountId);
    page.setDefaultTimeout(10_000);
    return page;
  };

  it('creates an endpoint, shows its secret once, and logs its test ping; redelivers it', async () => {
    const page = await signIn(owner.accountId);
    await page.getByRole('link', { name: 'Webhooks' }).first().click();
    await page.getByText('No endpoints yet.').waitFor();

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByLabel('URL').fill(receiver.url);
    await page.getByLabel('A scan finishes (pin.finished)').check();
    await page.getByLabel('Description (optional)').fill('Our Discord bot');
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    const secret = (await page.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await page.getByText('Copy it now: it is not shown again.').waitFor();

    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: receiver.url }) });
    await card.getByText('pin.finished').waitFor();
    await card.getByText('Our Discord bot').waitFor();
    await card.getByText('Enabled').waitFor();

    await card.getByRole('button', { name: 'Send test' }).click();
    const log = card.getByRole('region', { name: `Deliveries to ${receiver.url}` });
    const pingRow = log.locator('tr[data-event="ping"]');
    await pingRow.getByText('Delivered', { exact: true }).waitFor();
    await pingRow.getByText('HTTP 200').waitFor();
    await receiver.waitFor((all) => typesOf(all).includes('ping'));
    await b.screenshot(page, 'webhooks');

    await pingRow
      .first()
      .getByRole('button', { name: /^Redeliver ping/ })
      .click();
    await card.getByText('Sent again').waitFor();
    await expect.poll(() => log.locator('tr[data-event="ping"]').count()).toBe(2);
    await receiver.waitFor((all) => typesOf(all).filter((t) => t === 'ping').length === 2);

    // After a reload the secret is gone for good.
    await page.reload();
    await page.getByRole('heading', { name: receiver.url }).waitFor();
    expect(await page.content()).not.toContain(secret);
  });

  it('rotates the secret (shown once), edits, disables and deletes an endpoint', async () => {
    const page = await signIn(owner.accountId);
    await page.goto(b.url('/webhooks'));
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: receiver.url }) });

    await card.getByRole('button', { name: 'Rotate secret' }).click();
    await page
      .getByRole('dialog', { name: 'Rotate the signing secret?' })
      .getByRole('button', { name: 'Rotate secret' })
      .click();
    expect((await card.getByTestId('webhook-secret').textContent()) ?? '').toMatch(/^whsec_/);

    await card.getByRole('button', { name: 'Edit' }).click();
    await card.getByLabel('Description (optional)').fill('Renamed bot');
    await card.getByLabel('A scan starts (pin.started)').check();
    await card.getByRole('button', { name: 'Save changes' }).click();
    await card.getByText('pin.started, pin.finished').waitFor();
    await card.getByText('Renamed bot').waitFor();

    await card.getByRole('button', { name: 'Disable' }).click();
    await card.getByText('Disabled', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Enable' }).waitFor();

    await card.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this endpoint?' })
      .getByRole('button', { name: 'Delete endpoint' })
      .click();
    await page.getByText('No endpoints yet.').waitFor();
  });

  it('pages back through a long delivery log', async () => {
    const page = await signIn(owner.accountId);
    const made = await page.request.post(b.url('/app/api/webhooks'), {
      data: { url: `${receiver.url}?paged=1`, description: 'Paged' },
    });
    expect(made.status()).toBe(201);
    const { id } = (await made.json()) as { id: number };
    for (let i = 0; i < 23; i++) {
      expect((await page.request.post(b.url(`/app/api/webhooks/${id}/test`))).status()).toBe(202);
    }
    await page.goto(b.url('/webhooks'));
    const card = page.getByRole('listitem').filter({ hasText: 'Paged' });
    await card.getByRole('button', { name: 'Deliveries' }).click();
    const rows = card.locator('tr[data-event="ping"]');
    await expect.poll(() => rows.count()).toBe(20);
    await card.getByRole('button', { name: 'Show older deliveries' }).click();
    await expect.poll(() => rows.count()).toBe(23);
    await card.getByRole('button', { name: 'Show older deliveries' }).waitFor({ state: 'detached' });
  });

  it('shows the server’s words for a refused URL', async () => {
    const page = await signIn(owner.accountId);
    await page.goto(b.url('/webhooks'));
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByLabel('URL').fill('ftp://example.com/hook');
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    await page.getByText('Enter the full address, starting with https://').waitFor();
    await page.getByLabel('URL').fill('http://user:pw@127.0.0.1/hook');
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    await page.getByRole('alert').filter({ hasText: 'no user name or password' }).waitFor();
  });

  it('loaded nothing from outside the server, and the browser refused nothing under the CSP', () => {
    expect(strayRequests(b)).toEqual({ outside: [], cspViolations: [] });
  });
});

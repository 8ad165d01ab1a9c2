import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Owner } from '../support/test-app.js';
import { type BrowserApp, browserSuite, openBrowserApp, strayRequests } from './support/browser-app.js';

/** The owner's audit page (docs/audit.md, "The owner's page"): their Enterprise's entries, newest first. */
browserSuite('the Audit page in the browser', (backend) => {
  let b: BrowserApp;
  let owner: Owner;

  beforeAll(async () => {
    b = await openBrowserApp(backend);
    owner = await b.t.createOwner('Ada Auditor');
  });
  afterAll(async () => b?.close());

  it('lists who did what in the Enterprise, filters by action, and is offered to owners only', async () => {
    const member = await b.t.createAccount('Max Member');
    await b.t.admin('POST', `/admin/v1/enterprises/${owner.enterpriseId}/members`, { accountId: member });
    await b.t.createPin(owner.key);
    // Another Enterprise's actions never show here.
    const other = await b.t.createOwner('Olga Other');
    await b.t.createPin(other.key);

    const page = await b.signIn(owner.accountId);
    page.setDefaultTimeout(10_000);
    await page.getByRole('link', { name: 'Audit' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Audit trail' }).waitFor();
    const rows = page.getByRole('row');
    await rows.filter({ hasText: 'PIN created' }).filter({ hasText: 'Ada Auditor, with API key' }).waitFor();
    await rows
      .filter({ hasText: 'Member added' })
      .filter({ hasText: 'The operator' })
      .filter({ hasText: 'Max Member' })
      .waitFor();
    await rows.filter({ hasText: 'API key created' }).waitFor();
    await rows.filter({ hasText: 'Enterprise created' }).waitFor();
    // Header plus four entries: the Enterprise, the key, the member, the PIN.
    expect(await rows.count()).toBe(5);
    await b.screenshot(page, 'audit');

    await page.getByLabel('Action').selectOption('member.add');
    await rows.filter({ hasText: 'PIN created' }).waitFor({ state: 'detached' });
    await rows.filter({ hasText: 'Member added' }).waitFor();
    expect(await rows.count()).toBe(2);
    expect(strayRequests(b)).toEqual({ outside: [], cspViolations: [] });

    // A member sees no Audit entry in the navigation.
    const asMember = await b.signIn(member);
    asMember.setDefaultTimeout(10_000);
    await asMember.getByRole('link', { name: 'Keys' }).first().waitFor();
    expect(await asMember.getByRole('link', { name: 'Audit' }).count()).toBe(0);
  });
});

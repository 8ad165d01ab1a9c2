import { afterAll, beforeAll, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../src/domain/audit.js';
import { signIn as signInPerson } from '../support/person.js';
import { report, scanner } from '../support/scan.js';
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

  it('words every action the server records, and the moderation entries and who made them', async () => {
    const mod = await b.t.createOwner('Mia Moderation');
    // A ban on a player only Mia's own report knew, shared when the player proves their account.
    const player = { id: '210000000000000901', username: 'AuditedCheater' };
    const sc = scanner(b.t);
    await sc.scan(mod.key, report({ discord: [player] }), ['HW-AUDITED'], 'FiveM', { proven: false });
    const staff = await signInPerson(b.t, mod.accountId);
    const ban = await staff.call('POST', `/players/${player.id}/bans`, { kind: 'ban', reason: 'Audited' });
    expect(ban.statusCode, ban.body).toBe(201);
    const entryId = ban.json<{ id: number }>().id;
    await sc.scan(mod.key, report({ discord: [player] }), ['HW-AUDITED']);
    expect((await staff.call('POST', `/bans/${entryId}/lift`)).statusCode).toBe(200);
    // A /lookup by a staff member in the Enterprise's Discord server, as the Discord app records it
    // (the app itself: test/http/discord-*.test.ts).
    await b.t.deps.repos.audit.append({
      at: Date.now(),
      actor: { kind: 'discord', accountId: mod.accountId, discordUserId: '700000000000000901' },
      action: 'scanned_user.lookup',
      resource: { type: 'scanned_user', id: null },
      enterpriseId: mod.enterpriseId,
      outcome: 'succeeded',
      code: null,
      detail: { found: true },
    });

    const page = await b.signIn(mod.accountId);
    page.setDefaultTimeout(10_000);
    await page.getByRole('link', { name: 'Audit' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Audit trail' }).waitFor();
    const rows = page.getByRole('row');
    const on = `moderation entry #${entryId}`;
    await rows
      .filter({ hasText: 'Player banned or warned' })
      .filter({ hasText: 'Mia Moderation, in the dashboard' })
      .filter({ hasText: on })
      .waitFor();
    await rows
      .filter({ hasText: 'Ban shared with every community' })
      .filter({ hasText: 'scanpin, when the player proved their account' })
      .filter({ hasText: on })
      .waitFor();
    await rows.filter({ hasText: 'Ban lifted' }).filter({ hasText: on }).waitFor();
    await rows
      .filter({ hasText: 'Player looked up in Discord' })
      .filter({ hasText: 'Discord user 700000000000000901, in the Discord app' })
      .waitFor();

    // The Action filter offers every action src/domain/audit.ts lists, each in words.
    const options = await page
      .getByLabel('Action')
      .locator('option')
      .evaluateAll((list) => list.map((o) => [o.getAttribute('value') ?? '', o.textContent ?? '']));
    const worded = new Map(options.filter(([value]) => value !== '') as Array<[string, string]>);
    const unworded = AUDIT_ACTIONS.filter((a) => {
      const words = worded.get(a);
      return words === undefined || words.trim() === '' || words === a;
    });
    expect(unworded).toEqual([]);
    expect([...worded.keys()].sort()).toEqual([...AUDIT_ACTIONS].sort());
  });
});

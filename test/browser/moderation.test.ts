import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signIn as signInPerson } from '../support/person.js';
import { report, scanner } from '../support/scan.js';
import type { Owner } from '../support/test-app.js';
import { type BrowserApp, browserSuite, openBrowserApp, strayRequests } from './support/browser-app.js';

/** Known to the Enterprise from its own report only: the report's account was never proven. */
const UNPROVEN = { id: '210000000000000001', username: 'ClaimedCheater' };
/** Proven through Discord in the scan: a shared profile every community sees. */
const PROVEN = { id: '210000000000000002', username: 'ProvenCheater' };

/**
 * The player page's moderation panel (docs/dashboard.md, "The pages": Players): ban, warn, lift and
 * note, with the reach said before confirming, and the page showing the player's new status after.
 */
browserSuite('moderation from the player page in the browser', (backend) => {
  let b: BrowserApp;
  let owner: Owner;
  let other: Owner;
  const enterprise = "Mona Moderation's Enterprise";
  let moderatorId: number;
  let viewerId: number;

  beforeAll(async () => {
    b = await openBrowserApp(backend);
    owner = await b.t.createOwner('Mona Moderation');
    other = await b.t.createOwner('Otto Other');
    const sc = scanner(b.t);
    await sc.scan(
      owner.key,
      report({ discord: [UNPROVEN], detections: ['Eulen'] }),
      ['HW-UNPROVEN'],
      'FiveM',
      {
        proven: false,
      },
    );
    await sc.scan(owner.key, report({ discord: [PROVEN], detections: ['RedEngine'] }), ['HW-PROVEN']);
    const ownerPerson = await signInPerson(b.t, owner.accountId);
    const join = async (name: string, role: 'moderator' | 'viewer') => {
      const id = await b.t.createAccount(name);
      await b.t.admin('POST', `/admin/v1/enterprises/${owner.enterpriseId}/members`, { accountId: id });
      const set = await ownerPerson.call('PUT', `/enterprises/${owner.enterpriseId}/members/${id}/role`, {
        role,
      });
      expect(set.statusCode, set.body).toBe(200);
      return id;
    };
    moderatorId = await join('Max Moderator', 'moderator');
    viewerId = await join('Vera Viewer', 'viewer');
  });
  afterAll(async () => b?.close());

  /** Signed in, failing a step after 10 s so a timeout names the step rather than the whole test. */
  const signIn = async (accountId: number) => {
    const page = await b.signIn(accountId);
    page.setDefaultTimeout(10_000);
    return page;
  };

  const openPlayer = async (page: Page, player: { id: string; username: string }) => {
    await page.goto(b.url(`/players/${player.id}`));
    await page.getByRole('heading', { name: new RegExp(player.username) }).waitFor();
    const panel = page.getByRole('region', { name: 'Moderation', exact: true });
    await panel.getByText(`${enterprise}’s bans, warnings and notes on this player.`).waitFor();
    return panel;
  };

  const lookup = async (key: string, discordId: string) =>
    (await b.t.api('GET', `/v1/scanned-users/lookup/${discordId}`, { key })).json<{
      found: boolean;
      isBanned?: boolean;
      overallStatus?: string;
    }>();

  it('a moderator bans a player known only from the Enterprise’s own report, then lifts the ban', async () => {
    const page = await signIn(moderatorId);
    const panel = await openPlayer(page, UNPROVEN);
    const risk = page.getByRole('region', { name: 'Risk score', exact: true });
    await risk.getByText('Cheating', { exact: true }).waitFor();
    expect(await risk.getByText('Banned', { exact: true }).count()).toBe(0);
    await panel.getByText('has no bans, warnings or notes on this player').waitFor();

    await panel.getByRole('button', { name: 'Ban', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Ban ${UNPROVEN.username}` });
    await dialog
      .getByText(`Only ${enterprise} will see this ban: the player has not proven their Discord account.`)
      .waitFor();
    // A reason is required, and asked for before anything is sent.
    await dialog.getByRole('button', { name: 'Ban player' }).click();
    await dialog.getByText('Write the reason first.').waitFor();
    expect(await dialog.getByLabel('Reason').getAttribute('aria-invalid')).toBe('true');
    await dialog.getByLabel('Reason').fill('Eulen found in the scan');
    await dialog.getByLabel('Duration').selectOption({ label: '7 days' });
    await b.screenshot(dialog, 'players-moderation-ban');
    await dialog.getByRole('button', { name: 'Ban player' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The page's lookup now says Banned, and the panel lists the ban as the Enterprise's own.
    await panel.getByText(`${UNPROVEN.username} is banned.`).waitFor();
    await risk.getByText('Banned', { exact: true }).first().waitFor();
    const row = panel.getByRole('row').filter({ hasText: 'Eulen found in the scan' });
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByText(`Only ${enterprise}`).waitFor();
    await row.getByText('Max Moderator').waitFor();
    await row.getByText(/^until /).waitFor();
    await page
      .getByRole('region', { name: 'Bans and warnings', exact: true })
      .first()
      .getByRole('row')
      .filter({ hasText: 'Eulen found in the scan' })
      .waitFor();
    // Through the Enterprise's own API key too; another community sees nothing.
    expect(await lookup(owner.key, UNPROVEN.id)).toMatchObject({ isBanned: true, overallStatus: 'banned' });
    expect((await lookup(other.key, UNPROVEN.id)).isBanned ?? false).toBe(false);
    await b.screenshot(page, 'players-moderation');

    await row.getByRole('button', { name: 'Lift' }).click();
    const confirm = page.getByRole('dialog', { name: 'Lift this ban?' });
    await confirm.getByText('“Eulen found in the scan”').waitFor();
    await confirm.getByRole('button', { name: 'Lift ban' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await row.getByText('Lifted', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: 'Lift' }).count()).toBe(0);
    await panel.getByText('The ban is lifted.').waitFor();
    await risk.getByText('Cheating', { exact: true }).waitFor();
    expect(await risk.getByText('Banned', { exact: true }).count()).toBe(0);
    expect((await lookup(owner.key, UNPROVEN.id)).isBanned).toBe(false);
  });

  it('a moderator adds a note, which only the Enterprise sees', async () => {
    const page = await signIn(moderatorId);
    const panel = await openPlayer(page, UNPROVEN);
    await panel.getByRole('button', { name: 'Add note' }).click();
    const dialog = page.getByRole('dialog', { name: `Add a note on ${UNPROVEN.username}` });
    await dialog.getByText(`Only ${enterprise} will see this note`).waitFor();
    expect(await dialog.getByLabel('Duration').count()).toBe(0);
    await dialog.getByLabel('Note').fill('Said on voice chat he would come back with an alt');
    await dialog.getByRole('button', { name: 'Save note' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = panel.getByRole('row').filter({ hasText: 'Said on voice chat he would come back' });
    await row.getByText('Note', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: 'Lift' }).count()).toBe(0);
  });

  it('says before banning a proven player that every community will see it, and they do', async () => {
    const page = await signIn(moderatorId);
    const panel = await openPlayer(page, PROVEN);
    await panel.getByRole('button', { name: 'Warn' }).click();
    const warn = page.getByRole('dialog', { name: `Warn ${PROVEN.username}` });
    await warn.getByText('Every community on this server will see this warning.').waitFor();
    await warn.getByRole('button', { name: 'Cancel' }).click();
    await warn.waitFor({ state: 'hidden' });

    await panel.getByRole('button', { name: 'Ban', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Ban ${PROVEN.username}` });
    await dialog.getByText('Every community on this server will see this ban.').waitFor();
    await dialog.getByLabel('Reason').fill('RedEngine, proven account');
    await dialog.getByRole('button', { name: 'Ban player' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await panel
      .getByRole('row')
      .filter({ hasText: 'RedEngine, proven account' })
      .getByText('Every community')
      .waitFor();
    await page
      .getByRole('region', { name: 'Risk score', exact: true })
      .getByText('Banned', { exact: true })
      .first()
      .waitFor();
    expect(await lookup(other.key, PROVEN.id)).toMatchObject({ isBanned: true, overallStatus: 'banned' });
  });

  it('says why a warning stays inside the Enterprise when the operator keeps its reports inside it', async () => {
    await b.t.admin('PATCH', `/admin/v1/enterprises/${owner.enterpriseId}`, { reportsShared: false });
    try {
      const page = await signIn(moderatorId);
      const panel = await openPlayer(page, PROVEN);
      await panel.getByRole('button', { name: 'Warn' }).click();
      const dialog = page.getByRole('dialog', { name: `Warn ${PROVEN.username}` });
      const why = 'the operator keeps this community’s reports, and its bans and warnings, inside it.';
      // The player is proven: the dialog gives the reason that holds, not the unproven account.
      await dialog.getByText(`Only ${enterprise} will see this warning: ${why}`).waitFor();
      expect(await dialog.getByText('has not proven').count()).toBe(0);
      await dialog.getByLabel('Reason').fill('Kept inside by the operator');
      await dialog.getByRole('button', { name: 'Warn player' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await panel
        .getByText(`${PROVEN.username} is warned. Only ${enterprise} sees this warning: ${why}`)
        .waitFor();
      await panel
        .getByRole('row')
        .filter({ hasText: 'Kept inside by the operator' })
        .getByText(`Only ${enterprise}`)
        .waitFor();
      expect(JSON.stringify(await lookup(other.key, PROVEN.id))).not.toContain('Kept inside');
    } finally {
      await b.t.admin('PATCH', `/admin/v1/enterprises/${owner.enterpriseId}`, { reportsShared: true });
    }
  });

  it("shows the server's refusal in the dialog: a moderator made a viewer while the page was open", async () => {
    const demoted = await b.t.createAccount('Dee Demoted');
    await b.t.admin('POST', `/admin/v1/enterprises/${owner.enterpriseId}/members`, { accountId: demoted });
    const ownerPerson = await signInPerson(b.t, owner.accountId);
    const setRole = (role: string) =>
      ownerPerson.call('PUT', `/enterprises/${owner.enterpriseId}/members/${demoted}/role`, { role });
    expect((await setRole('moderator')).statusCode).toBe(200);
    const page = await signIn(demoted);
    const panel = await openPlayer(page, UNPROVEN);
    await panel.getByRole('button', { name: 'Warn' }).click();
    expect((await setRole('viewer')).statusCode).toBe(200);
    const dialog = page.getByRole('dialog', { name: `Warn ${UNPROVEN.username}` });
    await dialog.getByLabel('Reason').fill('Toxic in chat');
    const refused = page.waitForResponse((r) => r.url().includes('/bans') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Warn player' }).click();
    const res = await refused;
    expect(res.status()).toBe(403);
    const { detail } = (await res.json()) as { detail: string };
    await dialog.getByRole('alert').getByText(detail).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await lookup(owner.key, UNPROVEN.id)).overallStatus).not.toBe('banned');
  });

  it('a viewer reads the entries but gets no buttons', async () => {
    const page = await signIn(viewerId);
    const roleKnown = page.waitForResponse((r) => r.url().endsWith('/app/api/enterprises'));
    const panel = await openPlayer(page, UNPROVEN);
    await roleKnown;
    await panel.getByText(`Your role in ${enterprise} lets you read these, not add or lift them.`).waitFor();
    await panel
      .getByRole('row')
      .filter({ hasText: 'Eulen found in the scan' })
      .getByText('Lifted', { exact: true })
      .waitFor();
    await panel.getByRole('row').filter({ hasText: 'Said on voice chat' }).waitFor();
    for (const name of ['Ban', 'Warn', 'Add note', 'Lift']) {
      expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    }
  });

  it('says an Enterprise with no scan of the player has nothing to moderate', async () => {
    // The moderator also belongs to the other community, which never scanned the unproven player.
    await b.t.admin('POST', `/admin/v1/enterprises/${other.enterpriseId}/members`, {
      accountId: moderatorId,
    });
    const page = await signIn(moderatorId);
    await page.getByLabel('Enterprise', { exact: true }).selectOption({ label: "Otto Other's Enterprise" });
    await page.goto(b.url(`/players/${UNPROVEN.id}`));
    const panel = page.getByRole('region', { name: 'Moderation', exact: true });
    await panel
      .getByText("Otto Other's Enterprise has no scan of this player, so there is nothing to moderate.", {
        exact: false,
      })
      .waitFor();
    expect(await panel.getByRole('button', { name: 'Ban', exact: true }).count()).toBe(0);
  });

  it('loaded nothing from outside the server, and the browser refused nothing under the CSP', () => {
    expect(strayRequests(b)).toEqual({ outside: [], cspViolations: [] });
  });
});

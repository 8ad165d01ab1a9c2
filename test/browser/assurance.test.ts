import { afterAll, beforeAll, expect, it } from 'vitest';
import { evidence, startScan, uploadEvidence } from '../support/evidence.js';
import { report, scanner } from '../support/scan.js';
import type { Owner } from '../support/test-app.js';
import { type BrowserApp, browserSuite, openBrowserApp, strayRequests } from './support/browser-app.js';

/**
 * A finished scan's assurance on the PIN pages, and the owner's "Show players their verdict"
 * setting (docs/dashboard.md).
 */
browserSuite('assurance and the verdict-to-players setting in the browser', (backend) => {
  let b: BrowserApp;
  let owner: Owner;
  const enterprise = "Ada Assurance's Enterprise";

  beforeAll(async () => {
    b = await openBrowserApp(backend);
    owner = await b.t.createOwner('Ada Assurance');
  });
  afterAll(async () => b?.close());

  const signIn = async (accountId: number) => {
    const page = await b.signIn(accountId);
    page.setDefaultTimeout(10_000);
    return page;
  };

  it('the PIN detail shows the verdict, the assurance badge, the client and the reasons above the timeline', async () => {
    // An unsigned report: an unknown client, so low assurance, never legit.
    const code = await scanner(b.t).scan(owner.key, report(), ['HW-ASSURANCE-BROWSER'], 'FiveM', {
      client: null,
    });
    const page = await signIn(owner.accountId);
    await page.goto(b.url(`/pins/${code}`));
    const verdict = page.getByRole('region', { name: 'Verdict' });
    await verdict.getByText('Low assurance').waitFor();
    await verdict.getByText('Suspicious').waitFor();
    expect(await verdict.getByTestId('scan-client').textContent()).toBe('Unknown client');
    const reasons = verdict.getByRole('list', { name: 'Why the assurance is low' });
    await reasons.getByText(/a client this server does not know/).waitFor();
    await b.screenshot(verdict, 'pin-detail-assurance');

    // Above the timeline: the verdict section comes first in the page's order.
    const order = await page.evaluate(`(() => {
      const verdict = document.getElementById('verdict-title');
      const timeline = document.getElementById('timeline-title');
      return verdict !== null && timeline !== null &&
        (verdict.compareDocumentPosition(timeline) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    })()`);
    expect(order).toBe(true);

    // The PIN list shows the level beside the verdict.
    await page.goto(b.url('/'));
    await page.locator(`tr[data-pin="${code}"] [data-cell="verdict"]`).getByText('Low assurance').waitFor();
    expect(strayRequests(b).outside).toEqual([]);
  });

  it('an official build’s scan shows high assurance and its build, with nothing lowering it', async () => {
    // This server's official build uploads the evidence of a running game with nothing to find.
    const started = await startScan(b.t, owner.key);
    await uploadEvidence(b.t, started.token, evidence(started.nonce));
    const code = started.pin;
    const page = await signIn(owner.accountId);
    await page.goto(b.url(`/pins/${code}`));
    const verdict = page.getByRole('region', { name: 'Verdict' });
    await verdict.getByText('High assurance').waitFor();
    expect(await verdict.getByTestId('scan-client').textContent()).toMatch(
      /^Official build scanpin-scan \d+\.\d+\.\d+ /,
    );
    await verdict.getByText('Legit').waitFor();
    await verdict.getByText('Nothing lowers the trust in this result.').waitFor();
  });

  it('the owner turns "Show players their verdict" on and off; a member does not see the switch', async () => {
    const page = await signIn(owner.accountId);
    await page.goto(b.url('/settings'));
    const section = page.getByRole('region', { name: `${enterprise}: what players see` });
    const box = section.getByRole('checkbox', { name: 'Show players their verdict' });
    await box.waitFor();
    expect(await box.isChecked()).toBe(false);
    // A click, not check(): the switch moves once the save has started (a moment later), which
    // check() would call "did not change its state" if it looked too soon.
    await box.click();
    await section.getByText('Players now see their verdict.').waitFor();
    const read = async () =>
      (
        (await (
          await page.request.get(b.url(`/app/api/enterprises/${owner.enterpriseId}/settings`))
        ).json()) as {
          verdictToPlayers: boolean;
        }
      ).verdictToPlayers;
    expect(await read()).toBe(true);
    await page.reload();
    expect(await section.getByRole('checkbox', { name: 'Show players their verdict' }).isChecked()).toBe(
      true,
    );
    await section.getByRole('checkbox', { name: 'Show players their verdict' }).click();
    await section.getByText('Players no longer see their verdict.').waitFor();
    expect(await section.getByRole('checkbox', { name: 'Show players their verdict' }).isChecked()).toBe(
      false,
    );
    expect(await read()).toBe(false);

    const memberId = await b.t.createAccount('Mo Member');
    await b.t.admin('POST', `/admin/v1/enterprises/${owner.enterpriseId}/members`, { accountId: memberId });
    const member = await signIn(memberId);
    await member.goto(b.url('/settings'));
    await member.getByRole('region', { name: 'Your Enterprises' }).getByText(enterprise).waitFor();
    expect(await member.getByRole('checkbox', { name: 'Show players their verdict' }).count()).toBe(0);
  });
});

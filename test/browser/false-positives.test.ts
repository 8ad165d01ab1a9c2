import { expect, it } from 'vitest';
import { evidence, jar } from '../support/evidence.js';
import { browserSuite, strayRequests } from './support/browser-app.js';
import { evidencePinForSuite, openEvidenceView } from './support/evidence-pin.js';

/**
 * Marking a finding a false positive in the evidence view (docs/dashboard.md, "Evidence"; docs/rules.md,
 * "Rule quality"): a confirmation that says the verdict stays, then the finding shown as marked, the
 * verdict unchanged, and the mark counted against the rule for the operator.
 */
browserSuite('marking a finding a false positive', (backend) => {
  const pin = evidencePinForSuite(backend, 'Fran Positive', (nonce) =>
    evidence(nonce, {
      files: { items: [jar('~/.minecraft/mods/optimizer.jar', ['net/wurstclient/WurstClient.class'])] },
    }),
  );

  it('marks a finding after a confirmation, shows it marked with the note, keeps the verdict, and unmarks it', async () => {
    const { b, page, findings } = await openEvidenceView(pin());
    const row = findings.getByRole('row').filter({ hasText: 'Wurst in ~/.minecraft/mods/optimizer.jar' });
    await row.getByRole('button', { name: 'Mark as false positive' }).click();

    const dialog = page.getByRole('dialog', { name: 'Mark Wurst as a false positive?' });
    await dialog.getByText('The verdict and the results do not change.').waitFor();
    await dialog.getByLabel('Note for the operator (optional)').fill('A performance mod named so');
    await dialog.getByRole('button', { name: 'Mark as false positive' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await row.getByText('False positive', { exact: true }).waitFor();
    await row.getByText('marked by Fran Positive').waitFor();
    await row.getByText('“A performance mod named so”').waitFor();
    await page.getByText('Findings marked a false positive are staff’s word').waitFor();
    await b.screenshot(page, 'evidence-false-positive');

    // Still the server's verdict; the operator sees the mark against the rule.
    const results = await b.t.api('GET', `/v1/pins/${pin().code}/status`, { key: pin().owner.key });
    expect(results.json().result).toBe('cheating');
    const { data } = await b.t.admin<{ data: Array<{ name: string; quality: { falsePositives: number } }> }>(
      'GET',
      '/admin/v1/rules',
    );
    expect(data.find((r) => r.name === 'Wurst')?.quality.falsePositives).toBe(1);

    // It stays marked across a reload, and can be taken back.
    await page.reload();
    const again = findings.getByRole('row').filter({ hasText: 'Wurst in ~/.minecraft/mods/optimizer.jar' });
    await again.getByRole('button', { name: 'Unmark Wurst as a false positive' }).click();
    await again.getByRole('button', { name: 'Mark as false positive' }).waitFor();
    expect(strayRequests(b)).toEqual({ outside: [], cspViolations: [] });
  });

  it('a viewer sees the marks and the findings but neither marks nor unmarks (docs/roles.md)', async () => {
    const { b, owner, code } = pin();
    const viewer = await b.t.createAccount('Vera Viewer');
    await b.t.admin('POST', `/admin/v1/enterprises/${owner.enterpriseId}/members`, { accountId: viewer });
    const ownerPage = await b.signIn(owner.accountId);
    const ruleId = (
      (await (await ownerPage.request.get(b.url(`/app/api/pins/${code}/evidence`))).json()) as {
        evidence: { findings: Array<{ ruleId: number }> };
      }
    ).evidence.findings[0]?.ruleId;
    const marked = await ownerPage.request.put(
      b.url(`/app/api/pins/${code}/findings/${ruleId}/false-positive`),
      {
        data: { note: null },
        headers: { origin: b.origin },
      },
    );
    expect(marked.status()).toBe(204);

    const page = await b.signIn(viewer);
    // Once the page knows the viewer's role (the Enterprises answer).
    const roleKnown = page.waitForResponse((r) => r.url().endsWith('/app/api/enterprises'));
    await page.goto(b.url(`/pins/${code}`));
    await roleKnown;
    const findings = page.getByRole('region', { name: 'Evidence' }).getByRole('table', { name: /^Findings/ });
    const row = findings.getByRole('row').filter({ hasText: 'Wurst in ~/.minecraft/mods/optimizer.jar' });
    await row.getByText('marked by Fran Positive').waitFor();
    expect(await findings.getByRole('button').count()).toBe(0);
  });
});

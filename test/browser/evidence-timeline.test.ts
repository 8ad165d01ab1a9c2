import { afterAll, beforeAll, expect, it } from 'vitest';
import type { EvidenceDocument, ProgramEvidence } from '../../src/domain/evidence.js';
import { evidence, startScan, uploadEvidence } from '../support/evidence.js';
import type { Owner } from '../support/test-app.js';
import { type BrowserApp, browserSuite, openBrowserApp, strayRequests } from './support/browser-app.js';

const CHEAT = '~/Downloads/cheat.exe';
const TOOL = 'C:/Tools/tool.exe';
// Fixed times in the past, so no cross-check but "executed, file deleted" fires.
const PREFETCH_RUNS = ['2024-03-10T18:00:05.000Z', '2024-03-10T18:40:12.000Z'];
const BAM_RUN = '2024-03-10T18:41:00.000Z';
const PCA_LAUNCH = '2024-03-10T17:59:58.000Z';
const DELETED_AT = '2024-03-10T19:02:30.000Z';

const deleted: ProgramEvidence = {
  path: CHEAT,
  name: 'cheat.exe',
  exists: false,
  sha256: null,
  modifiedAt: null,
  createdAt: null,
  signature: null,
  timeline: [
    { source: 'pca', at: PCA_LAUNCH },
    { source: 'prefetch', at: PREFETCH_RUNS[0] as string },
    { source: 'prefetch', at: PREFETCH_RUNS[1] as string },
    { source: 'bam', at: BAM_RUN },
    { source: 'recycle-bin', at: DELETED_AT },
  ],
};

const signed: ProgramEvidence = {
  path: TOOL,
  name: 'tool.exe',
  exists: true,
  sha256: 'd'.repeat(64),
  modifiedAt: '2024-01-02T10:00:00.000Z',
  createdAt: '2024-01-02T10:00:00.000Z',
  signature: {
    status: 'signed-valid',
    signer: 'CN=Example Tools Ltd',
    issuer: 'CN=Example Code Signing CA',
    selfSigned: false,
    reason: null,
    signedAt: '2024-01-02T09:00:00.000Z',
  },
  timeline: [
    { source: 'file-created', at: '2024-01-02T10:00:00.000Z' },
    { source: 'file-modified', at: '2024-01-02T10:00:00.000Z' },
    { source: 'prefetch', at: '2024-03-10T17:00:00.000Z' },
  ],
};

/** `2024-03-10 18:00:05 UTC`: what the view puts in each time's title. */
const utc = (iso: string) => `${iso.slice(0, 19).replace('T', ' ')} UTC`;

/** A scan-client document of a Windows machine with a deleted cheat and a signed tool that ran. */
function windowsDocument(nonce: string): EvidenceDocument {
  const doc = evidence(nonce, {
    programs: { status: 'collected', reason: null, items: [deleted, signed] },
  });
  return { ...doc, schema: 2, client: { version: '0.1.0', platform: 'win32', arch: 'x64' } };
}

/** Each program's timeline in the evidence view (docs/dashboard.md; docs/scan-client.md, "Programs that ran"). */
browserSuite('program timelines in the evidence view', (backend) => {
  let b: BrowserApp;
  let owner: Owner;
  let code: string;

  beforeAll(async () => {
    b = await openBrowserApp(backend);
    owner = await b.t.createOwner('Tim Timeline');
    const scan = await startScan(b.t, owner.key);
    code = scan.pin;
    const res = await uploadEvidence(b.t, scan.token, windowsDocument(scan.nonce));
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(async () => b?.close());

  it('shows a deleted program as executed, with its Prefetch, BAM and PCA times and the rule that decided', async () => {
    const page = await b.signIn(owner.accountId);
    await page.goto(b.url(`/pins/${code}`));
    const view = page.getByRole('region', { name: 'Evidence' });

    // The finding links to the program's timeline.
    const findings = view.getByRole('table', { name: /^Findings/ });
    const row = findings.getByRole('row').filter({ hasText: 'Executed, file deleted' });
    await row.getByText('Execution: the program ran on this computer').waitFor();
    const link = row.getByRole('link', { name: CHEAT });
    expect(await link.getAttribute('href')).toBe('#evidence-programs-0');
    await link.click();
    await expect
      .poll(() => page.evaluate('document.activeElement && document.activeElement.id'))
      .toBe('evidence-programs-0');

    const programs = view.getByRole('region', { name: 'Programs that ran Collected' });
    const cheat = programs.getByRole('listitem').filter({ has: page.getByRole('heading', { name: CHEAT }) });
    await cheat.getByText('Executed, file deleted', { exact: true }).waitFor();
    await cheat.getByText('No signature: the file is gone').waitFor();

    // Oldest first, each with what happened, which source said it, and its UTC time on hover.
    const timeline = cheat.getByRole('list', { name: 'Timeline of cheat.exe' });
    const entries = timeline.getByRole('listitem');
    expect(await entries.count()).toBe(5);
    const said: Array<{ text: string; datetime: string | null; title: string | null }> = [];
    for (const entry of await entries.all()) {
      const time = entry.locator('time');
      const [whole, shown] = [(await entry.textContent()) ?? '', (await time.textContent()) ?? ''];
      said.push({
        text: whole.slice(shown.length).trim(),
        datetime: await time.getAttribute('datetime'),
        title: await time.getAttribute('title'),
      });
    }
    expect(said).toEqual([
      { text: 'Launched · said by PCA', datetime: PCA_LAUNCH, title: utc(PCA_LAUNCH) },
      { text: 'Ran · said by Prefetch', datetime: PREFETCH_RUNS[0], title: utc(PREFETCH_RUNS[0] as string) },
      { text: 'Ran · said by Prefetch', datetime: PREFETCH_RUNS[1], title: utc(PREFETCH_RUNS[1] as string) },
      { text: 'Last run · said by BAM', datetime: BAM_RUN, title: utc(BAM_RUN) },
      {
        text: 'Deleted to the Recycle Bin · said by Recycle Bin',
        datetime: DELETED_AT,
        title: utc(DELETED_AT),
      },
    ]);
    // The shown time is in the reader's own zone (the browser's), to the second and with the zone.
    const local = await page.evaluate(
      `new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'long' }).format(new Date('${PCA_LAUNCH}'))`,
    );
    expect(await entries.first().locator('time').textContent()).toBe(local);

    // The findings about this program, with the rule that decided each.
    const about = cheat.getByRole('list', { name: 'Findings for cheat.exe' });
    await about.getByText(/^Executed, file deleted in ~\/Downloads\/cheat\.exe \(ran: Prefetch/).waitFor();
    await about.getByText(/Decided by rule “Executed, file deleted” \(signal · rule #\d+\)/).waitFor();
    await b.screenshot(page, 'evidence-timeline');

    // The signed tool: present, signed, its signer, and file times beside its run.
    const tool = programs.getByRole('listitem').filter({ has: page.getByRole('heading', { name: TOOL }) });
    await tool.getByText('Executed, file present', { exact: true }).waitFor();
    await tool.getByText('Signed', { exact: true }).waitFor();
    await tool.getByText('CN=Example Tools Ltd').waitFor();
    const toolTimeline = tool.getByRole('list', { name: 'Timeline of tool.exe' });
    expect(await toolTimeline.getByText(/said by File times/).count()).toBe(2);
    await tool.getByText('No rule matched this program.').waitFor();

    expect(strayRequests(b)).toEqual({ outside: [], cspViolations: [] });
  });

  it('fits a 360 px wide screen', async () => {
    const page = await b.signIn(owner.accountId);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(b.url(`/pins/${code}#evidence-programs-0`));
    await page.getByRole('list', { name: 'Timeline of cheat.exe' }).waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
  });
});

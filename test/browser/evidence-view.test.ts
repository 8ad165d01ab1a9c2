import { afterAll, beforeAll, expect, it } from 'vitest';
import { evidence, GAME_MEMORY, jar, startScan, uploadEvidence } from '../support/evidence.js';
import { report, scanner } from '../support/scan.js';
import type { Owner } from '../support/test-app.js';
import { type BrowserApp, browserSuite, openBrowserApp, strayRequests } from './support/browser-app.js';

const JAR_PATH = '~/.minecraft/mods/optimizer.jar';

/** The evidence view of a scan-client scan (docs/scan-client.md), in a real browser. */
browserSuite('evidence view in the browser', (backend) => {
  let b: BrowserApp;
  let owner: Owner;
  let code: string;

  beforeAll(async () => {
    b = await openBrowserApp(backend);
    owner = await b.t.createOwner('Eve Evidence');
    const scan = await startScan(b.t, owner.key);
    code = scan.pin;
    const doc = evidence(scan.nonce, {
      processes: {
        items: [
          {
            pid: 4242,
            name: 'java',
            path: '/usr/lib/jvm/java-21/bin/java',
            sha256: 'c'.repeat(64),
            // Long enough before the scan that the "game started just before it" rule stays quiet.
            startedAt: new Date(Date.now() - 30 * 60_000).toISOString(),
            commandLine: 'java -Xmx4G -jar client.jar --accessToken <redacted>',
            injections: [],
          },
        ],
      },
      memory: {
        status: 'collected',
        reason: null,
        items: [
          {
            pid: 4242,
            process: 'java',
            readable: true,
            reason: null,
            bytesScanned: 512 * 1024 * 1024,
            regions: 812,
            classNames: Array.from({ length: 1200 }, (_, i) => `net/minecraft/client/Class${i}`),
            strings: [],
            truncated: false,
          },
        ],
      },
      files: {
        items: [
          jar(
            '~/.minecraft/mods/sodium.jar',
            ['me/jellysquid/mods/sodium/SodiumClientMod.class'],
            'b'.repeat(64),
          ),
          jar(JAR_PATH, ['net/wurstclient/WurstClient.class', 'fabric.mod.json']),
        ],
      },
      discord: { accounts: [{ id: '123456789012345678', username: 'EvidencePlayer', client: 'discord' }] },
      network: {
        adapters: [
          { name: 'eth0', kind: 'ethernet', up: true, hasAddress: true, description: null },
          { name: 'wg0', kind: 'vpn', up: false, hasAddress: false, description: 'WireGuard' },
        ],
      },
    });
    const res = await uploadEvidence(b.t, scan.token, doc);
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(async () => b?.close());

  it('lists the finding with its rule, what it proves and a link to the jar behind it', async () => {
    const page = await b.signIn(owner.accountId);
    await page.goto(b.url(`/pins/${code}`));
    const view = page.getByRole('region', { name: 'Evidence' });
    const findings = view.getByRole('table', { name: 'Findings (1)' });
    await findings.waitFor();
    const row = findings.getByRole('row').nth(1);
    await row.getByText(`Wurst in ${JAR_PATH}`).waitFor();
    expect(await row.getByRole('cell').nth(1).textContent()).toMatch(/^Wurst/);
    await row.getByText('Detection').waitFor();
    await row.getByText('Possession: the file is on the disk').waitFor();
    const link = row.getByRole('link', { name: JAR_PATH });
    expect(await link.getAttribute('href')).toBe('#evidence-files-1');

    // The link leads to the jar: its path, SHA-256 and entries, the matched entry marked.
    await link.click();
    const item = view.locator('#evidence-files-1');
    await expect
      .poll(() => page.evaluate('document.activeElement && document.activeElement.id'))
      .toBe('evidence-files-1');
    await item.getByText('a'.repeat(64)).waitFor();
    await item.getByText('Entries (2)').click();
    expect(await item.locator('mark').textContent()).toBe('net/wurstclient/WurstClient.class');
    await b.screenshot(page, 'evidence-view');

    // Each source with its status; memory counts and a capped list of class names.
    await view.getByRole('heading', { name: 'Game memory Collected' }).waitFor();
    await view.getByText('Class names (1,200)').click();
    const classes = view.getByRole('list', { name: 'Class names' });
    await expect.poll(() => classes.getByRole('listitem').count()).toBe(500);
    await view.getByRole('button', { name: 'Show 500 more' }).click();
    await expect.poll(() => classes.getByRole('listitem').count()).toBe(1000);
    await view.getByText('java -Xmx4G -jar client.jar --accessToken <redacted>').waitFor();
    await view.getByRole('link', { name: 'EvidencePlayer' }).waitFor();
    await view.getByText(/^rcpt_/).waitFor();

    expect(strayRequests(b)).toEqual({ outside: [], cspViolations: [] });
  });

  it("tells a harvest's cut as the server concluded it, not by the scanner's count alone", async () => {
    // The scanner says it left out no name outside the familiar packages, but the list it sent ends
    // with a mod's name: the server does not take that count at its word.
    const scan = await startScan(b.t, owner.key);
    const mods = Array.from({ length: 20_000 }, (_, i) => `com/mod${i % 50}/Piece${i}`);
    const familiar = Array.from({ length: 30_000 }, (_, i) => `net/minecraft/x/T${i}`);
    const doc = evidence(scan.nonce, {
      memory: {
        items: [
          {
            ...GAME_MEMORY,
            classNames: [...familiar, ...mods],
            classNamesTotal: 123_456,
            classNamesUnsentUnfamiliar: 0,
            truncated: true,
          },
        ],
      },
    });
    expect((await uploadEvidence(b.t, scan.token, doc, { gzip: true })).statusCode).toBe(200);
    const page = await b.signIn(owner.accountId);
    await page.goto(b.url(`/pins/${scan.pin}`));
    const view = page.getByRole('region', { name: 'Evidence' });
    await view
      .getByText(
        /^50,000 of 123,456 class names were sent: .* Names outside those packages may be among those left out/,
      )
      .waitFor();
    expect(await view.getByText('Every name outside those packages was sent').count()).toBe(0);
  });

  it('says plainly when a scan was reported without evidence', async () => {
    const reported = await scanner(b.t).scan(owner.key, report({ detections: ['Eulen (FiveM)'] }), [
      'HW-EV-2',
    ]);
    const page = await b.signIn(owner.accountId);
    await page.goto(b.url(`/pins/${reported}`));
    await page
      .getByRole('region', { name: 'Evidence' })
      .getByText('This scan sent no evidence document')
      .waitFor();
  });
});

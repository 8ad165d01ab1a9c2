import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { COMMAND } from '../../src/domain/discord-commands.js';
import { report, scanner } from '../support/scan.js';
import type { Owner } from '../support/test-app.js';
import { type BrowserApp, browserSuite, openBrowserApp, strayRequests } from './support/browser-app.js';

const GUILD = '112233445566778899';
const ROLES = ['223344556677889900', '334455667788990011'];
/** How wide the page is drawn; more than the window means a sideways scroll bar. */
const SCROLL_WIDTH = 'document.documentElement.scrollWidth';

/** A real Ed25519 public key in the form Discord's developer portal shows it: 64 hexadecimal characters. */
function publicKeyHex(): string {
  const { publicKey } = generateKeyPairSync('ed25519');
  const { x } = publicKey.export({ format: 'jwk' });
  return Buffer.from(x ?? '', 'base64url').toString('hex');
}

/**
 * The built-in Discord app in the dashboard (docs/discord.md): Settings → Discord for owners, and the
 * preview of a PIN's message on the PIN page. Nothing here calls Discord.
 */
browserSuite('the Discord app in the browser', (backend) => {
  let b: BrowserApp;
  let owner: Owner;
  const enterprise = "Dana Discord's Enterprise";
  const guilds = () => `/admin/v1/enterprises/${owner.enterpriseId}/discord-guilds`;

  beforeAll(async () => {
    b = await openBrowserApp(backend, {
      DISCORD_APPLICATION_ID: '1180000000000000009',
      DISCORD_PUBLIC_KEY: publicKeyHex(),
      DISCORD_BOT_TOKEN: 'test-bot-token-that-is-never-sent-anywhere',
      DISCORD_API_URL: 'http://127.0.0.1:9/api/v10',
    });
    owner = await b.t.createOwner('Dana Discord');
  });
  afterAll(async () => b?.close());

  it('lets the owner make a connect code, set staff roles and disconnect a server', async () => {
    const page = await b.signIn(owner.accountId);
    await page.goto(b.url('/settings'));
    const section = page.getByRole('region', { name: `${enterprise}: Discord` });
    const invite = section.getByRole('link', { name: 'Invite the app to your server' });
    expect(await invite.getAttribute('href')).toMatch(
      /^https:\/\/discord\.com\/.*client_id=1180000000000000009/,
    );
    expect(await invite.getAttribute('target')).toBe('_blank');
    expect(await invite.getAttribute('rel')).toBe('noreferrer');
    await section.getByText('No server connected yet.').waitFor();
    // Every command the app registers is listed, each once.
    const listed = await section.getByRole('listitem').locator('code').allTextContents();
    expect(listed.map((c) => c.split(' ')[0])).toEqual(Object.values(COMMAND).map((name) => `/${name}`));

    await section.getByRole('button', { name: 'Make a connect code' }).click();
    const code = (await section.getByTestId('connect-code').textContent()) ?? '';
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    await section.getByText(`/scanpin connect code:${code}`).waitFor();
    await section.getByText('In your server, a member with Manage Server types').waitFor();
    await section.getByRole('button', { name: 'Copy the connect code' }).waitFor();

    // Connected as `/scanpin connect` would do it, through the operator's API.
    await b.t.admin('PUT', `${guilds()}/${GUILD}`, { staffRoleIds: [] });
    await page.reload();
    const row = section.locator(`tr[data-guild="${GUILD}"]`);
    await row.getByText(GUILD).waitFor();
    const roles = row.getByLabel('Staff role IDs');
    expect(await roles.inputValue()).toBe('');

    await roles.fill(`${ROLES[0]}, ${ROLES[1]}`);
    await row.getByRole('button', { name: 'Save staff roles' }).click();
    await row.getByText('Staff roles saved.').waitFor();
    const stored = await b.t.admin<{ data: Array<{ guildId: string; staffRoleIds: string[] }> }>(
      'GET',
      guilds(),
    );
    expect(stored.data).toEqual([expect.objectContaining({ guildId: GUILD, staffRoleIds: ROLES })]);

    // The picture: a fresh code above the connected server and its roles.
    await section.getByRole('button', { name: 'Make a connect code' }).click();
    await section.getByTestId('connect-code').waitFor();
    await b.screenshot(section, 'discord-settings');

    // Nothing sticks out sideways on a phone (the table scrolls inside its own frame).
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(SCROLL_WIDTH)).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 1280, height: 800 });

    // A role ID that is not one is refused before anything is sent.
    await roles.fill(`${ROLES[0]}\n12345`);
    await row.getByRole('button', { name: 'Save staff roles' }).click();
    await row.getByText('“12345” is not a role ID: a role ID is 15 to 20 digits').waitFor();
    expect(await roles.getAttribute('aria-invalid')).toBe('true');
    const unchanged = await b.t.admin<{ data: Array<{ staffRoleIds: string[] }> }>('GET', guilds());
    expect(unchanged.data[0]?.staffRoleIds).toEqual(ROLES);

    await row.getByRole('button', { name: `Disconnect server ${GUILD}` }).click();
    const disconnect = page.getByRole('dialog', { name: `Disconnect server ${GUILD}?` });
    // Every staff command stops working there; connecting again is still possible.
    const refused = await disconnect.locator('code').allTextContents();
    expect(refused).toEqual(
      Object.values(COMMAND)
        .filter((name) => name !== COMMAND.scanpin)
        .map((name) => `/${name}`),
    );
    await disconnect.getByRole('button', { name: 'Disconnect server' }).click();
    await section.getByText('No server connected yet.').waitFor();
    expect((await b.t.admin<{ data: unknown[] }>('GET', guilds())).data).toEqual([]);
  });

  it('does not offer the Discord settings to a member', async () => {
    const member = await b.t.createAccount('Milo Member');
    await b.t.admin('POST', `/admin/v1/enterprises/${owner.enterpriseId}/members`, { accountId: member });
    const page = await b.signIn(member);
    await page.goto(b.url('/settings'));
    await page
      .getByRole('region', { name: 'Your Enterprises' })
      .getByRole('row')
      .filter({ hasText: enterprise })
      .getByText('Viewer')
      .waitFor();
    expect(await page.getByRole('region', { name: `${enterprise}: Discord` }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Make a connect code' }).count()).toBe(0);
    const refused = await page.request.get(b.url(`/app/api/enterprises/${owner.enterpriseId}/discord`));
    expect(refused.status()).toBe(403);
  });

  it("previews a finished scan's message as Discord shows it", async () => {
    const scan = scanner(b.t);
    const code = await scan.scan(
      owner.key,
      report({
        detections: ['Eulen (FiveM)'],
        suspicious: ['Unsigned driver loaded: kdmapper.sys'],
        warnings: ['Windows Defender real-time protection is off'],
      }),
      ['HW-1'],
    );
    const page = await b.signIn(owner.accountId);
    await page.goto(b.url(`/pins/${code}`));
    await page.getByRole('heading', { level: 1, name: `PIN ${code}` }).waitFor();
    const preview = page.getByRole('figure', { name: 'Discord message preview' });
    // Collapsed until asked for.
    expect(await preview.count()).toBe(0);
    await page.locator('summary', { hasText: 'Discord message' }).click();
    await page.getByText('What the Discord app shows for this PIN (docs/discord.md)').waitFor();

    await preview.getByText('The scan has finished.').waitFor();
    await preview.getByText('Result: cheating').waitFor();
    await preview.getByText('Eulen (FiveM)').waitFor();
    expect(await preview.getByText('APP', { exact: true }).count()).toBe(1);
    // The content's `**CODE**` is bold, its markdown never shown.
    expect(await preview.locator('.discord-content strong').textContent()).toBe(code);
    expect((await preview.textContent()) ?? '').not.toContain('**');
    // The verdict's colour on the embed's edge (Discord's red, 0xed4245).
    expect(await preview.locator('.discord-embed').getAttribute('style')).toContain('rgb(237, 66, 69)');

    const full = preview.getByRole('link', { name: 'Full result' });
    expect(await full.getAttribute('href')).toBe(b.url(`/pins/${code}`));
    expect(await full.getAttribute('target')).toBe('_blank');
    expect(await full.getAttribute('rel')).toBe('noreferrer');
    const share = preview.getByRole('button', { name: 'Share link', exact: true });
    expect(await share.isDisabled()).toBe(true);
    await b.screenshot(preview, 'discord-message-finished');

    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(SCROLL_WIDTH)).toBeLessThanOrEqual(360);
  });

  it("previews a waiting PIN's message, escapes shown literally, and follows the scan as it starts", async () => {
    const code = await b.t.createPin(owner.key, { type: 'FiveM', pinName: 'Sneaky_Player' });
    const page = await b.signIn(owner.accountId);
    await page.goto(b.url(`/pins/${code}`));
    await page.locator('summary', { hasText: 'Discord message' }).click();
    const preview = page.getByRole('figure', { name: 'Discord message preview' });
    const content = preview.locator('.discord-content');
    await content.getByText('Give the player this PIN').waitFor();
    // The name goes to Discord escaped (`Sneaky\_Player`, in the embed's title) and shows as typed.
    const sent = await page.request.get(b.url(`/app/api/pins/${code}/discord-message`));
    const title = preview.locator('.discord-embed-title');
    expect(((await sent.json()) as { embeds: Array<{ title: string }> }).embeds[0]?.title).toContain(
      'Sneaky\\_Player',
    );
    expect(await title.textContent()).toContain('Sneaky_Player');
    expect(await title.textContent()).not.toContain('\\');
    const download = preview.getByRole('link', { name: 'Scanner download' });
    expect(await download.getAttribute('href')).toBe(b.url(`/scan/${code}`));
    await b.screenshot(preview, 'discord-message-pending');

    // The page follows the PIN live; the open preview is drawn again.
    await scanner(b.t).startOk(code, ['HW-2']);
    await content.getByText('The scan is running.').waitFor();
  });

  it('loaded nothing from outside the server, and the browser refused nothing under the CSP', () => {
    expect(strayRequests(b)).toEqual({ outside: [], cspViolations: [] });
  });
});

import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildScanner } from '../../packages/scanner/scripts/build-sea.js';
import { PLAYER, plantCleanMachine } from '../scanner/fixtures/acceptance.js';
import { type GameProcess, startGameProcess } from '../scanner/fixtures/game-process.js';
import { runInTerminal } from '../scanner/fixtures/terminal.js';
import { type DiscordAppStandIn, startDiscordAppStandIn } from '../support/discord-app-stand-in.js';
import type { Owner } from '../support/test-app.js';
import {
  type BrowserApp,
  browserSuite,
  CHROMIUM,
  openBrowserApp,
  strayRequests,
} from './support/browser-app.js';
import { withVirtualAuthenticator } from './support/virtual-authenticator.js';

/**
 * A staff member's day without the server's terminal, end to end in a real browser: the owner invites
 * them; they join with a passkey and sign in again with it alone; the owner makes them a moderator;
 * they create a PIN for a Minecraft player and cancel a no-show's; the player's /scan/<PIN> page gives
 * the Linux build stamped with this server and the PIN, which, run with no arguments on a planted
 * machine, asks only for consent and finishes the scan; they ban the player from the player page, and
 * `/lookup` in the Enterprise's Discord server shows the ban (docs/dashboard.md, docs/roles.md,
 * docs/scan-client.md "Your scan link", docs/discord.md).
 */

const linuxX64 = process.platform === 'linux' && process.arch === 'x64';
const GUILD = '410000000000000001';
const CHANNEL = '510000000000000001';
/** A member of the Discord server with Manage Server: staff there without a staff role. */
const MANAGER = {
  userId: '710000000000000001',
  username: 'head-mod',
  roles: [],
  permissions: String(1 << 5),
};

/** Everything a Discord message shows, as one string: its text and its embeds' titles and fields. */
function embedText(message: {
  content?: string;
  embeds?: { title?: string; description?: string; fields?: { name: string; value: string }[] }[];
}): string {
  const embeds = (message?.embeds ?? []).map((e) =>
    [e.title, e.description, ...(e.fields ?? []).flatMap((f) => [f.name, f.value])].join('\n'),
  );
  return [message?.content ?? '', ...embeds].join('\n');
}

/**
 * The Linux single executable, built once for this file's suites (about 2.5 s with an official Node,
 * which carries the SEA fuse; docs/scan-client.md, "Building the executables"). Its folder is what the
 * server serves downloads from. A build that cannot be made is an answer, not a throw: the walk-through
 * then says so and skips.
 */
let built: Promise<{ dir: string; problem: string | null }> | undefined;
function linuxBuild(): Promise<{ dir: string; problem: string | null }> {
  built ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scanpin-walkthrough-build-'));
    if (!linuxX64) return { dir, problem: 'the Linux single executable is built on linux-x64 only' };
    try {
      await buildScanner(['linux-x64'], null, dir);
      return { dir, problem: null };
    } catch (error) {
      return { dir, problem: `the Linux build could not be made: ${(error as Error).message}` };
    }
  })();
  return built;
}
afterAll(async () => {
  if (built) rmSync((await built).dir, { recursive: true, force: true });
});
if (CHROMIUM && !linuxX64)
  console.warn(
    '\n[scanpin] SKIPPED the staff walk-through: the Linux single executable is built on linux-x64 only.\n',
  );

browserSuite('the staff walk-through in the browser', (backend) => {
  let b: BrowserApp;
  let owner: Owner;
  let discord: DiscordAppStandIn;
  let game: GameProcess;
  let problem: string | null = null;
  let buildDir = '';
  const cleanUp: string[] = [];
  const enterprise = "Wren Walkthrough's Enterprise";

  beforeAll(async () => {
    const build = await linuxBuild();
    problem = build.problem;
    buildDir = build.dir;
    if (problem !== null) return;
    discord = await startDiscordAppStandIn();
    // WebAuthn takes a domain as relying party, never an IP address. The server registers the build's
    // client from the manifest in its downloads folder and accepts official clients only, as in
    // production (docs/scan-client.md, "Official builds").
    b = await openBrowserApp(
      backend,
      {
        SCANNER_DOWNLOADS_DIR: build.dir,
        SCANNER_ACCEPT: 'official',
        DISCORD_APPLICATION_ID: discord.applicationId,
        DISCORD_PUBLIC_KEY: discord.publicKeyHex,
        DISCORD_BOT_TOKEN: discord.botToken,
        DISCORD_API_URL: discord.apiUrl,
      },
      { hostname: 'localhost' },
    );
    owner = await b.t.createOwner('Wren Walkthrough');
    // The game runs, as the scan asks (docs/scan-client.md, "The game must run"): a process named java
    // holding what a running Minecraft does and no cheat.
    game = await startGameProcess({
      ascii: Array.from({ length: 200 }, (_, i) => `net/minecraft/client/render/Renderer${i}`),
    });
  }, 60_000);
  afterAll(async () => {
    game?.stop();
    await b?.close();
    await discord?.close();
    for (const dir of cleanUp) rmSync(dir, { recursive: true, force: true });
  });

  /** `/lookup player:` by staff in the Enterprise's Discord server, signed as Discord signs it: what it shows. */
  async function lookUpInDiscord(): Promise<string> {
    const answer = await discord.sendInteraction(
      b.origin,
      discord.commandInteraction({
        name: 'lookup',
        options: { player: { user: PLAYER } },
        guildId: GUILD,
        channelId: CHANNEL,
        member: MANAGER,
      }),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return embedText(answer.body?.data);
  }

  it('an invited staff member signs in with no operator step, makes and cancels PINs, the player’s download scans with only a consent, and a ban from the player page shows in Discord', async ({
    skip,
  }) => {
    if (problem !== null) {
      console.warn(`\n[scanpin] SKIPPED the staff walk-through on ${backend.name}: ${problem}.\n`);
      skip(problem);
    }

    // The owner: connects the Enterprise's Discord server with a connect code from Settings, as
    // `/scanpin connect` in that server does it (docs/discord.md), and makes an invite.
    const ownerPage = await b.signIn(owner.accountId);
    await ownerPage.getByRole('link', { name: 'Settings' }).first().click();
    const discordSection = ownerPage.getByRole('region', { name: `${enterprise}: Discord` });
    await discordSection.getByRole('button', { name: 'Make a connect code' }).click();
    const connectCode = (await discordSection.getByTestId('connect-code').textContent()) ?? '';
    const connected = await discord.sendInteraction(
      b.origin,
      discord.commandInteraction({
        name: 'scanpin',
        subcommand: 'connect',
        options: { code: connectCode },
        guildId: GUILD,
        channelId: CHANNEL,
        member: MANAGER,
      }),
    );
    expect(connected.body?.data?.content, JSON.stringify(connected.body)).toMatch(/now connected to/);

    const members = ownerPage.getByRole('region', { name: `${enterprise}: members and invites` });
    await members.getByLabel('Who can join with it').selectOption('single');
    await members.getByRole('button', { name: 'Create invite' }).click();
    const inviteUrl = (await members.getByTestId('invite-url').textContent()) ?? '';
    expect(inviteUrl.startsWith(`${b.origin}/invite/`)).toBe(true);

    // The invited person, in a browser of their own with a device that makes passkeys: joins with a
    // new passkey, signs out, and is signed in again by the passkey alone; no link, no operator.
    const staff = await b.newPage();
    const credentials = await withVirtualAuthenticator(staff);
    await staff.goto(inviteUrl);
    await staff.getByText(`You are invited to join ${enterprise}`).waitFor();
    await staff.getByLabel('Your name').fill('Sky Staff');
    await staff.getByLabel('Name this passkey').fill('Work laptop');
    await staff.getByRole('button', { name: 'Create a passkey and join' }).click();
    await staff
      .getByRole('status')
      .filter({ hasText: `You joined ${enterprise}` })
      .waitFor();
    expect(await credentials()).toHaveLength(1);
    await staff.goto(b.url('/'));
    await staff.getByRole('heading', { level: 1, name: 'PINs' }).waitFor();
    await Promise.all([
      staff.waitForURL((url) => url.pathname === '/sign-in'),
      staff.getByRole('button', { name: 'Sign out', exact: true }).click(),
    ]);
    // The sign-in page asks for a passkey through the field's autofill; the device answers it.
    await staff.waitForURL(`${b.origin}/`);
    expect(await staff.getByTestId('account-name').textContent()).toBe('Sky Staff');
    // A new member is a viewer, who creates no PINs (docs/roles.md).
    await staff.getByRole('heading', { level: 1, name: 'PINs' }).waitFor();
    expect(await staff.getByRole('button', { name: 'Create PIN' }).count()).toBe(0);

    // The owner makes them a moderator.
    await ownerPage.reload();
    await members.getByRole('combobox', { name: 'Role of Sky Staff' }).selectOption('moderator');
    await members.getByRole('combobox', { name: 'Role of Sky Staff' }).waitFor();
    await expect
      .poll(async () =>
        (await ownerPage.request.get(b.url(`/app/api/enterprises/${owner.enterpriseId}/members`))).text(),
      )
      .toContain('"moderator"');

    // The moderator creates a PIN for a Minecraft player named by their Discord ID, and the PIN of a
    // player who will not show up.
    await staff.reload();
    await staff.getByRole('button', { name: 'Create PIN' }).click();
    const form = staff.getByRole('region', { name: 'Create a PIN' });
    await form.getByLabel('Game').selectOption('Java');
    await form.getByLabel("Player's Discord ID (optional)").fill(PLAYER.id);
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    const pin = (await staff.getByTestId('created-pin').textContent()) ?? '';
    expect(pin).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    const scanLink = (await staff.getByTestId('scan-link').getAttribute('href')) ?? '';
    expect(scanLink).toBe(b.url(`/scan/${pin}`));

    await staff.getByRole('button', { name: 'Create another' }).click();
    await form.getByLabel('Game').selectOption('Java');
    await form.getByLabel('Name (optional)').fill('No-show');
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    const noShow = (await staff.getByTestId('created-pin').filter({ hasNotText: pin }).textContent()) ?? '';
    expect(noShow).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);

    // The no-show's PIN is cancelled from its page, freeing the slot.
    await staff.goto(b.url(`/pins/${noShow}`));
    await staff.getByRole('button', { name: 'Cancel PIN' }).click();
    await staff
      .getByRole('dialog', { name: `Cancel PIN ${noShow}?` })
      .getByRole('button', { name: 'Cancel PIN' })
      .click();
    await staff.locator('.page-header').getByText('Expired', { exact: true }).waitFor();
    await staff
      .getByText('The PIN was cancelled before the scan started.', { exact: false })
      .first()
      .waitFor();
    const cancelled = await staff.request.get(b.url(`/app/api/pins/${noShow}`));
    expect(await cancelled.json()).toMatchObject({
      status: { status: 'expired', statusMessage: expect.stringMatching(/cancelled/) },
    });

    // The moderator watches the player's PIN on its page while the player scans.
    await staff.goto(b.url(`/pins/${pin}`));
    await staff.locator('.page-header').getByText('Pending', { exact: true }).waitFor();
    // Anything that reloads the page would lose this: the page follows the scan by itself.
    await staff.evaluate('window.__notReloaded = true');

    // The player's link, opened in the browser: one download for this platform, stamped with this
    // server and the PIN, captured as the browser saves it.
    const scanPage = await staff.context().newPage();
    await scanPage.goto(scanLink);
    const [download] = await Promise.all([
      scanPage.waitForEvent('download'),
      scanPage.getByRole('link', { name: 'Download the scanner for Linux' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`scanpin-scan-${pin}`);
    const downloads = mkdtempSync(join(tmpdir(), 'scanpin-walkthrough-download-'));
    cleanUp.push(downloads);
    const file = join(downloads, download.suggestedFilename());
    await download.saveAs(file);
    chmodSync(file, 0o755);
    // The published build with only the server and the PIN written in: the same size.
    expect(statSync(file).size).toBe(statSync(join(buildDir, 'scanpin-scan-linux-x64')).size);

    // Run as a double-click does, in a terminal, with no arguments, on a planted Linux home: the only
    // question is the consent, which names the community.
    const machine = await plantCleanMachine();
    cleanUp.push(machine.root);
    const run = await runInTerminal(file, machine.env, /Do you agree to this scan\? \[y\/N\]/, 'y');
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain(enterprise);
    // Any other question would have waited for an answer that never comes, and the run would not
    // have ended well; and none was printed.
    expect(run.output.match(/\[y\/N\]/g) ?? [], run.output).toHaveLength(1);
    expect(run.output).not.toContain('PIN from the staff');
    expect(run.output).not.toContain('Waiting for the game');

    // The moderator's page shows the scan finished, live, with its verdict.
    const header = staff.locator('.page-header');
    await header.getByText('Finished', { exact: true }).waitFor();
    await header.getByText('Legit', { exact: true }).waitFor();
    expect(await staff.evaluate('window.__notReloaded')).toBe(true);
    const finished = await staff.request.get(b.url(`/app/api/pins/${pin}`));
    expect(await finished.json()).toMatchObject({ status: { status: 'finished' } });

    // From the finished scan to the player: the account the scan found, which the moderator named.
    const accounts = staff.getByRole('region', { name: 'Discord accounts on the machine' });
    await accounts.getByText('named by you, counts only for your Enterprise').waitFor();
    await accounts.getByRole('link', { name: PLAYER.username }).first().click();
    await staff.waitForURL(b.url(`/players/${PLAYER.id}`));
    // Discord's /lookup says the player is not banned yet.
    expect(await lookUpInDiscord()).toContain('**Banned:** no');

    // The moderator bans the player from the player page. The player has not proven their Discord
    // account, so the ban is the Enterprise's own, as the dialog says before it is confirmed.
    const reason = 'Alt of a player banned last week';
    const moderation = staff.getByRole('region', { name: 'Moderation', exact: true });
    await moderation.getByRole('button', { name: 'Ban', exact: true }).click();
    const dialog = staff.getByRole('dialog', { name: `Ban ${PLAYER.username}` });
    await dialog
      .getByText(`Only ${enterprise} will see this ban: the player has not proven their Discord account.`)
      .waitFor();
    await dialog.getByLabel('Reason').fill(reason);
    await dialog.getByRole('button', { name: 'Ban player' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await moderation.getByText(`${PLAYER.username} is banned.`).waitFor();
    await moderation.getByRole('row').filter({ hasText: reason }).getByText('Sky Staff').waitFor();

    // In the Enterprise's Discord server, the staff's /lookup shows the ban.
    const shown = await lookUpInDiscord();
    expect(shown, shown).toContain(PLAYER.username);
    expect(shown, shown).toContain('**Banned:** yes');
    expect(shown, shown).toContain(reason);
  }, 180_000);

  it('loaded nothing from outside the server, and the browser refused nothing under the CSP', ({ skip }) => {
    if (problem !== null) skip(problem);
    expect(strayRequests(b)).toEqual({ outside: [], cspViolations: [] });
  });
});

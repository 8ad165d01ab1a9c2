import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { type DiscordStandIn, type StandInUser, startDiscordStandIn } from '../support/discord-stand-in.js';
import { type BrowserApp, browserSuite, openBrowserApp, strayRequests } from './support/browser-app.js';

let ids = 0;
const discordUser = (globalName: string): StandInUser => ({
  id: String(405968172634000000n + BigInt(++ids)),
  username: globalName.toLowerCase().replaceAll(' ', '_'),
  global_name: globalName,
});

/**
 * "Sign in with Discord" in a real browser (docs/dashboard.md, "Signing in", "Members and invites"),
 * against the local Discord stand-in: Chromium follows every redirect itself, cookies included.
 */
browserSuite('signing in with Discord in the browser', (backend) => {
  let discord: DiscordStandIn;
  let b: BrowserApp;

  beforeAll(async () => {
    discord = await startDiscordStandIn();
    b = await openBrowserApp(backend, discord.clientEnv());
    discord.registerRedirect(b.origin);
  });
  afterAll(async () => {
    await b?.close();
    await discord?.close();
  });
  beforeEach(() => discord.reset());

  it('the sign-in page’s "Sign in with Discord" signs in an account that has the Discord ID', async () => {
    const user = discordUser('Grace Hopper');
    await b.t.createAccount('Grace Hopper', { discordId: user.id });
    discord.user = user;
    const page = await b.newPage();
    await page.goto(b.url('/sign-in'));
    await Promise.all([
      page.waitForURL(b.url('/')),
      page.getByRole('link', { name: 'Sign in with Discord' }).click(),
    ]);
    await page.getByTestId('account-name').filter({ hasText: 'Grace Hopper' }).waitFor();
    expect((await page.request.get(b.url('/app/api/me'))).status()).toBe(200);
  });

  it('someone with no account comes back to the sign-in page, told why', async () => {
    discord.user = discordUser('Stranger');
    const page = await b.newPage();
    await page.goto(b.url('/sign-in'));
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/sign-in' && url.searchParams.get('error') === 'no_account'),
      page.getByRole('link', { name: 'Sign in with Discord' }).click(),
    ]);
    await page.getByRole('alert').filter({ hasText: 'has no scanpin account' }).waitFor();
    expect((await page.request.get(b.url('/app/api/me'))).status()).toBe(401);
  });

  it('an invite link opened by someone with no account makes them a member', async () => {
    const owner = await b.t.createOwner('Invite Owner');
    const ownerPage = await b.signIn(owner.accountId);
    const made = await ownerPage.request.post(b.url(`/app/api/enterprises/${owner.enterpriseId}/invites`), {
      data: {},
      headers: { origin: b.origin },
    });
    expect(made.status()).toBe(201);
    const { url } = (await made.json()) as { url: string };

    discord.user = discordUser('Nina Newcomer');
    const page = await b.newPage();
    await page.goto(url);
    await page.getByText("You are invited to join Invite Owner's Enterprise").waitFor();
    await b.screenshot(page, 'invite');
    await Promise.all([
      page.waitForURL(
        (u) => u.pathname === '/' && u.searchParams.get('joined') === String(owner.enterpriseId),
      ),
      page.getByRole('link', { name: 'Sign in with Discord to join' }).click(),
    ]);
    await page.getByText("You joined Invite Owner's Enterprise").waitFor();
    await page.getByTestId('account-name').filter({ hasText: 'Nina Newcomer' }).waitFor();
    const enterprises = await page.request.get(b.url('/app/api/enterprises'));
    expect(await enterprises.json()).toEqual([
      {
        enterprise: { id: owner.enterpriseId, name: "Invite Owner's Enterprise", active: true },
        role: 'viewer',
        allowedActions: expect.any(Array),
      },
    ]);
  });

  it('the pages loaded nothing from outside the server but Discord’s (stand-in) sign-in page', () => {
    const { outside, cspViolations } = strayRequests(b);
    expect(outside.filter((u) => !u.startsWith(`${discord.origin}/oauth2/authorize?`))).toEqual([]);
    expect(cspViolations).toEqual([]);
  });
});

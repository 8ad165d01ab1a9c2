import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Owner } from '../support/test-app.js';
import { type BrowserApp, browserSuite, openBrowserApp, strayRequests } from './support/browser-app.js';

/** The invite page (docs/dashboard.md, "Members and invites") in a real browser. */
browserSuite('the invite page in the browser', (backend) => {
  let b: BrowserApp;
  let owner: Owner;

  beforeAll(async () => {
    b = await openBrowserApp(backend);
    owner = await b.t.createOwner('Ivy Inviter');
  });
  afterAll(async () => b?.close());

  async function inviteUrl(): Promise<string> {
    const page = await b.signIn(owner.accountId);
    const res = await page.request.post(b.url(`/app/api/enterprises/${owner.enterpriseId}/invites`), {
      data: { maxUses: null },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { url: string }).url;
  }

  it('names the Enterprise and lets a signed-in person join it, then shows its PINs', async () => {
    const url = await inviteUrl();
    expect(url.startsWith(`${b.origin}/invite/`)).toBe(true);
    const shared = await b.t.createPin(owner.key, { type: 'Rust', pinName: 'Seen after joining' });
    const joiner = await b.t.createAccount('Jo Joiner');
    const page = await b.signIn(joiner);
    expect(await page.getByText('Seen after joining').count()).toBe(0);

    await page.goto(url);
    await page.getByText("You are invited to join Ivy Inviter's Enterprise").waitFor();
    await page.getByRole('button', { name: "Join Ivy Inviter's Enterprise" }).click();
    await page.getByRole('status').filter({ hasText: "You joined Ivy Inviter's Enterprise" }).waitFor();
    await page.getByRole('link', { name: 'See its PINs' }).click();
    await page.locator(`tr[data-pin="${shared}"]`).waitFor();
  });

  it('tells a signed-out visitor how to sign in first, and refuses an unusable invite in words', async () => {
    const url = await inviteUrl();
    const visitor = await b.newPage();
    await visitor.goto(url);
    await visitor.getByText("You are invited to join Ivy Inviter's Enterprise").waitFor();
    // Discord sign-in is off on this server, so the way in is a sign-in link.
    await visitor.getByText('Sign in first with a sign-in link').waitFor();
    expect(await visitor.getByRole('link', { name: 'Sign in with Discord to join' }).count()).toBe(0);

    await visitor.goto(b.url('/invite/abcdefghijklmnopqrstuvwxyz0123456789'));
    await visitor.getByRole('heading', { level: 1, name: 'Invitation' }).waitFor();
    await visitor.locator('[role="alert"]').waitFor();
  });

  it('loaded nothing from outside the server, and the browser refused nothing under the CSP', () => {
    expect(strayRequests(b)).toEqual({ outside: [], cspViolations: [] });
  });
});

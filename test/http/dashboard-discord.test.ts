import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forgetRunOutSignInStates } from '../../src/application/people/discord-sign-in.js';
import { ConfigError, loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { backends } from '../support/backends.js';
import { type DiscordStandIn, type StandInUser, startDiscordStandIn } from '../support/discord-stand-in.js';
import { expectProblem, fakeClock } from '../support/http.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';
import { startSibling } from '../support/with-app.js';

const PUBLIC_URL = 'http://127.0.0.1:8080';
const CALLBACK = `${PUBLIC_URL}/auth/discord/callback`;
const ATTEMPT_COOKIE = 'scanpin_discord_sign_in';

let ids = 0;
/** A Discord user no other test in this app has used. */
function discordUser(globalName: string | null = 'Someone', username = 'someone'): StandInUser {
  return { id: String(304958172634000000n + BigInt(++ids)), username, global_name: globalName };
}

const sessionCookieOf = (res: LightMyRequestResponse) =>
  res.cookies.find((c) => c.name === 'scanpin_session');

/**
 * "Sign in with Discord" (docs/dashboard.md, "Signing in"), followed redirect by redirect as a
 * browser would: our server (inject) → the Discord stand-in (a real HTTP server) → our callback.
 */
describe.each(backends())('Sign in with Discord on $name', (backend) => {
  const clock = fakeClock(Date.now());
  const logLines: string[] = [];
  let discord: DiscordStandIn;
  let t: TestApp;
  let owner: Owner;
  let ownerCookie: string;

  beforeAll(async () => {
    discord = await startDiscordStandIn();
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    // Many signed-out calls from one address; their limit has its own test (test/security/brute-force.test.ts).
    t = await startTestApp(
      backend,
      { ...discord.env(PUBLIC_URL), UNAUTHENTICATED_PER_MINUTE: '100000' },
      clock,
      {
        logger: createLogger('trace', sink),
      },
    );
    owner = await t.createOwner('Discord Owner');
    ownerCookie = await signInWithLink(owner.accountId);
  });
  afterAll(async () => {
    await t.close();
    await discord.close();
  });
  beforeEach(() => discord.reset());

  async function signInWithLink(accountId: number): Promise<string> {
    const { url } = await t.admin<{ url: string }>('POST', `/admin/v1/accounts/${accountId}/sign-in-links`);
    const res = await t.app.inject({ method: 'POST', url: new URL(url).pathname });
    return `scanpin_session=${sessionCookieOf(res)?.value}`;
  }
  const api = (cookie: string, method: 'GET' | 'POST', url: string, body?: object) =>
    t.app.inject({
      method,
      url: `/app/api${url}`,
      headers: { cookie },
      ...(body === undefined ? {} : { payload: body }),
    });
  const makeInvite = async (body: object = {}) => {
    const res = await api(ownerCookie, 'POST', `/enterprises/${owner.enterpriseId}/invites`, body);
    expect(res.statusCode).toBe(201);
    const url = res.json<{ url: string }>().url;
    return { id: res.json<{ id: number }>().id, token: url.slice(url.lastIndexOf('/') + 1) };
  };

  /** Step 1: the sign-in page's button. Returns the attempt cookie and Discord's address. */
  async function leaveForDiscord(query = '') {
    const res = await t.app.inject({ method: 'GET', url: `/auth/discord${query}` });
    expect(res.statusCode, res.body).toBe(302);
    const attempt = res.cookies.find((c) => c.name === ATTEMPT_COOKIE);
    expect(attempt).toBeDefined();
    return { res, attempt: attempt?.value ?? '', authorize: new URL(res.headers.location as string) };
  }
  /** Step 2: Discord's consent page, answered by the stand-in; returns where it sends the browser. */
  async function atDiscord(authorize: URL): Promise<URL> {
    const res = await fetch(authorize, { redirect: 'manual' });
    expect(res.status, await res.clone().text()).toBe(302);
    return new URL(res.headers.get('location') ?? '');
  }
  /** Step 3: back at our callback, with (or without) this browser's attempt cookie. */
  function comeBack(callback: URL, attempt: string | undefined) {
    expect(`${callback.origin}${callback.pathname}`).toBe(CALLBACK);
    return t.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: attempt === undefined ? {} : { cookie: `${ATTEMPT_COOKIE}=${encodeURIComponent(attempt)}` },
    });
  }
  async function signInWithDiscord(user: StandInUser, query = '') {
    discord.user = user;
    const { attempt, authorize } = await leaveForDiscord(query);
    return comeBack(await atDiscord(authorize), attempt);
  }
  function expectRefused(res: LightMyRequestResponse, error: string) {
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(`/sign-in?error=${error}`);
    expect(sessionCookieOf(res)).toBeUndefined();
  }
  const meCookie = (res: LightMyRequestResponse) => `scanpin_session=${sessionCookieOf(res)?.value}`;
  async function meWith(res: LightMyRequestResponse) {
    const cookie = sessionCookieOf(res);
    expect(cookie).toBeDefined();
    const me = await api(`scanpin_session=${cookie?.value}`, 'GET', '/me');
    expect(me.statusCode).toBe(200);
    return { me: me.json(), cookie: `scanpin_session=${cookie?.value}` };
  }

  it('sends the browser to Discord with state and an S256 challenge, keeping the attempt in a safe cookie', async () => {
    const { res, authorize } = await leaveForDiscord();
    expect(`${authorize.origin}${authorize.pathname}`).toBe(discord.authorizeUrl);
    const q = authorize.searchParams;
    expect(Object.fromEntries(q)).toEqual({
      response_type: 'code',
      client_id: discord.clientId,
      scope: 'identify',
      redirect_uri: CALLBACK,
      state: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      code_challenge_method: 'S256',
    });
    const cookie = res.cookies.find((c) => c.name === ATTEMPT_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/auth/discord', maxAge: 600 });
    expect(cookie?.secure).toBeFalsy();
    // The cookie is sealed: neither the state nor anything else readable is in it.
    expect(cookie?.value).not.toContain(q.get('state'));
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // Each attempt is fresh.
    const again = await leaveForDiscord();
    expect(again.authorize.searchParams.get('state')).not.toBe(q.get('state'));
    expect(again.authorize.searchParams.get('code_challenge')).not.toBe(q.get('code_challenge'));
  });

  it('signs in an account that has the Discord ID, as a sign-in link does', async () => {
    const user = discordUser('Known Person');
    const accountId = await t.createAccount('Known', { discordId: user.id });
    const res = await signInWithDiscord(user);
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(sessionCookieOf(res)).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // The attempt is spent: its cookie is cleared.
    const cleared = res.cookies.find((c) => c.name === ATTEMPT_COOKIE);
    expect(cleared?.value).toBe('');
    expect(cleared?.path).toBe('/auth/discord');
    const { me } = await meWith(res);
    // The account keeps its own name; Discord's is used only for accounts made from an invite.
    expect(me).toMatchObject({ accountId, name: 'Known', discordId: user.id });
    // The client proved the code with the verifier behind the challenge it showed Discord.
    const exchange = discord.tokenRequests.at(-1);
    expect(exchange).toMatchObject({ status: 200, contentType: 'application/x-www-form-urlencoded' });
    expect(Object.keys(exchange?.form ?? {}).sort()).toEqual(
      ['client_id', 'client_secret', 'code', 'code_verifier', 'grant_type', 'redirect_uri'].sort(),
    );
    const sessions = await api(meCookie(res), 'GET', '/sessions');
    expect(sessions.json()).toHaveLength(1);
  });
  it('lands on a `next` path on this site, and ignores any that would leave it', async () => {
    const user = discordUser();
    await t.createAccount('Traveller', { discordId: user.id });
    const kept = await signInWithDiscord(user, `?next=${encodeURIComponent('/pins/A7K3M2P9?tab=results')}`);
    expect(kept.headers.location).toBe('/pins/A7K3M2P9?tab=results');
    for (const next of [
      '//evil.example',
      '//evil.example/path',
      'https://evil.example',
      '/\\evil.example',
      '/\\/evil.example',
      '/\t/evil.example',
      'evil.example',
      'javascript:alert(1)',
      '/\r\nSet-Cookie:x=1',
      `/${'a'.repeat(600)}`,
    ]) {
      const res = await signInWithDiscord(user, `?next=${encodeURIComponent(next)}`);
      expect(res.statusCode, next).toBe(303);
      expect(res.headers.location, next).toBe('/');
      expect(sessionCookieOf(res), next).toBeDefined();
    }
  });

  it('someone with no account is sent back with no_account', async () => {
    const res = await signInWithDiscord(discordUser('Stranger'));
    expectRefused(res, 'no_account');
  });

  it('an invite makes an account for someone who has none, and makes them a member', async () => {
    const pin = await t.createPin(owner.key);
    const invite = await makeInvite();
    const user = discordUser('Newcomer', 'newcomer_01');
    const res = await signInWithDiscord(user, `?invite=${invite.token}&next=/settings`);
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(`/?joined=${owner.enterpriseId}`);
    const { me, cookie } = await meWith(res);
    expect(me).toMatchObject({ name: 'Newcomer', discordId: user.id });
    expect((await api(cookie, 'GET', '/enterprises')).json()).toEqual([
      {
        enterprise: { id: owner.enterpriseId, name: "Discord Owner's Enterprise", active: true },
        role: 'viewer',
        allowedActions: ['results.read', 'webhooks.manage', 'members.read'],
      },
    ]);
    expect((await api(cookie, 'GET', '/pins')).json().data.map((p: { pin: string }) => p.pin)).toContain(pin);
    const listed = (await api(ownerCookie, 'GET', `/enterprises/${owner.enterpriseId}/invites`)).json();
    expect(listed.find((i: { id: number }) => i.id === invite.id)).toMatchObject({ uses: 1, usable: false });
    // The account stays: the next sign-in needs no invite.
    const again = await signInWithDiscord(user);
    expect(again.headers.location).toBe('/');
    expect((await meWith(again)).me.accountId).toBe(me.accountId);
  });

  it('names a new account by the Discord username when there is no display name', async () => {
    const invite = await makeInvite();
    const res = await signInWithDiscord(discordUser(null, 'plain_username'), `?invite=${invite.token}`);
    expect((await meWith(res)).me.name).toBe('plain_username');
  });

  it('an invite opened by someone who has an account makes that account a member', async () => {
    const user = discordUser();
    const accountId = await t.createAccount('Existing Staff', { discordId: user.id });
    const invite = await makeInvite();
    const res = await signInWithDiscord(user, `?invite=${invite.token}`);
    expect(res.headers.location).toBe(`/?joined=${owner.enterpriseId}`);
    const { me, cookie } = await meWith(res);
    expect(me.accountId).toBe(accountId);
    expect((await api(cookie, 'GET', '/enterprises')).json()).toMatchObject([
      { enterprise: { id: owner.enterpriseId }, role: 'viewer' },
    ]);
  });

  it('an unusable invite signs nobody in and makes no account', async () => {
    const spent = await makeInvite();
    expect((await signInWithDiscord(discordUser(), `?invite=${spent.token}`)).statusCode).toBe(303);
    const user = discordUser('Too Late');
    expectRefused(await signInWithDiscord(user, `?invite=${spent.token}`), 'invalid_invite');
    expectRefused(await signInWithDiscord(user), 'no_account');
    expectRefused(await signInWithDiscord(user, `?invite=${'x'.repeat(43)}`), 'invalid_invite');
    // An existing account is not signed in on a bad invite either.
    const known = discordUser();
    await t.createAccount('Known Staff', { discordId: known.id });
    expectRefused(await signInWithDiscord(known, `?invite=${spent.token}`), 'invalid_invite');
  });

  it('a banned account cannot sign in, with or without an invite', async () => {
    const user = discordUser();
    const accountId = await t.createAccount('Banned', { discordId: user.id });
    await t.admin('PATCH', `/admin/v1/accounts/${accountId}`, { banned: true });
    expectRefused(await signInWithDiscord(user), 'banned');
    const invite = await makeInvite();
    expectRefused(await signInWithDiscord(user, `?invite=${invite.token}`), 'banned');
    const listed = (await api(ownerCookie, 'GET', `/enterprises/${owner.enterpriseId}/invites`)).json();
    expect(listed.find((i: { id: number }) => i.id === invite.id)).toMatchObject({ uses: 0 });
  });

  it('two accounts with one Discord ID are refused rather than guessed between', async () => {
    const user = discordUser();
    await t.createAccount('Twin A', { discordId: user.id });
    await t.createAccount('Twin B', { discordId: user.id });
    expectRefused(await signInWithDiscord(user), 'ambiguous_account');
  });

  it('the person declining on Discord comes back as denied', async () => {
    discord.deny = true;
    const { attempt, authorize } = await leaveForDiscord();
    const back = await atDiscord(authorize);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expectRefused(await comeBack(back, attempt), 'denied');
  });

  it('a callback that is not this browser’s attempt is invalid_state', async () => {
    const user = discordUser();
    await t.createAccount('State Checked', { discordId: user.id });
    discord.user = user;

    // No attempt cookie (another browser, or cookies blocked).
    const first = await leaveForDiscord();
    expectRefused(await comeBack(await atDiscord(first.authorize), undefined), 'invalid_state');

    // A state that is not the one this browser was given.
    const second = await leaveForDiscord();
    const back = await atDiscord(second.authorize);
    const forged = new URL(back);
    forged.searchParams.set('state', 'A'.repeat(43));
    expectRefused(await comeBack(forged, second.attempt), 'invalid_state');
    const missing = new URL(back);
    missing.searchParams.delete('state');
    expectRefused(await comeBack(missing, second.attempt), 'invalid_state');
    const doubled = new URL(back);
    doubled.searchParams.append('state', back.searchParams.get('state') ?? '');
    expectRefused(await comeBack(doubled, second.attempt), 'invalid_state');

    // A tampered cookie.
    const third = await leaveForDiscord();
    const tampered = `${third.attempt.slice(0, -4)}AAA=`;
    expectRefused(await comeBack(await atDiscord(third.authorize), tampered), 'invalid_state');

    // An attempt over 10 minutes old.
    const fourth = await leaveForDiscord();
    const late = await atDiscord(fourth.authorize);
    clock.advance(10 * 60_000 + 1);
    expectRefused(await comeBack(late, fourth.attempt), 'invalid_state');

    // Replaying a finished callback: the code is spent, so nobody is signed in twice.
    const fifth = await leaveForDiscord();
    const good = await atDiscord(fifth.authorize);
    expect((await comeBack(good, fifth.attempt)).headers.location).toBe('/');
    expectRefused(await comeBack(good, fifth.attempt), 'invalid_state');
  });

  it('an attempt comes back once, on any instance: a replay is refused even with a code Discord would take', async () => {
    const user = discordUser();
    await t.createAccount('Replayed', { discordId: user.id });
    discord.user = user;
    const { attempt, authorize } = await leaveForDiscord();
    // Discord answers the same consent page with a new, unspent code for the same state each time.
    const first = await atDiscord(authorize);
    const second = await atDiscord(authorize);
    const state = first.searchParams.get('state') as string;
    expect(second.searchParams.get('state')).toBe(state);
    expect(second.searchParams.get('code')).not.toBe(first.searchParams.get('code'));

    expect((await comeBack(first, attempt)).headers.location).toBe('/');
    const exchanges = discord.tokenRequests.length;
    expectRefused(await comeBack(second, attempt), 'invalid_state');
    // Refused before its code was tried.
    expect(discord.tokenRequests.length).toBe(exchanges);
    expect(logLines.join('')).toContain('this attempt came back once already');

    // Another instance on the same store refuses it too.
    const third = await atDiscord(authorize);
    const sibling = await startSibling(t, backend, {
      ...discord.env(PUBLIC_URL),
      UNAUTHENTICATED_PER_MINUTE: '100000',
    });
    try {
      const callback = () =>
        sibling.inject({
          method: 'GET',
          url: `${third.pathname}${third.search}`,
          headers: { cookie: `${ATTEMPT_COOKIE}=${encodeURIComponent(attempt)}` },
        });
      // Two processes on one SQLite file can wait out its busy timeout under a loaded CI machine; a 503
      // saved nothing and says to retry, as a browser's reload would (docs/operations.md).
      let res = await callback();
      for (let retry = 0; res.statusCode === 503 && retry < 3; retry++) res = await callback();
      expectRefused(res, 'invalid_state');
    } finally {
      await sibling.close();
    }
    expect(discord.tokenRequests.length).toBe(exchanges);

    // The store keeps the state's hash only, and forgets it once the attempt has run out.
    const hash = createHash('sha256').update(state).digest('hex');
    const rows = () => t.deps.store.db.selectFrom('used_sign_in_states').selectAll().execute();
    expect((await rows()).map((r) => r.state_hash)).toContain(hash);
    expect(JSON.stringify(await rows())).not.toContain(state);
    await forgetRunOutSignInStates(t.deps);
    expect((await rows()).map((r) => r.state_hash)).toContain(hash);
    clock.advance(10 * 60_000 + 1);
    expect(await forgetRunOutSignInStates(t.deps)).toBeGreaterThanOrEqual(1);
    expect((await rows()).map((r) => r.state_hash)).not.toContain(hash);
  });

  it('PKCE binds the code to the browser that asked for it: a code slipped into another attempt is refused', async () => {
    const victim = discordUser('Victim');
    await t.createAccount('Victim', { discordId: victim.id });
    // The attacker starts their own attempt, and gets a code issued for the victim's sign-in…
    discord.user = victim;
    const victims = await leaveForDiscord();
    const stolen = await atDiscord(victims.authorize);
    // …and brings it back with the attacker's own state and cookie.
    const attackers = await leaveForDiscord();
    const injected = new URL(CALLBACK);
    injected.searchParams.set('code', stolen.searchParams.get('code') ?? '');
    injected.searchParams.set('state', attackers.authorize.searchParams.get('state') ?? '');
    expectRefused(await comeBack(injected, attackers.attempt), 'invalid_state');
    const exchange = discord.tokenRequests.at(-1);
    expect(exchange).toMatchObject({ status: 400, error: 'invalid_grant' });
    // What the client sent is the attacker's verifier, which does not hash to the victim's challenge.
    const challenge = victims.authorize.searchParams.get('code_challenge');
    const sent = createHash('sha256')
      .update(exchange?.form.code_verifier ?? '')
      .digest('base64url');
    expect(sent).toBe(attackers.authorize.searchParams.get('code_challenge'));
    expect(sent).not.toBe(challenge);
  });

  it('Discord failing or answering garbage is discord_unavailable, never a 5xx', async () => {
    const user = discordUser();
    await t.createAccount('Unlucky', { discordId: user.id });
    for (const breakage of ['status500', 'garbage', 'html', 'no_token', 'close'] as const) {
      discord.reset();
      discord.tokenBreakage = breakage;
      expectRefused(await signInWithDiscord(user), 'discord_unavailable');
    }
    for (const breakage of ['status500', 'garbage', 'html', 'close'] as const) {
      discord.reset();
      discord.userBreakage = breakage;
      expectRefused(await signInWithDiscord(user), 'discord_unavailable');
    }
    // Discord answers a user that is not one (an ID that is not a Discord ID).
    discord.reset();
    expectRefused(await signInWithDiscord({ ...user, id: 'not-an-id' }), 'discord_unavailable');
    // Discord says something other than "denied".
    discord.reset();
    const { attempt, authorize } = await leaveForDiscord();
    const back = await atDiscord(authorize);
    const odd = new URL(CALLBACK);
    odd.searchParams.set('error', 'invalid_scope');
    odd.searchParams.set('state', back.searchParams.get('state') ?? '');
    expectRefused(await comeBack(odd, attempt), 'discord_unavailable');
  });

  it('nothing secret reaches the log: no client secret, code, state, verifier, token or invite', async () => {
    const user = discordUser();
    await t.createAccount('Logged', { discordId: user.id });
    const invite = await makeInvite();
    const res = await signInWithDiscord(user, `?invite=${invite.token}`);
    expect(res.statusCode).toBe(303);
    discord.tokenBreakage = 'status500';
    expectRefused(await signInWithDiscord(user), 'discord_unavailable');
    const log = logLines.join('');
    expect(log).toContain('/auth/discord/callback');
    expect(log).toContain('discord_unavailable');
    const secrets = [
      discord.clientSecret,
      invite.token,
      ...discord.issuedCodes,
      ...discord.issuedTokens,
      ...discord.tokenRequests.flatMap((r) => [r.form.code_verifier ?? '', r.form.code ?? '']),
      ...discord.authorizeRequests.flatMap((q) => [q.get('state') ?? '', q.get('code_challenge') ?? '']),
      sessionCookieOf(res)?.value ?? '',
    ].filter((s) => s !== '');
    expect(secrets.length).toBeGreaterThan(5);
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(res.body).not.toContain(discord.issuedTokens.at(-1));
  });

  it('the sign-in page can ask which ways of signing in exist, without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/app/api/auth/options' });
    expect(res.statusCode).toBe(200);
    // An IP address cannot be a passkey's relying party (docs/dashboard.md, "Signing in").
    expect(res.json()).toEqual({ discord: true, passkey: false });
    // Both signed-out calls are in the OpenAPI document, under the Dashboard tag, needing no cookie.
    const paths = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json().paths;
    for (const path of ['/app/api/auth/options', '/app/api/invites/preview'])
      expect(paths[path]?.get, path).toMatchObject({ tags: ['Dashboard'], security: [] });
  });

  it('an invite can be previewed without a session, spending nothing', async () => {
    const invite = await makeInvite();
    const preview = (token: string) =>
      t.app.inject({ method: 'GET', url: `/app/api/invites/preview?token=${token}` });
    const res = await preview(invite.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ enterprise: "Discord Owner's Enterprise", usable: true });
    expect((await preview(invite.token)).json().usable).toBe(true);
    await api(ownerCookie, 'POST', '/invites/accept', { token: invite.token }); // owner: no use spent
    expect((await signInWithDiscord(discordUser(), `?invite=${invite.token}`)).statusCode).toBe(303);
    expect((await preview(invite.token)).json()).toEqual({
      enterprise: "Discord Owner's Enterprise",
      usable: false,
    });
    expectProblem(await preview('Z'.repeat(43)), 404, 'unknown_invite');
    expectProblem(await preview('bad token!'), 400, 'invalid_parameter');
    expectProblem(
      await t.app.inject({ method: 'GET', url: '/app/api/invites/preview' }),
      400,
      'invalid_parameter',
    );
  });
});

describe.each(backends())('Discord sign-in configuration on $name', (backend) => {
  it('is off unless both the client ID and the secret are set: 404 and `discord: false`', async () => {
    const t = await startTestApp(backend);
    try {
      expectProblem(
        await t.app.inject({ method: 'GET', url: '/auth/discord' }),
        404,
        'discord_sign_in_disabled',
      );
      expectProblem(
        await t.app.inject({ method: 'GET', url: '/auth/discord/callback?code=x&state=y' }),
        404,
        'discord_sign_in_disabled',
      );
      expect((await t.app.inject({ method: 'GET', url: '/app/api/auth/options' })).json()).toMatchObject({
        discord: false,
      });
    } finally {
      await t.close();
    }
  });

  it('on https, the attempt cookie is Secure and the redirect URI is built from PUBLIC_URL', async () => {
    const discord = await startDiscordStandIn();
    const t = await startTestApp(backend, discord.env('https://dash.example.org'));
    try {
      const res = await t.app.inject({ method: 'GET', url: '/auth/discord' });
      expect(res.statusCode).toBe(302);
      expect(new URL(res.headers.location as string).searchParams.get('redirect_uri')).toBe(
        'https://dash.example.org/auth/discord/callback',
      );
      expect(res.cookies.find((c) => c.name === ATTEMPT_COOKIE)?.secure).toBe(true);
    } finally {
      await t.close();
      await discord.close();
    }
  });
});

describe('Discord sign-in settings', () => {
  it('refuses half a set-up at start', () => {
    expect(() => loadConfig({ DISCORD_CLIENT_ID: '123' })).toThrow(ConfigError);
    expect(() => loadConfig({ DISCORD_CLIENT_SECRET: 'shh' })).toThrow(ConfigError);
    expect(() => loadConfig({ DISCORD_API_URL: 'not a url' })).toThrow(ConfigError);
    const both = loadConfig({ DISCORD_CLIENT_ID: '123', DISCORD_CLIENT_SECRET: 'shh' });
    expect(both).toMatchObject({
      discordAuthorizeUrl: 'https://discord.com/oauth2/authorize',
      discordApiUrl: 'https://discord.com/api/v10',
    });
  });
});

describe('the Discord stand-in is as strict as Discord', () => {
  let discord: DiscordStandIn;
  beforeAll(async () => {
    discord = await startDiscordStandIn();
    discord.env(PUBLIC_URL);
  });
  afterAll(async () => discord.close());

  const verifier = 'v'.repeat(43);
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  function authorizeQuery(overrides: Record<string, string | null> = {}): URL {
    const url = new URL(discord.authorizeUrl);
    const params: Record<string, string | null> = {
      response_type: 'code',
      client_id: discord.clientId,
      scope: 'identify',
      redirect_uri: CALLBACK,
      state: 'some-state',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ...overrides,
    };
    for (const [k, v] of Object.entries(params)) if (v !== null) url.searchParams.set(k, v);
    return url;
  }
  async function code(): Promise<string> {
    const res = await fetch(authorizeQuery(), { redirect: 'manual' });
    return new URL(res.headers.get('location') ?? '').searchParams.get('code') ?? '';
  }
  const exchange = (form: Record<string, string>, contentType = 'application/x-www-form-urlencoded') =>
    fetch(`${discord.apiUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: contentType.startsWith('application/json') ? JSON.stringify(form) : new URLSearchParams(form),
    });
  const good = async () => ({
    client_id: discord.clientId,
    client_secret: discord.clientSecret,
    grant_type: 'authorization_code',
    code: await code(),
    redirect_uri: CALLBACK,
    code_verifier: verifier,
  });

  it('refuses a malformed authorization request instead of redirecting', async () => {
    const malformed: Record<string, string | null>[] = [
      { code_challenge_method: 'plain' },
      { code_challenge_method: null },
      { code_challenge: null },
      { state: null },
      { scope: 'email' },
      { redirect_uri: 'http://evil.example/callback' },
      { client_id: '42' },
      { response_type: 'token' },
    ];
    for (const overrides of malformed) {
      const res = await fetch(authorizeQuery(overrides), { redirect: 'manual' });
      expect(res.status, JSON.stringify(overrides)).toBe(400);
    }
  });

  it('exchanges a code only with the right client, redirect URI and verifier, once', async () => {
    expect((await exchange({ ...(await good()), client_secret: 'wrong' })).status).toBe(401);
    for (const bad of [
      { code_verifier: 'w'.repeat(43) },
      { code_verifier: '' },
      { redirect_uri: `${PUBLIC_URL}/elsewhere` },
      { code: 'made-up' },
    ]) {
      const res = await exchange({ ...(await good()), ...bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe('invalid_grant');
    }
    expect((await exchange(await good(), 'application/json')).status).toBe(400);
    const form = await good();
    const ok = await exchange(form);
    expect(ok.status).toBe(200);
    const { access_token } = (await ok.json()) as { access_token: string };
    expect((await exchange(form)).status).toBe(400);
    const me = await fetch(`${discord.apiUrl}/users/@me`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(((await me.json()) as { id: string }).id).toBe(discord.user.id);
    expect((await fetch(`${discord.apiUrl}/users/@me`)).status).toBe(401);
  });
});

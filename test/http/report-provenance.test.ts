import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { type DiscordStandIn, startDiscordStandIn } from '../support/discord-stand-in.js';
import { evidence, jar, uploadEvidence } from '../support/evidence.js';
import { signIn } from '../support/person.js';
import { report, scanner } from '../support/scan.js';
import { officialClient, signedHeaders } from '../support/scanner-client.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

const PUBLIC_URL = 'http://127.0.0.1:8080';
const PROOF_COOKIE = 'scanpin_player_proof';
const WURST = jar('~/.minecraft/mods/optimizer.jar', [
  'net/wurstclient/WurstClient.class',
  'fabric.mod.json',
]);

let ids = 0;
/** A Discord account no other test in this app has used. */
function account(username = 'player') {
  return { id: String(405968172634000000n + BigInt(++ids)), username };
}

type Body = Record<string, unknown> & {
  found: boolean;
  scansByReach?: { shared: number; enterpriseOnly: number };
};

/**
 * Whose scan is it (docs/risk-score.md, "Whose scan it is"): a report raises what other Enterprises
 * see of an account only when the scan is tied to that account.
 */
describe.each(backends())('whose scan it is on $name', (backend) => {
  let discord: DiscordStandIn;
  let t: TestApp;
  let a: Owner;
  let b: Owner;
  let licensed: string;

  beforeAll(async () => {
    discord = await startDiscordStandIn();
    t = await startTestApp(backend, {
      ...discord.env(PUBLIC_URL),
      UNAUTHENTICATED_PER_MINUTE: '100000',
      // Proofs need PINs that wait for their scans; several wait at once here.
      MAX_ACTIVE_PINS: '100',
    });
    a = await t.createOwner('Enterprise A');
    b = await t.createOwner('Enterprise B');
    const licensee = await t.createAccount('Licensee', { licenceExpiresAt: '2099-01-01T00:00:00.000Z' });
    licensed = await t.issueKey(licensee, ['user:risk-score', 'scanned-users:lookup']);
  });
  afterAll(async () => {
    await t.close();
    await discord.close();
  });
  beforeEach(() => discord.reset());

  const get = async (key: string, url: string): Promise<Body> => {
    const res = await t.api('GET', url, { key });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Body>();
  };
  const lookup = (key: string, id: string) => get(key, `/v1/scanned-users/lookup/${id}`);
  const risk = (key: string, id: string) => get(key, `/v1/users/${id}/risk-score`);
  const results = async (key: string, pin: string) =>
    (await t.api('GET', `/v1/pins/${pin}/results`, { key })).json<{
      result: string;
      data: { discord: Array<Record<string, unknown>> };
    }>();

  async function createPin(owner: Owner, body: Record<string, unknown> = {}): Promise<string> {
    const res = await t.api('POST', '/v1/pins/create', { key: owner.key, body: { type: 'Java', ...body } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ pin: string }>().pin;
  }
  /** The scan client is the app's official build: every call signed (docs/scanner.md, "Signed calls"). */
  const official = async () => scanner(t, { client: await officialClient(t) });
  async function start(pin: string, hwid: string) {
    const body = JSON.stringify({ pin, hwids: [hwid] });
    const res = await t.api('POST', '/v1/scanner/start', {
      body,
      headers: signedHeaders(t, await officialClient(t), { path: '/v1/scanner/start', body }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ sessionToken: string; nonce: string; proof: { url: string; expiresAt: string } }>();
  }
  type Player = { id: string; username: string };
  /** A scan the scan client ran: the accounts come from the machine's Discord store. */
  async function evidenceScan(
    pin: string,
    hwid: string,
    accounts: Player[],
    cheating = true,
    /** The player proves this account through the link the scanner showed, before the upload. */
    proveAs?: Player,
  ) {
    const { sessionToken, nonce, proof } = await start(pin, hwid);
    if (proveAs !== undefined) expect((await prove(proof.url, proveAs)).statusCode).toBe(200);
    const doc = evidence(nonce, {
      files: { items: cheating ? [WURST] : [] },
      discord: { accounts: accounts.map((x) => ({ ...x, client: 'discord' })) },
    });
    const res = await uploadEvidence(t, sessionToken, doc);
    expect(res.statusCode, res.body).toBe(200);
  }
  /** A bare report: the accounts are only claimed. */
  async function claimedScan(pin: string, hwid: string, accounts: Player[], proveAs?: Player) {
    const { sessionToken, proof } = await start(pin, hwid);
    if (proveAs !== undefined) expect((await prove(proof.url, proveAs)).statusCode).toBe(200);
    const res = await (await official()).finish(
      sessionToken,
      report({ detections: ['Wurst'], discord: accounts }),
    );
    expect(res.statusCode, res.body).toBe(200);
  }

  /** The token of a proof link, as its page's form sends it. */
  const tokenOf = (link: string) => new URL(link).pathname.split('/').pop() ?? '';
  /**
   * The link the scanner showed, its page's form, Discord's consent page (the stand-in), and back:
   * the player's proof.
   */
  async function prove(
    link: string,
    user: Player,
    headers: Record<string, string> = { origin: PUBLIC_URL },
  ): Promise<LightMyRequestResponse> {
    discord.user = { ...user, global_name: null };
    const page = await t.app.inject({ method: 'GET', url: new URL(link).pathname });
    if (page.statusCode !== 200) return page;
    expect(page.body).toContain(`value="${tokenOf(link)}"`);
    const leave = await t.app.inject({
      method: 'POST',
      url: '/scan/discord',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: `token=${tokenOf(link)}`,
    });
    if (leave.statusCode !== 303) return leave;
    const attempt = leave.cookies.find((c) => c.name === PROOF_COOKIE)?.value ?? '';
    const authorize = new URL(leave.headers.location as string);
    expect(authorize.searchParams.get('scope')).toBe('identify');
    expect(authorize.searchParams.get('prompt')).toBe('consent');
    const atDiscord = await fetch(authorize, { redirect: 'manual' });
    expect(atDiscord.status).toBe(302);
    const back = new URL(atDiscord.headers.get('location') ?? '');
    expect(back.pathname).toBe('/scan/discord/callback');
    return t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: `${PROOF_COOKIE}=${encodeURIComponent(attempt)}` },
    });
  }

  it('keeps a claimed report inside the Enterprise that ran it, and says so there', async () => {
    const victim = account('victim');
    const pin = await createPin(a);
    await claimedScan(pin, 'HW-CLAIM-1', [victim]);

    for (const key of [b.key, licensed]) {
      expect(await lookup(key, victim.id)).toMatchObject({ found: false });
      expect(await risk(key, victim.id)).toMatchObject({ found: false });
    }
    expect(await lookup(a.key, victim.id)).toMatchObject({
      found: true,
      username: 'victim',
      totalScans: 1,
      overallStatus: 'cheating',
      detections: ['Wurst'],
      totalHwids: 0,
      scansByReach: { shared: 0, enterpriseOnly: 1 },
    });
    expect(await risk(a.key, victim.id)).toMatchObject({
      found: true,
      linkedProfiles: 0,
      stats: { totalScans: 1, cheatingScans: 1 },
      scansByReach: { shared: 0, enterpriseOnly: 1 },
    });
    expect((await risk(a.key, victim.id)).riskScore).toBeGreaterThanOrEqual(51);
    expect((await results(a.key, pin)).data.discord).toEqual([
      { ...victim, provenance: 'claimed', reach: 'enterprise' },
    ]);
  });

  it('keeps an account the scan only found on the machine inside, and one named but not found too', async () => {
    const seen = account('seen');
    const named = account('named');
    await evidenceScan(await createPin(a), 'HW-SEEN-1', [seen]);
    const pin = await createPin(a, { playerDiscordId: named.id });
    await claimedScan(pin, 'HW-NAMED-1', [named]);
    for (const x of [seen, named]) expect(await lookup(b.key, x.id)).toMatchObject({ found: false });
    expect((await results(a.key, pin)).data.discord).toEqual([
      { ...named, provenance: 'named', reach: 'enterprise' },
    ]);
  });

  // docs/risk-score.md, "Whose scan it is": what the machine's Discord store lists is the scan
  // client's word, so naming a player and finding them there ties nothing; only their proof does.
  it('keeps a named account the scan found on the machine inside the Enterprise', async () => {
    const player = account('player');
    const other = account('other');
    const pin = await createPin(a, { playerDiscordId: player.id });
    await evidenceScan(pin, 'HW-NAMED-SEEN', [player, other]);

    for (const x of [player, other])
      for (const key of [b.key, licensed]) {
        expect(await lookup(key, x.id)).toMatchObject({ found: false });
        expect(await risk(key, x.id)).toMatchObject({ found: false });
      }
    expect(await lookup(a.key, player.id)).toMatchObject({
      found: true,
      totalScans: 1,
      overallStatus: 'cheating',
      totalHwids: 0,
      scansByReach: { shared: 0, enterpriseOnly: 1 },
    });
    expect((await results(a.key, pin)).data.discord).toEqual([
      { ...player, provenance: 'named', reach: 'enterprise' },
      { ...other, provenance: 'seen', reach: 'enterprise' },
    ]);
  });

  it('leaves a known player as every community saw them after a forged upload naming them', async () => {
    const victim = account('forged-victim');
    // Known to everyone from a clean scan they proved on their own machine.
    const own = await createPin(b);
    await evidenceScan(own, 'HW-VICTIM-OWN', [victim], false, victim);
    const before = [await risk(licensed, victim.id), await lookup(licensed, victim.id)];
    // Whoever holds a PIN naming the victim uploads a document listing their account and a cheat.
    await evidenceScan(await createPin(a, { playerDiscordId: victim.id }), 'HW-FORGER', [victim]);
    expect([await risk(licensed, victim.id), await lookup(licensed, victim.id)]).toEqual(before);
    expect(await risk(a.key, victim.id)).toMatchObject({ scansByReach: { shared: 1, enterpriseOnly: 1 } });
  });

  it('shares a named account the player proved, found on the machine or not', async () => {
    const player = account('named-proven');
    const other = account('beside');
    const pin = await createPin(a, { playerDiscordId: player.id });
    await evidenceScan(pin, 'HW-NAMED-PROVEN', [player, other], true, player);
    expect(await lookup(b.key, player.id)).toMatchObject({
      found: true,
      totalScans: 1,
      overallStatus: 'cheating',
      totalHwids: 1,
      scansByReach: { shared: 1, enterpriseOnly: 0 },
    });
    // The other account on the machine was not tied to anyone: it stays inside A, and links nobody.
    expect(await lookup(b.key, other.id)).toMatchObject({ found: false });
    expect(await lookup(b.key, player.id)).toMatchObject({ totalRelatedAccounts: 0 });
    expect((await results(a.key, pin)).data.discord).toEqual([
      { ...player, provenance: 'proven', reach: 'shared' },
      { ...other, provenance: 'seen', reach: 'enterprise' },
    ]);
  });

  it('shares the account the player proved through the scanner’s link, even when the report left it out', async () => {
    const player = account('proven');
    const pin = await createPin(a);
    const { sessionToken, proof } = await start(pin, 'HW-PROVEN-1');
    expect(proof.url).toMatch(new RegExp(`^${PUBLIC_URL}/scan/prove/${pin}[A-Za-z0-9_-]{32}$`));
    // Opening the link records nothing (a link preview opens links too): it says which scan it ties.
    const link = await t.app.inject({ method: 'GET', url: new URL(proof.url).pathname });
    expect(link.statusCode).toBe(200);
    expect(link.body).toContain(`PIN <code>${pin}</code>`);
    expect(link.body).toContain('Only continue if you are running this scan yourself');
    expect(link.headers['content-security-policy']).toContain(`form-action 'self' ${discord.origin};`);
    const page = await prove(proof.url, player);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('Signed in with Discord as <strong>proven</strong>');
    expect(page.headers['cache-control']).toBe('no-store');

    const res = await (await official()).finish(sessionToken, report({ detections: ['Wurst'] }));
    expect(res.statusCode, res.body).toBe(200);
    expect(await risk(b.key, player.id)).toMatchObject({
      found: true,
      linkedProfiles: 1,
      stats: { totalScans: 1, cheatingScans: 1 },
      scansByReach: { shared: 1, enterpriseOnly: 0 },
    });
  });

  it('records the first proof of a scan only, and only while it runs with the session of its link', async () => {
    const first = account('first');
    const second = account('second');
    const pin = await createPin(a);
    const { sessionToken, proof } = await start(pin, 'HW-FIRST-PROOF');
    expect((await prove(proof.url, first)).statusCode).toBe(200);
    const again = await prove(proof.url, second);
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('Another Discord account was already proven for this scan');
    // The same account may sign in again.
    expect((await prove(proof.url, first)).statusCode).toBe(200);

    // Once the scan uploaded, its link is spent; a link with another secret never named a scan.
    expect((await (await official()).finish(sessionToken, report())).statusCode).toBe(200);
    const late = await prove(proof.url, first);
    expect(late.statusCode).toBe(404);
    expect(late.body).toContain('This link is not for a scan that is running now');
    const forged = await prove(`${PUBLIC_URL}/scan/prove/${pin}${'A'.repeat(32)}`, first);
    expect(forged.statusCode).toBe(404);
    expect(forged.body).toBe(late.body);
    const unknown = await prove(`${PUBLIC_URL}/scan/prove/ZZZZZZZZ${'A'.repeat(32)}`, first);
    expect(unknown.body).toBe(late.body);
    // The form refuses a token as the page does, without going to Discord.
    const posted = await t.app.inject({
      method: 'POST',
      url: '/scan/discord',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PUBLIC_URL },
      payload: `token=${tokenOf(proof.url)}`,
    });
    expect(posted.statusCode).toBe(400);
  });

  // docs/risk-score.md, "Whose scan it is": holding a PIN is not being the player. A proof recorded
  // for the PIN outside its scanner session (as the /scan page's form once did, before the scan)
  // does not make a forged upload count for the proven account anywhere but the Enterprise.
  it('does not share a scan whose proof did not come through its own session', async () => {
    const victim = account('framed');
    const pin = await createPin(a);
    const found = await t.deps.repos.pins.findByCode(pin);
    // A proof on record from before the scan started: no session.
    await t.deps.store.db
      .insertInto('pin_players')
      .values({
        pin_id: found?.id ?? 0,
        proven_discord_id: victim.id,
        proven_username: victim.username,
        proven_at: t.deps.clock(),
        proven_session_hash: null,
      })
      .execute();
    await evidenceScan(pin, 'HW-FRAMER', [victim]);
    for (const key of [b.key, licensed]) expect(await lookup(key, victim.id)).toMatchObject({ found: false });
    expect((await results(a.key, pin)).data.discord).toEqual([
      { ...victim, provenance: 'seen', reach: 'enterprise' },
    ]);
  });

  it('refuses a proof started from another site', async () => {
    const { proof } = await start(await createPin(a), 'HW-CROSS-SITE');
    const res = await prove(proof.url, account(), { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'cross_site_request' });
  });

  it('refuses a callback that is not this browser’s attempt, or replayed', async () => {
    const { proof } = await start(await createPin(a), 'HW-REPLAYED-PROOF');
    discord.user = { ...account(), global_name: null };
    const leave = await t.app.inject({
      method: 'POST',
      url: '/scan/discord',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PUBLIC_URL },
      payload: `token=${tokenOf(proof.url)}`,
    });
    const atDiscord = await fetch(new URL(leave.headers.location as string), { redirect: 'manual' });
    const back = new URL(atDiscord.headers.get('location') ?? '');
    const noCookie = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(noCookie.statusCode).toBe(400);
    expect(noCookie.body).toContain('not started in this browser');
    const cookie = `${PROOF_COOKIE}=${encodeURIComponent(leave.cookies.find((c) => c.name === PROOF_COOKIE)?.value ?? '')}`;
    const ok = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie },
    });
    expect(ok.statusCode).toBe(200);
    // The attempt comes back once, even with a code Discord would still take.
    const again = await fetch(new URL(leave.headers.location as string), { redirect: 'manual' });
    const fresh = new URL(again.headers.get('location') ?? '');
    expect(fresh.searchParams.get('code')).not.toBe(back.searchParams.get('code'));
    const replay = await t.app.inject({
      method: 'GET',
      url: `${fresh.pathname}${fresh.search}`,
      headers: { cookie },
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.body).toContain('has run out or was not started in this browser');
  });

  it('keeps every report of an Enterprise an operator marked as not shared inside it, and audits the change', async () => {
    const c = await t.createOwner('Enterprise C');
    const updated = await t.admin<{ reportsShared: boolean }>(
      'PATCH',
      `/admin/v1/enterprises/${c.enterpriseId}`,
      {
        reportsShared: false,
      },
    );
    expect(updated.reportsShared).toBe(false);
    const audit = await t.admin<{ data: Array<{ action: string; detail: Record<string, unknown> }> }>(
      'GET',
      `/admin/v1/audit?enterpriseId=${c.enterpriseId}`,
    );
    expect(audit.data.find((e) => e.action === 'enterprise.update')?.detail).toMatchObject({
      reportsShared: false,
    });

    const player = account('kept');
    const pin = await createPin(c, { playerDiscordId: player.id });
    await evidenceScan(pin, 'HW-KEPT-1', [player], true, player);
    expect(await lookup(b.key, player.id)).toMatchObject({ found: false });
    expect(await lookup(c.key, player.id)).toMatchObject({
      found: true,
      scansByReach: { shared: 0, enterpriseOnly: 1 },
    });
    expect((await results(c.key, pin)).data.discord).toEqual([
      { ...player, provenance: 'proven', reach: 'enterprise' },
    ]);
  });

  it("adds an Enterprise's own reports to a shared history without counting a scan twice", async () => {
    const player = account('both');
    // Proven on HW-BOTH, shared.
    const first = await createPin(b);
    await evidenceScan(first, 'HW-BOTH', [player], false, player);
    const before = await risk(a.key, player.id);
    expect(before).toMatchObject({ found: true, stats: { totalScans: 1, cheatingScans: 0 }, riskScore: 0 });

    // A claims the player on other hardware: only A sees it.
    await claimedScan(await createPin(a), 'HW-BOTH-OTHER', [player]);
    expect(await risk(b.key, player.id)).toEqual(await risk(licensed, player.id));
    expect(await risk(b.key, player.id)).toMatchObject({
      stats: { totalScans: 1, cheatingScans: 0 },
      riskScore: 0,
    });
    const own = await risk(a.key, player.id);
    expect(own).toMatchObject({
      stats: { totalScans: 2, cheatingScans: 1 },
      scansByReach: { shared: 1, enterpriseOnly: 1 },
    });
    expect(own.riskScore as number).toBeGreaterThanOrEqual(51);
    expect(await lookup(a.key, player.id)).toMatchObject({
      totalScans: 2,
      overallStatus: 'cheating',
      scansByReach: { shared: 1, enterpriseOnly: 1 },
    });

    // Even on the player's own hardware, a scan tied to nobody counts only inside A.
    await claimedScan(await createPin(a), 'HW-BOTH', [player]);
    expect(await risk(b.key, player.id)).toMatchObject({
      stats: { totalScans: 1, cheatingScans: 0 },
      riskScore: 0,
    });
    expect(await risk(a.key, player.id)).toMatchObject({
      stats: { totalScans: 3 },
      scansByReach: { shared: 1, enterpriseOnly: 2 },
    });
  });

  it('tells players on the /scan page that the scanner shows the proof link, with no form there', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/scan' });
    expect(res.body).toContain('Once the scanner has started, it shows a link');
    expect(res.body).not.toContain('<form');
    expect(res.headers['content-security-policy']).toContain("form-action 'none'");
  });

  it('exports and erases someone only an Enterprise’s own reports name', async () => {
    const person = account('only-claimed');
    const pin = await createPin(a);
    await claimedScan(pin, 'HW-ERASE-1', [person]);
    const exported = await t.admin<{ scans: Array<{ pin: string }> }>(
      'GET',
      `/admin/v1/scanned-users/${person.id}/export`,
    );
    expect(exported.scans.map((x) => x.pin)).toEqual([pin]);
    await t.admin('POST', `/admin/v1/scanned-users/${person.id}/erase`);
    expect(await lookup(a.key, person.id)).toMatchObject({ found: false });
    expect(JSON.stringify((await results(a.key, pin)).data.discord)).not.toContain(person.id);
    const again = await t.adminRaw('POST', `/admin/v1/scanned-users/${person.id}/erase`);
    expect(again.statusCode).toBe(404);
  });

  it('lists an Enterprise’s own scans of a player on its dashboard, and no one else’s', async () => {
    const person = account('dashboard');
    const pin = await createPin(a);
    await claimedScan(pin, 'HW-DASH-1', [person]);
    const page = (await (await signIn(t, a.accountId)).get(`/players/${person.id}`)).json<{
      scans: Array<{ pin: string | null; result: string }>;
      lookup: Body;
    }>();
    expect(page.scans).toEqual([expect.objectContaining({ pin, result: 'cheating' })]);
    expect(page.lookup).toMatchObject({ found: true, scansByReach: { shared: 0, enterpriseOnly: 1 } });
    const elsewhere = (await (await signIn(t, b.accountId)).get(`/players/${person.id}`)).json<{
      scans: unknown[];
      lookup: Body;
    }>();
    expect(elsewhere.scans).toEqual([]);
    expect(elsewhere.lookup).toMatchObject({ found: false });
  });

  it('never counts a scan tied to nobody for a player who later proves a scan on the same machine', async () => {
    const victim = account('later-proven');
    await claimedScan(await createPin(a), 'HW-FIRST-LINK', [victim]);
    const pin = await createPin(b);
    await evidenceScan(pin, 'HW-FIRST-LINK', [victim], false, victim);
    for (const key of [b.key, licensed]) {
      expect(await risk(key, victim.id)).toMatchObject({
        riskScore: 0,
        stats: { totalScans: 1, cheatingScans: 0 },
        uniqueCheatsDetected: [],
      });
      expect(await lookup(key, victim.id)).toMatchObject({ overallStatus: 'clean', totalScans: 1 });
    }
  });

  it('lets only the named player prove a PIN made for them', async () => {
    const named = account('named-player');
    const onlooker = account('onlooker');
    const pin = await createPin(a, { playerDiscordId: named.id });
    const { proof } = await start(pin, 'HW-NAMED-ONLY');
    const taken = await prove(proof.url, onlooker);
    expect(taken.statusCode).toBe(400);
    expect(taken.body).toContain('This PIN was made for another Discord account');
    expect((await prove(proof.url, named)).statusCode).toBe(200);
  });

  it('keeps the name Discord gave for a proven account, not the one the report claims', async () => {
    const player = account('real-name');
    const pin = await createPin(a);
    await claimedScan(pin, 'HW-NAME-1', [{ id: player.id, username: 'renamed-by-report' }], player);
    expect(await lookup(b.key, player.id)).toMatchObject({ username: 'real-name' });
  });
});

describe.each(backends())('a scan tied to nobody and hardware many machines share on $name', (backend) => {
  let t: TestApp;
  let a: Owner;
  let b: Owner;
  beforeAll(async () => {
    t = await startTestApp(backend, { HWID_HUB_THRESHOLD: '3', MAX_ACTIVE_PINS: '100' });
    a = await t.createOwner('Claimer');
    b = await t.createOwner('Reader');
  });
  afterAll(async () => t.close());

  it('links nobody it only claimed when its hardware becomes a hub', async () => {
    const victim = account('hub-victim');
    const claimer = scanner(t);
    // Known to everyone from a proven clean scan on their own machine.
    await claimer.scan(b.key, report({ discord: [victim] }), ['VICTIM-OWN-PC']);
    const before = (await t.api('GET', `/v1/users/${victim.id}/risk-score`, { key: b.key })).json();
    const pin = await t.createPin(a.key, { type: 'Java' });
    const token = await claimer.startOk(pin, ['JUNK-SERIAL-1']);
    expect(
      (await claimer.finish(token, report({ discord: [victim], detections: ['Wurst'] }))).statusCode,
    ).toBe(200);
    // Proven scans of four other accounts on the same value make it a hub (threshold 3).
    for (let i = 0; i < 4; i++)
      await claimer.scan(b.key, report({ discord: [account(`cafe${i}`)] }), ['JUNK-SERIAL-1']);
    const after = (await t.api('GET', `/v1/users/${victim.id}/risk-score`, { key: b.key })).json();
    expect(after).toEqual(before);
    expect(after).toMatchObject({ riskScore: 0, linkedProfiles: 1 });
  });
});

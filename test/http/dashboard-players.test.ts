import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { backends } from '../support/backends.js';
import { expectProblem, ISO_MS } from '../support/http.js';
import { asPerson, type Person, signIn } from '../support/person.js';
import { proveFor, report, scanner } from '../support/scan.js';
import { integrationClient } from '../support/scanner-client.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

const PLAYER = { id: '100000000000000701', username: 'Player' };
const ALT = { id: '100000000000000702', username: 'AltOfPlayer' };
const BUSY = { id: '100000000000000703', username: 'Busy' };
const CLAIMED = { id: '100000000000000704', username: 'OnlyClaimed' };
const UNKNOWN = '100000000000000799';

/**
 * A player's page (docs/dashboard.md, "The dashboard API"): the /v1 risk score and lookup, under the
 * /v1 licence rule, and the scans that named the player, with a PIN code only for who may see it.
 */
describe.each(backends())('dashboard players on $name', (backend) => {
  let t: TestApp;
  let owner: Owner;
  let ownerP: Person;
  let memberP: Person;
  let licensedP: Person;
  let strangerP: Person;
  let sharedPin: string;
  let privatePin: string;
  let outsiderPin: string;
  const logLines: string[] = [];

  async function scan(key: string, body: ReturnType<typeof report>, hwids: string[], extra = {}) {
    const pin = await t.createPin(key, { type: 'FiveM', ...extra });
    // The player proved the account: the scan counts for every community, through its hardware too
    // (docs/risk-score.md, "Whose scan it is").
    const player = body.discord[0];
    // Signed as the official build, so a clean report is legit (docs/scan-client.md, "Trust").
    const official = scanner(t, { client: await integrationClient(t) });
    const token = await official.startOk(pin, hwids);
    if (player !== undefined) await proveFor(t, pin, player);
    const res = await official.finish(token, body);
    if (res.statusCode !== 200) throw new Error(`finish -> ${res.statusCode} ${res.body}`);
    return pin;
  }

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    t = await startTestApp(backend, { MAX_ACTIVE_PINS: '100', SCANNER_START_PER_MINUTE: '1000' }, undefined, {
      logger: createLogger('info', sink),
    });
    owner = await t.createOwner('Player Owner');
    const outsider = await t.createOwner('Outsider');
    const member = await t.createAccount('Player Staff');
    await t.admin('POST', `/admin/v1/enterprises/${owner.enterpriseId}/members`, { accountId: member });
    const licensed = await t.createAccount('Licensed', { licenceExpiresAt: '2999-01-01T00:00:00.000Z' });
    ownerP = await signIn(t, owner.accountId);
    memberP = await signIn(t, member);
    licensedP = await signIn(t, licensed);
    strangerP = await signIn(t, await t.createAccount('Unlicensed'));

    sharedPin = await scan(owner.key, report({ discord: [PLAYER], detections: ['Eulen', 'Skript'] }), [
      'HW-P1',
    ]);
    privatePin = await scan(owner.key, report({ discord: [PLAYER] }), ['HW-P2'], { private: true });
    outsiderPin = await scan(outsider.key, report({ discord: [PLAYER], suspicious: ['odd'] }), ['HW-P1']);
    // On the player's hardware but naming someone else: counted in the risk score, not a scan of theirs.
    await scan(owner.key, report({ discord: [ALT], detections: ['RedEngine'] }), ['HW-P1']);
  });
  afterAll(async () => t.close());

  it('gives the /v1 bodies and the player’s own scans, newest first, codes only where visible', async () => {
    const res = await memberP.get(`/players/${PLAYER.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['lookup', 'riskScore', 'scans']);
    const v1Risk = await t.api('GET', `/v1/users/${PLAYER.id}/risk-score`, { key: owner.key });
    const v1Lookup = await t.api('GET', `/v1/scanned-users/lookup/${PLAYER.id}`, { key: owner.key });
    expect(body.riskScore).toEqual(v1Risk.json());
    expect(body.lookup).toEqual(v1Lookup.json());
    expect(body.lookup.relatedAccounts.map((a: { discordId: string }) => a.discordId)).toEqual([ALT.id]);

    expect(body.scans).toEqual([
      {
        pin: null,
        type: 'FiveM',
        result: 'suspicious',
        finishedAt: expect.stringMatching(ISO_MS),
        detectionsCount: 0,
      },
      {
        pin: null,
        type: 'FiveM',
        result: 'legit',
        finishedAt: expect.stringMatching(ISO_MS),
        detectionsCount: 0,
      },
      {
        pin: sharedPin,
        type: 'FiveM',
        result: 'cheating',
        finishedAt: expect.stringMatching(ISO_MS),
        detectionsCount: 2,
      },
    ]);
    const times = body.scans.map((s: { finishedAt: string }) => Date.parse(s.finishedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // The owner made the private PIN, so sees its code; the outsider's stays hidden.
    const ownerScans = (await ownerP.get(`/players/${PLAYER.id}`)).json().scans;
    expect(ownerScans.map((s: { pin: string | null }) => s.pin)).toEqual([null, privatePin, sharedPin]);
    expect(ownerScans.map((s: { pin: string | null }) => s.pin)).not.toContain(outsiderPin);
  });

  it('lets a licensed person without an Enterprise read players, with no codes they may not see', async () => {
    const body = (await licensedP.get(`/players/${PLAYER.id}`)).json();
    expect(body.scans.map((s: { pin: string | null }) => s.pin)).toEqual([null, null, null]);
  });

  it("lists an Enterprise's own reports that only claimed the player to its members, and to no one else", async () => {
    // docs/risk-score.md, "Whose scan it is": the lookup counts them for the Enterprise that ran them.
    const pin = await scanner(t).scan(
      owner.key,
      report({ discord: [CLAIMED], detections: ['Eulen'] }),
      ['HW-CLAIMED'],
      'FiveM',
      { proven: false },
    );
    const mine = (await memberP.get(`/players/${CLAIMED.id}`)).json();
    expect(mine.lookup).toMatchObject({ found: true, scansByReach: { shared: 0, enterpriseOnly: 1 } });
    expect(mine.scans).toEqual([
      {
        pin,
        type: 'FiveM',
        result: 'cheating',
        finishedAt: expect.stringMatching(ISO_MS),
        detectionsCount: 1,
      },
    ]);
    const theirs = (await licensedP.get(`/players/${CLAIMED.id}`)).json();
    expect(theirs.lookup.found).toBe(false);
    expect(theirs.scans).toEqual([]);
  });

  it('answers an unknown player with the found:false bodies and no scans', async () => {
    const res = await memberP.get(`/players/${UNKNOWN}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      riskScore: (await t.api('GET', `/v1/users/${UNKNOWN}/risk-score`, { key: owner.key })).json(),
      lookup: (await t.api('GET', `/v1/scanned-users/lookup/${UNKNOWN}`, { key: owner.key })).json(),
      scans: [],
    });
    expect(res.json().riskScore.found).toBe(false);
  });

  it('lists at most the newest 50 scans', async () => {
    const pins: string[] = [];
    for (let i = 0; i < 52; i++) pins.push(await scan(owner.key, report({ discord: [BUSY] }), ['HW-BUSY']));
    const scans = (await memberP.get(`/players/${BUSY.id}`)).json().scans;
    expect(scans).toHaveLength(50);
    expect(scans.map((s: { pin: string }) => s.pin)).toEqual(pins.slice(2).reverse());
  });

  it('needs a licence or an Enterprise (licence_required before any check of the ID), then a valid ID', async () => {
    expectProblem(await strangerP.get(`/players/${PLAYER.id}`), 403, 'licence_required');
    expectProblem(await strangerP.get('/players/not-an-id'), 403, 'licence_required');
    expectProblem(await memberP.get('/players/not-an-id'), 400, 'invalid_discord_id');
    expectProblem(await memberP.get('/players/1234'), 400, 'invalid_discord_id');
    expectProblem(await asPerson(t, '').get(`/players/${PLAYER.id}`), 401, 'not_signed_in');
  });

  it('logs the route of a player lookup, never whom it was about', async () => {
    const asked = '100000000000000777';
    expect((await memberP.get(`/players/${asked}`)).statusCode).toBe(200);
    const log = logLines.join('');
    expect(log).toContain('/app/api/players/[discord-id]');
    expect(log).not.toContain(asked);
  });
});

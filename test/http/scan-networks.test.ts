import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRetention } from '../../src/application/privacy/retention.js';
import { DAY_MS } from '../../src/domain/time.js';
import { backends } from '../support/backends.js';
import { capturingLogs } from '../support/captured-logs.js';
import { type DiscordStandIn, startDiscordStandIn } from '../support/discord-stand-in.js';
import { asnDatabase, countryDatabase } from '../support/mmdb-writer.js';
import { proveFor, report } from '../support/scan.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

/*
 * Where a scan ran (docs/scanner.md, "Where the scan ran"): the network of each scanner call and of
 * the game connection the PIN was given, kept as keyed hashes with the country and ASN of the
 * operator's databases (written by test/support/mmdb-writer.ts), through the real server. Scanner
 * calls come from different addresses through inject's `remoteAddress`.
 */

const HOME = '203.0.113.9';
const HOME_SAME_24 = '203.0.113.200';
const HOME_MAPPED = '::ffff:203.0.113.50';
const FRIEND = '198.51.100.7';
const HOME_V6 = '2001:db8:1:2::5';
const HOME_V6_SAME_64 = '2001:db8:1:2:ffff::9';
const ADDRESSES = [HOME, HOME_SAME_24, HOME_MAPPED, FRIEND, HOME_V6, HOME_V6_SAME_64, '203.0.113.77'];

const COUNTRIES = { '203.0.113.0/24': 'NL', '198.51.100.0/24': 'DE', '2001:db8:1::/48': 'NL' };
const NETWORKS = {
  '203.0.113.0/24': { asn: 1136, organisation: 'Example Home ISP' },
  '198.51.100.0/24': { asn: 3320, organisation: 'Example Other ISP' },
  '2001:db8:1::/48': { asn: 1136, organisation: 'Example Home ISP' },
};

const MOVED =
  "The scan's calls came from 2 different networks (start: NL AS1136, progress: DE AS3320): part of the scan may have run on another machine.";
const ELSEWHERE =
  'The scan ran on a different network from the game connection (game: NL AS1136, scan: DE AS3320).';

let dir: string;
let databases: Record<string, string>;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'scanpin-networks-'));
  writeFileSync(join(dir, 'country.mmdb'), countryDatabase(COUNTRIES));
  writeFileSync(join(dir, 'asn.mmdb'), asnDatabase(NETWORKS));
  databases = { GEOIP_COUNTRY_DB: join(dir, 'country.mmdb'), GEOIP_ASN_DB: join(dir, 'asn.mmdb') };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface ResultsData {
  integrity: string[];
  assurance?: { level: string; reasons: string[] };
}

describe.each(backends())('where the scan ran on $name', (backend) => {
  let t: TestApp;
  let owner: Owner;
  let now = Date.now();
  const answers: LightMyRequestResponse[] = [];
  const logs = capturingLogs();

  async function start(env: Record<string, string> = databases) {
    t = await startTestApp(backend, { IP_RETENTION_DAYS: '30', MAX_ACTIVE_PINS: '100', ...env }, () => now, {
      logger: logs.logger,
      serviceLog: logs.logger,
    });
    owner = await t.createOwner();
  }
  afterAll(() => {
    // Not one address, the player's given one included, in any answer or log line of this suite.
    const everything = [...answers.map((a) => a.body), ...logs.lines].join('\n');
    for (const address of ADDRESSES) expect(everything).not.toContain(address);
    expect(logs.lines.length).toBeGreaterThan(0);
  });

  const send = async (method: 'GET' | 'POST', url: string, opts: Parameters<TestApp['api']>[2] = {}) => {
    const res = await t.api(method, url, opts);
    answers.push(res);
    return res;
  };

  async function createPin(body: Record<string, unknown> = {}): Promise<string> {
    const res = await send('POST', '/v1/pins/create', { key: owner.key, body: { type: 'FiveM', ...body } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ pin: string }>().pin;
  }

  const pinId = async (code: string) => {
    const pin = await t.deps.repos.pins.findByCode(code);
    if (pin === undefined) throw new Error(`no PIN ${code}`);
    return pin.id;
  };
  const rows = async (code: string) =>
    t.deps.store.db
      .selectFrom('scan_networks')
      .select(['stage', 'network_hash', 'country', 'asn'])
      .where('pin_id', '=', await pinId(code))
      .orderBy('id')
      .execute();

  /** A scan whose calls come from the addresses given, one progress call per `progress` entry. */
  async function scan(code: string, from: { start: string; progress: string[]; upload: string }) {
    const started = await send('POST', '/v1/scanner/start', {
      body: { pin: code, hwids: [`HW-${code}`] },
      remoteAddress: from.start,
    });
    expect(started.statusCode, started.body).toBe(201);
    const token = started.json<{ sessionToken: string }>().sessionToken;
    const auth = { authorization: `Bearer ${token}` };
    let step = 10;
    for (const address of from.progress) {
      const res = await send('POST', '/v1/scanner/progress', {
        body: { progress: step++, statusMessage: 'Reading the game files' },
        remoteAddress: address,
        headers: auth,
      });
      expect(res.statusCode, res.body).toBe(204);
    }
    return {
      token,
      async finish(body = report()) {
        const finished = await send('POST', '/v1/scanner/finish', {
          body,
          remoteAddress: from.upload,
          headers: auth,
        });
        expect(finished.statusCode, finished.body).toBe(200);
        const results = await send('GET', `/v1/pins/${code}/results`, { key: owner.key });
        const status = await send('GET', `/v1/pins/${code}/status`, { key: owner.key });
        return { results: results.json<{ result: string; data: ResultsData }>(), status: status.json() };
      },
    };
  }

  describe('playerAddress on POST /v1/pins/create', () => {
    beforeAll(() => start());
    afterAll(async () => t.close());

    it('is taken as IPv4, IPv6 or IPv4-mapped IPv6, hashed into a game-connection row, and never answered', async () => {
      for (const [address, family] of [
        [HOME, 'v4'],
        [HOME_MAPPED, 'v4'],
        [HOME_V6, 'v6'],
      ] as const) {
        const res = await send('POST', '/v1/pins/create', {
          key: owner.key,
          body: { type: 'FiveM', playerAddress: address },
        });
        expect(res.statusCode, res.body).toBe(201);
        expect(res.body).not.toContain('playerAddress');
        const code = res.json<{ pin: string }>().pin;
        const [row, ...more] = await rows(code);
        expect(more).toEqual([]);
        expect(row).toMatchObject({ stage: 'game-connection', country: 'NL', asn: 1136 });
        expect(row?.network_hash).toMatch(new RegExp(`^${family}:[0-9a-f]{64}$`));
        const status = await send('GET', `/v1/pins/${code}/status`, { key: owner.key });
        expect(status.body).not.toContain('playerAddress');
      }
      // An IPv4 address and its mapped spelling in the same /24 are one network.
      const a = await rows(await createPin({ playerAddress: HOME }));
      const b = await rows(await createPin({ playerAddress: HOME_MAPPED }));
      expect(a[0]?.network_hash).toBe(b[0]?.network_hash);
    });

    it('is optional: null or left out keeps no row', async () => {
      expect(await rows(await createPin({ playerAddress: null }))).toEqual([]);
      expect(await rows(await createPin())).toEqual([]);
    });

    it('refuses what is not an address with 400 invalid_body naming the field, and creates nothing', async () => {
      const before = await t.deps.store.db.selectFrom('pins').select('id').execute();
      for (const bad of ['not-an-address', '192.0.2', '192.0.2.256', '2001:db9::1::2', 'x', 42, true]) {
        const res = await send('POST', '/v1/pins/create', {
          key: owner.key,
          body: { type: 'FiveM', playerAddress: bad },
        });
        expect(res.statusCode, String(bad)).toBe(400);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        const problem = res.json<{ code: string; detail: string }>();
        expect(problem.code).toBe('invalid_body');
        expect(problem.detail).toContain('playerAddress');
        if (typeof bad === 'string' && bad.length > 2) expect(problem.detail).not.toContain(bad);
      }
      expect(await t.deps.store.db.selectFrom('pins').select('id').execute()).toHaveLength(before.length);
    });

    it('goes into no webhook event, timeline entry or audit entry', async () => {
      await createPin({ playerAddress: '203.0.113.77' });
      const stored = JSON.stringify([
        await t.deps.store.db.selectFrom('webhook_events').selectAll().execute(),
        await t.deps.store.db.selectFrom('pin_timeline').selectAll().execute(),
        await t.deps.store.db.selectFrom('audit_events').selectAll().execute(),
      ]);
      expect(stored).toContain('pin.create');
      expect(stored).not.toContain('203.0.113.77');
    });
  });

  describe('a scan’s calls', () => {
    beforeAll(() => start());
    afterAll(async () => t.close());

    it('are kept at the start, at a progress call only when its network changed, and at the upload', async () => {
      const code = await createPin();
      const running = await scan(code, {
        start: HOME,
        progress: [HOME, HOME_SAME_24, HOME_MAPPED, FRIEND, FRIEND, HOME],
        upload: HOME,
      });
      expect((await rows(code)).map((r) => [r.stage, r.country, r.asn])).toEqual([
        ['start', 'NL', 1136],
        ['progress', 'DE', 3320],
        ['progress', 'NL', 1136],
      ]);
      await running.finish();
      const kept = await rows(code);
      expect(kept.map((r) => r.stage)).toEqual(['start', 'progress', 'progress', 'upload']);
      expect(kept[0]?.network_hash).toBe(kept[2]?.network_hash);
      expect(kept[0]?.network_hash).not.toBe(kept[1]?.network_hash);
    });

    it('group an IPv6 /64 as one network', async () => {
      const code = await createPin();
      await scan(code, { start: HOME_V6, progress: [HOME_V6_SAME_64, HOME_V6], upload: HOME_V6 });
      expect((await rows(code)).map((r) => r.stage)).toEqual(['start']);
    });

    it('from one network, the game connection’s too, give no network reason', async () => {
      const code = await createPin({ playerAddress: HOME_MAPPED });
      const { results } = await (
        await scan(code, {
          start: HOME,
          progress: [HOME_SAME_24],
          upload: HOME_SAME_24,
        })
      ).finish();
      expect(results.data.integrity.join('\n')).not.toMatch(/network/);
    });

    it('from two networks say so in integrity and assurance, with the countries and ASNs, and the scan is not legit', async () => {
      const code = await createPin();
      const { results } = await (
        await scan(code, { start: HOME, progress: [FRIEND], upload: FRIEND })
      ).finish();
      expect(results.data.integrity).toContain(MOVED);
      expect(results.data.assurance?.reasons).toContain(MOVED);
      expect(results.data.assurance?.level).not.toBe('high');
      expect(results.result).not.toBe('legit');
    });

    it('from another network than the game connection say so', async () => {
      const code = await createPin({ playerAddress: HOME });
      const { results } = await (
        await scan(code, { start: FRIEND, progress: [FRIEND], upload: FRIEND })
      ).finish();
      expect(results.data.integrity).toContain(ELSEWHERE);
      expect(results.data.integrity.join('\n')).not.toContain('different networks');
      expect(results.result).not.toBe('legit');
    });
  });

  describe('the player’s Discord proof', () => {
    const PUBLIC_URL = 'http://127.0.0.1:8080';
    const PROOF_COOKIE = 'scanpin_player_proof';
    let discord: DiscordStandIn;
    beforeAll(async () => {
      discord = await startDiscordStandIn();
      await start({ ...databases, ...discord.env(PUBLIC_URL) });
    });
    afterAll(async () => {
      await t.close();
      await discord.close();
    });

    /** The link the scanner showed, its page's form, Discord (the stand-in), and back, from `from`. */
    async function prove(link: string, from: string) {
      discord.user = { id: '512345678901234567', username: 'proving_player', global_name: null };
      const token = new URL(link).pathname.split('/').pop() ?? '';
      const leave = await t.app.inject({
        method: 'POST',
        url: '/scan/discord',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PUBLIC_URL },
        payload: `token=${token}`,
        remoteAddress: from,
      });
      expect(leave.statusCode, leave.body).toBe(303);
      const attempt = leave.cookies.find((c) => c.name === PROOF_COOKIE)?.value ?? '';
      const atDiscord = await fetch(new URL(leave.headers.location as string), { redirect: 'manual' });
      const back = new URL(atDiscord.headers.get('location') ?? '');
      const res = await t.app.inject({
        method: 'GET',
        url: `${back.pathname}${back.search}`,
        headers: { cookie: `${PROOF_COOKIE}=${encodeURIComponent(attempt)}` },
        remoteAddress: from,
      });
      answers.push(res);
      expect(res.statusCode, res.body).toBe(200);
    }

    it('is kept as a sighting of the scan, and a proof from another network says so', async () => {
      const code = await createPin();
      const started = await send('POST', '/v1/scanner/start', {
        body: { pin: code, hwids: [`HW-${code}`] },
        remoteAddress: HOME,
      });
      expect(started.statusCode, started.body).toBe(201);
      const { sessionToken, proof } = started.json<{ sessionToken: string; proof: { url: string } }>();
      await prove(proof.url, FRIEND);
      const finished = await send('POST', '/v1/scanner/finish', {
        body: report(),
        remoteAddress: HOME,
        headers: { authorization: `Bearer ${sessionToken}` },
      });
      expect(finished.statusCode, finished.body).toBe(200);
      expect((await rows(code)).map((r) => r.stage)).toEqual(['start', 'proof', 'upload']);
      const results = await send('GET', `/v1/pins/${code}/results`, { key: owner.key });
      expect(results.json<{ data: ResultsData }>().data.integrity).toContain(
        'The Discord proof came from another network than the scanner (scanner: NL AS1136, Discord proof: DE AS3320): expected if the player signed in on a phone on mobile data; otherwise someone else may have proven this scan.',
      );
    });
  });

  describe('without country and ASN databases', () => {
    beforeAll(() => start({}));
    afterAll(async () => t.close());

    it('the reasons say only that the networks differ', async () => {
      const moved = await createPin({ playerAddress: HOME });
      const { results } = await (await scan(moved, { start: HOME, progress: [], upload: FRIEND })).finish();
      expect(results.data.integrity).toContain(
        "The scan's calls came from 2 different networks: part of the scan may have run on another machine.",
      );
      expect(results.data.integrity).toContain(
        'The scan ran on a different network from the game connection.',
      );
      expect((await rows(moved)).every((r) => r.country === null && r.asn === null)).toBe(true);
    });
  });

  describe('privacy', () => {
    beforeAll(() => start());
    afterAll(async () => t.close());
    const PLAYER = { id: '412345678901234567', username: 'moved_player' };

    it('export shows each network only as a stored hash with its stage, country and ASN', async () => {
      const code = await createPin({ playerAddress: HOME });
      const running = await scan(code, { start: HOME, progress: [FRIEND], upload: FRIEND });
      await proveFor(t, code, PLAYER);
      await running.finish(report({ discord: [PLAYER] }));
      const res = await t.adminRaw('GET', `/admin/v1/scanned-users/${PLAYER.id}/export`);
      expect(res.statusCode, res.body).toBe(200);
      const scans = res.json<{ scans: Array<{ pin: string; networks: unknown[] }> }>().scans;
      const networks = scans.find((s) => s.pin === code)?.networks;
      expect(networks).toEqual([
        {
          stage: 'game-connection',
          network: 'keyed_hash_stored',
          country: 'NL',
          asn: 1136,
          seenAt: expect.any(String),
        },
        {
          stage: 'start',
          network: 'keyed_hash_stored',
          country: 'NL',
          asn: 1136,
          seenAt: expect.any(String),
        },
        {
          stage: 'progress',
          network: 'keyed_hash_stored',
          country: 'DE',
          asn: 3320,
          seenAt: expect.any(String),
        },
        {
          stage: 'upload',
          network: 'keyed_hash_stored',
          country: 'DE',
          asn: 3320,
          seenAt: expect.any(String),
        },
      ]);
      for (const row of await rows(code)) expect(res.body).not.toContain(row.network_hash.slice(3));
    });

    it('erasure removes the networks of the person’s scans and no one else’s', async () => {
      const other = await createPin();
      await (await scan(other, { start: HOME, progress: [], upload: HOME })).finish();
      const theirs = await t.deps.store.db
        .selectFrom('scan_accounts')
        .select('pin_id')
        .where('discord_id', '=', PLAYER.id)
        .execute();
      expect(theirs.length).toBe(1);
      const res = await t.adminRaw('POST', `/admin/v1/scanned-users/${PLAYER.id}/erase`);
      expect(res.statusCode, res.body).toBe(200);
      const left = await t.deps.store.db.selectFrom('scan_networks').select('pin_id').execute();
      expect(left.some((r) => r.pin_id === theirs[0]?.pin_id)).toBe(false);
      expect((await rows(other)).length).toBe(2);
    });

    it('retention drops the rows older than IP_RETENTION_DAYS and keeps the newer ones and the scans', async () => {
      const old = await createPin({ playerAddress: HOME });
      await (await scan(old, { start: HOME, progress: [FRIEND], upload: HOME })).finish();
      now += 31 * DAY_MS;
      const recent = await createPin({ playerAddress: HOME });
      await (await scan(recent, { start: HOME, progress: [], upload: HOME })).finish();
      const run = await applyRetention(t.deps);
      expect(run.scanNetworksForgotten).toBeGreaterThanOrEqual(4);
      expect(await rows(old)).toEqual([]);
      expect((await rows(recent)).map((r) => r.stage)).toEqual(['game-connection', 'start', 'upload']);
      const res = await send('GET', `/v1/pins/${old}/results`, { key: owner.key });
      expect(res.statusCode).toBe(200);
    });
  });
});

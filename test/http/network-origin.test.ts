import { execFileSync } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { capturingLogs } from '../support/captured-logs.js';
import { evidence } from '../support/evidence.js';
import { asnDatabase, countryDatabase } from '../support/mmdb-writer.js';
import { report } from '../support/scan.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

/*
 * Country and VPN of a scan come from the address its report was sent from, placed by MaxMind-format
 * databases the tests write (test/support/mmdb-writer.ts), through the real server.
 */

const RESIDENTIAL_V4 = '203.0.113.9';
const HOSTING_V4 = '198.51.100.7';
const HOSTING_V6 = '2001:db8:1::5';
const ADDRESSES = [RESIDENTIAL_V4, HOSTING_V4, HOSTING_V6, '2001:db8:1:0:0:0:0:5'];
const LISTED = 'VPN or hosting network: AS9009 (Example Hosting)';

const COUNTRIES = { '203.0.113.0/24': 'DE', '2001:db8:1::/48': 'FR' };
const NETWORKS = {
  '203.0.113.0/24': { asn: 64500, organisation: 'Example Residential' },
  '198.51.100.0/24': { asn: 9009, organisation: 'Example Hosting' },
  '2001:db8:1::/48': { asn: 9009, organisation: 'Example Hosting' },
};

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'scanpin-geoip-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let fileCounter = 0;
/** Writes the three files into a folder of their own; replaced later as an operator would, by rename. */
function files(): { country: string; asn: string; vpn: string; env: Record<string, string> } {
  const at = join(dir, String(fileCounter++));
  rmSync(at, { recursive: true, force: true });
  const paths = { country: `${at}-country.mmdb`, asn: `${at}-asn.mmdb`, vpn: `${at}-vpn.txt` };
  writeFileSync(paths.country, countryDatabase(COUNTRIES));
  writeFileSync(paths.asn, asnDatabase(NETWORKS));
  writeFileSync(paths.vpn, '# hosting and VPN networks\nAS9009  # Example Hosting\n');
  return {
    ...paths,
    env: { GEOIP_COUNTRY_DB: paths.country, GEOIP_ASN_DB: paths.asn, VPN_ASNS_FILE: paths.vpn },
  };
}

function replace(path: string, content: Buffer | string): void {
  writeFileSync(`${path}.new`, content);
  renameSync(`${path}.new`, path);
}

describe.each(backends())('country and VPN from the scan’s address on $name', (backend) => {
  let t: TestApp;
  let owner: Owner;
  let now = Date.now();
  const answers: LightMyRequestResponse[] = [];
  const logs = capturingLogs();

  async function start(env: Record<string, string>) {
    t = await startTestApp(backend, env, () => now, { logger: logs.logger, serviceLog: logs.logger });
    owner = await t.createOwner();
  }
  afterEach(async () => t?.close());
  afterAll(() => {
    // Not one address a scan came from in any answer or log line of this suite.
    const everything = [...answers.map((a) => a.body), ...logs.lines].join('\n');
    for (const address of ADDRESSES) expect(everything).not.toContain(address);
    // The logs were captured at all: the loads are said.
    expect(logs.lines.some((l) => l.includes('GEOIP_COUNTRY_DB loaded'))).toBe(true);
  });

  const send = async (method: 'GET' | 'POST', url: string, opts: Parameters<TestApp['api']>[2] = {}) => {
    const res = await t.api(method, url, opts);
    answers.push(res);
    return res;
  };

  /** Starts a scan and finishes it with `body`, both from `from`; answers the results' data. */
  async function finishFrom(from: string, body = report(), headers: Record<string, string> = {}) {
    const pin = await t.createPin(owner.key);
    const started = await send('POST', '/v1/scanner/start', {
      body: { pin, hwids: [`HW-${pin}`] },
      remoteAddress: from,
      headers,
    });
    expect(started.statusCode, started.body).toBe(201);
    const token = started.json<{ sessionToken: string }>().sessionToken;
    const finished = await send('POST', '/v1/scanner/finish', {
      body,
      remoteAddress: from,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    expect(finished.statusCode, finished.body).toBe(200);
    const results = await send('GET', `/v1/pins/${pin}/results`, { key: owner.key });
    const status = await send('GET', `/v1/pins/${pin}/status`, { key: owner.key });
    const data = results.json<{ data: { country: string | null; vpn: string | null } }>().data;
    // The status summary says the same as the results.
    expect(status.json<{ data: { country: unknown; vpn: unknown } }>().data).toMatchObject({
      country: data.country,
      vpn: data.vpn,
    });
    return { pin, country: data.country, vpn: data.vpn };
  }

  it('places IPv4, IPv4-mapped and IPv6 addresses; the client’s country claim gives way', async () => {
    await start(files().env);
    const claim = report({ country: 'NL', vpn: 'No VPN detected' });
    expect(await finishFrom(RESIDENTIAL_V4, claim)).toMatchObject({ country: 'DE', vpn: 'No VPN detected' });
    expect(await finishFrom(HOSTING_V6, claim)).toMatchObject({ country: 'FR', vpn: LISTED });
    // Not in the country database: null, never the claim; the network is still listed.
    expect(await finishFrom(`::ffff:${HOSTING_V4}`, claim)).toMatchObject({ country: null, vpn: LISTED });
  });

  it('fills the evidence upload’s report the same way', async () => {
    await start(files().env);
    for (const [from, country, vpn] of [
      [RESIDENTIAL_V4, 'DE', 'No VPN detected'],
      [HOSTING_V6, 'FR', LISTED],
    ] as const) {
      const pin = await t.createPin(owner.key, { type: 'Java' });
      const started = await send('POST', '/v1/scanner/start', {
        body: { pin, hwids: [`HW-${pin}`] },
        remoteAddress: from,
      });
      const { sessionToken, nonce } = started.json<{ sessionToken: string; nonce: string }>();
      const uploaded = await send('POST', '/v1/scanner/evidence', {
        body: evidence(nonce),
        remoteAddress: from,
        headers: { authorization: `Bearer ${sessionToken}` },
      });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const data = (await send('GET', `/v1/pins/${pin}/results`, { key: owner.key })).json<{
        data: { country: string | null; vpn: string | null };
      }>().data;
      expect(data).toMatchObject({ country, vpn });
    }
  });

  it('without databases the client’s own values stand, and /readyz is as before', async () => {
    await start({});
    expect(
      await finishFrom(RESIDENTIAL_V4, report({ country: 'NL', vpn: 'VPN adapter: wg0' })),
    ).toMatchObject({
      country: 'NL',
      vpn: 'VPN adapter: wg0',
    });
    const ready = (await send('GET', '/readyz')).json();
    expect(ready).toMatchObject({ status: 'ok', checks: { database: 'ok' } });
    expect(ready).not.toHaveProperty('networkOrigins');
  });

  it('a configured file that is missing says so in /readyz and a warning, and places nothing', async () => {
    const f = files();
    rmSync(f.country);
    const before = logs.lines.length;
    await start({ ...f.env, VPN_ASNS_FILE: '' });
    expect(logs.lines.slice(before).join('')).toMatch(/GEOIP_COUNTRY_DB: .* cannot be read \(ENOENT\)/);
    const ready = (await send('GET', '/readyz')).json();
    expect(ready.status).toBe('ok');
    expect(ready.networkOrigins).toEqual({
      country: { state: 'unavailable', lastChangeRejected: true },
      asn: {
        state: 'loaded',
        lastChangeRejected: false,
        databaseType: 'GeoLite2-ASN',
        builtAt: '2026-01-01T00:00:00.000Z',
      },
      vpnAsns: { state: 'off', lastChangeRejected: false },
    });
    // No country database: the claim stands. No list: the network places no VPN.
    expect(await finishFrom(HOSTING_V4, report({ country: 'NL', vpn: null }))).toMatchObject({
      country: 'NL',
      vpn: null,
    });
  });

  it('reloads a replaced file within the check interval; a broken one keeps the old and warns once', async () => {
    const f = files();
    await start(f.env);
    expect(await finishFrom(RESIDENTIAL_V4)).toMatchObject({ country: 'DE' });

    replace(f.country, countryDatabase({ '203.0.113.0/24': 'AT' }, { buildEpoch: 1_767_312_000 }));
    replace(f.vpn, '64500\n');
    // Not looked at again before GEOIP_CHECK_SECONDS (5) have passed.
    expect(await finishFrom(RESIDENTIAL_V4)).toMatchObject({ country: 'DE', vpn: 'No VPN detected' });
    now += 5_000;
    expect(await finishFrom(RESIDENTIAL_V4)).toMatchObject({
      country: 'AT',
      vpn: 'VPN or hosting network: AS64500 (Example Residential)',
    });

    const before = logs.lines.length;
    replace(f.country, countryDatabase({ '203.0.113.0/24': 'CH' }).subarray(0, 100));
    replace(f.vpn, '64500\nnot a number\n');
    now += 5_000;
    expect(await finishFrom(RESIDENTIAL_V4)).toMatchObject({ country: 'AT' });
    now += 5_000;
    const ready = (await send('GET', '/readyz')).json<{
      networkOrigins: Record<string, { state: string; lastChangeRejected: boolean; builtAt?: string }>;
    }>().networkOrigins;
    expect(ready.country).toMatchObject({
      state: 'loaded',
      lastChangeRejected: true,
      builtAt: '2026-01-02T00:00:00.000Z',
    });
    expect(ready.vpnAsns).toMatchObject({ state: 'loaded', lastChangeRejected: true, entries: 1 });
    const warnings = logs.lines.slice(before).filter((l) => l.includes('"level":40'));
    expect(warnings.filter((l) => l.includes('GEOIP_COUNTRY_DB'))).toHaveLength(1);
    expect(warnings.filter((l) => l.includes('VPN_ASNS_FILE') && l.includes('line 2'))).toHaveLength(1);

    // Fixed: taken at the next check.
    replace(f.country, countryDatabase({ '203.0.113.0/24': 'CH' }));
    now += 5_000;
    expect(await finishFrom(RESIDENTIAL_V4)).toMatchObject({ country: 'CH' });
  });

  it('a FIFO renamed over a file is refused without waiting on it: the old one stays, one warning says why', async () => {
    const f = files();
    await start(f.env);
    expect(await finishFrom(RESIDENTIAL_V4)).toMatchObject({ country: 'DE' });
    const before = logs.lines.length;
    execFileSync('mkfifo', [`${f.country}.new`]);
    renameSync(`${f.country}.new`, f.country);
    now += 5_000;
    expect(await finishFrom(RESIDENTIAL_V4)).toMatchObject({ country: 'DE' });
    now += 5_000;
    expect((await send('GET', '/readyz')).json().networkOrigins.country).toMatchObject({
      state: 'loaded',
      lastChangeRejected: true,
    });
    const warnings = logs.lines.slice(before).filter((l) => l.includes('GEOIP_COUNTRY_DB'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('is a FIFO (named pipe), not a regular file; keeping what was loaded');
    replace(f.country, countryDatabase({ '203.0.113.0/24': 'CH' }));
    now += 5_000;
    expect(await finishFrom(RESIDENTIAL_V4)).toMatchObject({ country: 'CH' });
  });

  it('behind a proxy (TRUST_PROXY) the address comes from X-Forwarded-For, and only then', async () => {
    const f = files();
    await start({ ...f.env, TRUST_PROXY: 'true' });
    const forwarded = { 'x-forwarded-for': HOSTING_V6 };
    expect(await finishFrom('127.0.0.1', report({ country: 'NL' }), forwarded)).toMatchObject({
      country: 'FR',
      vpn: LISTED,
    });
    await t.close();

    await start(f.env);
    // Not trusted: the header is the client's word and the connection's address counts.
    expect(await finishFrom('127.0.0.1', report({ country: 'NL' }), forwarded)).toMatchObject({
      country: null,
      vpn: 'No VPN detected',
    });
  });

  it('keeps no address: the stored report holds the derived fields only', async () => {
    await start(files().env);
    const { pin } = await finishFrom(HOSTING_V6, report({ ip: HOSTING_V6 }));
    const rows = await t.deps.store.db.selectFrom('scan_reports').selectAll().execute();
    const pins = await t.deps.store.db.selectFrom('pins').selectAll().where('code', '=', pin).execute();
    const stored = JSON.stringify([rows, pins]);
    for (const address of ADDRESSES) expect(stored).not.toContain(address);
    expect(stored).toContain(LISTED);
  });
});

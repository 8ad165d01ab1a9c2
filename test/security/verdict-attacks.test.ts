import type { ChildProcess } from 'node:child_process';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evidence, jar } from '../support/evidence.js';
import { report } from '../support/scan.js';
import { freePort, startServerProcess, waitForReady } from '../support/server-process.js';

/**
 * The verdict's worth, tried as a cheating player with the source would (docs/scan-client.md,
 * "Trust"): each cheap route to `legit` (an empty report, a fabricated upload, a closed game, a
 * replayed document, a modified scanner, a forged upload naming someone else, a scan from another
 * house) repeated as a script of plain HTTP calls against a server process in its documented
 * production configuration (`SCANNER_ACCEPT=official`, behind a proxy), and against the default
 * configuration that README's quick start uses. None may end `legit`; each names its reason in
 * `integrity` and `assurance`, and none changes another community's view of any player.
 */

const ADMIN = 'attack-test-admin-token-0123456789abcdef';
const VICTIM = { id: '512345678901234567', username: 'victim' };

interface Server {
  url: string;
  child: ChildProcess;
  dir: string;
}

/** The official build's identity, as `npm run build:scanner` writes it beside the executables. */
const BUILD = {
  clientId: `spc_${'A1b2C3d4E5f6G7h8I9j0K1l2'}`,
  key: randomBytes(32).toString('base64url'),
};

async function startServer(accept: string): Promise<Server> {
  const dir = mkdtempSync(join(tmpdir(), 'scanpin-attacks-'));
  const downloads = join(dir, 'downloads');
  writeFileSync(join(dir, '.keep'), '');
  // The build's manifest, which the server reads at start-up and registers as an official client.
  const { mkdirSync } = await import('node:fs');
  mkdirSync(downloads);
  writeFileSync(
    join(downloads, 'scanner-clients.json'),
    JSON.stringify({
      clients: [
        {
          clientId: BUILD.clientId,
          name: 'scanpin-scan 0.1.0 linux-x64',
          version: '0.1.0',
          platform: 'linux-x64',
          key: BUILD.key,
          builtAt: new Date().toISOString(),
          sha256: 'a'.repeat(64),
        },
      ],
    }),
    { mode: 0o600 },
  );
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = startServerProcess(dir, {
    PORT: String(port),
    DATABASE_URL: `sqlite:${join(dir, 'scanpin.db')}`,
    SCANPIN_DATA_DIR: join(dir, 'data'),
    SCANPIN_ADMIN_TOKEN: ADMIN,
    SCANNER_DOWNLOADS_DIR: downloads,
    SCANNER_ACCEPT: accept,
    // Behind the operator's proxy, which names the player's address (docs/deployment.md).
    TRUST_PROXY: 'true',
    MAX_ACTIVE_PINS: '100',
    UNAUTHENTICATED_PER_MINUTE: '100000',
    SCANNER_START_PER_MINUTE: '100000',
    LOG_LEVEL: 'warn',
  });
  await waitForReady(url, child);
  return { url, child, dir };
}

async function call(
  server: Server,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>) };
}

/** An Enterprise owner with a key, and a licensed community elsewhere reading players. */
async function customers(server: Server) {
  const admin = { 'x-admin-token': ADMIN };
  const owner = (await call(server, 'POST', '/admin/v1/accounts', { name: 'Owner' }, admin)).json;
  await call(server, 'POST', '/admin/v1/enterprises', { name: 'Acme', ownerAccountId: owner.id }, admin);
  const key = (
    await call(
      server,
      'POST',
      `/admin/v1/accounts/${owner.id}/keys`,
      { permissions: ['pins:create', 'pins:status', 'pins:results'] },
      admin,
    )
  ).json.key as string;
  const other = (
    await call(
      server,
      'POST',
      '/admin/v1/accounts',
      { name: 'Elsewhere', licenceExpiresAt: '2099-01-01T00:00:00.000Z' },
      admin,
    )
  ).json;
  const reader = (
    await call(
      server,
      'POST',
      `/admin/v1/accounts/${other.id}/keys`,
      { permissions: ['user:risk-score', 'scanned-users:lookup'] },
      admin,
    )
  ).json.key as string;
  return { key, reader };
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** The signed-call protocol (docs/scanner.md, "Signed calls"), written from its text. */
function signed(path: string, body: string, sessionToken: string | null, at = Date.now()) {
  const timestamp = String(Math.floor(at / 1000));
  const canonical = [
    'scanpin-signature-v1',
    'POST',
    path,
    timestamp,
    sessionToken === null ? '-' : sha256(sessionToken),
    sha256(body),
  ].join('\n');
  const mac = createHmac('sha256', Buffer.from(BUILD.key, 'base64url')).update(canonical).digest('base64url');
  return {
    'scanpin-client': BUILD.clientId,
    'scanpin-timestamp': timestamp,
    'scanpin-signature': `v1=${mac}`,
  };
}

interface Scan {
  pin: string;
  token: string;
  nonce: string;
}

/** A scanner call, signed as the official build signs it when `official`. */
async function scannerCall(
  server: Server,
  path: string,
  body: unknown,
  opts: { token?: string; official?: boolean; from?: string; headers?: Record<string, string> } = {},
) {
  const text = JSON.stringify(body);
  return call(server, 'POST', path, text, {
    ...(opts.token === undefined ? {} : { authorization: `Bearer ${opts.token}` }),
    ...(opts.official ? signed(path, text, opts.token ?? null) : {}),
    ...(opts.from === undefined ? {} : { 'x-forwarded-for': opts.from }),
    ...opts.headers,
  });
}

async function createPin(server: Server, key: string, extra: Record<string, unknown> = {}) {
  const res = await call(server, 'POST', '/v1/pins/create', { type: 'Java', ...extra }, { 'x-api-key': key });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.pin as string;
}

async function startScan(
  server: Server,
  pin: string,
  opts: { official?: boolean; from?: string; hwid?: string } = {},
): Promise<Scan> {
  const res = await scannerCall(
    server,
    '/v1/scanner/start',
    { pin, hwids: [opts.hwid ?? `HW-${pin}`], clientVersion: '0.1.0' },
    opts,
  );
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return { pin, token: res.json.sessionToken as string, nonce: res.json.nonce as string };
}

async function resultsOf(server: Server, key: string, pin: string) {
  const res = await call(server, 'GET', `/v1/pins/${pin}/results`, undefined, { 'x-api-key': key });
  return res.json as {
    result: string;
    data: {
      integrity: string[];
      assurance: { level: string; reasons: string[]; client: { kind: string } };
      discord: Array<Record<string, unknown>>;
    };
  };
}

/** The result is not legit, and each reason is named in both integrity and the assurance. */
function expectNotLegitBecause(
  results: Awaited<ReturnType<typeof resultsOf>>,
  kind: string,
  level: string,
  reason: RegExp,
) {
  expect(results.result).not.toBe('legit');
  expect(results.data.assurance.client.kind).toBe(kind);
  expect(results.data.assurance.level).toBe(level);
  const named = results.data.assurance.reasons.find((r) => reason.test(r));
  expect(named, JSON.stringify(results.data.assurance)).toBeDefined();
  expect(results.data.integrity).toContain(named);
}

/** A clean Windows 11 gaming PC, made up: every source collected, nothing found. */
function fakeWindowsPc(nonce: string) {
  const doc = evidence(nonce, {
    system: { os: 'Windows 11 Pro 23H2 (build 22631)' },
  });
  doc.client.platform = 'win32';
  doc.schema = 2;
  const sources = doc.sources;
  sources.prefetch = {
    status: 'collected',
    reason: null,
    enabled: true,
    folder: 'C:/Windows/Prefetch',
    folderModifiedAt: null,
    filesTotal: 0,
    unreadable: 0,
    items: [],
  };
  sources.bam = {
    status: 'collected',
    reason: null,
    from: 'registry',
    controlSet: 'ControlSet001',
    items: [],
  };
  sources.pca = { status: 'collected', reason: null, skippedLines: 0, items: [] };
  sources.recycleBin = { status: 'collected', reason: null, drives: ['C:'], items: [] };
  sources.gameFolders = { status: 'collected', reason: null, folders: [], items: [] };
  sources.programs = { status: 'collected', reason: null, items: [] };
  return doc;
}

describe('attacks on the verdict, against a server in its production configuration', () => {
  let prod: Server;
  let key: string;
  let reader: string;

  beforeAll(async () => {
    prod = await startServer('official');
    ({ key, reader } = await customers(prod));
  }, 60_000);
  afterAll(() => {
    prod?.child.kill('SIGKILL');
    if (prod) rmSync(prod.dir, { recursive: true, force: true });
  });

  it('refuses an empty report, a fabricated upload and a modified scanner before anything is judged', async () => {
    const pin = await createPin(prod, key);
    // Three lines of curl: start, finish with an empty report.
    const bare = await scannerCall(prod, '/v1/scanner/start', { pin, hwids: ['HW-CURL'] });
    expect(bare.status).toBe(403);
    expect(bare.json).toMatchObject({ code: 'scanner_client_not_accepted' });
    expect(String(bare.json.detail)).toContain('/scan');
    // A copy of the scanner run from source with lines added says it is a development client.
    const modified = await scannerCall(
      prod,
      '/v1/scanner/start',
      { pin, hwids: ['HW-DEV'] },
      { headers: { 'scanpin-client': 'development' } },
    );
    expect(modified.status).toBe(403);
    expect(modified.json).toMatchObject({ code: 'scanner_client_not_accepted' });
    // A made-up client id, or the official id without a valid signature.
    const forged = await scannerCall(
      prod,
      '/v1/scanner/start',
      { pin, hwids: ['HW-FORGED'] },
      {
        headers: {
          'scanpin-client': BUILD.clientId,
          'scanpin-timestamp': String(Math.floor(Date.now() / 1000)),
          'scanpin-signature': `v1=${randomBytes(32).toString('base64url')}`,
        },
      },
    );
    expect(forged.status).toBe(401);
    expect(forged.json).toMatchObject({ code: 'invalid_client_signature' });
    // Nothing was started: the PIN still waits for a real scan.
    const status = await call(prod, 'GET', `/v1/pins/${pin}/status`, undefined, { 'x-api-key': key });
    expect(status.json).toMatchObject({ status: 'pending' });
  });

  it('gives a scan of a closed game no legit, and says the game was not running', async () => {
    const pin = await createPin(prod, key);
    const scan = await startScan(prod, pin, { official: true });
    const doc = evidence(scan.nonce, {
      processes: { items: [], game: { expected: ['java', 'javaw'], running: false, waitedSeconds: 180 } },
      memory: { status: 'collected', items: [] },
    });
    const res = await scannerCall(prod, '/v1/scanner/evidence', doc, { token: scan.token, official: true });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.result).toBe('suspicious');
    expectNotLegitBecause(await resultsOf(prod, key, pin), 'official', 'medium', /game was not running/);
    // The status summary (and so every webhook and event) carries it too.
    const status = await call(prod, 'GET', `/v1/pins/${pin}/status`, undefined, { 'x-api-key': key });
    expect((status.json.data as { assurance: { level: string } }).assurance.level).toBe('medium');
  });

  it('refuses a clean upload replayed for a later PIN, signed or not', async () => {
    const first = await startScan(prod, await createPin(prod, key), { official: true });
    const clean = JSON.stringify(evidence(first.nonce));
    const headers = signed('/v1/scanner/evidence', clean, first.token);
    const ok = await call(prod, 'POST', '/v1/scanner/evidence', clean, {
      authorization: `Bearer ${first.token}`,
      ...headers,
    });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(ok.json.result).toBe('legit');

    // A later scan of a cheater: the clean document with its nonce and times adjusted, sent with the
    // signature the first upload carried (the player has no key to sign anew).
    const later = await startScan(prod, await createPin(prod, key), { official: true });
    const replayed = clean.replace(first.nonce, later.nonce);
    const res = await call(prod, 'POST', '/v1/scanner/evidence', replayed, {
      authorization: `Bearer ${later.token}`,
      ...headers,
    });
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ code: 'invalid_client_signature' });
    // The very same signed request again is a replay.
    const again = await call(prod, 'POST', '/v1/scanner/evidence', clean, {
      authorization: `Bearer ${first.token}`,
      ...headers,
    });
    expect([401, 409]).toContain(again.status);
    const status = await call(prod, 'GET', `/v1/pins/${later.pin}/status`, undefined, { 'x-api-key': key });
    expect(status.json).toMatchObject({ status: 'scanning', result: null });
  });

  it('keeps a forged upload naming someone else inside the Enterprise that ran it', async () => {
    const before = [
      await call(prod, 'GET', `/v1/users/${VICTIM.id}/risk-score`, undefined, { 'x-api-key': reader }),
      await call(prod, 'GET', `/v1/scanned-users/lookup/${VICTIM.id}`, undefined, { 'x-api-key': reader }),
    ].map((r) => r.json);
    // Whoever holds a PIN naming the victim scans their own machine with the victim's Discord account
    // and a cheat planted: even through the official build, the victim never proved this scan.
    const pin = await createPin(prod, key, { playerDiscordId: VICTIM.id });
    const scan = await startScan(prod, pin, { official: true });
    const doc = evidence(scan.nonce, {
      files: { items: [jar('~/.minecraft/mods/x.jar', ['net/wurstclient/WurstClient.class'])] },
      discord: { accounts: [{ ...VICTIM, client: 'discord' }] },
    });
    const res = await scannerCall(prod, '/v1/scanner/evidence', doc, { token: scan.token, official: true });
    expect(res.json.result).toBe('cheating');
    expect((await resultsOf(prod, key, pin)).data.discord).toEqual([
      { ...VICTIM, provenance: 'named', reach: 'enterprise' },
    ]);
    const after = [
      await call(prod, 'GET', `/v1/users/${VICTIM.id}/risk-score`, undefined, { 'x-api-key': reader }),
      await call(prod, 'GET', `/v1/scanned-users/lookup/${VICTIM.id}`, undefined, { 'x-api-key': reader }),
    ].map((r) => r.json);
    expect(after).toEqual(before);
  });

  it('says so when the scan ran on another network than its start or the game connection', async () => {
    // The game server saw the player connect from one house; the scan starts there and uploads from
    // a friend's clean PC in another.
    const pin = await createPin(prod, key, { playerAddress: '203.0.113.77' });
    const scan = await startScan(prod, pin, { official: true, from: '203.0.113.80' });
    const res = await scannerCall(prod, '/v1/scanner/evidence', evidence(scan.nonce), {
      token: scan.token,
      official: true,
      from: '198.51.100.9',
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const results = await resultsOf(prod, key, pin);
    expectNotLegitBecause(results, 'official', 'medium', /different network/i);
    expect(JSON.stringify(results)).not.toContain('198.51.100');
    expect(JSON.stringify(results)).not.toContain('203.0.113');

    // Started and uploaded from a third network, away from the game connection.
    const other = await createPin(prod, key, { playerAddress: '203.0.113.77' });
    const away = await startScan(prod, other, { official: true, from: '192.0.2.10' });
    await scannerCall(prod, '/v1/scanner/evidence', evidence(away.nonce), {
      token: away.token,
      official: true,
      from: '192.0.2.11',
    });
    expectNotLegitBecause(
      await resultsOf(prod, key, other),
      'official',
      'medium',
      /different network from the game connection/,
    );
  });

  it('gives a whole scan by the official build on one network legit, with high assurance', async () => {
    const pin = await createPin(prod, key, { playerAddress: '203.0.113.77' });
    const scan = await startScan(prod, pin, { official: true, from: '203.0.113.77' });
    const res = await scannerCall(prod, '/v1/scanner/evidence', evidence(scan.nonce), {
      token: scan.token,
      official: true,
      from: '203.0.113.77',
    });
    expect(res.json).toMatchObject({ result: 'legit', showResult: false });
    const results = await resultsOf(prod, key, pin);
    expect(results.data.assurance).toEqual({
      client: { kind: 'official', name: 'scanpin-scan 0.1.0 linux-x64', version: '0.1.0' },
      level: 'high',
      reasons: [],
    });
  });
});

describe('the same attacks against the default configuration (README quick start)', () => {
  let dev: Server;
  let key: string;

  beforeAll(async () => {
    dev = await startServer('any');
    ({ key } = await customers(dev));
  }, 60_000);
  afterAll(() => {
    dev?.child.kill('SIGKILL');
    if (dev) rmSync(dev.dir, { recursive: true, force: true });
  });

  it('gives an empty report from curl no legit, and says the client is unknown', async () => {
    const pin = await createPin(dev, key);
    const scan = await startScan(dev, pin);
    // Nothing found, nothing claimed: every list empty.
    const empty = report({ vpn: null, country: null, logon: null, scantime: null, windows: null });
    const res = await scannerCall(dev, '/v1/scanner/finish', empty, { token: scan.token });
    expect(res.json).toEqual({ result: 'suspicious' });
    expectNotLegitBecause(await resultsOf(dev, key, pin), 'unverified', 'low', /does not know/);
  });

  it('gives a fabricated Windows 11 gaming PC no legit, and a modified scanner neither', async () => {
    const pin = await createPin(dev, key);
    const scan = await startScan(dev, pin);
    const res = await scannerCall(dev, '/v1/scanner/evidence', fakeWindowsPc(scan.nonce), {
      token: scan.token,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expectNotLegitBecause(await resultsOf(dev, key, pin), 'unverified', 'low', /does not know/);

    const fromSource = await createPin(dev, key);
    const dropped = await scannerCall(
      dev,
      '/v1/scanner/start',
      { pin: fromSource, hwids: ['HW-SOURCE'] },
      { headers: { 'scanpin-client': 'development' } },
    );
    const token = dropped.json.sessionToken as string;
    await scannerCall(dev, '/v1/scanner/evidence', evidence(dropped.json.nonce as string), {
      token,
      headers: { 'scanpin-client': 'development' },
    });
    expectNotLegitBecause(await resultsOf(dev, key, fromSource), 'development', 'low', /run from source/);
  });

  it('keeps an unsigned session unsigned, and an official session signed to its end', async () => {
    const pin = await createPin(dev, key);
    const scan = await startScan(dev, pin, { official: true });
    // The player takes the session of an official build over with curl.
    const res = await scannerCall(dev, '/v1/scanner/evidence', evidence(scan.nonce), { token: scan.token });
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ code: 'invalid_client_signature' });
  });
});

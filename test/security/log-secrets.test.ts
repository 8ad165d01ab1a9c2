import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { hmacHex, sha256Hex } from '../../src/lib/crypto.js';
import { createLogger } from '../../src/logger.js';
import { wire } from '../../src/wiring.js';
import { backends, TEST_SCHEMA_PREFIX } from '../support/backends.js';
import { installContractCheck } from '../support/contract.js';
import { type DiscordStandIn, startDiscordStandIn } from '../support/discord-stand-in.js';
import { type Receiver, startReceiver } from '../support/receiver.js';
import { report } from '../support/scan.js';
import { ALL_PERMISSIONS } from '../support/test-app.js';

/*
 * Logs (docs/operations.md, "Logs"): every line a server writes — requests, background jobs, webhook
 * deliveries, refusals — is captured at the most verbose level while a whole working day is driven
 * through it, and none may contain an API key, the operator token, a session, sign-in, invite, share
 * or scanner token, a webhook secret, a hardware ID or an IP address, raw or hashed.
 */

const ADMIN = 'log-test-admin-token-7f3e9a1c5b2d4e6f';
const HWIDS = ['HWID-LOGCHECK-9d8c7b6a', 'SMBIOS-LOGCHECK-0042'];
const CLIENT_IP = '203.0.113.77';
const FORWARDED_IP = '198.51.100.23';
const REPORTED_IP = '192.0.2.201';
const PLAYER = { id: '345678901234567891', username: 'LogPlayer' };
const PUBLIC_URL = 'https://scanpin.log-test.example';
let counter = 0;

describe.each(backends())('no secret, hardware ID or IP in any log line on $name', (backend) => {
  const lines: string[] = [];
  const secrets = new Map<string, string>();
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let receiver: Receiver;
  let discord: DiscordStandIn;
  let dataDir: string;

  const call = (opts: InjectOptions) =>
    app.inject({
      remoteAddress: CLIENT_IP,
      ...opts,
      headers: { 'x-forwarded-for': FORWARDED_IP, ...(opts.headers ?? {}) },
    });
  const json = (
    method: InjectOptions['method'],
    url: string,
    body: unknown,
    headers: Record<string, string>,
  ) =>
    call({
      method,
      url,
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    });
  const admin = async <T>(method: InjectOptions['method'], url: string, body?: unknown): Promise<T> => {
    const res =
      body === undefined
        ? await call({ method, url, headers: { 'x-admin-token': ADMIN } })
        : await json(method, url, body, { 'x-admin-token': ADMIN });
    if (res.statusCode >= 300) throw new Error(`${method} ${url} -> ${res.statusCode} ${res.body}`);
    return (res.body ? res.json() : undefined) as T;
  };
  const ok = (res: LightMyRequestResponse, what: string) => {
    if (res.statusCode >= 300) throw new Error(`${what} -> ${res.statusCode} ${res.body}`);
    return res;
  };
  const cookieOf = (res: LightMyRequestResponse) => {
    const value = res.cookies.find((c) => c.name === 'scanpin_session')?.value;
    if (value === undefined) throw new Error(`no session cookie: ${res.statusCode} ${res.body}`);
    secrets.set(`session token ${secrets.size}`, value);
    return `scanpin_session=${value}`;
  };

  beforeAll(async () => {
    receiver = await startReceiver();
    discord = await startDiscordStandIn();
    dataDir = mkdtempSync(join(tmpdir(), 'scanpin-logs-'));
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger('trace', sink);
    const unique = `${TEST_SCHEMA_PREFIX}${inject('testRunId')}_${process.pid}_logs${counter++}`;
    const config = loadConfig({
      DATABASE_URL: backend.databaseUrl(dataDir),
      SCANPIN_DATA_DIR: dataDir,
      SCANPIN_ADMIN_TOKEN: ADMIN,
      TRUST_PROXY: 'true',
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      WEBHOOK_RETRY_SCHEDULE: '1,1',
      LOG_LEVEL: 'trace',
      // The player proves their account through the scanner's link (docs/risk-score.md, "Whose scan it is");
      // Discord's address by name, as 127.0.0.1 counts as a leaked IP below.
      ...Object.fromEntries(
        Object.entries(discord.env(PUBLIC_URL)).map(([k, v]) => [k, v.replace('127.0.0.1', 'localhost')]),
      ),
      ...(backend.redisUrl ? { REDIS_URL: backend.redisUrl } : {}),
    });
    const services = await wire(config, {
      log: logger,
      ...(backend.pg ? { pgSchema: unique } : {}),
      redisPrefix: `scanpin:test:${unique}:`,
    });
    app = await buildApp(services.context, { logger, probes: services.probes });
    app.addHook('onClose', async () => services.close());
    installContractCheck(app);
    await app.ready();
    close = async () => {
      await app.close();
      await receiver.close();
      await discord.close();
    };
    secrets.set('operator token', ADMIN);
    secrets.set('hashing secret', readFileSync(join(dataDir, 'hash-secret'), 'utf8').trim());

    // Accounts, an Enterprise and keys (one created, one revoked).
    const owner = await admin<{ id: number }>('POST', '/admin/v1/accounts', {
      name: 'Owner',
      discordId: '111111111111111111',
    });
    const enterprise = await admin<{ id: number }>('POST', '/admin/v1/enterprises', {
      name: 'Log Co',
      ownerAccountId: owner.id,
    });
    const ownerKey = await admin<{ key: string }>('POST', `/admin/v1/accounts/${owner.id}/keys`, {
      permissions: [...ALL_PERMISSIONS, 'webhooks:manage'],
    });
    secrets.set('owner key', ownerKey.key);
    const spare = await admin<{ id: number; key: string }>('POST', `/admin/v1/accounts/${owner.id}/keys`, {
      permissions: ['pins:status'],
    });
    secrets.set('revoked key', spare.key);
    await admin('DELETE', `/admin/v1/keys/${spare.id}`);
    await call({ method: 'GET', url: '/v1/pins/A7K3M2P9/status', headers: { 'x-api-key': spare.key } });

    // Signing in with a link; an invite made, previewed and accepted.
    const link = await admin<{ url: string }>('POST', `/admin/v1/accounts/${owner.id}/sign-in-links`);
    secrets.set('sign-in token', link.url.split('/').pop() ?? '');
    const ownerCookie = cookieOf(await call({ method: 'POST', url: new URL(link.url).pathname }));
    ok(await call({ method: 'GET', url: '/app/api/me', headers: { cookie: ownerCookie } }), 'me');
    const member = await admin<{ id: number }>('POST', '/admin/v1/accounts', { name: 'Member' });
    const memberLink = await admin<{ url: string }>('POST', `/admin/v1/accounts/${member.id}/sign-in-links`);
    secrets.set('second sign-in token', memberLink.url.split('/').pop() ?? '');
    const memberCookie = cookieOf(
      await json('POST', '/app/api/sign-in', { token: memberLink.url.split('/').pop() }, {}),
    );
    const invite = ok(
      await json('POST', `/app/api/enterprises/${enterprise.id}/invites`, {}, { cookie: ownerCookie }),
      'invite',
    ).json<{ url: string }>();
    const inviteToken = invite.url.split('/').pop() ?? '';
    secrets.set('invite token', inviteToken);
    ok(await call({ method: 'GET', url: `/app/api/invites/preview?token=${inviteToken}` }), 'preview');
    ok(
      await json('POST', '/app/api/invites/accept', { token: inviteToken }, { cookie: memberCookie }),
      'accept',
    );
    const memberKey = ok(
      await json('POST', '/app/api/keys', { permissions: ['pins:status'] }, { cookie: memberCookie }),
      'member key',
    ).json<{ key: string }>();
    secrets.set('member key', memberKey.key);

    // A webhook, its secret, a test delivery and a whole scan with hardware IDs and IPs.
    const hook = ok(
      await json('POST', '/v1/webhooks', { url: receiver.url }, { 'x-api-key': ownerKey.key }),
      'webhook',
    ).json<{ id: number; secret: string }>();
    secrets.set('webhook secret', hook.secret);
    const rotated = ok(
      await call({
        method: 'POST',
        url: `/v1/webhooks/${hook.id}/rotate-secret`,
        headers: { 'x-api-key': ownerKey.key },
      }),
      'rotate',
    ).json<{ secret: string }>();
    secrets.set('rotated webhook secret', rotated.secret);
    const pin = ok(
      await json('POST', '/v1/pins/create', { type: 'FiveM' }, { 'x-api-key': ownerKey.key }),
      'pin',
    ).json<{
      pin: string;
    }>().pin;
    const started = ok(await json('POST', '/v1/scanner/start', { pin, hwids: HWIDS }, {}), 'start').json<{
      sessionToken: string;
      proof: { url: string };
    }>();
    secrets.set('scanner session token', started.sessionToken);
    // The player proves their Discord account through the link the scanner shows: the link's page,
    // its form, Discord, and back. The link's secret part never reaches a log line.
    const proofToken = new URL(started.proof.url).pathname.split('/').pop() ?? '';
    secrets.set('proof link secret', proofToken.slice(8));
    ok(await call({ method: 'GET', url: new URL(started.proof.url).pathname }), 'proof link');
    discord.user = { ...PLAYER, global_name: null };
    const leave = await call({
      method: 'POST',
      url: '/scan/discord',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PUBLIC_URL },
      payload: `token=${proofToken}`,
    });
    if (leave.statusCode !== 303) throw new Error(`proof -> ${leave.statusCode} ${leave.body}`);
    const attempt = leave.cookies.find((c) => c.name === 'scanpin_player_proof')?.value ?? '';
    secrets.set('player proof attempt', attempt);
    const atDiscord = await fetch(new URL(leave.headers.location as string), { redirect: 'manual' });
    const back = new URL(atDiscord.headers.get('location') ?? '');
    ok(
      await call({
        method: 'GET',
        url: `${back.pathname}${back.search}`,
        headers: { cookie: `scanpin_player_proof=${encodeURIComponent(attempt)}` },
      }),
      'proof',
    );
    secrets.set('OAuth state', back.searchParams.get('state') ?? '');
    secrets.set('Discord client secret', discord.clientSecret);
    for (const [i, code] of discord.issuedCodes.entries()) secrets.set(`Discord code ${i}`, code);
    for (const [i, token] of discord.issuedTokens.entries()) secrets.set(`Discord access token ${i}`, token);

    const bearer = { authorization: `Bearer ${started.sessionToken}` };
    ok(
      await json('POST', '/v1/scanner/progress', { progress: 50, statusMessage: 'Half' }, bearer),
      'progress',
    );
    ok(
      await json(
        'POST',
        '/v1/scanner/finish',
        report({ detections: ['Eulen'], discord: [PLAYER], ip: REPORTED_IP }),
        bearer,
      ),
      'finish',
    );
    await json('POST', '/v1/scanner/progress', { progress: 60, statusMessage: 'late' }, bearer);
    await receiver.waitFor((all) => all.some((r) => JSON.parse(r.body).type === 'pin.finished'));
    ok(
      await call({ method: 'GET', url: `/v1/pins/${pin}/results`, headers: { 'x-api-key': ownerKey.key } }),
      'results',
    );
    ok(
      await call({
        method: 'GET',
        url: `/v1/scanned-users/lookup/${PLAYER.id}`,
        headers: { 'x-api-key': ownerKey.key },
      }),
      'lookup',
    );

    // A share link, a ban, and refusals of every kind.
    const share = ok(
      await json('POST', `/app/api/pins/${pin}/share-links`, {}, { cookie: ownerCookie }),
      'share',
    ).json<{ url: string }>();
    secrets.set('share token', share.url.split('/').pop() ?? '');
    ok(await call({ method: 'GET', url: new URL(share.url).pathname }), 'shared page');
    await admin('POST', `/admin/v1/scanned-users/${PLAYER.id}/bans`, {
      status: 'banned',
      reason: 'cheating',
    });
    await call({
      method: 'GET',
      url: '/v1/pins/A7K3M2P9/status',
      headers: { 'x-api-key': `${ownerKey.key}x` },
    });
    await call({ method: 'GET', url: '/admin/v1/accounts/1', headers: { 'x-admin-token': `${ADMIN}x` } });
    await json('POST', '/v1/pins/create', '{"type":', { 'x-api-key': ownerKey.key });
    await call({ method: 'GET', url: `/sign-in/${secrets.get('sign-in token')}` });
    await json('POST', '/app/api/sign-in', { token: secrets.get('sign-in token') }, {});
    await call({ method: 'GET', url: '/no/such/route', headers: { cookie: ownerCookie } });
    await call({
      method: 'POST',
      url: '/app/api/sign-out',
      headers: { cookie: memberCookie, origin: 'https://evil.example' },
    });
    await json('POST', '/v1/scanner/start', { pin, hwids: HWIDS }, {});
    await call({ method: 'GET', url: '/%zz' });
  }, 60_000);

  afterAll(async () => {
    await close?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('logged the whole day (requests and background work), as JSON lines', () => {
    expect(lines.length).toBeGreaterThan(30);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    const all = lines.join('');
    expect(all).toContain('request completed');
    expect(all).toContain('/v1/scanner/finish');
  });

  it('never wrote a key, token, secret, hardware ID or IP, raw or hashed', () => {
    const hashSecret = secrets.get('hashing secret') ?? '';
    const forbidden = new Map<string, string>();
    for (const [what, value] of secrets) {
      expect(value.length, what).toBeGreaterThan(10);
      forbidden.set(what, value);
      forbidden.set(`sha256 of ${what}`, sha256Hex(value));
    }
    for (const hwid of HWIDS) {
      forbidden.set(`hardware ID ${hwid}`, hwid);
      forbidden.set(`hashed hardware ID ${hwid}`, hmacHex(hashSecret, `hwid:${hwid}`));
    }
    for (const ip of [CLIENT_IP, FORWARDED_IP, REPORTED_IP, '127.0.0.1']) {
      forbidden.set(`IP ${ip}`, ip);
      forbidden.set(`hashed IP ${ip}`, hmacHex(hashSecret, `ip:${ip}`));
    }
    const leaks: string[] = [];
    for (const line of lines) {
      for (const [what, value] of forbidden)
        if (line.includes(value)) leaks.push(`${what} in ${line.trim()}`);
    }
    expect(leaks).toEqual([]);
  });
});

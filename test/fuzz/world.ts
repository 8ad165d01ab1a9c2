import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { Store } from '../../src/storage/database.js';
import { wire } from '../../src/wiring.js';
import { type Backend, TEST_SCHEMA_PREFIX } from '../support/backends.js';
import { installContractCheck } from '../support/contract.js';
import { report } from '../support/scan.js';
import { ADMIN_TOKEN } from '../support/test-app.js';
import type { Hints } from './arbitraries.js';

export interface FuzzApp {
  app: FastifyInstance;
  store: Store;
  /**
   * Records `account` as proven for the PIN's running scan, as the proof link's Discord sign-in does
   * (fixture set-up; test/http/report-provenance.test.ts drives the real flow).
   */
  prove(pin: string, account: { id: string; username: string }): Promise<void>;
  close(): Promise<void>;
}

let counter = 0;

/**
 * The app as test/support/test-app.ts builds it, with the contract check, but without the background
 * jobs: the sweeper and the webhook worker would change rows between a request and the store dump
 * taken after it. Budgets are raised so fuzzed input reaches the endpoints instead of 429s.
 */
export async function startFuzzApp(backend: Backend): Promise<FuzzApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'scanpin-fuzz-'));
  const unique = `${TEST_SCHEMA_PREFIX}${inject('testRunId')}_${process.pid}_fuzz${counter++}`;
  const config = loadConfig({
    DATABASE_URL: backend.databaseUrl(dataDir),
    SCANPIN_DATA_DIR: dataDir,
    SCANPIN_ADMIN_TOKEN: ADMIN_TOKEN,
    RATE_LIMIT_PER_HOUR: '100000000',
    UNAUTHENTICATED_PER_MINUTE: '100000000',
    SCANNER_START_PER_MINUTE: '100000000',
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    ...(backend.redisUrl ? { REDIS_URL: backend.redisUrl } : {}),
  });
  const services = await wire(config, {
    ...(backend.pg ? { pgSchema: unique } : {}),
    redisPrefix: `scanpin:test:${unique}:`,
    backgroundJobs: false,
  });
  const app = await buildApp(services.context, { probes: services.probes });
  app.addHook('onClose', async () => services.close());
  installContractCheck(app);
  await app.ready();
  const { repos, clock } = services.context;
  return {
    app,
    store: services.context.store,
    async prove(pin, account) {
      const found = await repos.reportProvenance.proofContext(pin);
      if (found?.sessionHash == null) throw new Error(`world: PIN ${pin} has no running scan`);
      const proven = await repos.reportProvenance.prove(
        found.pinId,
        found.sessionHash,
        { discordId: account.id, username: account.username },
        clock(),
      );
      if (proven?.discordId !== account.id) throw new Error(`world: PIN ${pin} could not be proven`);
    },
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Credentials and resources a fuzzed request can name, so input gets past auth to the use cases. */
export interface World {
  ownerKey: string;
  memberKey: string;
  revokedKey: string;
  cookie: string;
  memberCookie: string;
  scannerToken: string;
  hints: Hints;
}

const EVERY_PERMISSION = [
  'pins:create',
  'pins:status',
  'pins:results',
  'user:risk-score',
  'scanned-users:lookup',
  'webhooks:manage',
];

let people = 0;

/** Builds a fresh world: an owner and a member, their keys and sessions, PINs in each state, a player. */
export async function buildWorld({ app, prove }: Pick<FuzzApp, 'app' | 'prove'>): Promise<World> {
  const call = async (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> => {
    const res = await app.inject({
      method,
      url,
      headers: {
        ...(url.startsWith('/admin/') ? { 'x-admin-token': ADMIN_TOKEN } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    if (res.statusCode >= 400) throw new Error(`world: ${method} ${url} -> ${res.statusCode} ${res.body}`);
    return res;
  };
  const json = async <T>(method: 'GET' | 'POST', url: string, body?: unknown, headers = {}) =>
    (await call(method, url, body, headers)).json<T>();
  const n = people++;

  const owner = (await json<{ id: number }>('POST', '/admin/v1/accounts', { name: `Fuzz Owner ${n}` })).id;
  const member = (await json<{ id: number }>('POST', '/admin/v1/accounts', { name: `Fuzz Member ${n}` })).id;
  const enterprise = (
    await json<{ id: number }>('POST', '/admin/v1/enterprises', { name: `Fuzz ${n}`, ownerAccountId: owner })
  ).id;
  await call('POST', `/admin/v1/enterprises/${enterprise}/members`, { accountId: member });
  const ownerKeyRow = await json<{ id: number; key: string }>('POST', `/admin/v1/accounts/${owner}/keys`, {
    permissions: EVERY_PERMISSION,
  });
  const memberKey = (
    await json<{ key: string }>('POST', `/admin/v1/accounts/${member}/keys`, {
      permissions: ['pins:status', 'pins:results', 'webhooks:manage'],
    })
  ).key;
  const revoked = await json<{ id: number; key: string }>('POST', `/admin/v1/accounts/${owner}/keys`, {
    permissions: ['pins:status'],
  });
  await call('DELETE', `/admin/v1/keys/${revoked.id}`);

  const signIn = async (account: number): Promise<string> => {
    const { url } = await json<{ url: string }>('POST', `/admin/v1/accounts/${account}/sign-in-links`);
    const res = await call('POST', new URL(url).pathname);
    const value = res.cookies.find((c) => c.name === 'scanpin_session')?.value;
    if (value === undefined) throw new Error('world: no session cookie');
    return `scanpin_session=${value}`;
  };
  const cookie = await signIn(owner);
  const memberCookie = await signIn(member);
  const signInToken = new URL(
    (await json<{ url: string }>('POST', `/admin/v1/accounts/${owner}/sign-in-links`)).url,
  ).pathname
    .split('/')
    .pop();

  const key = { 'x-api-key': ownerKeyRow.key };
  const webhook = await json<{ id: number }>('POST', '/v1/webhooks', { url: 'http://127.0.0.1:9/hook' }, key);
  const pin = async () =>
    (await json<{ pin: string }>('POST', '/v1/pins/create', { type: 'FiveM' }, key)).pin;
  const finished = await pin();
  const discordId = `${100_000_000_000_000_000n + BigInt(n)}`;
  const start = async (code: string, hwid: string) =>
    (await json<{ sessionToken: string }>('POST', '/v1/scanner/start', { pin: code, hwids: [hwid] }))
      .sessionToken;
  // The player proved the account, so the scan makes them a known player (docs/risk-score.md,
  // "Whose scan it is") whom bans, notes, exports and erasures can name.
  const player = { id: discordId, username: `player${n}` };
  const finishedToken = await start(finished, `HWID-FUZZ-${n}`);
  await prove(finished, player);
  await call('POST', '/v1/scanner/finish', report({ detections: ['Cheat X'], discord: [player] }), {
    authorization: `Bearer ${finishedToken}`,
  });
  const scanning = await pin();
  const scannerToken = await start(scanning, `HWID-FUZZ-${n}-B`);
  const pending = await pin();

  const ban = await json<{ id: number }>('POST', `/admin/v1/scanned-users/${discordId}/bans`, {
    status: 'warned',
    reason: 'fuzz fixture',
  });
  const share = await json<{ id: number; url: string }>(
    'POST',
    `/app/api/pins/${finished}/share-links`,
    {},
    { cookie },
  );
  const invite = await json<{ id: number; url: string }>(
    'POST',
    `/app/api/enterprises/${enterprise}/invites`,
    {},
    { cookie },
  );
  const deliveries = await json<{ data: { id: number }[] }>(
    'GET',
    `/v1/webhooks/${webhook.id}/deliveries`,
    undefined,
    key,
  );
  const lastSegment = (url: string) => new URL(url).pathname.split('/').pop() ?? '';
  const inviteToken = new URL(invite.url).searchParams.get('token') ?? lastSegment(invite.url);

  const sessionIds = [
    ...(await json<{ id: number }[]>('GET', '/app/api/sessions', undefined, { cookie })),
    ...(await json<{ id: number }[]>('GET', '/app/api/sessions', undefined, { cookie: memberCookie })),
  ].map((x) => x.id);
  const ids = [
    owner,
    member,
    enterprise,
    webhook.id,
    ban.id,
    share.id,
    invite.id,
    ownerKeyRow.id,
    revoked.id,
  ];
  return {
    ownerKey: ownerKeyRow.key,
    memberKey,
    revokedKey: revoked.key,
    cookie,
    memberCookie,
    scannerToken,
    hints: {
      pinCode: [pending, scanning, finished],
      code: [pending, finished],
      pin: [pending, scanning, finished],
      discordId: [discordId],
      id: ids,
      // An `id` after these path segments names that kind of row (cases.ts looks here first).
      'id@accounts': [owner, member],
      'id@enterprises': [enterprise],
      'id@webhooks': [webhook.id],
      'id@keys': [revoked.id, ownerKeyRow.id],
      'id@bans': [ban.id],
      'id@share-links': [share.id],
      'id@invites': [invite.id],
      'id@sessions': sessionIds,
      accountId: [owner, member],
      ownerAccountId: [owner, member],
      enterpriseId: [enterprise],
      deliveryId: deliveries.data.map((d) => d.id),
      token: [signInToken ?? '', lastSegment(share.url), inviteToken],
      hwids: [[`HWID-FUZZ-${n}`]],
      url: ['http://127.0.0.1:9/other'],
      type: ['FiveM'],
      status: ['banned', 'warned'],
      permissions: [['pins:status'], EVERY_PERMISSION],
    },
  };
}

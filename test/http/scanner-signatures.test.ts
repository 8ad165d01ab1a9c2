import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetStaleSignatures } from '../../src/application/scanner-clients/identify-caller.js';
import { scanClientOf } from '../../src/application/scanner-clients/scan-client.js';
import { parseSignatureHeader, replayDigest } from '../../src/domain/scanner-signature.js';
import { backends } from '../support/backends.js';
import { evidence } from '../support/evidence.js';
import { report } from '../support/scan.js';
import {
  officialClient,
  registerScannerClient,
  type ScannerClientCredentials,
  signedHeaders,
} from '../support/scanner-client.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';
import { startSibling } from '../support/with-app.js';

const PUBLIC_URL = 'https://scanpin.example';
const ENV = { UNAUTHENTICATED_PER_MINUTE: '100000', MAX_ACTIVE_PINS: '1000', PUBLIC_URL };

interface Call {
  path: string;
  body?: unknown;
  token?: string;
  /** Who signs; null sends no Scanpin-* headers. */
  client?: ScannerClientCredentials | null;
  /** Sent instead of the signed headers' own (e.g. another client id or a foreign timestamp). */
  headers?: Record<string, string>;
  /** Sign these instead of what is sent. */
  sign?: { path?: string; body?: string | Buffer; token?: string | null; timestamp?: number };
  gzip?: boolean;
  app?: FastifyInstance;
}

/**
 * Signed scanner calls (docs/scanner.md, "Signed calls"): a registered client's calls are accepted
 * only with a fresh signature of exactly what was sent, once; its session can be continued only by it.
 */
describe.each(backends())('signed scanner calls on $name', (backend) => {
  let now = Date.parse('2026-03-01T12:00:00.000Z');
  const clock = () => now;
  let t: TestApp;
  let owner: Owner;
  let official: ScannerClientCredentials;

  beforeAll(async () => {
    t = await startTestApp(backend, ENV, clock, { backgroundJobs: false });
    owner = await t.createOwner();
    official = await officialClient(t);
  });
  afterAll(async () => t.close());

  function send(call: Call): Promise<LightMyRequestResponse> {
    const url = `/v1/scanner/${call.path}`;
    const json = call.body === undefined ? '' : JSON.stringify(call.body);
    const payload: string | Buffer = call.gzip ? gzipSync(json) : json;
    const client = call.client === undefined ? official : call.client;
    const signed =
      client === null
        ? {}
        : signedHeaders(t, client, {
            path: call.sign?.path ?? url,
            body: call.sign?.body ?? payload,
            sessionToken: call.sign?.token !== undefined ? call.sign.token : (call.token ?? null),
            ...(call.sign?.timestamp === undefined ? {} : { timestamp: call.sign.timestamp }),
          });
    return (call.app ?? t.app).inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json',
        ...(call.gzip ? { 'content-encoding': 'gzip' } : {}),
        ...(call.token === undefined ? {} : { authorization: `Bearer ${call.token}` }),
        ...signed,
        ...call.headers,
      },
      payload,
    });
  }

  async function started(client: ScannerClientCredentials | null = official) {
    const pin = await t.createPin(owner.key, { type: 'Java' });
    const res = await send({ path: 'start', body: { pin, hwids: [`HW-${pin}`] }, client });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{ sessionToken: string; nonce: string }>();
    return { pin, token: body.sessionToken, nonce: body.nonce };
  }

  let step = 0;
  /** A progress body no other call sent, so a signature is never the same by accident. */
  const progress = () => ({ progress: 1 + (step++ % 90), statusMessage: `Step ${step}` });

  const refusal = (res: LightMyRequestResponse) => ({ status: res.statusCode, code: res.json().code });

  it('accepts a scan signed by a registered client and records the client on its PIN', async () => {
    const scan = await started();
    expect((await send({ path: 'progress', body: progress(), token: scan.token })).statusCode).toBe(204);
    const finished = await send({ path: 'finish', body: report(), token: scan.token });
    expect(finished.statusCode, finished.body).toBe(200);
    const row = await t.deps.store.db
      .selectFrom('pins')
      .select(['client_kind', 'scanner_client_id'])
      .where('code', '=', scan.pin)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ client_kind: 'official', scanner_client_id: official.id });
  });

  it('records an unsigned start as unverified and one from source as development', async () => {
    const unsigned = await started(null);
    const pin = await t.createPin(owner.key);
    const dev = await send({
      path: 'start',
      body: { pin, hwids: ['HW-DEV'] },
      client: null,
      headers: { 'scanpin-client': 'development' },
    });
    expect(dev.statusCode, dev.body).toBe(201);
    const kinds = await t.deps.store.db
      .selectFrom('pins')
      .select(['code', 'client_kind', 'scanner_client_id'])
      .where('code', 'in', [unsigned.pin, pin])
      .execute();
    expect(Object.fromEntries(kinds.map((k) => [k.code, [k.client_kind, k.scanner_client_id]]))).toEqual({
      [unsigned.pin]: ['unverified', null],
      [pin]: ['development', null],
    });
  });

  it('refuses a signature made with another key', async () => {
    const scan = await started();
    const res = await send({
      path: 'progress',
      body: progress(),
      token: scan.token,
      client: { ...official, key: Buffer.alloc(32, 7).toString('base64url') },
    });
    expect(refusal(res)).toEqual({ status: 401, code: 'invalid_client_signature' });
    expect(res.json().detail).toMatch(/does not match/);
  });

  it('refuses a body changed by one byte', async () => {
    const scan = await started();
    const body = progress();
    const signedBody = JSON.stringify({ ...body, statusMessage: `${body.statusMessage}!` });
    const res = await send({ path: 'progress', body, token: scan.token, sign: { body: signedBody } });
    expect(refusal(res)).toEqual({ status: 401, code: 'invalid_client_signature' });
  });

  it('refuses a signature made for another path', async () => {
    const scan = await started();
    const res = await send({
      path: 'fail',
      body: { message: 'Scanner crashed' },
      token: scan.token,
      sign: { path: '/v1/scanner/progress' },
    });
    expect(refusal(res)).toEqual({ status: 401, code: 'invalid_client_signature' });
  });

  it('refuses a signature made for another session of the same client', async () => {
    const a = await started();
    const b = await started();
    const res = await send({ path: 'progress', body: progress(), token: a.token, sign: { token: b.token } });
    expect(refusal(res)).toEqual({ status: 401, code: 'invalid_client_signature' });
  });

  it('refuses a timestamp 301 seconds off either way, and accepts one 299 seconds off', async () => {
    const scan = await started();
    const seconds = Math.floor(now / 1000);
    for (const off of [301, -301]) {
      const res = await send({
        path: 'progress',
        body: progress(),
        token: scan.token,
        sign: { timestamp: seconds + off },
      });
      expect(refusal(res)).toEqual({ status: 401, code: 'invalid_client_signature' });
      expect(res.json().detail).toMatch(/300 seconds/);
    }
    for (const off of [299, -299]) {
      const res = await send({
        path: 'progress',
        body: progress(),
        token: scan.token,
        sign: { timestamp: seconds + off },
      });
      expect(res.statusCode, res.body).toBe(204);
    }
  });

  it('refuses the same signed request a second time', async () => {
    const scan = await started();
    const body = progress();
    expect((await send({ path: 'progress', body, token: scan.token })).statusCode).toBe(204);
    const again = await send({ path: 'progress', body, token: scan.token });
    expect(refusal(again)).toEqual({ status: 401, code: 'invalid_client_signature' });
    expect(again.json().detail).toMatch(/already used/);
  });

  it('refuses a replay on another instance sharing the store', async () => {
    const sibling = await startSibling(t, backend, ENV, clock);
    try {
      const scan = await started();
      const body = progress();
      const headers = signedHeaders(t, official, {
        path: '/v1/scanner/progress',
        body: JSON.stringify(body),
        sessionToken: scan.token,
      });
      const once = await send({ path: 'progress', body, token: scan.token, headers });
      expect(once.statusCode, once.body).toBe(204);
      const there = await send({ path: 'progress', body, token: scan.token, headers, app: sibling });
      expect(refusal(there)).toEqual({ status: 401, code: 'invalid_client_signature' });
    } finally {
      await sibling.close();
    }
  });

  it('refuses an unknown or malformed client id', async () => {
    const pin = await t.createPin(owner.key);
    for (const id of ['spc_AAAAAAAAAAAAAAAAAAAAAAAA', 'not-a-client']) {
      const res = await send({
        path: 'start',
        body: { pin, hwids: ['HW-UNKNOWN'] },
        headers: { 'scanpin-client': id },
      });
      expect(refusal(res)).toEqual({ status: 401, code: 'invalid_client_signature' });
      expect(res.json().detail).toMatch(/does not know/);
    }
  });

  it('refuses a revoked client at once, a scan under way included', async () => {
    const client = await registerScannerClient(t, { name: 'revoked build' });
    const scan = await started(client);
    await t.admin('DELETE', `/admin/v1/scanner-clients/${client.id}`);
    const res = await send({ path: 'progress', body: progress(), token: scan.token, client });
    expect(refusal(res)).toEqual({ status: 403, code: 'scanner_client_retired' });
    expect(res.json().detail).toContain(`${PUBLIC_URL}/scan`);
    const pin = await t.createPin(owner.key);
    const start = await send({ path: 'start', body: { pin, hwids: ['HW-R'] }, client });
    expect(refusal(start)).toEqual({ status: 403, code: 'scanner_client_retired' });
  });

  it('refuses a client past its expiry, and accepts it before', async () => {
    const client = await registerScannerClient(t, {
      name: 'expiring build',
      expiresAt: new Date(now + 60_000).toISOString(),
    });
    const scan = await started(client);
    now += 61_000;
    try {
      const res = await send({ path: 'progress', body: progress(), token: scan.token, client });
      expect(refusal(res)).toEqual({ status: 403, code: 'scanner_client_retired' });
    } finally {
      now -= 61_000;
    }
  });

  it('retires the official builds before a new one after the grace period', async () => {
    const old = await registerScannerClient(t, { name: 'scanpin-scan 0.1.0 linux-x64' });
    now += 1_000;
    const current = await registerScannerClient(t, { name: 'scanpin-scan 0.2.0 linux-x64' });
    const answer = await t.admin<{ expiresAt: string; retired: Array<{ id: number }> }>(
      'POST',
      '/admin/v1/scanner-clients/retire-previous',
      { clientId: current.clientId, graceDays: 7 },
    );
    expect(answer.expiresAt).toBe(new Date(now + 7 * 86_400_000).toISOString());
    expect(answer.retired.map((c) => c.id)).toContain(old.id);
    expect(answer.retired.map((c) => c.id)).not.toContain(current.id);
    // Within the grace period the old build still scans.
    await started(old);
    const saved = now;
    now += 7 * 86_400_000 + 1_000;
    try {
      const pin = await t.createPin(owner.key);
      const refused = await send({ path: 'start', body: { pin, hwids: ['HW-OLD'] }, client: old });
      expect(refusal(refused)).toEqual({ status: 403, code: 'scanner_client_retired' });
      const fine = await send({ path: 'start', body: { pin, hwids: ['HW-NEW'] }, client: current });
      expect(fine.statusCode, fine.body).toBe(201);
    } finally {
      now = saved;
    }
  });

  it('does not let an official session continue unsigned or under another client', async () => {
    const scan = await started();
    const unsigned = await send({ path: 'progress', body: progress(), token: scan.token, client: null });
    expect(refusal(unsigned)).toEqual({ status: 401, code: 'invalid_client_signature' });
    expect(unsigned.json().detail).toMatch(/another scanner client/);
    const dev = await send({
      path: 'finish',
      body: report(),
      token: scan.token,
      client: null,
      headers: { 'scanpin-client': 'development' },
    });
    expect(refusal(dev)).toEqual({ status: 401, code: 'invalid_client_signature' });
    const other = await registerScannerClient(t, { name: 'another build' });
    const foreign = await send({ path: 'progress', body: progress(), token: scan.token, client: other });
    expect(refusal(foreign)).toEqual({ status: 401, code: 'invalid_client_signature' });
    // The session is still the official client's.
    expect((await send({ path: 'progress', body: progress(), token: scan.token })).statusCode).toBe(204);
  });

  it('keeps a session started unsigned unverified, whatever later calls send', async () => {
    const scan = await started(null);
    expect((await send({ path: 'progress', body: progress(), token: scan.token })).statusCode).toBe(204);
    const row = await t.deps.store.db
      .selectFrom('pins')
      .select(['client_kind', 'scanner_client_id'])
      .where('code', '=', scan.pin)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ client_kind: 'unverified', scanner_client_id: null });
  });

  it('signs an evidence upload over its gzip bytes as sent, not the inflated JSON', async () => {
    const scan = await started();
    const doc = evidence(scan.nonce, {}, new Date(now));
    const json = JSON.stringify(doc);
    const overInflated = await send({
      path: 'evidence',
      body: doc,
      gzip: true,
      token: scan.token,
      headers: { 'scanpin-nonce': scan.nonce },
      sign: { body: json },
    });
    expect(refusal(overInflated)).toEqual({ status: 401, code: 'invalid_client_signature' });
    const overWire = await send({
      path: 'evidence',
      body: doc,
      gzip: true,
      token: scan.token,
      headers: { 'scanpin-nonce': scan.nonce },
    });
    expect(overWire.statusCode, overWire.body).toBe(200);
  });

  it('forgets an accepted signature once its timestamp has left the window, when a replay is stale anyway', async () => {
    const scan = await started();
    const body = progress();
    const headers = signedHeaders(t, official, {
      path: '/v1/scanner/progress',
      body: JSON.stringify(body),
      sessionToken: scan.token,
    });
    expect((await send({ path: 'progress', body, token: scan.token, headers })).statusCode).toBe(204);
    const digest = replayDigest(
      official.clientId,
      parseSignatureHeader(headers['scanpin-signature']) as Buffer,
    );
    const remembered = () =>
      t.deps.store.db
        .selectFrom('scanner_request_signatures')
        .select('digest')
        .where('digest', '=', digest)
        .execute();
    expect(await forgetStaleSignatures(t.deps)).toBe(0);
    expect(await remembered()).toHaveLength(1);
    const saved = now;
    now += 302_000;
    try {
      expect(await forgetStaleSignatures(t.deps)).toBeGreaterThan(0);
      expect(await remembered()).toHaveLength(0);
      const replay = await send({ path: 'progress', body, token: scan.token, headers });
      expect(refusal(replay)).toEqual({ status: 401, code: 'invalid_client_signature' });
      expect(replay.json().detail).toMatch(/300 seconds/);
    } finally {
      now = saved;
    }
  });

  it('tells the lead which client a scan was made with: kind, registered name and version', async () => {
    const pin = await t.createPin(owner.key);
    const res = await send({ path: 'start', body: { pin, hwids: ['HW-VERSION'], clientVersion: '0.1.0' } });
    expect(res.statusCode, res.body).toBe(201);
    const found = await t.deps.repos.pins.findByCode(pin);
    expect(await scanClientOf(t.deps, found as { id: number })).toEqual({
      kind: 'official',
      name: 'scanpin-scan 0.1.0 linux-x64 (test)',
      version: '0.1.0',
    });
    const unsigned = await started(null);
    const other = await t.deps.repos.pins.findByCode(unsigned.pin);
    expect(await scanClientOf(t.deps, other as { id: number })).toEqual({
      kind: 'unverified',
      name: null,
      version: null,
    });
  });

  it('takes the digest of an empty body as the SHA-256 of nothing', () => {
    expect(createHash('sha256').update('').digest('hex')).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });
});

/** SCANNER_ACCEPT (docs/operations.md, "Scanner clients"): refusals come before the body is read. */
describe.each(backends())('SCANNER_ACCEPT=official on $name', (backend) => {
  let t: TestApp;
  let owner: Owner;

  beforeAll(async () => {
    t = await startTestApp(backend, { ...ENV, SCANNER_ACCEPT: 'official' });
    owner = await t.createOwner();
  });
  afterAll(async () => t.close());

  /** A start whose body is not JSON at all: a refusal about it proves the body was never read. */
  const startWithBrokenBody = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/scanner/start',
      headers: { 'content-type': 'application/json', ...headers },
      payload: '{ this is not json',
    });

  it('refuses an unverified client before reading the body, saying what to do', async () => {
    const res = await startWithBrokenBody({});
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().code).toBe('scanner_client_not_accepted');
    expect(res.json().detail).toContain('official scanner builds');
    expect(res.json().detail).toContain(`${PUBLIC_URL}/scan`);
  });

  it('refuses a development client before reading the body', async () => {
    const res = await startWithBrokenBody({ 'scanpin-client': 'development' });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().code).toBe('scanner_client_not_accepted');
    expect(res.json().detail).toMatch(/development copies/);
  });

  it('refuses a third-party client, and accepts an official one', async () => {
    const third = await registerScannerClient(t, { name: 'bridge', kind: 'third-party' });
    const pin = await t.createPin(owner.key);
    const body = JSON.stringify({ pin, hwids: ['HW-ACCEPT'] });
    const path = '/v1/scanner/start';
    const refused = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json', ...signedHeaders(t, third, { path, body }) },
      payload: body,
    });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().code).toBe('scanner_client_not_accepted');
    const official = await officialClient(t);
    const accepted = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json', ...signedHeaders(t, official, { path, body }) },
      payload: body,
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
  });
});

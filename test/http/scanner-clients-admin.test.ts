import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { backends } from '../support/backends.js';
import { report, scanner } from '../support/scan.js';
import { registerScannerClient, signedHeaders } from '../support/scanner-client.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';
import { startSibling } from '../support/with-app.js';

/** Every form in which a key must never appear outside the registration's answer. */
function keyForms(key: string): string[] {
  const bytes = Buffer.from(key, 'base64url');
  return [key, bytes.toString('hex'), bytes.toString('base64'), bytes.toString('base64').replace(/=+$/, '')];
}

function logSink() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: createLogger('trace', sink) };
}

interface ClientView {
  id: number;
  clientId: string;
  name: string;
  kind: string;
  status: string;
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
}

/** The operator's registry of scanner clients (docs/operations.md, "Scanner clients"). */
describe.each(backends())('scanner clients through the operator API on $name', (backend) => {
  const logs = logSink();
  let t: TestApp;
  let owner: Owner;

  beforeAll(async () => {
    t = await startTestApp(
      backend,
      { UNAUTHENTICATED_PER_MINUTE: '100000', MAX_ACTIVE_PINS: '100' },
      undefined,
      { logger: logs.logger, serviceLog: logs.logger },
    );
    owner = await t.createOwner();
  });
  afterAll(async () => t.close());

  it('shows a key once, at registration, and never again: not in lists, logs or the store', async () => {
    const res = await t.adminRaw('POST', '/admin/v1/scanner-clients', {
      name: 'Acme bridge 2.1',
      kind: 'third-party',
      version: '2.1.0',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<ClientView & { key: string }>();
    expect(created.clientId).toMatch(/^spc_[0-9A-Za-z]{24}$/);
    expect(created.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(created.key, 'base64url')).toHaveLength(32);
    expect(created).toMatchObject({ kind: 'third-party', status: 'active', name: 'Acme bridge 2.1' });

    // A scan with it, and a refused one, so the calls' logs are there to look at.
    const client = { id: created.id, clientId: created.clientId, key: created.key };
    await scanner(t).scan(owner.key, report(), ['HW-KEY-1'], 'FiveM', { client });
    const pin = await t.createPin(owner.key);
    const body = JSON.stringify({ pin, hwids: ['HW-KEY-2'] });
    const headers = signedHeaders(t, client, { path: '/v1/scanner/start', body });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/v1/scanner/start',
      headers: { 'content-type': 'application/json', ...headers, 'scanpin-timestamp': '1' },
      payload: body,
    });
    expect(wrong.statusCode).toBe(401);

    const listed = await t.adminRaw('GET', '/admin/v1/scanner-clients');
    const audit = await t.adminRaw('GET', '/admin/v1/audit?action=scanner_client.register');
    const row = await t.deps.store.db
      .selectFrom('scanner_clients')
      .select('key_sealed')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    const signature = headers['scanpin-signature'] as string;
    for (const form of keyForms(created.key)) {
      expect(listed.body).not.toContain(form);
      expect(audit.body).not.toContain(form);
      expect(wrong.body).not.toContain(form);
      expect(logs.lines.join('')).not.toContain(form);
      expect(row.key_sealed).not.toContain(form);
    }
    expect(wrong.body).not.toContain(signature.slice(3));
    expect(logs.lines.join('')).not.toContain(signature.slice(3));
    // Sealed, and the server can open it again.
    expect(t.deps.scannerClientKeys.open(row.key_sealed)).toBe(created.key);
    expect(
      listed.json<{ data: ClientView[] }>().data.find((c) => c.id === created.id)?.lastUsedAt,
    ).not.toBeNull();
    expect(
      audit.json<{ data: Array<{ resource: { id: number } }> }>().data.map((e) => e.resource.id),
    ).toContain(created.id);
  });

  it('expires a client at a time, clears the expiry, and revokes it for good', async () => {
    const client = await registerScannerClient(t, { name: 'to retire' });
    const past = new Date(Date.now() - 1_000).toISOString();
    const expired = await t.admin<ClientView>('POST', `/admin/v1/scanner-clients/${client.id}/expire`, {
      expiresAt: past,
    });
    expect(expired).toMatchObject({ status: 'expired', expiresAt: past });
    const cleared = await t.admin<ClientView>('POST', `/admin/v1/scanner-clients/${client.id}/expire`, {
      expiresAt: null,
    });
    expect(cleared).toMatchObject({ status: 'active', expiresAt: null });
    expect((await t.adminRaw('DELETE', `/admin/v1/scanner-clients/${client.id}`)).statusCode).toBe(204);
    const list = await t.admin<{ data: ClientView[] }>('GET', '/admin/v1/scanner-clients');
    expect(list.data.find((c) => c.id === client.id)).toMatchObject({ status: 'revoked' });
    const trail = await t.admin<{ data: Array<{ action: string }> }>(
      'GET',
      `/admin/v1/audit?resourceType=scanner_client&resourceId=${client.id}`,
    );
    expect(trail.data.map((e) => e.action).sort()).toEqual([
      'scanner_client.expire',
      'scanner_client.expire',
      'scanner_client.register',
      'scanner_client.revoke',
    ]);
  });

  it('answers scanner_client_not_found for an unknown client', async () => {
    for (const [method, url, body] of [
      ['DELETE', '/admin/v1/scanner-clients/999999', undefined],
      ['POST', '/admin/v1/scanner-clients/999999/expire', { expiresAt: null }],
      ['POST', '/admin/v1/scanner-clients/retire-previous', { clientId: 999999, graceDays: 1 }],
      [
        'POST',
        '/admin/v1/scanner-clients/retire-previous',
        { clientId: 'spc_ZZZZZZZZZZZZZZZZZZZZZZZZ', graceDays: 1 },
      ],
    ] as const) {
      const res = await t.adminRaw(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('scanner_client_not_found');
    }
  });

  it('refuses bad input without changing anything', async () => {
    const before = await t.admin<{ data: ClientView[] }>('GET', '/admin/v1/scanner-clients');
    for (const body of [
      { name: 'x', kind: 'development' },
      { name: '', kind: 'official' },
      { name: 'x', kind: 'official', key: 'chosen' },
    ]) {
      const res = await t.adminRaw('POST', '/admin/v1/scanner-clients', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const bad = await t.adminRaw('POST', '/admin/v1/scanner-clients/import', {
      clients: [
        {
          clientId: 'spc_AAAAAAAAAAAAAAAAAAAAAAAA',
          name: 'short key',
          key: 'c2hvcnQ',
          builtAt: '2026-01-01T00:00:00Z',
        },
      ],
    });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_body' });
    expect(bad.body).not.toContain('c2hvcnQ');
    const after = await t.admin<{ data: ClientView[] }>('GET', '/admin/v1/scanner-clients');
    expect(after.data).toHaveLength(before.data.length);
  });
});

/** `npm run build:scanner`'s manifest, read from SCANNER_DOWNLOADS_DIR at start. */
describe.each(backends())('the build manifest at start-up on $name', (backend) => {
  const dir = mkdtempSync(join(tmpdir(), 'scanpin-manifest-'));
  const key = Buffer.alloc(32, 0x5a).toString('base64url');
  const entry = {
    clientId: 'spc_ManifestBuild00000000001',
    name: 'scanpin-scan 0.3.0 linux-x64',
    version: '0.3.0',
    platform: 'linux-x64',
    key,
    builtAt: '2026-02-01T10:00:00.000Z',
    sha256: 'ab'.repeat(32),
  };
  const logs = logSink();
  let t: TestApp;

  beforeAll(async () => {
    writeFileSync(join(dir, 'scanner-clients.json'), JSON.stringify({ clients: [entry] }), { mode: 0o600 });
    t = await startTestApp(
      backend,
      { SCANNER_DOWNLOADS_DIR: dir, UNAUTHENTICATED_PER_MINUTE: '100000' },
      undefined,
      {
        serviceLog: logs.logger,
      },
    );
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('registers each build it does not know as official, and logs counts only', async () => {
    const list = await t.admin<{ data: ClientView[] }>('GET', '/admin/v1/scanner-clients');
    const found = list.data.find((c) => c.clientId === entry.clientId);
    expect(found).toMatchObject({ kind: 'official', name: entry.name, status: 'active' });
    const log = logs.lines.join('');
    expect(log).toContain('"registered":1');
    for (const form of keyForms(key)) expect(log).not.toContain(form);
  });

  it('accepts calls signed with the manifest key', async () => {
    const owner = await t.createOwner();
    const pin = await scanner(t).scan(owner.key, report(), ['HW-MANIFEST'], 'FiveM', {
      client: { id: 0, clientId: entry.clientId, key },
    });
    const row = await t.deps.store.db
      .selectFrom('pins')
      .select('client_kind')
      .where('code', '=', pin)
      .executeTakeFirstOrThrow();
    expect(row.client_kind).toBe('official');
  });

  it('leaves a known build as the operator set it when read again', async () => {
    const list = await t.admin<{ data: ClientView[] }>('GET', '/admin/v1/scanner-clients');
    const id = list.data.find((c) => c.clientId === entry.clientId)?.id;
    await t.admin('DELETE', `/admin/v1/scanner-clients/${id}`);
    const sibling = await startSibling(t, backend, { SCANNER_DOWNLOADS_DIR: dir });
    await sibling.close();
    const again = await t.admin<{ data: ClientView[] }>('GET', '/admin/v1/scanner-clients');
    expect(again.data.filter((c) => c.clientId === entry.clientId)).toEqual([
      expect.objectContaining({ status: 'revoked' }),
    ]);
  });
});

describe('SCANNER_ACCEPT', () => {
  it('takes a list of kinds or any, and refuses an unknown kind at start naming it', () => {
    expect(loadConfig({ SCANNER_ACCEPT: 'official, development' }).scannerAccept).toBe(
      'official, development',
    );
    expect(loadConfig({}).scannerAccept).toBe('any');
    expect(() => loadConfig({ SCANNER_ACCEPT: 'official,oficial' })).toThrow(ConfigError);
    expect(() => loadConfig({ SCANNER_ACCEPT: 'official,oficial' })).toThrow(
      /"oficial".*official, third-party/s,
    );
  });
});

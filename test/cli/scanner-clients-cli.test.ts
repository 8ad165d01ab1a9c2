import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteBackend } from '../support/backends.js';
import { cli } from '../support/cli.js';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../support/test-app.js';

const sqlite = sqliteBackend();

interface ClientView {
  id: number;
  clientId: string;
  kind: string;
  status: string;
  expiresAt: string | null;
}

/** `scanpin scanner-clients …` over the operator API (docs/cli.md, "Scanner clients"). */
describe('scanpin scanner-clients', () => {
  let t: TestApp;
  let url: string;
  const dir = mkdtempSync(join(tmpdir(), 'scanpin-cli-manifest-'));

  beforeAll(async () => {
    t = await startTestApp(sqlite);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const run = (...args: string[]) => cli(['scanner-clients', '--url', url, '--token', ADMIN_TOKEN, ...args]);
  const listed = async () => (await t.admin<{ data: ClientView[] }>('GET', '/admin/v1/scanner-clients')).data;

  it('registers, lists, expires, retires the previous builds and revokes', async () => {
    const registered = await run('register', '--name', 'Acme bridge', '--version', '2.1.0');
    expect(registered.code, registered.err).toBe(0);
    const key = /Key: ([A-Za-z0-9_-]{43})/.exec(registered.out)?.[1];
    const clientId = /Client id: (spc_[0-9A-Za-z]{24})/.exec(registered.out)?.[1];
    expect(key).toBeDefined();
    expect(clientId).toBeDefined();
    const bridge = (await listed()).find((c) => c.clientId === clientId) as ClientView;
    expect(bridge).toMatchObject({ kind: 'third-party', status: 'active' });

    const list = await run('list');
    expect(list.code).toBe(0);
    expect(list.out).toContain(`#${bridge.id}  ${clientId}  third-party  Acme bridge  (2.1.0)  active`);
    expect(list.out).not.toContain(key);
    expect((await run('list', '--json')).out).not.toContain(key);

    const expired = await run('expire', String(bridge.id), '--at', '2026-01-01T00:00:00Z');
    expect(expired.code, expired.err).toBe(0);
    expect(expired.out).toContain('expired 2026-01-01T00:00:00.000Z');
    const cleared = await run('expire', String(bridge.id), '--at', 'never');
    expect(cleared.out, cleared.err).toContain('active, no expiry');

    const old = JSON.parse((await run('register', '--name', 'build 1', '--kind', 'official', '--json')).out);
    const next = JSON.parse((await run('register', '--name', 'build 2', '--kind', 'official', '--json')).out);
    const retired = await run('retire-previous', next.clientId, '--grace-days', '14');
    expect(retired.code, retired.err).toBe(0);
    expect(retired.out).toContain(`#${old.id}`);
    expect(retired.out).not.toContain(`#${next.id} `);
    const afterRetire = await listed();
    expect(afterRetire.find((c) => c.id === old.id)?.expiresAt).not.toBeNull();
    expect(afterRetire.find((c) => c.id === next.id)?.expiresAt).toBeNull();

    const revoked = await run('revoke', String(bridge.id));
    expect(revoked.code, revoked.err).toBe(0);
    expect((await listed()).find((c) => c.id === bridge.id)?.status).toBe('revoked');
  });

  it('imports a build manifest once, and says what went wrong without printing a key', async () => {
    const key = Buffer.alloc(32, 0x21).toString('base64url');
    const entry = {
      clientId: 'spc_CliManifest0000000000001'.slice(0, 28),
      name: 'scanpin-scan 0.4.0 win-x64',
      version: '0.4.0',
      platform: 'win-x64',
      key,
      builtAt: '2026-02-02T00:00:00.000Z',
      sha256: 'cd'.repeat(32),
    };
    const file = join(dir, 'scanner-clients.json');
    writeFileSync(file, JSON.stringify({ clients: [entry] }));
    const first = await run('import-manifest', file);
    expect(first.code, first.err).toBe(0);
    expect(first.out).toBe('1 builds registered, 0 already known.');
    expect((await run('import-manifest', file)).out).toBe('0 builds registered, 1 already known.');
    expect((await listed()).find((c) => c.clientId === entry.clientId)).toMatchObject({ kind: 'official' });

    writeFileSync(file, `{"clients":[{"key":"${key}"`);
    const broken = await run('import-manifest', file);
    expect(broken.code).toBe(1);
    expect(broken.err).toContain('is not JSON');
    expect(broken.err).not.toContain(key);
    const missing = await run('import-manifest', join(dir, 'nothing.json'));
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('ENOENT');
  });

  it('refuses an unknown client with the server’s words', async () => {
    const res = await run('revoke', '999999');
    expect(res.code).toBe(1);
    expect(res.err).toContain('scanner_client_not_found');
  });
});

import { readFileSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteBackend } from '../support/backends.js';
import { cli } from '../support/cli.js';
import { report, scanner } from '../support/scan.js';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../support/test-app.js';

const sqlite = sqliteBackend();

const PLAYER = { id: '300000000000000001', username: 'CliPlayer' };

describe('scanpin admin export and erase', () => {
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    t = await startTestApp(sqlite);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const owner = await t.createOwner();
    await scanner(t).scan(owner.key, report({ discord: [PLAYER], detections: ['Eulen'] }), ['HW-CLI']);
  });
  afterAll(async () => t.close());

  const admin = (...args: string[]) => cli(['admin', '--url', url, '--token', ADMIN_TOKEN, ...args]);

  it('export prints the JSON, or writes it to --out readable by the operator only', async () => {
    const printed = await admin('export', PLAYER.id);
    expect(printed.code).toBe(0);
    expect(JSON.parse(printed.out)).toMatchObject({ discordId: PLAYER.id, ownDetections: ['Eulen'] });

    const file = join(t.dataDir, 'export.json');
    const written = await admin('export', PLAYER.id, '--out', file);
    expect(written.code).toBe(0);
    expect(written.out).toContain(file);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ username: PLAYER.username });
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('erase asks for --yes, then erases; an unknown player says so', async () => {
    const unconfirmed = await admin('erase', PLAYER.id);
    expect(unconfirmed.code).not.toBe(0);
    expect(unconfirmed.err).toContain('--yes');
    expect((await admin('export', PLAYER.id)).code).toBe(0); // nothing happened

    const erased = await admin('erase', PLAYER.id, '--yes');
    expect(erased.code).toBe(0);
    expect(JSON.parse(erased.out)).toMatchObject({ erased: true, reportsRewritten: 1 });

    const again = await admin('export', PLAYER.id);
    expect(again.code).not.toBe(0);
    expect(again.err).toContain('scanned_user_not_found');
  });
});

import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteBackend } from '../support/backends.js';
import { cli } from '../support/cli.js';
import { report, scanner } from '../support/scan.js';
import { ADMIN_TOKEN, type Owner, startTestApp, type TestApp } from '../support/test-app.js';

const sqlite = sqliteBackend();

describe('scanpin admin hubs', () => {
  let t: TestApp;
  let owner: Owner;
  let url: string;
  const admin = (...args: string[]) => cli(['admin', '--url', url, '--token', ADMIN_TOKEN, ...args]);

  beforeAll(async () => {
    t = await startTestApp(sqlite, { HWID_HUB_THRESHOLD: '2' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    owner = await t.createOwner();
  });
  afterAll(async () => t.close());

  it('says so when no hardware ID is a hub', async () => {
    expect(await admin('hubs')).toMatchObject({
      code: 0,
      out: 'No hardware ID is shared by more accounts than the threshold.',
    });
  });

  it('lists a hub by its counts, never its value', async () => {
    for (let i = 1; i <= 3; i++) {
      await scanner(t).scan(
        owner.key,
        report({ discord: [{ id: `60000000000000000${i}`, username: `P${i}` }] }),
        ['BOARD-SHARED-X', `OWN-${i}`],
      );
    }
    const lines = await admin('hubs');
    expect(lines.code).toBe(0);
    expect(lines.out).toMatch(/^profile \d+ {2}3 accounts {2}3 scans {2}first seen \S+ {2}hub since \S+$/);
    expect(lines.out).not.toContain('BOARD-SHARED-X');
    const json = await admin('hubs', '--json', '--limit', '1');
    expect(JSON.parse(json.out)).toMatchObject({ total: 1, data: [{ accounts: 3, scans: 3 }] });
    expect((await admin('hubs', '--limit', '0')).code).not.toBe(0);
  });
});

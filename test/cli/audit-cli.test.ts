import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteBackend } from '../support/backends.js';
import { cli } from '../support/cli.js';
import { ADMIN_TOKEN, type Owner, startTestApp, type TestApp } from '../support/test-app.js';

const sqlite = sqliteBackend();

/** `scanpin admin audit` (docs/cli.md, "Audit trail"). */
describe('scanpin admin audit', () => {
  let t: TestApp;
  let url: string;
  let owner: Owner;

  beforeAll(async () => {
    t = await startTestApp(sqlite);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    owner = await t.createOwner('Cli Audit Owner');
    await t.issueKey(owner.accountId, ['pins:status']);
    await t.createPin(owner.key);
    await t.adminRaw('DELETE', '/admin/v1/keys/999999');
  });
  afterAll(async () => t.close());

  const admin = (...args: string[]) => cli(['admin', '--url', url, '--token', ADMIN_TOKEN, ...args]);

  it('prints one line per entry, newest first, with who, what, on what and the outcome', async () => {
    const res = await admin('audit');
    expect(res.code).toBe(0);
    const lines = res.out.split('\n');
    expect(lines[0]).toMatch(
      /^\S+Z {2}#\d+ {2}operator {2}api_key\.revoke {2}api_key 999999 {2}refused \(key_not_found\)$/,
    );
    expect(lines[1]).toMatch(
      new RegExp(
        `account ${owner.accountId} via key \\d+  pin\\.create  pin \\d+  enterprise ${owner.enterpriseId}  succeeded$`,
      ),
    );
    expect(res.out).not.toContain(owner.key);
  });

  it('filters, pages with --limit / --before / --all, and prints JSON with --json', async () => {
    const first = await admin(
      'audit',
      '--enterprise',
      String(owner.enterpriseId),
      '--action',
      'api_key.create',
      '--limit',
      '1',
    );
    expect(first.code).toBe(0);
    const more = /--before (\d+)/.exec(first.out)?.[1];
    expect(more).toBeDefined();
    const rest = await admin('audit', '--action', 'api_key.create', '--before', String(more), '--json');
    expect(JSON.parse(rest.out).data.length).toBe(1);
    const all = await admin('audit', '--limit', '1', '--all', '--json');
    expect(JSON.parse(all.out)).toMatchObject({ nextBefore: null });
    expect(JSON.parse(all.out).data.length).toBe(6); // account, Enterprise, two keys, the PIN, the refusal
    const refused = await admin('audit', '--outcome', 'refused', '--json');
    expect(JSON.parse(refused.out).data).toEqual([expect.objectContaining({ code: 'key_not_found' })]);
    const none = await admin('audit', '--since', '2999-01-01');
    expect(none.out).toBe('No entries match.');
  });

  it('refuses a bad filter before calling the server', async () => {
    const res = await admin('audit', '--action', 'nonsense');
    expect(res.code).not.toBe(0);
    expect(res.err).toContain('api_key.create');
  });
});

import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/index.js';
import { sqliteBackend } from '../support/backends.js';
import { expectProblem } from '../support/http.js';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../support/test-app.js';

const sqlite = sqliteBackend();

describe('operator refusals say what is wrong', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await startTestApp(sqlite);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t.close());

  it('a pins:create key for a non-owner is refused with what to do about the key, not about creating PINs', async () => {
    const accountId = await t.createAccount('Staff member');
    const res = await t.adminRaw('POST', `/admin/v1/accounts/${accountId}/keys`, {
      permissions: ['pins:create'],
    });
    expectProblem(res, 403, 'not_enterprise_owner');
    expect(res.json().detail).toMatch(/pins:create permission/);
    expect(res.json().detail).not.toMatch(/can create PINs|owner’s key/);
  });

  it('admin account update refuses --ban together with --unban and changes nothing', async () => {
    const accountId = await t.createAccount('Undecided');
    await t.admin('PATCH', `/admin/v1/accounts/${accountId}`, { banned: true });
    const err: string[] = [];
    const code = await runCli(
      [
        'admin',
        '--url',
        url,
        '--token',
        ADMIN_TOKEN,
        'account',
        'update',
        String(accountId),
        '--ban',
        '--unban',
      ],
      { out: () => {}, err: (s) => err.push(s) },
    );
    expect(code).not.toBe(0);
    expect(err.join('\n')).toMatch(/--ban|--unban/);
    expect((await t.admin<{ banned: boolean }>('GET', `/admin/v1/accounts/${accountId}`)).banned).toBe(true);
  });
});

describe('body refusals name the real fault', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(sqlite);
  });
  afterAll(async () => t.close());

  it('a valid JSON body with a __proto__ key is refused for that key, not as "not valid JSON"', async () => {
    const owner = await t.createOwner();
    const res = await t.api('POST', '/v1/pins/create', {
      key: owner.key,
      body: '{"type":"Rust","__proto__":{"admin":true}}',
    });
    expectProblem(res, 400, 'invalid_body');
    expect(res.json().detail).toMatch(/__proto__/);
    expect(res.json().detail).not.toMatch(/not valid JSON/);
  });

  it('malformed JSON is still "not valid JSON"', async () => {
    const owner = await t.createOwner();
    const res = await t.api('POST', '/v1/pins/create', { key: owner.key, body: '{"type":' });
    expectProblem(res, 400, 'invalid_body');
    expect(res.json().detail).toBe('The body is not valid JSON.');
  });
});

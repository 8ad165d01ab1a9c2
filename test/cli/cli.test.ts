import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteBackend } from '../support/backends.js';
import { cli } from '../support/cli.js';
import { report, scanner } from '../support/scan.js';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../support/test-app.js';

const sqlite = sqliteBackend();

/** The JSON object printed first in CLI output. */
function firstJson(text: string) {
  const start =
    text.indexOf('{') >= 0 && (text.indexOf('[') < 0 || text.indexOf('{') < text.indexOf('['))
      ? text.indexOf('{')
      : text.indexOf('[');
  const closer = text[start] === '{' ? '\n}' : '\n]';
  return JSON.parse(text.slice(start, text.indexOf(closer, start) + 2));
}

describe('the scanpin CLI against a running server', () => {
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    t = await startTestApp(sqlite);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t.close());

  const admin = (...args: string[]) => cli(['admin', '--url', url, '--token', ADMIN_TOKEN, ...args]);

  it('bootstrap creates an owner, an Enterprise and a key that can create PINs', async () => {
    const res = await admin('bootstrap', '--enterprise', 'Acme Servers');
    expect(res.code).toBe(0);
    const printed = firstJson(res.out);
    expect(printed.key).toMatch(/^sp_[0-9A-Za-z]{32,}$/);
    const create = await t.api('POST', '/v1/pins/create', { key: printed.key, body: { type: 'Rust' } });
    expect(create.statusCode).toBe(201);
    expect(create.json().enterprise).toBe('Acme Servers');
    // README: "open the printed link" is how a new owner reaches the dashboard.
    const line = res.out.split('\n').find((l) => l.startsWith('Open this link to sign in'));
    expect(line).toContain(printed.signIn.url);
    const signIn = await t.app.inject({ method: 'POST', url: new URL(printed.signIn.url).pathname });
    expect(signIn.statusCode).toBe(303);
  });

  it('prints a one-time dashboard sign-in link that signs the account in', async () => {
    const account = firstJson((await admin('account', 'create', '--name', 'Staff member')).out);
    const res = await admin('account', 'sign-in-link', String(account.id));
    expect(res.code).toBe(0);
    const printed = firstJson(res.out);
    expect(printed.url).toMatch(/\/sign-in\/[A-Za-z0-9_-]{43}$/);
    const signIn = await t.app.inject({ method: 'POST', url: new URL(printed.url).pathname });
    expect(signIn.statusCode).toBe(303);
  });

  it('manages accounts, Enterprises, members, keys and keywords', async () => {
    const account = firstJson((await admin('account', 'create', '--name', 'Community')).out);
    const owner = firstJson((await admin('account', 'create', '--name', 'Boss')).out);
    const ent = firstJson(
      (await admin('enterprise', 'create', '--name', 'Guild', '--owner', String(owner.id))).out,
    );
    expect((await admin('enterprise', 'add-member', String(ent.id), String(account.id))).code).toBe(0);
    const key = firstJson(
      (
        await admin(
          'key',
          'create',
          String(account.id),
          '--permissions',
          'user:risk-score',
          '--rate-limit',
          '50',
        )
      ).out,
    );
    const risk = await t.api('GET', '/v1/users/123456789012345678/risk-score', { key: key.key });
    expect(risk.statusCode).toBe(200);
    expect(risk.headers['x-ratelimit-limit']).toBe('50');
    const list = firstJson((await admin('key', 'list', String(account.id))).out);
    expect(list).toHaveLength(1);
    expect((await admin('key', 'revoke', String(key.id))).code).toBe(0);
    expect((await t.api('GET', '/v1/users/123456789012345678/risk-score', { key: key.key })).statusCode).toBe(
      401,
    );
    const kw = firstJson((await admin('keywords', String(owner.id), 'Cheat', 'inject')).out);
    expect(kw.keywords).toEqual(['cheat', 'inject']);
    const banned = firstJson((await admin('account', 'update', String(owner.id), '--ban')).out);
    expect(banned.banned).toBe(true);
    expect((await admin('enterprise', 'remove-member', String(ent.id), String(account.id))).code).toBe(0);
  });

  it('bans, warns, lifts and notes scanned players', async () => {
    const owner = await t.createOwner('Player admin');
    // Operators ban and note players a shared scan made known: the player proved their account
    // through the scanner's link during the scan (docs/risk-score.md, "Whose scan it is").
    await scanner(t).scan(
      owner.key,
      report({ detections: ['Eulen'], discord: [{ id: '678901234567890123', username: 'Target' }] }),
      ['HW-CLI-TARGET'],
    );
    const ban = firstJson((await admin('player', 'ban', '678901234567890123', '--reason', 'Cheating')).out);
    expect(ban).toMatchObject({ status: 'banned', reason: 'Cheating', expiresAt: null });
    const warn = firstJson(
      (
        await admin(
          'player',
          'ban',
          '678901234567890123',
          '--warn',
          '--reason',
          'Rude',
          '--expires-at',
          '2099-01-01T00:00:00.000Z',
        )
      ).out,
    );
    expect(warn).toMatchObject({ status: 'warned', expiresAt: '2099-01-01T00:00:00.000Z' });
    const note = firstJson(
      (
        await admin(
          'player',
          'note',
          '678901234567890123',
          '--reason',
          'Appealed',
          '--category',
          'appeal',
          '--evidence',
          '{"ticket":7}',
        )
      ).out,
    );
    expect(note).toMatchObject({ category: 'appeal', evidence: { ticket: 7 } });
    expect((await admin('player', 'lift', String(ban.id))).code).toBe(0);
    const lookup = (
      await t.api('GET', '/v1/scanned-users/lookup/678901234567890123', { key: owner.key })
    ).json();
    expect(lookup.bans.map((b: { status: string }) => b.status)).toEqual(['expired', 'warned']);
    expect(lookup.reasons.map((r: { category: string }) => r.category)).toContain('appeal');
    const bad = await admin(
      'player',
      'note',
      '678901234567890123',
      '--reason',
      'x',
      '--category',
      'y',
      '--evidence',
      '{nope',
    );
    expect(bad.code).not.toBe(0);
  });

  it('refuses keys with pins:create for accounts that own no active Enterprise, with the server’s reason', async () => {
    const account = firstJson((await admin('account', 'create', '--name', 'Nobody')).out);
    const res = await admin('key', 'create', String(account.id), '--permissions', 'pins:create');
    expect(res.code).toBe(1);
    expect(res.err).toContain('not_enterprise_owner');
  });

  it('exits non-zero with a clear message on a wrong token or an unreachable server', async () => {
    const wrong = await cli([
      'admin',
      '--url',
      url,
      '--token',
      'wrong-token-wrong-token',
      'key',
      'list',
      '1',
    ]);
    expect(wrong.code).toBe(1);
    expect(wrong.err).toContain('invalid_admin_token');
    const down = await cli([
      'admin',
      '--url',
      'http://127.0.0.1:1',
      '--token',
      ADMIN_TOKEN,
      'key',
      'list',
      '1',
    ]);
    expect(down.code).toBe(1);
    expect(down.err).toMatch(/Cannot reach/);
  });

  // The simulator is no registered scanner build: its results have low assurance and are never
  // legit (docs/scan-client.md, "Trust"), and it says so.
  it.each([
    ['legit', 'finished', 'suspicious'],
    ['suspicious', 'finished', 'suspicious'],
    ['cheating', 'finished', 'cheating'],
    ['error', 'error', null],
  ])('simulate --outcome %s plays a whole scan to %s', async (outcome, status, result) => {
    const owner = await t.createOwner(`Sim ${outcome}`);
    const pin = await t.createPin(owner.key, { type: 'FiveM', ramDump: true });
    const res = await cli([
      'simulate',
      '--url',
      url,
      '--pin',
      pin.toLowerCase(),
      '--outcome',
      outcome,
      '--delay',
      '0',
      '--discord',
      '567890123456789012:SimPlayer',
      '--hwid',
      `SIM-${outcome}`,
    ]);
    expect(res.code, res.err).toBe(0);
    // No scanner dumps memory, whatever the PIN's ramDump says (docs/api.md, "PINs").
    expect(res.out).toContain('Scanning running processes');
    expect(res.out).not.toMatch(/memory dump|RAM dump/i);
    const s = (await t.api('GET', `/v1/pins/${pin}/status`, { key: owner.key })).json();
    expect(s.status).toBe(status);
    expect(s.result).toBe(result);
    if (status === 'finished') {
      // A simulated report only claims its accounts: they count inside the Enterprise that ran the
      // scan (docs/risk-score.md, "Whose scan it is"), and the simulator says so.
      expect(s.data.discord).toEqual([
        { id: '567890123456789012', username: 'SimPlayer', provenance: 'claimed', reach: 'enterprise' },
      ]);
      expect(res.out).toContain('only when the player proved');
      expect(s.data.assurance).toMatchObject({ client: { kind: 'unverified' }, level: 'low' });
      if (outcome === 'legit') expect(res.out).toContain('never legit');
      const other = await t.createOwner(`Other ${outcome}`);
      const lookup = (url: string, key: string) => t.api('GET', url, { key });
      expect((await lookup('/v1/scanned-users/lookup/567890123456789012', other.key)).json()).toMatchObject({
        found: false,
      });
      expect((await lookup('/v1/scanned-users/lookup/567890123456789012', owner.key)).json()).toMatchObject({
        found: true,
        scansByReach: { shared: 0, enterpriseOnly: 1 },
      });
    }
  });

  it('simulate refuses a used PIN with the server’s reason', async () => {
    const owner = await t.createOwner('Sim reuse');
    const pin = await t.createPin(owner.key);
    expect((await cli(['simulate', '--url', url, '--pin', pin, '--delay', '0'])).code).toBe(0);
    const again = await cli(['simulate', '--url', url, '--pin', pin, '--delay', '0']);
    expect(again.code).toBe(1);
    expect(again.err).toContain('pin_already_used');
  });
});

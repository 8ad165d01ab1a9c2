import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanpinClient, ScanpinError, type ScanpinErrorCode } from '../../packages/client/src/index.js';
import { PROBLEM_CODES } from '../../src/http/problem.js';
import { backends } from '../support/backends.js';
import { unusedPinCode } from '../support/http.js';
import type { Owner } from '../support/test-app.js';
import { type LiveApp, rejectionOf, startLiveApp } from './live.js';

async function expectScanpinError(call: Promise<unknown>, status: number, code: ScanpinErrorCode) {
  const error = await rejectionOf(call);
  expect(error).toBeInstanceOf(ScanpinError);
  const e = error as ScanpinError;
  expect({ status: e.status, code: e.code }).toEqual({ status, code });
  expect(e.detail.length).toBeGreaterThan(10);
  expect(e.requestId).toMatch(/^[A-Za-z0-9._:-]+$/);
  return e;
}

/** A fetch that drops the key, as a caller who forgot it would send. */
const withoutKey: typeof fetch = (input, init) => {
  const headers = new Headers(init?.headers);
  headers.delete('x-api-key');
  return fetch(input, { ...init, headers });
};

describe.each(backends())('@scanpin/client errors from the five endpoints on $name', (backend) => {
  let t: LiveApp;
  let owner: Owner;
  let client: ScanpinClient;
  beforeAll(async () => {
    t = await startLiveApp(backend, { BODY_LIMIT_BYTES: '2048' });
    owner = await t.createOwner();
    client = t.client(owner.key);
  });
  afterAll(async () => t.close());

  it('401 missing_api_key and invalid_api_key', async () => {
    await expectScanpinError(
      t.client('ignored', { fetch: withoutKey }).pins.status('AAAAAAAA'),
      401,
      'missing_api_key',
    );
    await expectScanpinError(
      t.client(`sp_${'0'.repeat(40)}`).pins.create({ type: 'FiveM' }),
      401,
      'invalid_api_key',
    );
  });

  it('403 insufficient_permission, not_enterprise_owner, account_banned, licence_required; 404 account_not_found', async () => {
    const statusOnly = t.client(await t.issueKey(owner.accountId, ['pins:status']));
    await expectScanpinError(statusOnly.pins.create({ type: 'FiveM' }), 403, 'insufficient_permission');
    // An owner whose Enterprise lapsed keeps the key but neither ownership nor a licence.
    const lapsed = await t.createOwner('Lapsed');
    await t.admin('PATCH', `/admin/v1/enterprises/${lapsed.enterpriseId}`, { active: false });
    const everything = t.client(lapsed.key);
    await expectScanpinError(everything.pins.create({ type: 'FiveM' }), 403, 'not_enterprise_owner');
    await expectScanpinError(everything.users.riskScore('123456789012345678'), 403, 'licence_required');
    await expectScanpinError(everything.scannedUsers.lookup('123456789012345678'), 403, 'licence_required');

    const banned = await t.createOwner('Banned');
    await t.admin('PATCH', `/admin/v1/accounts/${banned.accountId}`, { banned: true });
    await expectScanpinError(t.client(banned.key).pins.create({ type: 'FiveM' }), 403, 'account_banned');
    const deleted = await t.createOwner('Deleted');
    await t.admin('DELETE', `/admin/v1/accounts/${deleted.accountId}`);
    await expectScanpinError(t.client(deleted.key).pins.create({ type: 'FiveM' }), 404, 'account_not_found');
  });

  it('400 invalid_body, invalid_game_type, active_pin_limit; 413 payload_too_large', async () => {
    await expectScanpinError(
      client.pins.create({ type: 'FiveM', pinName: 'x'.repeat(51) }),
      400,
      'invalid_body',
    );
    await expectScanpinError(client.pins.create({ type: 'Minecraft' as 'Java' }), 400, 'invalid_game_type');
    await expectScanpinError(
      client.pins.create({ type: 'FiveM', pinName: 'y'.repeat(4000) }),
      413,
      'payload_too_large',
    );
    const limited = t.client((await t.createOwner('Busy')).key);
    for (let i = 0; i < 3; i++) await limited.pins.create({ type: 'FiveM' });
    await expectScanpinError(limited.pins.create({ type: 'FiveM' }), 400, 'active_pin_limit');
  });

  it('400 invalid_pin_code, 404 pin_not_found, 403 pin_forbidden on status and results', async () => {
    const other = await t.createOwner('Other');
    const theirs = await t.createPin(other.key);
    for (const read of [client.pins.status, client.pins.results]) {
      await expectScanpinError(read('not-a-pin'), 400, 'invalid_pin_code');
      await expectScanpinError(read(unusedPinCode()), 404, 'pin_not_found');
      await expectScanpinError(read(theirs), 403, 'pin_forbidden');
    }
  });

  it('400 invalid_discord_id on risk score and lookup', async () => {
    await expectScanpinError(client.users.riskScore('12345'), 400, 'invalid_discord_id');
    await expectScanpinError(client.scannedUsers.lookup('not-an-id'), 400, 'invalid_discord_id');
  });

  it('404 route_not_found from a wrong base URL', async () => {
    const wrong = t.client(owner.key, { baseUrl: `${t.baseUrl}/api` });
    await expectScanpinError(wrong.pins.status('AAAAAAAA'), 404, 'route_not_found');
  });

  it('429 rate_limited with retryAfter, when retrying is off', async () => {
    const key = await t.issueKey(owner.accountId, ['pins:status'], { rateLimitPerHour: 1 });
    const limited = t.client(key, { retryOn429: false });
    await expectScanpinError(limited.pins.status(unusedPinCode()), 404, 'pin_not_found');
    const e = await expectScanpinError(limited.pins.status(unusedPinCode()), 429, 'rate_limited');
    expect(e.retryAfter).toBeGreaterThan(3000);
    expect(limited.rateLimit).toMatchObject({ limit: 1, remaining: 0 });
  });
});

describe('@scanpin/client error mapping', () => {
  // service_unavailable and internal_error cannot be caused on purpose through the five endpoints;
  // like every other documented code they map through here.
  it('maps every documented problem code, and a body that is not a problem, to a ScanpinError', async () => {
    for (const code of [...PROBLEM_CODES, undefined]) {
      const fake: typeof fetch = async () =>
        new Response(
          code
            ? JSON.stringify({ type: 'about:blank', title: 'X', status: 418, code, detail: 'd' })
            : '<html>',
          {
            status: 418,
            headers: { 'x-request-id': 'req-1', 'content-type': 'application/problem+json' },
          },
        );
      const error = await rejectionOf(
        new ScanpinClient({ apiKey: 'k', baseUrl: 'http://x', fetch: fake }).pins.status('A'),
      );
      expect(error).toMatchObject({ status: 418, code: code ?? 'unexpected_response', requestId: 'req-1' });
    }
  });
});

import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { expectProblem, rateLimitHeaders } from '../support/http.js';
import { signIn } from '../support/person.js';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../support/test-app.js';

/*
 * Brute force (docs/api.md, "Rate limits"): every secret a stranger could guess — API keys, the
 * operator token, sign-in link, invite and share-link tokens (the invite's passkey options too), scanner
 * session tokens, PINs at the scanner's preview and start — is counted per client address, and once the address has spent its per-minute budget the
 * answer is 429 rate_limited with Retry-After, before the secret is even looked at. Each case uses an
 * address of its own, since they share one bucket (UNAUTHENTICATED_PER_MINUTE).
 */

const PER_MINUTE = 3;
const token = (seed: string) => `${seed}${'x'.repeat(43)}`.slice(0, 43);

/** The 429 every limited answer is: the problem, Retry-After equal to the reset, and nothing spent. */
function expectLimited(res: LightMyRequestResponse): void {
  expectProblem(res, 429, 'rate_limited');
  expect(res.headers['retry-after']).toMatch(/^[1-9]\d*$/);
  expect(Number(res.headers['retry-after'])).toBe(rateLimitHeaders(res).reset);
  expect(rateLimitHeaders(res)).toMatchObject({ limit: PER_MINUTE, remaining: 0 });
}

describe.each(backends())('brute-force limits on $name', (backend) => {
  let t: TestApp;
  let n = 0;
  /** A fresh address per case: 192.0.2.0/24 is for documentation. */
  const address = () => `192.0.2.${++n}`;
  const from = (remoteAddress: string, opts: InjectOptions) => t.app.inject({ ...opts, remoteAddress });

  /** `attempt` from one address: PER_MINUTE answers with `status`, then 429. */
  async function expectCutOff(attempt: (ip: string) => Promise<LightMyRequestResponse>, status: number) {
    const ip = address();
    for (let i = 0; i < PER_MINUTE; i++) {
      const res = await attempt(ip);
      expect(res.statusCode, res.body).toBe(status);
    }
    expectLimited(await attempt(ip));
    return ip;
  }

  beforeAll(async () => {
    t = await startTestApp(backend, {
      UNAUTHENTICATED_PER_MINUTE: String(PER_MINUTE),
      SCANNER_START_PER_MINUTE: String(PER_MINUTE),
      // A host passkeys work on, so an invite's passkey options look at the token.
      PUBLIC_URL: 'http://localhost:3000',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('API keys: guesses are cut off, and a real key from the same address still works', async () => {
    const owner = await t.createOwner();
    const ip = await expectCutOff(
      (ip) => t.api('GET', '/v1/pins/A7K3M2P9/status', { key: `sp_${'g'.repeat(40)}`, remoteAddress: ip }),
      401,
    );
    const real = await t.api('GET', '/v1/pins/A7K3M2P9/status', { key: owner.key, remoteAddress: ip });
    expectProblem(real, 404, 'pin_not_found');
  });

  it('the operator token: wrong tokens are cut off; the right one is never counted', async () => {
    const ip = await expectCutOff(
      (ip) =>
        from(ip, {
          method: 'GET',
          url: '/admin/v1/accounts/1',
          headers: { 'x-admin-token': 'wrong-guess-0123456789' },
        }),
      401,
    );
    const right = await from(ip, {
      method: 'GET',
      url: '/admin/v1/accounts/999999',
      headers: { 'x-admin-token': ADMIN_TOKEN },
    });
    expectProblem(right, 404, 'account_not_found');
  });

  it('sign-in link tokens, through the API and the link page', async () => {
    await expectCutOff(
      (ip) =>
        from(ip, {
          method: 'POST',
          url: '/app/api/sign-in',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ token: token('guess') }),
        }),
      400,
    );
    await expectCutOff((ip) => from(ip, { method: 'POST', url: `/sign-in/${token('guess')}` }), 400);
    // A browser opening an unknown link gets a page saying so (404), counted like the API's answer.
    await expectCutOff((ip) => from(ip, { method: 'GET', url: `/sign-in/${token('guess')}` }), 404);
  });

  it('invite tokens: the signed-out preview and accepting while signed in', async () => {
    await expectCutOff(
      (ip) => from(ip, { method: 'GET', url: `/app/api/invites/preview?token=${token('invite')}` }),
      404,
    );
    const member = await signIn(t, await t.createAccount('Guesser'));
    await expectCutOff(
      (ip) =>
        from(ip, {
          method: 'POST',
          url: '/app/api/invites/accept',
          headers: { cookie: member.cookie, 'content-type': 'application/json' },
          payload: JSON.stringify({ token: token('invite') }),
        }),
      400,
    );
    // Someone without an account begins accepting an invite with a passkey: answers for a token
    // without changing anything.
    await expectCutOff(
      (ip) =>
        from(ip, {
          method: 'POST',
          url: '/app/api/invites/passkey-options',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ token: token('invite'), name: 'Guesser' }),
        }),
      400,
    );
  });

  it('share-link tokens', async () => {
    await expectCutOff((ip) => from(ip, { method: 'GET', url: `/share/${token('share')}` }), 404);
  });

  it('scanner start (PINs), the preview before the consent, and scanner session tokens', async () => {
    await expectCutOff(
      (ip) =>
        from(ip, {
          method: 'POST',
          url: '/v1/scanner/preview',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ pin: 'ZZZZZZZZ' }),
        }),
      404,
    );
    await expectCutOff(
      (ip) =>
        from(ip, {
          method: 'POST',
          url: '/v1/scanner/start',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ pin: 'ZZZZZZZZ', hwids: ['HW'] }),
        }),
      404,
    );
    await expectCutOff(
      (ip) =>
        from(ip, {
          method: 'POST',
          url: '/v1/scanner/progress',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token('session')}` },
          payload: JSON.stringify({ progress: 1, statusMessage: 'x' }),
        }),
      401,
    );
  });

  it('previews and starts share one budget: each scan costs two (docs/operations.md, "Abuse limits")', async () => {
    const ip = address();
    const call = (path: string) =>
      from(ip, {
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(
          path.endsWith('start') ? { pin: 'ZZZZZZZZ', hwids: ['HW'] } : { pin: 'ZZZZZZZZ' },
        ),
      });
    expect((await call('/v1/scanner/preview')).statusCode).toBe(404);
    expect((await call('/v1/scanner/start')).statusCode).toBe(404);
    expect((await call('/v1/scanner/preview')).statusCode).toBe(404);
    expectLimited(await call('/v1/scanner/start'));
  });

  it('signed-out routes with nothing to guess are limited too: sign-in options and Discord sign-in', async () => {
    await expectCutOff((ip) => from(ip, { method: 'GET', url: '/app/api/auth/options' }), 200);
    const discord = address();
    for (let i = 0; i < PER_MINUTE; i++) {
      const res = await from(discord, { method: 'GET', url: '/auth/discord' });
      expect(res.statusCode).not.toBe(429);
    }
    expectLimited(await from(discord, { method: 'GET', url: '/auth/discord/callback?code=a&state=b' }));
  });
});

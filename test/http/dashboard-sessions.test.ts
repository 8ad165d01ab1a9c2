import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, sqliteBackend } from '../support/backends.js';
import { expectProblem, fakeClock } from '../support/http.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const DAY = 24 * 3_600_000;

function sessionCookie(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === 'scanpin_session');
}

describe.each(backends())('dashboard sign-in and sessions on $name', (backend) => {
  const clock = fakeClock(Date.parse('2026-06-01T12:00:00.000Z'));
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, {}, clock);
  });
  afterAll(async () => t.close());

  const link = (accountId: number) =>
    t.admin<{ url: string; expiresAt: string }>('POST', `/admin/v1/accounts/${accountId}/sign-in-links`);
  /** Signs in through the link's page, as a browser would; returns the cookie header to send. */
  async function signIn(accountId: number): Promise<string> {
    const { url } = await link(accountId);
    const res = await t.app.inject({ method: 'POST', url: new URL(url).pathname });
    expect(res.statusCode).toBe(303);
    const cookie = sessionCookie(res);
    expect(cookie).toBeDefined();
    return `scanpin_session=${cookie?.value}`;
  }
  const app = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    cookie?: string,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({ method, url: `/app/api${url}`, headers: { ...(cookie ? { cookie } : {}), ...headers } });

  it('an operator makes a one-time link, valid 15 minutes, built from the public address', async () => {
    const id = await t.createAccount('Linked');
    const made = await link(id);
    expect(made.url).toMatch(/^http:\/\/127\.0\.0\.1:8080\/sign-in\/[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(made.expiresAt) - clock()).toBe(15 * 60_000);
    const missing = await t.adminRaw('POST', '/admin/v1/accounts/999999/sign-in-links');
    expectProblem(missing, 404, 'account_not_found');
  });

  it('opening the link only asks; signing in spends it once and sets a safe cookie', async () => {
    const id = await t.createAccount('Signer');
    const { url } = await link(id);
    const path = new URL(url).pathname;
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['x-robots-tag']).toBe('noindex');
    // same-origin, not no-referrer: with no-referrer the button's POST would say `Origin: null`.
    expect(page.headers['referrer-policy']).toBe('same-origin');
    expect(page.body).toContain('<form method="post">');
    expect(sessionCookie(page)).toBeUndefined();

    const first = await t.app.inject({ method: 'POST', url: path });
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe('/');
    const cookie = sessionCookie(first);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(first.body).not.toContain(cookie?.value ?? 'none');

    const me = await app('GET', '/me', `scanpin_session=${cookie?.value}`);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ accountId: id, name: 'Signer' });
    expect(me.headers['x-ratelimit-limit']).toBeDefined();

    expectProblem(await t.app.inject({ method: 'POST', url: path }), 400, 'invalid_sign_in_link');
  });

  it('signs in from the confirmation page as a browser sends it (Origin: null, Sec-Fetch-Site: same-origin)', async () => {
    const { url } = await link(await t.createAccount('Browser'));
    const res = await t.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      headers: {
        origin: 'null',
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: '',
    });
    expect(res.statusCode).toBe(303);
    expect(sessionCookie(res)).toBeDefined();
  });

  it('refuses an expired link and a made-up one alike', async () => {
    const id = await t.createAccount('Late');
    const { url } = await link(id);
    clock.advance(15 * 60_000 + 1);
    expectProblem(
      await t.app.inject({ method: 'POST', url: new URL(url).pathname }),
      400,
      'invalid_sign_in_link',
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/app/api/sign-in',
      payload: { token: 'x'.repeat(43) },
    });
    expectProblem(res, 400, 'invalid_sign_in_link');
  });

  it('without a live session the dashboard API answers 401, and an API key is no session', async () => {
    expectProblem(await app('GET', '/me'), 401, 'not_signed_in');
    expectProblem(await app('GET', '/me', 'scanpin_session=forged'), 401, 'not_signed_in');
    const owner = await t.createOwner();
    const res = await t.app.inject({
      method: 'GET',
      url: '/app/api/pins',
      headers: { 'x-api-key': owner.key },
    });
    expectProblem(res, 401, 'not_signed_in');
  });

  it('refuses state-changing calls from another site', async () => {
    const cookie = await signIn(await t.createAccount('Victim'));
    expectProblem(
      await app('POST', '/sign-out', cookie, { origin: 'https://evil.example' }),
      403,
      'cross_site_request',
    );
    expectProblem(
      await app('POST', '/sign-out', cookie, { 'sec-fetch-site': 'cross-site' }),
      403,
      'cross_site_request',
    );
    const { url } = await link(await t.createAccount('Victim 2'));
    expectProblem(
      await t.app.inject({
        method: 'POST',
        url: new URL(url).pathname,
        headers: { origin: 'https://evil.example' },
      }),
      403,
      'cross_site_request',
    );
    expectProblem(
      await app('POST', '/sign-out', cookie, { origin: 'https://127.0.0.1:8080' }),
      403,
      'cross_site_request',
    );
    expectProblem(
      await app('POST', '/sign-out', cookie, { origin: 'null', 'sec-fetch-site': 'cross-site' }),
      403,
      'cross_site_request',
    );
    expectProblem(await app('POST', '/sign-out', cookie, { origin: 'null' }), 403, 'cross_site_request');
    // The session survived every attempt; a same-origin sign-out works.
    expect((await app('GET', '/me', cookie)).statusCode).toBe(200);
    const own = await app('POST', '/sign-out', cookie, { origin: 'http://127.0.0.1:8080' });
    expect(own.statusCode).toBe(204);
  });

  it('refuses every state-changing dashboard call from another site, whatever the route', async () => {
    const cookie = await signIn((await t.createOwner('Guarded')).accountId);
    const spec = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const changing = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith('/app/api/'))
      .flatMap(([path, methods]) =>
        Object.keys(methods)
          .filter((m) => ['post', 'put', 'patch', 'delete'].includes(m))
          .map((m) => [m.toUpperCase(), path.replace(/\{pinCode\}/g, 'A7K3M2P9').replace(/\{\w+\}/g, '1')]),
      );
    expect(changing.length).toBeGreaterThanOrEqual(20);
    for (const [method, url] of changing) {
      const res = await t.app.inject({
        method: method as 'POST',
        url: url as string,
        headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
        payload: '{}',
      });
      expect({ method, url, code: res.json().code }).toEqual({ method, url, code: 'cross_site_request' });
    }
    expect((await app('GET', '/me', cookie)).statusCode).toBe(200);
  });

  it('slides 7 days with use, never past 30 days, and ends after 7 idle days', async () => {
    const cookie = await signIn(await t.createAccount('Slider'));
    for (let i = 0; i < 4; i++) {
      clock.advance(6 * DAY);
      expect((await app('GET', '/me', cookie)).statusCode).toBe(200);
    }
    clock.advance(6 * DAY + 1); // 30 days and a bit after signing in, though used 6 days ago
    expectProblem(await app('GET', '/me', cookie), 401, 'not_signed_in');

    const idle = await signIn(await t.createAccount('Idle'));
    clock.advance(7 * DAY + 1);
    expectProblem(await app('GET', '/me', idle), 401, 'not_signed_in');
  });

  it('signs out here, on one other device, or everywhere', async () => {
    const id = await t.createAccount('Many devices');
    const [a, b, c] = [await signIn(id), await signIn(id), await signIn(id)];
    const list = (await app('GET', '/sessions', a)).json() as Array<{ id: number; current: boolean }>;
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const other = list.find((s) => !s.current);
    expect((await app('DELETE', `/sessions/${other?.id}`, a)).statusCode).toBe(204);
    expectProblem(await app('DELETE', `/sessions/${other?.id}`, a), 404, 'session_not_found');

    const out = await app('POST', '/sign-out', a);
    expect(out.statusCode).toBe(204);
    expect(sessionCookie(out)?.value).toBe('');
    expectProblem(await app('GET', '/me', a), 401, 'not_signed_in');

    // One other session was ended above; the remaining one signs out everywhere.
    const statuses = [(await app('GET', '/me', b)).statusCode, (await app('GET', '/me', c)).statusCode];
    expect(statuses.sort()).toEqual([200, 401]);
    const survivor = statuses[0] === 200 && (await app('GET', '/me', b)).statusCode === 200 ? b : c;
    expect((await app('POST', '/sign-out-everywhere', survivor)).statusCode).toBe(204);
    for (const s of [b, c]) expectProblem(await app('GET', '/me', s), 401, 'not_signed_in');
  });

  it('a ban or a deletion ends the account’s sessions at once, and a banned account cannot sign in', async () => {
    const banned = await t.createAccount('To be banned');
    const cookie = await signIn(banned);
    await t.admin('PATCH', `/admin/v1/accounts/${banned}`, { banned: true });
    expectProblem(await app('GET', '/me', cookie), 401, 'not_signed_in');
    const { url } = await link(banned);
    expectProblem(await t.app.inject({ method: 'POST', url: new URL(url).pathname }), 403, 'account_banned');
    // Lifting the ban does not bring the old sessions back.
    await t.admin('PATCH', `/admin/v1/accounts/${banned}`, { banned: false });
    expectProblem(await app('GET', '/me', cookie), 401, 'not_signed_in');

    const deleted = await t.createAccount('To be deleted');
    const theirs = await signIn(deleted);
    await t.admin('DELETE', `/admin/v1/accounts/${deleted}`);
    expectProblem(await app('GET', '/me', theirs), 401, 'not_signed_in');
  });
});

describe('the session cookie over https', () => {
  it('is Secure when PUBLIC_URL is https', async () => {
    const t = await startTestApp(sqliteBackend(), {
      PUBLIC_URL: 'https://scan.example.com/',
    });
    try {
      const id = await t.createAccount('Secure');
      const { url } = await t.admin<{ url: string }>('POST', `/admin/v1/accounts/${id}/sign-in-links`);
      expect(url.startsWith('https://scan.example.com/sign-in/')).toBe(true);
      const res = await t.app.inject({
        method: 'POST',
        url: new URL(url).pathname,
        headers: { origin: 'https://scan.example.com' },
      });
      expect(res.statusCode).toBe(303);
      expect(sessionCookie(res)?.secure).toBe(true);
    } finally {
      await t.close();
    }
  });
});

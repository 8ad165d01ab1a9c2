import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_LINK_TTL_MS } from '../../src/domain/session-policy.js';
import { backends } from '../support/backends.js';
import { expectProblem, fakeClock } from '../support/http.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** The link's lifetime as the pages word it, from the rule itself. */
const LIFETIME = `${SIGN_IN_LINK_TTL_MS / 60_000} minutes`;

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/**
 * A sign-in link that no longer signs in, opened in a browser (docs/dashboard.md, "Signing in"): a
 * page that says what happened and what to do next, never a raw problem body; an API client asking
 * for JSON still gets the problem.
 */
describe.each(backends())('sign-in link pages on $name', (backend) => {
  const clock = fakeClock(Date.parse('2026-09-01T10:00:00.000Z'));
  let t: TestApp;
  let accountId: number;

  const newLink = async () =>
    new URL((await t.admin<{ url: string }>('POST', `/admin/v1/accounts/${accountId}/sign-in-links`)).url)
      .pathname;
  const open = (path: string, method: 'GET' | 'POST', accept = BROWSER_ACCEPT) =>
    t.app.inject({ method, url: path, headers: { accept } });

  beforeAll(async () => {
    t = await startTestApp(backend, {}, clock);
    accountId = await t.createAccount('Page Reader');
  });
  afterAll(async () => t.close());

  it('a used link shows a page saying so, with the way to sign in again', async () => {
    const path = await newLink();
    const confirm = (await open(path, 'GET')).body;
    expect(confirm).toContain('<button type="submit">Sign in</button>');
    expect(confirm).toContain(`The link works once and for ${LIFETIME}.`);
    expect((await open(path, 'POST')).statusCode).toBe(303);

    for (const method of ['GET', 'POST'] as const) {
      const res = await open(path, method);
      expect(res.statusCode).toBe(410);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.body).toContain('<h1>This sign-in link was already used</h1>');
      expect(res.body).toContain('sign in with your passkey');
      expect(res.body).toContain('href="/sign-in"');
      expect(res.body).not.toContain('<form');
    }
    // An API client asking for JSON gets the problem, as before.
    expectProblem(await open(path, 'POST', 'application/json'), 400, 'invalid_sign_in_link');
    expectProblem(await open(path, 'POST', 'application/json, text/html;q=0.5'), 400, 'invalid_sign_in_link');
  });

  it('an expired link and an unknown one say so in words', async () => {
    const path = await newLink();
    clock.advance(SIGN_IN_LINK_TTL_MS);
    for (const method of ['GET', 'POST'] as const) {
      const res = await open(path, method);
      expect(res.statusCode).toBe(410);
      expect(res.body).toContain('<h1>This sign-in link has expired</h1>');
      expect(res.body).toContain(`Links last ${LIFETIME}. Ask your operator for a new one`);
    }
    const unknown = await open('/sign-in/abcdefghijklmnopqrstuvwxyz0123456789', 'GET');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<h1>This sign-in link is not known</h1>');
  });

  it('a banned account’s link shows a page, not a problem', async () => {
    const banned = await t.createAccount('Banned Reader');
    const { url } = await t.admin<{ url: string }>('POST', `/admin/v1/accounts/${banned}/sign-in-links`);
    await t.admin('PATCH', `/admin/v1/accounts/${banned}`, { banned: true });
    const res = await open(new URL(url).pathname, 'POST');
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('This account cannot sign in');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { expectProblem, fakeClock } from '../support/http.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

const DAY = 24 * 3_600_000;

/** Members and invites (docs/dashboard.md): owners invite and remove; invites expire, run out, revoke. */
describe.each(backends())('invites and members on $name', (backend) => {
  const clock = fakeClock(Date.parse('2026-08-01T09:00:00.000Z'));
  let t: TestApp;
  let owner: Owner;
  let ownerCookie: string;

  async function signIn(accountId: number): Promise<string> {
    const { url } = await t.admin<{ url: string }>('POST', `/admin/v1/accounts/${accountId}/sign-in-links`);
    const res = await t.app.inject({ method: 'POST', url: new URL(url).pathname });
    return `scanpin_session=${res.cookies.find((c) => c.name === 'scanpin_session')?.value}`;
  }
  const call = (cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
    t.app.inject({
      method,
      url: `/app/api${url}`,
      headers: { cookie },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
  const invite = async (body: object = {}) => {
    const res = await call(ownerCookie, 'POST', `/enterprises/${owner.enterpriseId}/invites`, body);
    expect(res.statusCode).toBe(201);
    return res.json() as { id: number; url: string; expiresAt: string; maxUses: number | null };
  };

  beforeAll(async () => {
    t = await startTestApp(backend, {}, clock);
    owner = await t.createOwner('Inviting Owner');
    ownerCookie = await signIn(owner.accountId);
  });
  afterAll(async () => t.close());

  it('an invite makes the person a member, who then sees the Enterprise’s PINs; single use by default', async () => {
    const pin = await t.createPin(owner.key);
    const made = await invite();
    expect(made.url).toMatch(/^http:\/\/127\.0\.0\.1:8080\/invite\/[A-Za-z0-9_-]{43}$/);
    expect(made.maxUses).toBe(1);
    expect(Date.parse(made.expiresAt) - clock()).toBe(7 * DAY);

    const staff = await signIn(await t.createAccount('Staff'));
    expect(((await call(staff, 'GET', '/pins')).json().data as unknown[]).length).toBe(0);
    const joined = await call(staff, 'POST', '/invites/accept', { token: tokenOf(made.url) });
    expect(joined.statusCode).toBe(200);
    // A new member is a viewer until the owner gives another role (docs/roles.md).
    expect(joined.json()).toMatchObject({ enterprise: { id: owner.enterpriseId }, role: 'viewer' });
    expect((await call(staff, 'GET', '/pins')).json().data.map((p: { pin: string }) => p.pin)).toContain(pin);
    expect((await call(staff, 'GET', '/enterprises')).json()).toEqual([
      {
        enterprise: { id: owner.enterpriseId, name: expect.any(String), active: true },
        role: 'viewer',
        allowedActions: ['results.read', 'webhooks.manage', 'members.read'],
      },
    ]);
    // Accepting again is harmless; someone else finds it used up.
    expect((await call(staff, 'POST', '/invites/accept', { token: tokenOf(made.url) })).statusCode).toBe(200);
    const late = await signIn(await t.createAccount('Late'));
    expectProblem(
      await call(late, 'POST', '/invites/accept', { token: tokenOf(made.url) }),
      400,
      'invalid_invite',
    );
  });

  it('multi-use invites count their uses; revoked and expired ones are refused', async () => {
    const multi = await invite({ maxUses: 2, expiresInDays: 2 });
    for (const name of ['A', 'B']) {
      const c = await signIn(await t.createAccount(`Multi ${name}`));
      expect((await call(c, 'POST', '/invites/accept', { token: tokenOf(multi.url) })).statusCode).toBe(200);
    }
    const third = await signIn(await t.createAccount('Multi C'));
    expectProblem(
      await call(third, 'POST', '/invites/accept', { token: tokenOf(multi.url) }),
      400,
      'invalid_invite',
    );

    const revoked = await invite({ maxUses: null });
    expect((await call(ownerCookie, 'DELETE', `/invites/${revoked.id}`)).statusCode).toBe(204);
    expectProblem(
      await call(third, 'POST', '/invites/accept', { token: tokenOf(revoked.url) }),
      400,
      'invalid_invite',
    );

    const expiring = await invite({ expiresInDays: 1 });
    clock.advance(DAY + 1);
    expectProblem(
      await call(third, 'POST', '/invites/accept', { token: tokenOf(expiring.url) }),
      400,
      'invalid_invite',
    );
    const listed = (await call(ownerCookie, 'GET', `/enterprises/${owner.enterpriseId}/invites`)).json();
    expect(listed.find((i: { id: number }) => i.id === multi.id)).toMatchObject({
      uses: 2,
      maxUses: 2,
      usable: false,
    });
    expect(listed.find((i: { id: number }) => i.id === revoked.id)).toMatchObject({
      revoked: true,
      usable: false,
    });
  });

  it('a viewer neither invites nor removes members; the owner cannot be removed', async () => {
    const made = await invite();
    const member = await t.createAccount('Removable');
    const memberCookie = await signIn(member);
    await call(memberCookie, 'POST', '/invites/accept', { token: tokenOf(made.url) });

    expectProblem(
      await call(memberCookie, 'POST', `/enterprises/${owner.enterpriseId}/invites`, {}),
      403,
      'role_not_allowed',
    );
    expectProblem(
      await call(memberCookie, 'DELETE', `/enterprises/${owner.enterpriseId}/members/${owner.accountId}`),
      403,
      'role_not_allowed',
    );
    expectProblem(
      await call(ownerCookie, 'DELETE', `/enterprises/${owner.enterpriseId}/members/${owner.accountId}`),
      409,
      'cannot_remove_owner',
    );
    const members = (await call(memberCookie, 'GET', `/enterprises/${owner.enterpriseId}/members`)).json();
    expect(members.owner).toEqual({ accountId: owner.accountId, name: 'Inviting Owner' });
    expect(members.members.map((m: { accountId: number }) => m.accountId)).toContain(member);

    expect(
      (await call(ownerCookie, 'DELETE', `/enterprises/${owner.enterpriseId}/members/${member}`)).statusCode,
    ).toBe(204);
    expect((await call(memberCookie, 'GET', '/pins')).json().data).toEqual([]);
    expectProblem(
      await call(memberCookie, 'GET', `/enterprises/${owner.enterpriseId}/members`),
      404,
      'enterprise_not_found',
    );

    const stranger = await signIn(await t.createAccount('Stranger'));
    expectProblem(
      await call(stranger, 'GET', `/enterprises/${owner.enterpriseId}/invites`),
      404,
      'enterprise_not_found',
    );
    expectProblem(await call(stranger, 'DELETE', `/invites/${made.id}`), 404, 'invite_not_found');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { expectProblem } from '../support/http.js';
import { report, scanner } from '../support/scan.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Who sees what in the dashboard (docs/dashboard.md): the creator; the owner and members of the
 * creator's Enterprise unless the PIN is private; nobody else. /v1 stays creator-only.
 */
describe.each(backends())('dashboard visibility on $name', (backend) => {
  let t: TestApp;
  let owner: Owner;
  let shared: string;
  let privatePin: string;
  let outsiderPin: string;
  const cookies: Record<'owner' | 'member' | 'outsider' | 'stranger', string> = {
    owner: '',
    member: '',
    outsider: '',
    stranger: '',
  };

  async function signIn(accountId: number): Promise<string> {
    const { url } = await t.admin<{ url: string }>('POST', `/admin/v1/accounts/${accountId}/sign-in-links`);
    const res = await t.app.inject({ method: 'POST', url: new URL(url).pathname });
    return `scanpin_session=${res.cookies.find((c) => c.name === 'scanpin_session')?.value}`;
  }
  const get = (who: keyof typeof cookies, url: string) =>
    t.app.inject({ method: 'GET', url: `/app/api${url}`, headers: { cookie: cookies[who] } });
  const codes = async (who: keyof typeof cookies, query = '') =>
    ((await get(who, `/pins${query}`)).json().data as Array<{ pin: string }>).map((p) => p.pin);

  beforeAll(async () => {
    t = await startTestApp(backend, { MAX_ACTIVE_PINS: '10' });
    owner = await t.createOwner('Visible Owner');
    const member = await t.createAccount('Member');
    await t.admin('POST', `/admin/v1/enterprises/${owner.enterpriseId}/members`, { accountId: member });
    const outsider = await t.createOwner('Other Owner');
    const stranger = await t.createAccount('Stranger');

    shared = await t.createPin(owner.key, { type: 'FiveM', pinName: 'Weekly check' });
    privatePin = await t.createPin(owner.key, { type: 'Rust', private: true });
    outsiderPin = await t.createPin(outsider.key);
    await scanner(t).scan(owner.key, report({ detections: ['Eulen'] }), ['HW-DASH'], 'FiveM');

    cookies.owner = await signIn(owner.accountId);
    cookies.member = await signIn(member);
    cookies.outsider = await signIn(outsider.accountId);
    cookies.stranger = await signIn(stranger);
  });
  afterAll(async () => t.close());

  it('the creator sees all of their PINs, private ones included', async () => {
    const mine = await codes('owner');
    expect(mine).toContain(shared);
    expect(mine).toContain(privatePin);
    expect(mine).not.toContain(outsiderPin);
    expect(mine).toHaveLength(3); // shared, private, and the one scanned
  });

  it('a member sees the non-private PINs of the Enterprise, with their creator, and not the private one', async () => {
    const list = (await get('member', '/pins')).json().data as Array<Record<string, unknown>>;
    const codesSeen = list.map((p) => p.pin);
    expect(codesSeen).toContain(shared);
    expect(codesSeen).not.toContain(privatePin);
    expect(codesSeen).not.toContain(outsiderPin);
    expect(list.find((p) => p.pin === shared)).toMatchObject({
      creator: 'Visible Owner',
      mine: false,
      private: false,
      status: 'pending',
      pinName: 'Weekly check',
    });
    expect((await get('member', `/pins/${shared}`)).statusCode).toBe(200);
    expectProblem(await get('member', `/pins/${privatePin}`), 404, 'pin_not_found');
  });

  it('someone outside the Enterprise sees none of its PINs', async () => {
    expect(await codes('stranger')).toEqual([]);
    expect(await codes('outsider')).toEqual([outsiderPin]);
    expectProblem(await get('outsider', `/pins/${shared}`), 404, 'pin_not_found');
  });

  it('the /v1 API stays creator-only for the same member', async () => {
    const memberAccount = (await get('member', '/me')).json().accountId as number;
    const key = await t.issueKey(memberAccount, ['pins:status']);
    expectProblem(await t.api('GET', `/v1/pins/${shared}/status`, { key }), 403, 'pin_forbidden');
  });

  it('shows a finished PIN with its full results to a member', async () => {
    const finished = (
      (await get('member', '/pins?status=finished')).json().data as Array<{ pin: string }>
    )[0];
    expect(finished).toBeDefined();
    const detail = (await get('member', `/pins/${finished?.pin}`)).json();
    expect(detail.status).toMatchObject({ status: 'finished', result: 'cheating' });
    expect(detail.results).toMatchObject({ result: 'cheating', data: { detections: ['Eulen'] } });
  });

  it('filters by status, game and verdict, searches, and pages newest first', async () => {
    expect(await codes('owner', '?type=Rust')).toEqual([privatePin]);
    expect(await codes('owner', '?verdict=cheating')).toHaveLength(1);
    expect(await codes('owner', '?status=pending')).toEqual([privatePin, shared]);
    expect(await codes('owner', '?search=weekly')).toEqual([shared]);
    expect(await codes('owner', `?search=${shared.slice(2, 6).toLowerCase()}`)).toContain(shared);
    const first = (await get('owner', '/pins?limit=2')).json();
    expect(first.data).toHaveLength(2);
    expect(first.nextBefore).not.toBeNull();
    const second = (await get('owner', `/pins?limit=2&before=${first.nextBefore}`)).json();
    expect(second.data).toHaveLength(1);
    expect(second.nextBefore).toBeNull();
    expect([...first.data, ...second.data].map((p: { pin: string }) => p.pin)).toEqual(await codes('owner'));
    expectProblem(await get('owner', '/pins?limit=1000'), 400, 'invalid_parameter');
  });

  it('names a deleted creator as a deleted account, in the list and in the detail', async () => {
    const leaving = await t.createOwner('Leaving Owner');
    const staff = await t.createAccount('Staying Staff');
    await t.admin('POST', `/admin/v1/enterprises/${leaving.enterpriseId}/members`, { accountId: staff });
    const theirPin = await t.createPin(leaving.key);
    const staffCookie = await signIn(staff);
    await t.admin('DELETE', `/admin/v1/accounts/${leaving.accountId}`);
    const seen = (
      await t.app.inject({ method: 'GET', url: '/app/api/pins', headers: { cookie: staffCookie } })
    ).json();
    expect(seen.data).toEqual([expect.objectContaining({ pin: theirPin, creator: '(deleted account)' })]);
    const detail = (
      await t.app.inject({
        method: 'GET',
        url: `/app/api/pins/${theirPin}`,
        headers: { cookie: staffCookie },
      })
    ).json();
    expect(detail.status.creator).toBe('(deleted account)');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verdictShownToPlayer } from '../../src/application/scans/verdict-to-player.js';
import { normalisePinCode } from '../../src/domain/pin-code.js';
import { backends } from '../support/backends.js';
import { expectProblem, fakeClock } from '../support/http.js';
import { type Person, signIn } from '../support/person.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

interface Entry {
  action: string;
  actor: { kind: string; accountId: number | null };
  resource: { type: string; id: number | null };
  enterpriseId: number | null;
  outcome: 'succeeded' | 'refused';
  code: string | null;
  detail: Record<string, unknown>;
}

/** "Show players their verdict" (docs/dashboard.md): off by default, the owner's to change, audited. */
describe.each(backends())('the verdict-to-players setting on $name', (backend) => {
  const clock = fakeClock(Date.parse('2026-11-01T10:00:00.000Z'));
  let t: TestApp;
  let owner: Owner;
  let ownerPerson: Person;
  let memberPerson: Person;
  let memberId: number;
  const settingsOf = (enterpriseId: number) => `/enterprises/${enterpriseId}/settings`;
  const audit = async (query: string) =>
    (await t.admin<{ data: Entry[] }>('GET', `/admin/v1/audit${query}`)).data;
  const shownFor = async (code: string) => {
    const pin = await t.deps.repos.pins.findByCode(normalisePinCode(code));
    if (pin === undefined) throw new Error(`no PIN ${code}`);
    return verdictShownToPlayer(t.deps, pin);
  };

  beforeAll(async () => {
    t = await startTestApp(backend, {}, clock);
    owner = await t.createOwner('Setting Owner');
    ownerPerson = await signIn(t, owner.accountId);
    memberId = await t.createAccount('Setting Member');
    await t.admin('POST', `/admin/v1/enterprises/${owner.enterpriseId}/members`, { accountId: memberId });
    memberPerson = await signIn(t, memberId);
  });
  afterAll(async () => t.close());

  it('is off by default: owner and members read it, and the scanner is told not to show the verdict', async () => {
    for (const person of [ownerPerson, memberPerson]) {
      const res = await person.get(settingsOf(owner.enterpriseId));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ verdictToPlayers: false });
    }
    expect(await shownFor(await t.createPin(owner.key))).toBe(false);
  });

  it('the owner turns it on and off; each change is audited; the scanner follows at once', async () => {
    const pin = await t.createPin(owner.key);
    const on = await ownerPerson.call('PUT', settingsOf(owner.enterpriseId), { verdictToPlayers: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ verdictToPlayers: true });
    expect((await memberPerson.get(settingsOf(owner.enterpriseId))).json()).toEqual({
      verdictToPlayers: true,
    });
    // Also for a PIN made before the change: it is read when the scanner asks.
    expect(await shownFor(pin)).toBe(true);

    const [entry] = await audit(
      `?action=enterprise.update&resourceType=enterprise&resourceId=${owner.enterpriseId}`,
    );
    expect(entry).toMatchObject({
      actor: { kind: 'session', accountId: owner.accountId },
      resource: { type: 'enterprise', id: owner.enterpriseId },
      enterpriseId: owner.enterpriseId,
      outcome: 'succeeded',
      detail: { changed: ['verdictToPlayers'], verdictToPlayers: true },
    });

    const off = await ownerPerson.call('PUT', settingsOf(owner.enterpriseId), { verdictToPlayers: false });
    expect(off.json()).toEqual({ verdictToPlayers: false });
    expect(await shownFor(pin)).toBe(false);
    const [latest] = await audit(
      `?action=enterprise.update&resourceType=enterprise&resourceId=${owner.enterpriseId}`,
    );
    expect(latest?.detail).toMatchObject({ verdictToPlayers: false });
  });

  it('a member may not change it: 403 not_enterprise_owner, recorded as refused, nothing changed', async () => {
    const res = await memberPerson.call('PUT', settingsOf(owner.enterpriseId), { verdictToPlayers: true });
    expectProblem(res, 403, 'not_enterprise_owner');
    expect(res.json().detail).toContain('owner');
    const [entry] = await audit('?action=enterprise.update&outcome=refused');
    expect(entry).toMatchObject({
      actor: { kind: 'session', accountId: memberId },
      outcome: 'refused',
      code: 'not_enterprise_owner',
    });
    expect((await ownerPerson.get(settingsOf(owner.enterpriseId))).json()).toEqual({
      verdictToPlayers: false,
    });
  });

  it('someone outside the Enterprise does not learn it exists; another Enterprise keeps its own setting', async () => {
    const other = await t.createOwner('Other Owner');
    const otherPerson = await signIn(t, other.accountId);
    expectProblem(await otherPerson.get(settingsOf(owner.enterpriseId)), 404, 'enterprise_not_found');
    expectProblem(
      await otherPerson.call('PUT', settingsOf(owner.enterpriseId), { verdictToPlayers: true }),
      404,
      'enterprise_not_found',
    );
    expect(
      (await otherPerson.call('PUT', settingsOf(other.enterpriseId), { verdictToPlayers: true })).statusCode,
    ).toBe(200);
    expect((await ownerPerson.get(settingsOf(owner.enterpriseId))).json()).toEqual({
      verdictToPlayers: false,
    });
    expect(await shownFor(await t.createPin(other.key))).toBe(true);
    expect(await shownFor(await t.createPin(owner.key))).toBe(false);
  });

  it('bad input and cross-site requests change nothing; signed-out people are refused', async () => {
    for (const body of [{}, { verdictToPlayers: 'yes' }, { verdictToPlayers: true, extra: 1 }]) {
      expectProblem(await ownerPerson.call('PUT', settingsOf(owner.enterpriseId), body), 400, 'invalid_body');
    }
    expectProblem(await ownerPerson.get('/enterprises/0/settings'), 400, 'invalid_parameter');
    const crossSite = await t.app.inject({
      method: 'PUT',
      url: `/app/api${settingsOf(owner.enterpriseId)}`,
      headers: {
        cookie: ownerPerson.cookie,
        origin: 'https://evil.example',
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ verdictToPlayers: true }),
    });
    expectProblem(crossSite, 403, 'cross_site_request');
    const signedOut = await t.app.inject({ method: 'GET', url: `/app/api${settingsOf(owner.enterpriseId)}` });
    expect(signedOut.statusCode).toBe(401);
    expect((await ownerPerson.get(settingsOf(owner.enterpriseId))).json()).toEqual({
      verdictToPlayers: false,
    });
  });
});

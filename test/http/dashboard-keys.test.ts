import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { expectProblem, ISO_MS } from '../support/http.js';
import { asPerson, type Person, signIn } from '../support/person.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

/** A person's own API keys (docs/dashboard.md, "The dashboard API"): listed, made once, revoked. */
describe.each(backends())('dashboard keys on $name', (backend) => {
  let t: TestApp;
  let owner: Owner;
  let ownerP: Person;
  let memberP: Person;
  let memberId: number;

  beforeAll(async () => {
    t = await startTestApp(backend);
    owner = await t.createOwner('Key Owner');
    memberId = await t.createAccount('Key Staff');
    await t.admin('POST', `/admin/v1/enterprises/${owner.enterpriseId}/members`, { accountId: memberId });
    ownerP = await signIn(t, owner.accountId);
    memberP = await signIn(t, memberId);
  });
  afterAll(async () => t.close());

  it('makes a key shown once, which works on /v1 and is listed without the key', async () => {
    const res = await ownerP.call('POST', '/keys', {
      name: 'Discord bot',
      permissions: ['pins:create', 'pins:status'],
    });
    expect(res.statusCode).toBe(201);
    const made = res.json();
    expect(Object.keys(made).sort()).toEqual(['id', 'key', 'name', 'permissions', 'prefix']);
    expect(made).toMatchObject({ name: 'Discord bot', permissions: ['pins:create', 'pins:status'] });
    expect(made.key).toMatch(/^sp_[0-9A-Za-z]{32,}$/);
    expect(made.key.startsWith(made.prefix)).toBe(true);

    const created = await t.api('POST', '/v1/pins/create', { key: made.key, body: { type: 'Rust' } });
    expect(created.statusCode).toBe(201);

    const list = (await ownerP.get('/keys')).json() as Array<Record<string, unknown>>;
    const listed = list.find((k) => k.id === made.id);
    expect(Object.keys(listed ?? {}).sort()).toEqual([
      'createdAt',
      'id',
      'lastUsedAt',
      'name',
      'permissions',
      'prefix',
      'revoked',
    ]);
    expect(listed).toMatchObject({ prefix: made.prefix, name: 'Discord bot', revoked: false });
    expect(listed?.createdAt).toMatch(ISO_MS);
    expect(listed?.lastUsedAt).toMatch(ISO_MS);
    expect(JSON.stringify(list)).not.toContain(made.key);
    // The bootstrap-like key made by the operator is the owner's too.
    expect(list.map((k) => k.prefix)).toContain(owner.key.slice(0, (made.prefix as string).length));
  });

  it('offers pins:create to owners only', async () => {
    expectProblem(
      await memberP.call('POST', '/keys', { permissions: ['pins:create'] }),
      403,
      'not_enterprise_owner',
    );
    const res = await memberP.call('POST', '/keys', { permissions: ['user:risk-score', 'webhooks:manage'] });
    expect(res.statusCode).toBe(201);
    expect(res.json().name).toBeNull();
    expect((await memberP.get('/keys')).json()).toHaveLength(1);
  });

  it('revokes the person’s own key, which then answers 401; twice is harmless', async () => {
    const made = (await memberP.call('POST', '/keys', { permissions: ['pins:status'] })).json();
    expect((await memberP.call('DELETE', `/keys/${made.id}`)).statusCode).toBe(204);
    expect((await memberP.call('DELETE', `/keys/${made.id}`)).statusCode).toBe(204);
    expectProblem(await t.api('GET', '/v1/pins/A7K3M2P9/status', { key: made.key }), 401, 'invalid_api_key');
    const listed = (await memberP.get('/keys')).json().find((k: { id: number }) => k.id === made.id);
    expect(listed.revoked).toBe(true);
  });

  it('never lists, nor revokes, someone else’s key: 404 key_not_found', async () => {
    const theirs = (await ownerP.call('POST', '/keys', { permissions: ['pins:status'] })).json();
    expect((await memberP.get('/keys')).json().map((k: { id: number }) => k.id)).not.toContain(theirs.id);
    expectProblem(await memberP.call('DELETE', `/keys/${theirs.id}`), 404, 'key_not_found');
    expectProblem(await memberP.call('DELETE', '/keys/999999'), 404, 'key_not_found');
    const still = await t.api('GET', '/v1/pins/A7K3M2P9/status', { key: theirs.key });
    expect(still.statusCode).toBe(404);
  });

  it('refuses malformed input with 400 and makes nothing', async () => {
    const count = (await memberP.get('/keys')).json().length;
    for (const body of [
      {},
      { permissions: [] },
      { permissions: ['pins:delete'] },
      { permissions: ['pins:status', 'pins:status'] },
      { permissions: ['pins:status'], name: 'x'.repeat(101) },
      { permissions: ['pins:status'], rateLimitPerHour: 5 },
    ]) {
      expectProblem(await memberP.call('POST', '/keys', body), 400, 'invalid_body');
    }
    expect((await memberP.get('/keys')).json()).toHaveLength(count);
    expectProblem(await memberP.call('DELETE', '/keys/abc'), 400, 'invalid_parameter');
    expectProblem(await memberP.call('DELETE', '/keys/0'), 400, 'invalid_parameter');
  });

  it('answers 401 not_signed_in without a session', async () => {
    const nobody = asPerson(t, '');
    expectProblem(await nobody.get('/keys'), 401, 'not_signed_in');
    expectProblem(await nobody.call('POST', '/keys', { permissions: ['pins:status'] }), 401, 'not_signed_in');
    expectProblem(await nobody.call('DELETE', '/keys/1'), 401, 'not_signed_in');
  });
});

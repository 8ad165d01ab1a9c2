import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { expectProblem, fakeClock } from '../support/http.js';
import { signIn } from '../support/person.js';
import { report, scanner } from '../support/scan.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

interface Entry {
  id: number;
  at: string;
  actor: {
    kind: string;
    accountId: number | null;
    keyId: number | null;
    sessionId: number | null;
    discordUserId: string | null;
  };
  action: string;
  resource: { type: string; id: number | null };
  enterpriseId: number | null;
  outcome: 'succeeded' | 'refused';
  code: string | null;
  detail: Record<string, unknown>;
}
interface Page {
  data: Entry[];
  nextBefore: number | null;
}

const LOCAL = { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' };
const PLAYER = { id: '123456789012345678', username: 'AuditedPlayer' };

/** The audit trail (docs/audit.md): every consequential action, who, what, on what, when, the outcome. */
describe.each(backends())('audit trail on $name', (backend) => {
  const clock = fakeClock(Date.parse('2026-09-01T10:00:00.000Z'));
  let t: TestApp;
  const audit = (query = '') => t.admin<Page>('GET', `/admin/v1/audit${query}`);
  const latest = async (query = '') => (await audit(query)).data[0] as Entry;

  beforeAll(async () => {
    t = await startTestApp(backend, LOCAL, clock);
  });
  afterAll(async () => t.close());

  it('records operator actions in their transaction: keys, members, bans, lifts and reasons', async () => {
    const owner = await t.createOwner('Audited Owner');
    // createOwner issued a key through the operator API: recorded with the Enterprise it belongs to.
    const issued = await latest('?action=api_key.create');
    expect(issued).toMatchObject({
      actor: { kind: 'operator', accountId: null, keyId: null, sessionId: null, discordUserId: null },
      resource: { type: 'api_key' },
      enterpriseId: owner.enterpriseId,
      outcome: 'succeeded',
      code: null,
    });
    expect(issued.detail.permissions).toEqual(expect.arrayContaining(['pins:create']));
    expect(JSON.stringify(issued)).not.toContain(owner.key);
    expect(issued.at).toBe(new Date(clock()).toISOString());

    await t.admin('DELETE', `/admin/v1/keys/${issued.resource.id}`);
    expect(await latest()).toMatchObject({
      action: 'api_key.revoke',
      resource: { type: 'api_key', id: issued.resource.id },
      enterpriseId: owner.enterpriseId,
      outcome: 'succeeded',
    });
    // Revoking again is harmless and records nothing new.
    const before = (await latest()).id;
    await t.admin('DELETE', `/admin/v1/keys/${issued.resource.id}`);
    expect((await latest()).id).toBe(before);

    const member = await t.createAccount('Audited Member');
    await t.admin('POST', `/admin/v1/enterprises/${owner.enterpriseId}/members`, { accountId: member });
    expect(await latest()).toMatchObject({
      action: 'member.add',
      resource: { type: 'enterprise', id: owner.enterpriseId },
      enterpriseId: owner.enterpriseId,
      detail: { accountId: member },
    });
    await t.admin('DELETE', `/admin/v1/enterprises/${owner.enterpriseId}/members/${member}`);
    expect((await latest()).action).toBe('member.remove');

    // A scanned player to ban and note.
    const key = await t.issueKey(owner.accountId, ['pins:create']);
    await scanner(t).scan(key, report({ discord: [PLAYER] }), ['HWID-AUDIT-1']);
    const ban = await t.admin<{ id: number }>('POST', `/admin/v1/scanned-users/${PLAYER.id}/bans`, {
      status: 'banned',
      reason: 'cheating in ranked',
    });
    const banned = await latest();
    expect(banned).toMatchObject({
      action: 'ban.create',
      resource: { type: 'ban', id: ban.id },
      detail: { status: 'banned', hardwareCovered: 1 },
    });
    await t.admin('DELETE', `/admin/v1/bans/${ban.id}`);
    expect(await latest()).toMatchObject({ action: 'ban.lift', resource: { type: 'ban', id: ban.id } });
    const note = await t.admin<{ id: number }>('POST', `/admin/v1/scanned-users/${PLAYER.id}/reasons`, {
      reason: 'Known cheat seller',
      category: 'staff_note',
    });
    expect(await latest()).toMatchObject({
      action: 'reason.create',
      resource: { type: 'reason', id: note.id },
      detail: { category: 'staff_note' },
    });
    // The trail names the player nowhere, so erasing them never needs to edit it (docs/privacy.md).
    const everything = JSON.stringify(await audit('?limit=200'));
    expect(everything).not.toContain(PLAYER.id);
    expect(everything).not.toContain(PLAYER.username);
    expect(everything).not.toContain('cheating in ranked');
    expect(everything).not.toContain('HWID-AUDIT-1');
  });

  it('records accounts and Enterprises: creation, changes (bans, licences, deactivation) and deletion', async () => {
    const id = await t.createAccount('Changing Account');
    expect(await latest()).toMatchObject({ action: 'account.create', resource: { type: 'account', id } });
    await t.admin('PATCH', `/admin/v1/accounts/${id}`, { banned: true });
    expect(await latest()).toMatchObject({
      action: 'account.update',
      resource: { type: 'account', id },
      detail: { changed: ['banned'], banned: true, licenceExpiresAt: null },
    });
    const enterprise = await t.admin<{ id: number }>('POST', '/admin/v1/enterprises', {
      name: 'Changing Enterprise',
      ownerAccountId: await t.createAccount('Changing Owner'),
    });
    expect(await latest()).toMatchObject({ action: 'enterprise.create', enterpriseId: enterprise.id });
    await t.admin('PATCH', `/admin/v1/enterprises/${enterprise.id}`, { active: false });
    expect(await latest()).toMatchObject({
      action: 'enterprise.update',
      enterpriseId: enterprise.id,
      detail: { changed: ['active'], active: false },
    });
    await t.admin('DELETE', `/admin/v1/accounts/${id}`);
    expect(await latest()).toMatchObject({ action: 'account.delete', resource: { type: 'account', id } });
  });

  it('names the API key behind /v1 actions: PIN creation and every webhook change', async () => {
    const owner = await t.createOwner('Keyed Owner');
    const hookKey = await t.issueKey(owner.accountId, ['webhooks:manage']);
    const hookKeyId = (await latest('?action=api_key.create')).resource.id;
    const pin = await t.createPin(owner.key);
    const created = await latest('?action=pin.create');
    expect(created).toMatchObject({
      actor: { kind: 'key', accountId: owner.accountId },
      resource: { type: 'pin' },
      enterpriseId: owner.enterpriseId,
      detail: { type: 'FiveM', private: false },
    });
    expect(JSON.stringify(created)).not.toContain(pin);

    const hook = await t.api('POST', '/v1/webhooks', {
      key: hookKey,
      body: { url: 'http://127.0.0.1:9/hook?token=s3cret' },
    });
    expect(hook.statusCode).toBe(201);
    const { id, secret } = hook.json<{ id: number; secret: string }>();
    await t.api('PATCH', `/v1/webhooks/${id}`, { key: hookKey, body: { enabled: false } });
    await t.api('POST', `/v1/webhooks/${id}/rotate-secret`, { key: hookKey });
    await t.api('DELETE', `/v1/webhooks/${id}`, { key: hookKey });
    const changes = (await audit(`?resourceType=webhook&resourceId=${id}`)).data;
    expect(changes.map((e) => e.action)).toEqual([
      'webhook.delete',
      'webhook.rotate_secret',
      'webhook.update',
      'webhook.create',
    ]);
    for (const e of changes) {
      expect(e.actor).toEqual({
        kind: 'key',
        accountId: owner.accountId,
        keyId: hookKeyId,
        sessionId: null,
        discordUserId: null,
      });
      expect(e.enterpriseId).toBe(owner.enterpriseId);
    }
    expect(changes[2]?.detail).toEqual({ changed: ['enabled'], enabled: false });
    const text = JSON.stringify(changes);
    expect(text).not.toContain('s3cret');
    expect(text).not.toContain(secret);
  });

  it('records refusals of callers allowed to try, and nothing of what was rolled back', async () => {
    expectProblem(await t.adminRaw('DELETE', '/admin/v1/keys/987654'), 404, 'key_not_found');
    expect(await latest()).toMatchObject({
      actor: { kind: 'operator' },
      action: 'api_key.revoke',
      resource: { type: 'api_key', id: 987654 },
      outcome: 'refused',
      code: 'key_not_found',
    });
    // pins:create for an account that owns no Enterprise is refused inside the transaction.
    const loner = await t.createAccount('No Enterprise');
    const before = (await latest()).id;
    expectProblem(
      await t.adminRaw('POST', `/admin/v1/accounts/${loner}/keys`, { permissions: ['pins:create'] }),
      403,
      'not_enterprise_owner',
    );
    const after = (await audit()).data.filter((e) => e.id > before);
    expect(after).toEqual([
      expect.objectContaining({ action: 'api_key.create', outcome: 'refused', code: 'not_enterprise_owner' }),
    ]);
    expect((await audit('?outcome=refused&action=api_key.create')).data.length).toBeGreaterThan(0);
  });

  it('filters by actor, action, resource, Enterprise and time, and pages newest first', async () => {
    const owner = await t.createOwner('Paging Owner');
    const start = clock();
    for (let i = 0; i < 5; i++) {
      clock.advance(1000);
      await t.issueKey(owner.accountId, ['pins:status']);
    }
    const mine = `?enterpriseId=${owner.enterpriseId}&action=api_key.create`;
    const all = (await audit(mine)).data;
    expect(all.length).toBe(6);
    const first = await audit(`${mine}&limit=4`);
    expect(first.data.map((e) => e.id)).toEqual(all.slice(0, 4).map((e) => e.id));
    expect(first.nextBefore).toBe(all[3]?.id);
    const second = await audit(`${mine}&limit=4&before=${first.nextBefore}`);
    expect(second.data.map((e) => e.id)).toEqual(all.slice(4).map((e) => e.id));
    expect(second.nextBefore).toBeNull();

    const since = new Date(start + 2000).toISOString();
    const until = new Date(start + 4000).toISOString();
    const window = (await audit(`${mine}&since=${since}&until=${until}`)).data;
    expect(window.map((e) => e.at)).toEqual([new Date(start + 3000).toISOString(), since]);
    expect((await audit('?actorKind=key&action=api_key.create')).data).toEqual([]);
    expect((await audit(`?actorKind=operator&resourceType=api_key&limit=1`)).data[0]?.actor.kind).toBe(
      'operator',
    );
    expectProblem(await t.adminRaw('GET', '/admin/v1/audit?action=nonsense'), 400, 'invalid_parameter');
    expectProblem(await t.adminRaw('GET', '/admin/v1/audit?limit=0'), 400, 'invalid_parameter');
    expectProblem(
      await t.adminRaw('GET', '/admin/v1/audit', undefined, 'wrong-token'),
      401,
      'invalid_admin_token',
    );
  });

  it('dashboard: names the session, and shows an owner only their Enterprise’s entries', async () => {
    const owner = await t.createOwner('Dashboard Owner');
    const other = await t.createOwner('Other Owner');
    const person = await signIn(t, owner.accountId);
    const made = await person.call('POST', `/enterprises/${owner.enterpriseId}/invites`, {});
    expect(made.statusCode).toBe(201);
    const { id: inviteId, url } = made.json<{ id: number; url: string }>();
    const staffId = await t.createAccount('Dashboard Staff');
    const staff = await signIn(t, staffId);
    const token = url.slice(url.lastIndexOf('/') + 1);
    expect((await staff.call('POST', '/invites/accept', { token })).statusCode).toBe(200);
    const key = await person.call('POST', '/keys', { name: 'bot', permissions: ['pins:status'] });
    expect(key.statusCode).toBe(201);
    expect((await person.call('DELETE', `/keys/${key.json<{ id: number }>().id}`)).statusCode).toBe(204);
    expect(
      (await person.call('DELETE', `/enterprises/${owner.enterpriseId}/members/${staffId}`)).statusCode,
    ).toBe(204);
    const second = await person.call('POST', `/enterprises/${owner.enterpriseId}/invites`, {});
    expect((await person.call('DELETE', `/invites/${second.json<{ id: number }>().id}`)).statusCode).toBe(
      204,
    );

    const page = await person.get(`/enterprises/${owner.enterpriseId}/audit`);
    expect(page.statusCode).toBe(200);
    const entries = page.json<Page>().data;
    expect(entries.map((e) => e.action)).toEqual([
      'invite.revoke',
      'invite.create',
      'member.remove',
      'api_key.revoke',
      'api_key.create',
      'invite.accept',
      'invite.create',
      'api_key.create', // createOwner's key, issued by the operator
      'enterprise.create',
    ]);
    expect(entries.every((e) => e.enterpriseId === owner.enterpriseId)).toBe(true);
    expect(entries[0]?.actor).toMatchObject({ kind: 'session', accountId: owner.accountId, keyId: null });
    expect(entries[0]?.actor.sessionId).toEqual(expect.any(Number));
    expect(entries[5]).toMatchObject({
      actor: { kind: 'session', accountId: staffId },
      resource: { type: 'invite', id: inviteId },
    });
    expect(JSON.stringify(entries)).not.toContain(token);
    const filtered = await person.get(
      `/enterprises/${owner.enterpriseId}/audit?action=invite.create&limit=1`,
    );
    expect(filtered.json<Page>().data.length).toBe(1);
    expect(filtered.json<Page>().nextBefore).toEqual(expect.any(Number));

    // Another owner's Enterprise is as good as missing; a member is told to ask the owner.
    expectProblem(await person.get(`/enterprises/${other.enterpriseId}/audit`), 404, 'enterprise_not_found');
    const member = await t.createAccount('Plain Member');
    await t.admin('POST', `/admin/v1/enterprises/${owner.enterpriseId}/members`, { accountId: member });
    const asMember = await signIn(t, member);
    expectProblem(
      await asMember.get(`/enterprises/${owner.enterpriseId}/audit`),
      403,
      'not_enterprise_owner',
    );
  });

  it('records exports and erasures without naming the player', async () => {
    const owner = await t.createOwner('Privacy Owner');
    const person = { id: '223456789012345678', username: 'ErasedPlayer' };
    await scanner(t).scan(owner.key, report({ discord: [person] }), ['HWID-AUDIT-2']);
    await t.admin('GET', `/admin/v1/scanned-users/${person.id}/export`);
    expect(await latest()).toMatchObject({
      actor: { kind: 'operator' },
      action: 'scanned_user.export',
      resource: { type: 'scanned_user', id: null },
      enterpriseId: null,
      outcome: 'succeeded',
    });
    await t.admin('POST', `/admin/v1/scanned-users/${person.id}/erase`);
    const erased = await latest();
    expect(erased).toMatchObject({
      action: 'scanned_user.erase',
      resource: { type: 'scanned_user', id: null },
    });
    const text = JSON.stringify(await audit('?limit=200'));
    expect(text).not.toContain(person.id);
    expect(text).not.toContain(person.username);
  });

  it('is append-only in the store itself: updates and deletes are refused', async () => {
    const { db } = t.deps.store;
    await expect(sql`update audit_events set action = 'x'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_events`.execute(db)).rejects.toThrow(/append-only/);
    expect((await audit()).data.length).toBeGreaterThan(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { evidence, jar, startScan, uploadEvidence } from '../support/evidence.js';
import { type Person, signIn } from '../support/person.js';
import { report, scanner } from '../support/scan.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

type Role = 'owner' | 'admin' | 'moderator' | 'viewer';
const ROLES: Role[] = ['owner', 'admin', 'moderator', 'viewer'];

/**
 * The matrix of docs/roles.md, written out here rather than read from domain/roles.ts, so a change
 * to the table that the docs do not say fails. Each action is a real dashboard call; `true` is the
 * success status, `false` a 403 with the code given. `action` is the name the dashboard is told
 * (`allowedActions` in GET /app/api/enterprises).
 */
const MATRIX: Record<string, { action: string; allowed: Role[]; refusal: string }> = {
  'create PIN': {
    action: 'pin.create',
    allowed: ['owner', 'admin', 'moderator'],
    refusal: 'role_not_allowed',
  },
  'cancel PIN': {
    action: 'pin.cancel',
    allowed: ['owner', 'admin', 'moderator'],
    refusal: 'role_not_allowed',
  },
  'read results': { action: 'results.read', allowed: ROLES, refusal: '' },
  'ban, warn and note players': {
    action: 'player.moderate',
    allowed: ['owner', 'admin', 'moderator'],
    refusal: 'role_not_allowed',
  },
  'mark a false positive': {
    action: 'finding.review',
    allowed: ['owner', 'admin', 'moderator'],
    refusal: 'role_not_allowed',
  },
  'keys with pins:create': {
    action: 'keys.pins-create',
    allowed: ['owner'],
    refusal: 'not_enterprise_owner',
  },
  'own webhooks': { action: 'webhooks.manage', allowed: ROLES, refusal: '' },
  'Discord settings': { action: 'discord.manage', allowed: ['owner', 'admin'], refusal: 'role_not_allowed' },
  'list members': { action: 'members.read', allowed: ROLES, refusal: '' },
  'invite members': { action: 'members.manage', allowed: ['owner', 'admin'], refusal: 'role_not_allowed' },
  'change roles': { action: 'members.roles', allowed: ['owner'], refusal: 'not_enterprise_owner' },
  'change settings': { action: 'settings.manage', allowed: ['owner'], refusal: 'not_enterprise_owner' },
  'read audit': { action: 'audit.read', allowed: ['owner'], refusal: 'not_enterprise_owner' },
};

describe.each(backends())('roles on $name', (backend) => {
  let t: TestApp;
  let owner: Owner;
  const people = {} as Record<Role, Person>;
  const accounts = {} as Record<Role, number>;
  let bystander: number;
  let sharedPin: string;

  beforeAll(async () => {
    t = await startTestApp(backend);
    owner = await t.createOwner('Role Owner');
    people.owner = await signIn(t, owner.accountId);
    accounts.owner = owner.accountId;
    sharedPin = await t.createPin(owner.key);
    bystander = await t.createAccount('Bystander');
    await t.admin('POST', `/admin/v1/enterprises/${owner.enterpriseId}/members`, { accountId: bystander });
    for (const role of ['admin', 'moderator', 'viewer'] as const) {
      const id = await t.createAccount(`The ${role}`);
      await t.admin('POST', `/admin/v1/enterprises/${owner.enterpriseId}/members`, { accountId: id });
      const set = await people.owner.call('PUT', `/enterprises/${owner.enterpriseId}/members/${id}/role`, {
        role,
      });
      expect(set.statusCode, set.body).toBe(200);
      accounts[role] = id;
      people[role] = await signIn(t, id);
    }
  });
  afterAll(async () => t.close());

  const e = () => owner.enterpriseId;
  /** A scan of the Enterprise with one rule finding (a Wurst class in a jar), made once. */
  let finding: Promise<{ pin: string; ruleId: number }> | undefined;
  const scannedFinding = () => {
    finding ??= (async () => {
      const { pin, token, nonce } = await startScan(t, owner.key);
      const items = [jar('~/.minecraft/mods/optimizer.jar', ['net/wurstclient/WurstClient.class'])];
      const res = await uploadEvidence(t, token, evidence(nonce, { files: { items } }));
      expect(res.statusCode, res.body).toBe(200);
      const shown = await people.owner.get(`/pins/${pin}/evidence`);
      const ruleId = shown.json().evidence.findings[0]?.ruleId as number;
      expect(ruleId).toBeGreaterThan(0);
      return { pin, ruleId };
    })();
    return finding;
  };
  const PLAYER = { id: '613968172634000001', username: 'role-test-player' };
  let scanned: Promise<string> | undefined;
  const scannedPlayer = () => {
    scanned ??= scanner(t).scan(owner.key, report({ discord: [PLAYER] }), ['HW-ROLES']);
    return scanned;
  };
  const ACTIONS: Record<string, (p: Person, role: Role) => Promise<{ statusCode: number; body: string }>> = {
    'create PIN': (p) => p.call('POST', '/pins', { type: 'FiveM' }),
    'cancel PIN': async (p) => {
      const pin = await t.createPin(owner.key);
      const res = await p.call('POST', `/pins/${pin}/cancel`);
      // A refused cancel leaves the PIN pending: the owner's key frees its slot for the next case.
      await t.api('POST', `/v1/pins/${pin}/cancel`, { key: owner.key });
      return res;
    },
    'read results': (p) => p.get(`/pins/${sharedPin}`),
    // The player a scan of the Enterprise named (docs/roles.md, "Moderation"); the ban, note and
    // lift each ask the role.
    'ban, warn and note players': async (p) => {
      await scannedPlayer();
      const note = await p.call('POST', `/players/${PLAYER.id}/notes`, { text: 'seen in the role test' });
      if (note.statusCode >= 300) return note;
      const warned = await p.call('POST', `/players/${PLAYER.id}/bans`, { kind: 'warning', reason: 'roles' });
      if (warned.statusCode >= 300) return warned;
      return p.call('POST', `/bans/${warned.json<{ id: number }>().id}/lift`);
    },
    'mark a false positive': async (p) => {
      const { pin, ruleId } = await scannedFinding();
      return p.call('PUT', `/pins/${pin}/findings/${ruleId}/false-positive`, { note: 'a known mod' });
    },
    'keys with pins:create': (p) => p.call('POST', '/keys', { permissions: ['pins:create'] }),
    'own webhooks': (p) => p.get('/webhooks'),
    'Discord settings': (p) => p.get(`/enterprises/${e()}/discord`),
    'list members': (p) => p.get(`/enterprises/${e()}/members`),
    'invite members': (p) => p.call('POST', `/enterprises/${e()}/invites`, {}),
    'change roles': (p) => p.call('PUT', `/enterprises/${e()}/members/${bystander}/role`, { role: 'viewer' }),
    'change settings': (p) => p.call('PUT', `/enterprises/${e()}/settings`, { verdictToPlayers: false }),
    'read audit': (p) => p.get(`/enterprises/${e()}/audit`),
  };

  it('existing and invited members are viewers; the owner sees each member’s role', async () => {
    const list = await people.viewer.get(`/enterprises/${e()}/members`);
    expect(list.statusCode).toBe(200);
    const roles = Object.fromEntries(
      (list.json().members as Array<{ accountId: number; role: string }>).map((m) => [m.accountId, m.role]),
    );
    expect(roles).toEqual({
      [bystander]: 'viewer',
      [accounts.admin]: 'admin',
      [accounts.moderator]: 'moderator',
      [accounts.viewer]: 'viewer',
    });
    expect((await people.moderator.get('/enterprises')).json()).toEqual([
      {
        enterprise: { id: e(), name: expect.any(String), active: true },
        role: 'moderator',
        allowedActions: expect.any(Array),
      },
    ]);
  });

  it.each(ROLES)(
    'the dashboard is told what a %s may do: exactly what the server then allows',
    async (role) => {
      const [mine] = (await people[role].get('/enterprises')).json() as Array<{ allowedActions: string[] }>;
      for (const { action, allowed } of Object.values(MATRIX))
        expect(mine?.allowedActions.includes(action), action).toBe(allowed.includes(role));
    },
  );

  for (const [action, { allowed, refusal }] of Object.entries(MATRIX)) {
    it.each(ROLES)(`${action}: %s`, async (role) => {
      const res = await ACTIONS[action]?.(people[role], role);
      if (res === undefined) throw new Error(`no call for ${action}`);
      if (allowed.includes(role)) {
        expect(res.statusCode, res.body).toBeLessThan(300);
      } else {
        expect({ status: res.statusCode, code: JSON.parse(res.body).code }, res.body).toEqual({
          status: 403,
          code: refusal,
        });
      }
    });
  }

  it('a role change is audited; the owner has no member role; an admin cannot remove an admin', async () => {
    const audit = await people.owner.get(`/enterprises/${e()}/audit?action=member.role`);
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json().data[0]).toMatchObject({ action: 'member.role' });
    const onOwner = await people.owner.call('PUT', `/enterprises/${e()}/members/${owner.accountId}/role`, {
      role: 'admin',
    });
    expect({ status: onOwner.statusCode, code: onOwner.json().code }).toEqual({
      status: 403,
      code: 'member_change_forbidden',
    });
    const other = await t.createAccount('Second admin');
    await t.admin('POST', `/admin/v1/enterprises/${e()}/members`, { accountId: other });
    await people.owner.call('PUT', `/enterprises/${e()}/members/${other}/role`, { role: 'admin' });
    const removed = await people.admin.call('DELETE', `/enterprises/${e()}/members/${other}`);
    expect({ status: removed.statusCode, code: removed.json().code }).toEqual({
      status: 403,
      code: 'member_change_forbidden',
    });
    // An admin removes a viewer.
    expect((await people.admin.call('DELETE', `/enterprises/${e()}/members/${bystander}`)).statusCode).toBe(
      204,
    );
    const unknown = await people.owner.call('PUT', `/enterprises/${e()}/members/${bystander}/role`, {
      role: 'admin',
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await people.owner.call('PUT', `/enterprises/${e()}/members/${other}/role`, {
      role: 'owner',
    });
    expect(bad.statusCode).toBe(400);
  });
});

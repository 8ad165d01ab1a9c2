import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { expectProblem, fakeClock } from '../support/http.js';
import { signIn } from '../support/person.js';
import { type Receiver, startReceiver } from '../support/receiver.js';
import { report, scanner } from '../support/scan.js';
import { ADMIN_TOKEN, ALL_PERMISSIONS, startTestApp, type TestApp } from '../support/test-app.js';

/*
 * Who may reach what (docs/api.md, "Authentication"; docs/dashboard.md, "Who sees what"). Every
 * operation of /openapi.json — so a route added later is covered without touching this file — is
 * called with every kind of credential:
 * - credentials that let nobody in (none, malformed, a revoked key, a banned person's session, a
 *   credential of another surface): the answer is the operation's documented 401;
 * - credentials that let someone in (owner key, member key, licensed, unlicensed, banned account,
 *   wrong permission, owner and member sessions of another Enterprise) against every resource of
 *   Enterprise "Bravo" (its PINs, webhooks, deliveries, keys, sessions, share links, invites, members):
 *   a documented 403 or 404, never Bravo's data, and Bravo's resources unchanged afterwards.
 */

type Scheme = 'apiKey' | 'sessionCookie' | 'adminToken' | 'sessionToken';
type Json = Record<string, unknown>;

interface Operation {
  method: string;
  path: string;
  scheme: Scheme | null;
  params: string[];
  body: unknown;
  stream: boolean;
  /** Documented problem codes by status, from the examples of the document. */
  codes: Map<number, string[]>;
}

function operationsOf(doc: Json): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(item)) {
      const security = ((op.security as Json[] | undefined) ?? []).flatMap((s) => Object.keys(s));
      const responses = (op.responses ?? {}) as Record<string, Json>;
      const codes = new Map<number, string[]>();
      let stream = false;
      for (const [status, response] of Object.entries(responses)) {
        const content = (response.content ?? {}) as Record<string, Json>;
        if ('text/event-stream' in content) stream = true;
        const examples = content['application/problem+json']?.examples as Json | undefined;
        if (examples) codes.set(Number(status), Object.keys(examples));
      }
      const requestBody = (op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
      ops.push({
        method: method.toUpperCase(),
        path,
        scheme: (security[0] as Scheme | undefined) ?? null,
        params: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string),
        body: requestBody?.['application/json']?.example,
        stream,
        codes,
      });
    }
  }
  return ops;
}

/** A credential: the headers it is sent as, and the surface it belongs to (null: it opens none). */
interface Credential {
  name: string;
  scheme: Scheme | null;
  headers: Record<string, string>;
}

/** Every identifier and name of Bravo that must never show in an answer to someone else. */
interface Bravo {
  accountId: number;
  memberId: number;
  enterpriseId: number;
  key: string;
  keyId: number;
  pin: string;
  webhookId: number;
  deliveryId: string;
  sessionId: number;
  shareLinkId: number;
  shareToken: string;
  inviteId: number;
  cookie: string;
  markers: string[];
}

const BRAVO_NAME = 'Bravo-Owner-Name-7c1f';
const BRAVO_ENTERPRISE = 'Bravo-Enterprise-Name-4e2a';
const BRAVO_PIN_NAME = 'bravo-private-pin-9d3b';
const BRAVO_HOOK_TAG = 'bravo-hook-path-2b8e';
const PLAYER = '345678901234567892';
const BRAVO_GUILD = '456789012345678903';

describe.each(backends())('access matrix on $name', (backend) => {
  let t: TestApp;
  let receiver: Receiver;
  let ops: Operation[];
  let bravo: Bravo;
  const clock = fakeClock();
  const granting: Credential[] = [];
  /** How many calls each part of the matrix made, so a silently empty matrix fails. */
  const calls = { refused: 0, foreign: 0, ownLists: 0 };
  const refused: Credential[] = [];

  /** The value of each path parameter: Bravo's own resource, by the path it appears in. */
  function pathOf(op: Operation): string {
    return op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
      if (name === 'pinCode') return bravo.pin;
      if (name === 'discordId') return PLAYER;
      if (name === 'deliveryId') return bravo.deliveryId;
      if (name === 'accountId') return String(bravo.memberId);
      if (name === 'guildId') return BRAVO_GUILD;
      const p = op.path;
      if (/webhooks\/\{id\}/.test(p)) return String(bravo.webhookId);
      if (/\/keys\/\{id\}/.test(p)) return String(bravo.keyId);
      if (/\/sessions\/\{id\}/.test(p)) return String(bravo.sessionId);
      if (/\/share-links\/\{id\}/.test(p)) return String(bravo.shareLinkId);
      if (/\/invites\/\{id\}/.test(p)) return String(bravo.inviteId);
      if (/\/enterprises\/\{id\}/.test(p)) return String(bravo.enterpriseId);
      if (/\/accounts\/\{id\}/.test(p)) return String(bravo.accountId);
      return '1';
    });
  }

  function send(op: Operation, credential: Credential): Promise<LightMyRequestResponse> {
    const withBody = op.body !== undefined || ['POST', 'PUT', 'PATCH'].includes(op.method);
    const opts: InjectOptions = {
      method: op.method as InjectOptions['method'],
      url: pathOf(op),
      headers: { ...credential.headers, ...(withBody ? { 'content-type': 'application/json' } : {}) },
      ...(withBody ? { payload: JSON.stringify(op.body ?? {}) } : {}),
    };
    return t.app.inject(opts);
  }

  function expectNoBravo(res: LightMyRequestResponse, what: string): void {
    for (const marker of bravo.markers)
      expect(res.body.includes(marker), `${what} shows ${marker}`).toBe(false);
  }

  /** The answer is a problem this operation documents for that status. */
  function expectDocumented(res: LightMyRequestResponse, op: Operation, statuses: number[], what: string) {
    expect(statuses, `${what} -> ${res.statusCode} ${res.body}`).toContain(res.statusCode);
    const code = res.json<{ code: string }>().code;
    expect(op.codes.get(res.statusCode) ?? [], `${what}: ${code} is not documented`).toContain(code);
    expectProblem(res, res.statusCode, code);
  }

  beforeAll(async () => {
    t = await startTestApp(
      backend,
      {
        WEBHOOK_ALLOW_HTTP: 'true',
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
        // The matrix sends hundreds of refused requests from one address; the per-address limit has
        // its own test (brute-force.test.ts) and would otherwise answer 429 before the credential.
        UNAUTHENTICATED_PER_MINUTE: '1000000',
      },
      clock,
    );
    receiver = await startReceiver();
    ops = operationsOf(t.app.swagger() as unknown as Json);

    // Bravo: an owner with a finished scan, a webhook with a delivery, a member, a share link, an invite.
    const b = await t.createOwner(BRAVO_NAME);
    await t.admin('PATCH', `/admin/v1/enterprises/${b.enterpriseId}`, { name: BRAVO_ENTERPRISE });
    const hookKey = await t.issueKey(b.accountId, ['webhooks:manage', 'pins:create', 'pins:status']);
    const memberId = await t.createAccount('Bravo-Member-Name-5a9c');
    await t.admin('POST', `/admin/v1/enterprises/${b.enterpriseId}/members`, { accountId: memberId });
    const hook = await t.api('POST', '/v1/webhooks', {
      key: hookKey,
      body: { url: `${receiver.url}?${BRAVO_HOOK_TAG}` },
    });
    const webhookId = hook.json<{ id: number }>().id;
    await t.admin('PUT', `/admin/v1/enterprises/${b.enterpriseId}/discord-guilds/${BRAVO_GUILD}`, {
      staffRoleIds: ['456789012345678904'],
    });
    await t.api('POST', `/v1/webhooks/${webhookId}/test`, { key: hookKey });
    await receiver.waitFor((all) => all.length > 0);
    const deliveries = await t.api('GET', `/v1/webhooks/${webhookId}/deliveries`, { key: hookKey });
    const deliveryId = String(deliveries.json<{ data: { id: number }[] }>().data[0]?.id);
    expect(deliveryId).toMatch(/^\d+$/);
    const pin = await scanner(t).scan(
      b.key,
      report({ detections: ['Eulen'], discord: [{ id: PLAYER, username: 'P' }] }),
      ['HW-B'],
    );
    const named = await t.createPin(b.key, { type: 'FiveM', pinName: BRAVO_PIN_NAME });
    const person = await signIn(t, b.accountId);
    const sessions = (await person.get('/sessions')).json<{ id: number }[]>();
    const share = (await person.call('POST', `/pins/${pin}/share-links`, {})).json<{
      id: number;
      url: string;
    }>();
    const invite = (await person.call('POST', `/enterprises/${b.enterpriseId}/invites`, {})).json<{
      id: number;
    }>();
    const keys = await t.admin<{ id: number; prefix: string }[]>(
      'GET',
      `/admin/v1/accounts/${b.accountId}/keys`,
    );
    bravo = {
      accountId: b.accountId,
      memberId,
      enterpriseId: b.enterpriseId,
      key: b.key,
      keyId: keys[0]?.id as number,
      pin,
      webhookId,
      deliveryId,
      sessionId: sessions[0]?.id as number,
      shareLinkId: share.id,
      shareToken: share.url.split('/').pop() as string,
      inviteId: invite.id,
      cookie: person.cookie,
      markers: [
        BRAVO_NAME,
        BRAVO_GUILD,
        BRAVO_ENTERPRISE,
        BRAVO_PIN_NAME,
        BRAVO_HOOK_TAG,
        named,
        pin,
        b.key,
        hookKey,
        'Bravo-Member-Name-5a9c',
        ...keys.map((k) => k.prefix),
      ],
    };

    // Alpha and outsiders: each kind of credential that lets someone in.
    const a = await t.createOwner('Alpha');
    const alphaKey = await t.issueKey(a.accountId, [...ALL_PERMISSIONS, 'webhooks:manage']);
    const alphaMember = await t.createAccount('Alpha member');
    await t.admin('POST', `/admin/v1/enterprises/${a.enterpriseId}/members`, { accountId: alphaMember });
    const memberKey = await t.issueKey(alphaMember, [
      'pins:status',
      'pins:results',
      'user:risk-score',
      'scanned-users:lookup',
      'webhooks:manage',
    ]);
    const future = new Date(clock() + 365 * 86_400_000).toISOString();
    const licensed = await t.createAccount('Licensed', { licenceExpiresAt: future });
    const unlicensed = await t.createAccount('Unlicensed');
    const outsiderPerms = [
      'pins:status',
      'pins:results',
      'user:risk-score',
      'scanned-users:lookup',
      'webhooks:manage',
    ];
    const bannedAccount = await t.createAccount('Banned', { licenceExpiresAt: future });
    const bannedKey = await t.issueKey(bannedAccount, outsiderPerms);
    await t.admin('PATCH', `/admin/v1/accounts/${bannedAccount}`, { banned: true });
    const alphaSession = await signIn(t, a.accountId);
    const alphaMemberSession = await signIn(t, alphaMember);
    const key = (name: string, value: string): Credential => ({
      name,
      scheme: 'apiKey',
      headers: { 'x-api-key': value },
    });
    const session = (name: string, cookie: string): Credential => ({
      name,
      scheme: 'sessionCookie',
      headers: { cookie },
    });
    granting.push(
      key('owner key', alphaKey),
      key('member key', memberKey),
      key('licensed key', await t.issueKey(licensed, outsiderPerms)),
      key('unlicensed key', await t.issueKey(unlicensed, outsiderPerms)),
      key('banned account key', bannedKey),
      key('wrong permission key', await t.issueKey(a.accountId, ['pins:status'])),
      session('session of another Enterprise', alphaSession.cookie),
      session('member session of another Enterprise', alphaMemberSession.cookie),
    );

    // Credentials that let nobody in.
    const revoked = await t.admin<{ id: number; key: string }>(
      'POST',
      `/admin/v1/accounts/${a.accountId}/keys`,
      {
        permissions: [...ALL_PERMISSIONS],
      },
    );
    await t.admin('DELETE', `/admin/v1/keys/${revoked.id}`);
    const bannedPerson = await t.createAccount('Banned person');
    const bannedSession = await signIn(t, bannedPerson);
    await t.admin('PATCH', `/admin/v1/accounts/${bannedPerson}`, { banned: true });
    const loggedOut = await signIn(t, a.accountId);
    await loggedOut.call('POST', '/sign-out');
    refused.push(
      { name: 'no credential', scheme: null, headers: {} },
      { name: 'malformed key', scheme: null, headers: { 'x-api-key': 'sp_not a key; DROP TABLE' } },
      { name: 'malformed cookie', scheme: null, headers: { cookie: 'scanpin_session=%E0%A4%A' } },
      { name: 'malformed admin token', scheme: null, headers: { 'x-admin-token': '' } },
      { name: 'malformed bearer', scheme: null, headers: { authorization: 'Bearer ../../etc/passwd' } },
      { name: 'revoked key', scheme: null, headers: { 'x-api-key': revoked.key } },
      { name: 'banned person session', scheme: null, headers: { cookie: bannedSession.cookie } },
      { name: 'signed-out session', scheme: null, headers: { cookie: loggedOut.cookie } },
      {
        name: 'session cookie as a key',
        scheme: null,
        headers: { 'x-api-key': alphaSession.cookie.split('=')[1] as string },
      },
      { name: 'key as a bearer token', scheme: null, headers: { authorization: `Bearer ${alphaKey}` } },
      { name: 'key as the operator token', scheme: null, headers: { 'x-admin-token': alphaKey } },
      { name: 'operator token as a key', scheme: null, headers: { 'x-api-key': ADMIN_TOKEN } },
    );
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('covers every operation of the document', () => {
    const schemes = new Set(ops.map((o) => o.scheme));
    expect(ops.length).toBeGreaterThan(60);
    for (const s of ['apiKey', 'sessionCookie', 'adminToken', 'sessionToken']) expect(schemes).toContain(s);
  });

  it('credentials that let nobody in get the documented 401 everywhere, and a credential of one surface opens no other', async () => {
    const failures: string[] = [];
    for (const op of ops) {
      if (op.scheme === null) continue;
      const wrongSurface = granting.filter((c) => c.scheme !== op.scheme);
      for (const credential of [...refused, ...wrongSurface]) {
        const what = `${credential.name} -> ${op.method} ${op.path}`;
        const res = await send(op, credential);
        calls.refused++;
        if (res.statusCode !== 401) {
          failures.push(`${what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          continue;
        }
        expectDocumented(res, op, [401], what);
      }
    }
    expect(failures).toEqual([]);
    expect(calls.refused).toBeGreaterThan(ops.length * refused.length);
  });

  it("credentials that let someone in never reach Bravo's resources: documented 403 or 404, nothing of Bravo's", async () => {
    const failures: string[] = [];
    for (const op of ops) {
      if (op.scheme === null || op.scheme === 'adminToken' || op.scheme === 'sessionToken') continue;
      const owned = op.params.filter((p) => p !== 'discordId');
      for (const credential of granting.filter((c) => c.scheme === op.scheme)) {
        const what = `${credential.name} -> ${op.method} ${op.path}`;
        if (owned.length === 0) {
          // The caller's own lists and reads: whatever they show, nothing of Bravo's. Writes and
          // streams without a resource act on the caller's own account; they are not access questions.
          if (op.method !== 'GET' || op.stream) continue;
          const res = await send(op, credential);
          calls.ownLists++;
          expect(res.statusCode, what).toBeLessThan(500);
          expectNoBravo(res, what);
          continue;
        }
        const res = await send(op, credential);
        calls.foreign++;
        if (![403, 404].includes(res.statusCode)) {
          failures.push(`${what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          continue;
        }
        expectDocumented(res, op, [403, 404], what);
        expectNoBravo({ ...res, body: res.body.replaceAll(bravo.pin, '') } as LightMyRequestResponse, what);
      }
    }
    expect(failures).toEqual([]);
    expect(calls.foreign).toBeGreaterThan(80);
    expect(calls.ownLists).toBeGreaterThan(20);
    console.info(
      `access matrix: ${ops.length} operations, ${calls.refused} refused-credential calls, ${calls.foreign} calls on another account's resources, ${calls.ownLists} own reads`,
    );
  });

  it("leaves Bravo's resources as they were", async () => {
    const keyed = (url: string) => t.api('GET', url, { key: bravo.key });
    expect((await keyed(`/v1/pins/${bravo.pin}/status`)).json()).toMatchObject({ status: 'finished' });
    const asBravo = (url: string, method: InjectOptions['method'] = 'GET') =>
      t.app.inject({ method, url: `/app/api${url}`, headers: { cookie: bravo.cookie } });
    expect((await asBravo('/me')).statusCode).toBe(200);
    const hooks = await t.admin<{ id: number; revoked: boolean }[]>(
      'GET',
      `/admin/v1/accounts/${bravo.accountId}/keys`,
    );
    expect(hooks.every((k) => !k.revoked)).toBe(true);
    const members = (await asBravo(`/enterprises/${bravo.enterpriseId}/members`)).json<
      { accountId: number }[]
    >();
    expect(JSON.stringify(members)).toContain(String(bravo.memberId));
    const shares = (await asBravo(`/pins/${bravo.pin}/share-links`)).json<{ id: number }[]>();
    expect(shares.map((s) => s.id)).toContain(bravo.shareLinkId);
    const invites = (await asBravo(`/enterprises/${bravo.enterpriseId}/invites`)).json<{ id: number }[]>();
    expect(invites.map((i) => i.id)).toContain(bravo.inviteId);
    const sessions = (await asBravo('/sessions')).json<{ id: number }[]>();
    expect(sessions.map((s) => s.id)).toContain(bravo.sessionId);
    const webhooks = await t.api('GET', '/v1/webhooks', {
      key: await t.issueKey(bravo.accountId, ['webhooks:manage']),
    });
    expect(webhooks.body).toContain(BRAVO_HOOK_TAG);
    expect((await t.app.inject({ method: 'GET', url: `/share/${bravo.shareToken}` })).statusCode).toBe(200);
  });

  it('an expired share link shows nothing', async () => {
    clock.advance(400 * 86_400_000);
    const res = await t.app.inject({ method: 'GET', url: `/share/${bravo.shareToken}` });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Eulen');
    expect(res.body).toMatch(/expired or was withdrawn/);
  });
});

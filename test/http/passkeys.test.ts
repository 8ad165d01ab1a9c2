import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { expectProblem, fakeClock } from '../support/http.js';
import { asPerson, type Person, signIn } from '../support/person.js';
import { assert, createCredential, type SoftCredential } from '../support/soft-authenticator.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';
import { startSibling } from '../support/with-app.js';

/** The only origin passkeys are made for here: PUBLIC_URL's (docs/dashboard.md, "Passkeys"). */
const ORIGIN = 'http://localhost:8080';

interface Entry {
  action: string;
  outcome: string;
  code: string | null;
  actor: { kind: string; accountId: number | null };
  resource: { type: string; id: number | null };
}

/**
 * Passkeys (docs/dashboard.md, "Passkeys"): an invited person with no account accepts the invite by
 * registering one and later signs in with it, no operator step; answers are checked against the
 * challenge (once, 5 minutes, any instance), the origin and the counter. A software authenticator
 * (test/support/soft-authenticator.ts) makes the answers.
 */
describe.each(backends())('passkeys on $name', (backend) => {
  const clock = fakeClock(Date.parse('2026-09-01T10:00:00.000Z'));
  let t: TestApp;
  let owner: Owner;
  let ownerPerson: Person;
  const anonymous = () => asPerson(t, '');
  const cookieOf = (res: { cookies: { name: string; value: string }[] }) => {
    const value = res.cookies.find((c) => c.name === 'scanpin_session')?.value;
    if (value === undefined) throw new Error('no session cookie');
    return `scanpin_session=${value}`;
  };
  const audit = async (action: string) =>
    (await t.admin<{ data: Entry[] }>('GET', `/admin/v1/audit?action=${action}`)).data;

  async function invite(maxUses: number | null = 1): Promise<string> {
    const res = await ownerPerson.call('POST', `/enterprises/${owner.enterpriseId}/invites`, { maxUses });
    expect(res.statusCode, res.body).toBe(201);
    const url = res.json<{ url: string }>().url;
    return url.slice(url.lastIndexOf('/') + 1);
  }

  /** Accepts a new invite with a new passkey; the person's session cookie and their credential. */
  async function joinWithPasskey(name: string): Promise<{ cookie: string; credential: SoftCredential }> {
    const token = await invite();
    const options = await anonymous().call('POST', '/invites/passkey-options', { token, name });
    expect(options.statusCode, options.body).toBe(200);
    const made = createCredential(options.json(), { origin: ORIGIN });
    const res = await anonymous().call('POST', '/invites/passkey', {
      token,
      passkeyName: 'Phone',
      response: made.response,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { cookie: cookieOf(res), credential: made.credential };
  }

  async function signInOptions(): Promise<{ challenge: string; rpId?: string }> {
    const res = await anonymous().call('POST', '/passkeys/sign-in-options');
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  beforeAll(async () => {
    t = await startTestApp(backend, { PUBLIC_URL: ORIGIN }, clock);
    owner = await t.createOwner('Passkey Owner');
    ownerPerson = await signIn(t, owner.accountId);
  });
  afterAll(async () => t.close());

  it('an invited person with no account joins with a new passkey, then signs in with it alone', async () => {
    const token = await invite();
    const options = await anonymous().call('POST', '/invites/passkey-options', {
      token,
      name: '  Pat  Staff ',
    });
    expect(options.statusCode, options.body).toBe(200);
    const creation = options.json();
    expect(creation).toMatchObject({
      rp: { id: 'localhost', name: 'scanpin' },
      user: { name: 'Pat Staff' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required' },
    });

    const made = createCredential(creation, { origin: ORIGIN });
    const joined = await anonymous().call('POST', '/invites/passkey', {
      token,
      passkeyName: 'Work laptop',
      response: made.response,
    });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toEqual({
      enterprise: { id: owner.enterpriseId, name: "Passkey Owner's Enterprise", active: true },
      role: expect.any(String),
    });
    const staff = asPerson(t, cookieOf(joined));
    const me = (await staff.get('/me')).json();
    expect(me.name).toBe('Pat Staff');
    expect((await staff.get('/enterprises')).json()).toEqual([
      expect.objectContaining({ enterprise: expect.objectContaining({ id: owner.enterpriseId }) }),
    ]);
    expect((await staff.get('/passkeys')).json()).toEqual([
      {
        id: expect.any(Number),
        name: 'Work laptop',
        createdAt: new Date(clock()).toISOString(),
        lastUsedAt: null,
      },
    ]);
    // The single-use invite is spent: nobody else can begin with it.
    expectProblem(
      await anonymous().call('POST', '/invites/passkey-options', { token, name: 'Late' }),
      400,
      'invalid_invite',
    );

    // Later, on another device with no session: the passkey alone signs in, as a session like any other.
    clock.advance(60_000);
    const signedIn = await anonymous().call('POST', '/passkeys/sign-in', {
      response: assert(made.credential, await signInOptions(), { origin: ORIGIN }),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(204);
    const again = asPerson(t, cookieOf(signedIn));
    expect((await again.get('/me')).json().accountId).toBe(me.accountId);
    expect((await again.get('/passkeys')).json()[0].lastUsedAt).toBe(new Date(clock()).toISOString());

    const registered = (await audit('passkey.register'))[0];
    expect(registered).toMatchObject({
      outcome: 'succeeded',
      actor: { kind: 'sign_in', accountId: me.accountId },
      resource: { type: 'passkey' },
    });
    expect((await audit('invite.accept'))[0]).toMatchObject({ actor: { accountId: me.accountId } });
    expect((await audit('passkey.sign_in'))[0]).toMatchObject({
      outcome: 'succeeded',
      actor: { kind: 'sign_in', accountId: me.accountId },
      resource: { type: 'passkey', id: registered?.resource.id },
    });
  });

  it('refuses a replayed answer, a reused challenge, a counter that went back, and another origin', async () => {
    const { credential } = await joinWithPasskey('Replay Target');
    const options = await signInOptions();
    const answer = assert(credential, options, { origin: ORIGIN });
    expect((await anonymous().call('POST', '/passkeys/sign-in', { response: answer })).statusCode).toBe(204);
    // The same answer again: its challenge is spent.
    expectProblem(
      await anonymous().call('POST', '/passkeys/sign-in', { response: answer }),
      400,
      'passkey_challenge_invalid',
    );
    // A fresh challenge, signed with a counter no higher than the last one: a copied key, refused.
    const stale = assert(credential, await signInOptions(), { origin: ORIGIN, counter: credential.counter });
    expectProblem(
      await anonymous().call('POST', '/passkeys/sign-in', { response: stale }),
      400,
      'passkey_refused',
    );
    expect((await audit('passkey.sign_in'))[0]).toMatchObject({
      outcome: 'refused',
      code: 'passkey_refused',
    });
    // Signed for another site (a phishing page relaying our challenge): refused, and the challenge is spent.
    const phished = await signInOptions();
    const elsewhere = assert(credential, phished, {
      origin: 'https://scanpin-login.example',
      rpId: 'localhost',
    });
    expectProblem(
      await anonymous().call('POST', '/passkeys/sign-in', { response: elsewhere }),
      400,
      'passkey_refused',
    );
    expectProblem(
      await anonymous().call('POST', '/passkeys/sign-in', {
        response: assert(credential, phished, { origin: ORIGIN }),
      }),
      400,
      'passkey_challenge_invalid',
    );
    // A challenge begun for a registration does not sign in, nor one over 5 minutes old.
    const registering = await anonymous().call('POST', '/invites/passkey-options', {
      token: await invite(),
      name: 'Someone',
    });
    expectProblem(
      await anonymous().call('POST', '/passkeys/sign-in', {
        response: assert(credential, registering.json(), { origin: ORIGIN }),
      }),
      400,
      'passkey_challenge_invalid',
    );
    const old = await signInOptions();
    clock.advance(5 * 60_000 + 1);
    expectProblem(
      await anonymous().call('POST', '/passkeys/sign-in', {
        response: assert(credential, old, { origin: ORIGIN }),
      }),
      400,
      'passkey_challenge_invalid',
    );
    // Still fine with a fresh challenge and a counter that moved on.
    const fine = assert(credential, await signInOptions(), { origin: ORIGIN });
    expect((await anonymous().call('POST', '/passkeys/sign-in', { response: fine })).statusCode).toBe(204);
  });

  it('asks every authenticator to verify its user, and refuses an answer without that flag', async () => {
    // A security key without a PIN (or a phone not unlocked) answers with user presence only: whoever
    // holds it would sign in as its owner, who manages keys.
    const token = await invite();
    const creation = await anonymous().call('POST', '/invites/passkey-options', { token, name: 'No Pin' });
    expect(creation.json().authenticatorSelection).toMatchObject({ userVerification: 'required' });
    const unverified = createCredential(creation.json(), { origin: ORIGIN, userVerified: false });
    expectProblem(
      await anonymous().call('POST', '/invites/passkey', { token, response: unverified.response }),
      400,
      'passkey_refused',
    );
    expect((await ownerPerson.get(`/enterprises/${owner.enterpriseId}/members`)).body).not.toContain(
      'No Pin',
    );

    const { credential } = await joinWithPasskey('Verified Later');
    const options = await signInOptions();
    expect(options).toMatchObject({ userVerification: 'required' });
    expectProblem(
      await anonymous().call('POST', '/passkeys/sign-in', {
        response: assert(credential, options, { origin: ORIGIN, userVerified: false }),
      }),
      400,
      'passkey_refused',
    );
    expect((await audit('passkey.sign_in'))[0]).toMatchObject({
      outcome: 'refused',
      code: 'passkey_refused',
    });
    const verified = assert(credential, await signInOptions(), { origin: ORIGIN });
    expect((await anonymous().call('POST', '/passkeys/sign-in', { response: verified })).statusCode).toBe(
      204,
    );
  });

  it('refuses a name holding a control or bidirectional character, and the invite stays usable', async () => {
    const token = await invite();
    for (const [name, found] of [
      ['Pat\u202Egnp.exe', 'U+202E'],
      ['\u001B[2JStaff', 'U+001B'],
      ['Bell\u0007', 'U+0007'],
      ['Next\u0085Line', 'U+0085'],
    ] as const) {
      const res = await anonymous().call('POST', '/invites/passkey-options', { token, name });
      expectProblem(res, 400, 'invalid_body');
      expect(res.json().detail).toContain(found);
    }
    // Whitespace is not refused: it becomes single spaces.
    const options = await anonymous().call('POST', '/invites/passkey-options', {
      token,
      name: 'Tab\tSeparated',
    });
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json().user.name).toBe('Tab Separated');
    // A passkey's name likewise; the answer is refused before its challenge is spent.
    const made = createCredential(options.json(), { origin: ORIGIN });
    expectProblem(
      await anonymous().call('POST', '/invites/passkey', {
        token,
        passkeyName: 'Key\u2066',
        response: made.response,
      }),
      400,
      'invalid_body',
    );
    const joined = await anonymous().call('POST', '/invites/passkey', {
      token,
      passkeyName: 'Key',
      response: made.response,
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const person = asPerson(t, cookieOf(joined));
    const more = await person.call('POST', '/passkeys/registration-options');
    const res = await person.call('POST', '/passkeys', {
      name: 'Laptop\u200F\u202A',
      response: createCredential(more.json(), { origin: ORIGIN }).response,
    });
    expectProblem(res, 400, 'invalid_body');
    expect(res.json().detail).toContain('U+202A');
    expect((await person.get('/passkeys')).json()).toHaveLength(1);
  });

  it('a challenge handed out by one instance is answered on another, once', async () => {
    const { credential } = await joinWithPasskey('Two Instances');
    const sibling = await startSibling(t, backend, { PUBLIC_URL: ORIGIN }, clock);
    try {
      const options = await signInOptions();
      const answer = assert(credential, options, { origin: ORIGIN });
      const post = (app: typeof sibling) =>
        app.inject({
          method: 'POST',
          url: '/app/api/passkeys/sign-in',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ response: answer }),
        });
      expect((await post(sibling)).statusCode).toBe(204);
      expectProblem(await post(t.app), 400, 'passkey_challenge_invalid');
    } finally {
      await sibling.close();
    }
  });

  it('a signed-in person adds, names, lists and removes passkeys; a removed one signs in nowhere', async () => {
    const person = await signIn(t, await t.createAccount('Link Person'));
    const options = await person.call('POST', '/passkeys/registration-options');
    expect(options.statusCode, options.body).toBe(200);
    const made = createCredential(options.json(), { origin: ORIGIN });
    const added = await person.call('POST', '/passkeys', { name: 'Security key', response: made.response });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json<{ id: number }>().id;

    // A second one: the first is excluded, so one authenticator does not hold two.
    const second = await person.call('POST', '/passkeys/registration-options');
    expect(second.json().excludeCredentials).toEqual([expect.objectContaining({ id: made.response.id })]);
    expect(second.json().user.id).toBe(options.json().user.id);
    const made2 = createCredential(second.json(), { origin: ORIGIN });
    expect((await person.call('POST', '/passkeys', { response: made2.response })).json().name).toBe(
      'Passkey',
    );
    expect((await person.get('/passkeys')).json().map((p: { name: string }) => p.name)).toEqual([
      'Security key',
      'Passkey',
    ]);

    // Someone else's challenge cannot add a passkey to this account; a made-elsewhere one is refused.
    const third = await person.call('POST', '/passkeys/registration-options');
    const other = await signIn(t, await t.createAccount('Other Person'));
    expectProblem(
      await other.call('POST', '/passkeys', {
        response: createCredential(third.json(), { origin: ORIGIN }).response,
      }),
      400,
      'passkey_challenge_invalid',
    );
    const fourth = await person.call('POST', '/passkeys/registration-options');
    expectProblem(
      await person.call('POST', '/passkeys', {
        response: createCredential(fourth.json(), { origin: 'http://localhost:9999' }).response,
      }),
      400,
      'passkey_refused',
    );

    expectProblem(await other.call('DELETE', `/passkeys/${id}`), 404, 'passkey_not_found');
    expect((await person.call('DELETE', `/passkeys/${id}`)).statusCode).toBe(204);
    expect((await audit('passkey.remove'))[0]).toMatchObject({ outcome: 'succeeded', resource: { id } });
    expectProblem(
      await anonymous().call('POST', '/passkeys/sign-in', {
        response: assert(made.credential, await signInOptions(), { origin: ORIGIN }),
      }),
      400,
      'unknown_passkey',
    );
    expect(
      (
        await anonymous().call('POST', '/passkeys/sign-in', {
          response: assert(made2.credential, await signInOptions(), { origin: ORIGIN }),
        })
      ).statusCode,
    ).toBe(204);
  });

  it('a banned account’s passkey signs in no more; a bad answer is a 400 that changes nothing', async () => {
    const { cookie, credential } = await joinWithPasskey('Soon Banned');
    const accountId = (await asPerson(t, cookie).get('/me')).json().accountId;
    await t.admin('PATCH', `/admin/v1/accounts/${accountId}`, { banned: true });
    expectProblem(
      await anonymous().call('POST', '/passkeys/sign-in', {
        response: assert(credential, await signInOptions(), { origin: ORIGIN }),
      }),
      403,
      'account_banned',
    );
    expectProblem(
      await anonymous().call('POST', '/passkeys/sign-in', { response: { id: 'x', type: 'public-key' } }),
      400,
      'invalid_body',
    );
    expectProblem(
      await anonymous().call('POST', '/passkeys/sign-in', {
        response: { ...assert(credential, { challenge: 'bm90LWlzc3VlZA' }, { origin: ORIGIN }) },
      }),
      400,
      'passkey_challenge_invalid',
    );
  });

  it('says so when PUBLIC_URL cannot have passkeys (an IP address)', async () => {
    const ip = await startTestApp(backend, { PUBLIC_URL: 'http://127.0.0.1:8080' });
    try {
      expect((await asPerson(ip, '').get('/auth/options')).json()).toMatchObject({ passkey: false });
      expectProblem(
        await asPerson(ip, '').call('POST', '/passkeys/sign-in-options'),
        404,
        'passkeys_unavailable',
      );
    } finally {
      await ip.close();
    }
    expect((await anonymous().get('/auth/options')).json()).toMatchObject({ passkey: true });
  });
});

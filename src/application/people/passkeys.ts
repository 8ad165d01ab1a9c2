import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { publicBaseUrl } from '../../config.js';
import { isInviteUsable } from '../../domain/invite.js';
import {
  MAX_PASSKEYS_PER_ACCOUNT,
  newMemberName,
  PASSKEY_CEREMONY_TTL_MS,
  passkeyName,
  personalNameProblem,
  type RelyingParty,
  relyingPartyOf,
} from '../../domain/passkeys.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import type { StoredChallenge, StoredPasskey } from '../../storage/repositories/passkeys.js';
import type { SessionCaller } from '../access/authenticate-session.js';
import { sessionActor } from '../audit/actors.js';
import { auditRefusals, recordAudit } from '../audit/record.js';
import type { UseCaseContext } from '../context.js';
import { joinWithInvite, type Membership } from '../dashboard/enterprises.js';
import { refuse } from '../failures.js';
import { type NewSession, openSession } from './sign-in.js';

/**
 * Passkeys (docs/dashboard.md, "Passkeys"): WebAuthn credentials a person registers to sign in with,
 * checked by @simplewebauthn/server. Every ceremony starts with a challenge kept in the store (so any
 * instance can end it) and ends by taking it away (so it is good once); the relying party is
 * PUBLIC_URL's host, and the only origin accepted is PUBLIC_URL's.
 */

/** What Settings lists; never the key or the credential ID. */
export interface PasskeyListing {
  id: number;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

const listingOf = (p: StoredPasskey): PasskeyListing => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt,
  lastUsedAt: p.lastUsedAt,
});

/** Whether this server's address can have passkeys at all (a domain on https://, or localhost). */
export function passkeysAvailable(ctx: UseCaseContext): boolean {
  return relyingPartyOf(publicBaseUrl(ctx.config)) !== undefined;
}

function relyingParty(ctx: UseCaseContext): RelyingParty {
  const rp = relyingPartyOf(publicBaseUrl(ctx.config));
  if (rp === undefined) refuse({ code: 'passkeys_unavailable' });
  return rp;
}

async function saveChallenge(
  ctx: UseCaseContext,
  challenge: string,
  facts: Omit<StoredChallenge, 'expiresAt'>,
): Promise<void> {
  await ctx.repos.passkeys.saveChallenge(sha256Hex(challenge), {
    ...facts,
    expiresAt: ctx.clock() + PASSKEY_CEREMONY_TTL_MS,
  });
}

/** The challenge a ceremony's answer signed, read from its client data; undefined when unreadable. */
function answeredChallenge(clientDataJSON: string): string | undefined {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as unknown;
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length <= 200 ? challenge : undefined;
  } catch {
    return undefined;
  }
}

/** Takes the answered challenge away if it was begun for `purpose`; refuses otherwise. */
async function takeChallenge(
  ctx: UseCaseContext,
  clientDataJSON: string,
  purpose: StoredChallenge['purpose'],
): Promise<{ challenge: string; stored: StoredChallenge }> {
  const challenge = answeredChallenge(clientDataJSON);
  if (challenge === undefined) refuse({ code: 'passkey_challenge_invalid' });
  const stored = await ctx.repos.passkeys.takeChallenge(sha256Hex(challenge), ctx.clock());
  if (stored === undefined || stored.purpose !== purpose) refuse({ code: 'passkey_challenge_invalid' });
  return { challenge, stored };
}

/** Refuses a name that is not printable text before any ceremony step is spent on it. */
function refuseUnprintableName(field: string, raw: string | undefined): void {
  const problem = personalNameProblem(field, raw);
  if (problem !== null) refuse({ code: 'invalid_body', detail: `Invalid request body: ${problem}` });
}

/** The library's refusal, as a short reason for the server log (never a key or a challenge). */
function reasonOf(err: unknown): string {
  return err instanceof Error ? err.message.slice(0, 200) : 'verification failed';
}

async function registrationOptions(
  rp: RelyingParty,
  input: { userName: string; userHandle: string; exclude: StoredPasskey[] },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: input.userName,
    userID: Buffer.from(input.userHandle, 'base64url'),
    timeout: PASSKEY_CEREMONY_TTL_MS,
    attestationType: 'none',
    excludeCredentials: input.exclude.map((p) => ({ id: p.credentialId, transports: p.transports })),
    // A discoverable credential, so "Sign in with a passkey" needs no user name first; the
    // authenticator must verify its user (PIN or biometric), so a key found or stolen signs in
    // nobody (docs/dashboard.md, "Passkeys").
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
}

/** Checks a registration answer against its challenge; the new credential, or a refusal. */
async function verifiedCredential(
  ctx: UseCaseContext,
  rp: RelyingParty,
  response: RegistrationResponseJSON,
  challenge: string,
) {
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch (err) {
    refuse({ code: 'passkey_refused', reason: reasonOf(err) });
  }
  if (!verified.verified) refuse({ code: 'passkey_refused', reason: 'registration not verified' });
  const { credential } = verified.registrationInfo;
  if ((await ctx.repos.passkeys.findByCredentialId(credential.id)) !== undefined)
    refuse({ code: 'passkey_refused', reason: 'this credential is registered already' });
  return credential;
}

/** Stores a verified credential as the account's passkey, under the name the person gave it. */
function storePasskey(
  passkeys: UseCaseContext['repos']['passkeys'],
  entry: {
    accountId: number;
    credential: Awaited<ReturnType<typeof verifiedCredential>>;
    userHandle: string;
    name: string | undefined;
    now: number;
  },
): Promise<StoredPasskey> {
  return passkeys.create({
    accountId: entry.accountId,
    credentialId: entry.credential.id,
    publicKey: Buffer.from(entry.credential.publicKey).toString('base64url'),
    counter: entry.credential.counter,
    transports: entry.credential.transports ?? [],
    userHandle: entry.userHandle,
    name: passkeyName(entry.name),
    createdAt: entry.now,
  });
}

/** A signed-in person asks to add a passkey to their account. */
export async function beginPasskeyRegistration(
  ctx: UseCaseContext,
  caller: SessionCaller,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const rp = relyingParty(ctx);
  const mine = await ctx.repos.passkeys.listFor(caller.accountId);
  if (mine.length >= MAX_PASSKEYS_PER_ACCOUNT)
    refuse({ code: 'passkey_limit', max: MAX_PASSKEYS_PER_ACCOUNT });
  // One WebAuthn user per account: an authenticator then keeps one passkey for it, not several.
  const userHandle = mine[0]?.userHandle ?? randomToken(32);
  const options = await registrationOptions(rp, { userName: caller.name, userHandle, exclude: mine });
  await saveChallenge(ctx, options.challenge, {
    purpose: 'register',
    accountId: caller.accountId,
    inviteHash: null,
    accountName: null,
    userHandle,
  });
  return options;
}

/** Ends a signed-in person's registration: the passkey is theirs, under the name they gave. */
export async function finishPasskeyRegistration(
  ctx: UseCaseContext,
  caller: SessionCaller,
  input: { name?: string | undefined; response: RegistrationResponseJSON },
): Promise<PasskeyListing> {
  const rp = relyingParty(ctx);
  refuseUnprintableName('name', input.name);
  const actor = sessionActor(caller);
  return auditRefusals(
    ctx,
    { actor, action: 'passkey.register', resource: { type: 'passkey', id: null } },
    async () => {
      const { challenge, stored } = await takeChallenge(
        ctx,
        input.response.response.clientDataJSON,
        'register',
      );
      if (stored.accountId !== caller.accountId || stored.userHandle === null)
        refuse({ code: 'passkey_challenge_invalid' });
      const credential = await verifiedCredential(ctx, rp, input.response, challenge);
      const now = ctx.clock();
      return ctx.transaction(async (repos) => {
        if ((await repos.passkeys.listFor(caller.accountId)).length >= MAX_PASSKEYS_PER_ACCOUNT)
          refuse({ code: 'passkey_limit', max: MAX_PASSKEYS_PER_ACCOUNT });
        const passkey = await storePasskey(repos.passkeys, {
          accountId: caller.accountId,
          credential,
          userHandle: stored.userHandle ?? '',
          name: input.name,
          now,
        });
        await recordAudit(repos, {
          actor,
          action: 'passkey.register',
          resource: { type: 'passkey', id: passkey.id },
          at: now,
          detail: { name: passkey.name },
        });
        return listingOf(passkey);
      });
    },
  );
}

/**
 * Someone holding an invite asks to accept it with a new passkey (docs/dashboard.md, "Members and
 * invites"): no account and no operator needed. `accountName` is what the Enterprise will call them.
 * The invite is checked now, so a dead one is refused before the person touches their authenticator.
 */
export async function beginInvitePasskeyRegistration(
  ctx: UseCaseContext,
  input: { token: string; accountName: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const rp = relyingParty(ctx);
  const inviteHash = sha256Hex(input.token);
  const invite = await ctx.repos.invites.findByToken(inviteHash);
  const enterprise = invite === undefined ? undefined : await ctx.repos.enterprises.find(invite.enterpriseId);
  if (invite === undefined || !enterprise?.active || !isInviteUsable(invite, ctx.clock()))
    refuse({ code: 'invalid_invite' });
  const accountName = newMemberName(input.accountName);
  if (accountName === '')
    refuse({ code: 'invalid_body', detail: 'Invalid request body: name must not be blank.' });
  // The name reaches the members list, the CLI and the audit trail.
  refuseUnprintableName('name', accountName);
  const userHandle = randomToken(32);
  const options = await registrationOptions(rp, { userName: accountName, userHandle, exclude: [] });
  await saveChallenge(ctx, options.challenge, {
    purpose: 'register',
    accountId: null,
    inviteHash,
    accountName,
    userHandle,
  });
  return options;
}

/**
 * Ends an invite's passkey registration: in one transaction a new account with the name given, its
 * membership (one use of the invite), its passkey and a session. A dead invite undoes all of it.
 */
export async function acceptInviteWithPasskey(
  ctx: UseCaseContext,
  input: {
    token: string;
    passkeyName?: string | undefined;
    response: RegistrationResponseJSON;
    userAgent: string | null;
  },
): Promise<{ session: NewSession; membership: Membership }> {
  const rp = relyingParty(ctx);
  refuseUnprintableName('passkeyName', input.passkeyName);
  const { challenge, stored } = await takeChallenge(ctx, input.response.response.clientDataJSON, 'register');
  if (
    stored.inviteHash !== sha256Hex(input.token) ||
    stored.accountName === null ||
    stored.userHandle === null
  )
    refuse({ code: 'passkey_challenge_invalid' });
  const credential = await verifiedCredential(ctx, rp, input.response, challenge);
  const now = ctx.clock();
  const accepted = await ctx.transaction(async (repos) => {
    const account = await repos.accounts.create({
      name: stored.accountName ?? '',
      discordId: null,
      licenceExpiresAt: null,
      now,
    });
    const actor = { kind: 'sign_in', accountId: account.id } as const;
    const membership = await joinWithInvite(repos, { accountId: account.id, token: input.token, now, actor });
    if (membership === undefined) refuse({ code: 'invalid_invite' });
    const passkey = await storePasskey(repos.passkeys, {
      accountId: account.id,
      credential,
      userHandle: stored.userHandle ?? '',
      name: input.passkeyName,
      now,
    });
    await recordAudit(repos, {
      actor,
      action: 'passkey.register',
      resource: { type: 'passkey', id: passkey.id },
      enterpriseId: membership.enterprise.id,
      at: now,
      detail: { name: passkey.name, invite: true },
    });
    const session = await openSession(repos, { accountId: account.id, now, userAgent: input.userAgent });
    return { session, membership };
  });
  // A new member may read players: kept memberships are re-read on every instance.
  ctx.keyPrincipals.accessChanged();
  return accepted;
}

/** "Sign in with a passkey": a challenge for any of this server's passkeys (discoverable credentials). */
export async function beginPasskeySignIn(
  ctx: UseCaseContext,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const rp = relyingParty(ctx);
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: PASSKEY_CEREMONY_TTL_MS,
    userVerification: 'required',
  });
  await saveChallenge(ctx, options.challenge, {
    purpose: 'sign_in',
    accountId: null,
    inviteHash: null,
    accountName: null,
    userHandle: null,
  });
  return options;
}

/**
 * Trades a passkey's signature over a challenge of this server for a session, like a sign-in link.
 * The authenticator's counter must move on (when it keeps one): a lower or equal one means the
 * answer was replayed or the key copied, and is refused and audited.
 */
export async function signInWithPasskey(
  ctx: UseCaseContext,
  input: { response: AuthenticationResponseJSON; userAgent: string | null },
): Promise<NewSession> {
  const rp = relyingParty(ctx);
  const { challenge } = await takeChallenge(ctx, input.response.response.clientDataJSON, 'sign_in');
  const passkey = await ctx.repos.passkeys.findByCredentialId(input.response.id);
  if (passkey === undefined) refuse({ code: 'unknown_passkey' });
  const handle = input.response.response.userHandle;
  if (handle !== undefined && handle !== passkey.userHandle) refuse({ code: 'unknown_passkey' });
  const actor = { kind: 'sign_in', accountId: passkey.accountId } as const;
  const resource = { type: 'passkey', id: passkey.id } as const;
  return auditRefusals(ctx, { actor, action: 'passkey.sign_in', resource }, async () => {
    let newCounter: number;
    try {
      const verified = await verifyAuthenticationResponse({
        response: input.response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: passkey.credentialId,
          publicKey: Buffer.from(passkey.publicKey, 'base64url'),
          counter: passkey.counter,
          transports: passkey.transports,
        },
        // The flag the authenticator signed: without it, whoever holds the key would do.
        requireUserVerification: true,
      });
      if (!verified.verified) refuse({ code: 'passkey_refused', reason: 'signature not verified' });
      newCounter = verified.authenticationInfo.newCounter;
    } catch (err) {
      if (err instanceof Error && err.name === 'UseCaseFailure') throw err;
      refuse({ code: 'passkey_refused', reason: reasonOf(err) });
    }
    const now = ctx.clock();
    return ctx.transaction(async (repos) => {
      const account = await repos.accounts.find(passkey.accountId);
      if (account === undefined) refuse({ code: 'unknown_passkey' });
      if (account.banned) refuse({ code: 'account_banned' });
      // Conditional on the counter read: two sign-ins with one counter value cannot both pass.
      if (!(await repos.passkeys.recordUse(passkey.id, passkey.counter, newCounter, now)))
        refuse({ code: 'passkey_refused', reason: 'the counter moved during this sign-in' });
      await recordAudit(repos, { actor, action: 'passkey.sign_in', resource, at: now });
      return openSession(repos, { accountId: account.id, now, userAgent: input.userAgent });
    });
  });
}

export async function listPasskeys(ctx: UseCaseContext, caller: SessionCaller): Promise<PasskeyListing[]> {
  return (await ctx.repos.passkeys.listFor(caller.accountId)).map(listingOf);
}

/** Removes one of the person's passkeys; it signs in nowhere from then on. */
export async function removePasskey(
  ctx: UseCaseContext,
  caller: SessionCaller,
  passkeyId: number,
): Promise<void> {
  const actor = sessionActor(caller);
  const resource = { type: 'passkey', id: passkeyId } as const;
  await auditRefusals(ctx, { actor, action: 'passkey.remove', resource }, () =>
    ctx.transaction(async (repos) => {
      const removed = await repos.passkeys.remove(caller.accountId, passkeyId);
      if (removed === undefined) refuse({ code: 'passkey_not_found', passkeyId });
      await recordAudit(repos, {
        actor,
        action: 'passkey.remove',
        resource,
        at: ctx.clock(),
        detail: { name: removed.name },
      });
    }),
  );
}

/** Forgets the challenges of ceremonies that ran out (the background sweep). */
export function forgetRunOutPasskeyChallenges(ctx: UseCaseContext): Promise<number> {
  return ctx.repos.passkeys.purgeChallenges(ctx.clock());
}

import { type Config, publicBaseUrl } from '../../config.js';
import {
  accountNameFor,
  DISCORD_SIGN_IN_TTL_MS,
  type DiscordSignInError,
  safeNextPath,
} from '../../domain/discord-sign-in.js';
import { randomToken } from '../../lib/crypto.js';
import { authorizeUrl, type DiscordClient } from '../../lib/discord-oauth.js';
import { codeChallengeS256, newCodeVerifier } from '../../lib/pkce.js';
import { SecretBox } from '../../lib/secret-box.js';
import type { UseCaseContext } from '../context.js';
import { joinWithInvite, type Membership } from '../dashboard/enterprises.js';
import { refuse } from '../failures.js';
import { returnFromDiscord } from './discord-return.js';
import { type NewSession, openSession } from './sign-in.js';

/**
 * "Sign in with Discord" (docs/dashboard.md, "Signing in"): OAuth2's authorization-code flow with
 * `state` and PKCE (S256), scope `identify`. The Discord user ID finds the account by its discordId;
 * with an invite, someone without an account gets one and joins the Enterprise.
 */

/** Where Discord sends the browser back; registered with the Discord application as `${PUBLIC_URL}` + this. */
export const DISCORD_CALLBACK_PATH = '/auth/discord/callback';

/** On only when an operator has set both the client ID and its secret. */
export function discordSignInEnabled(
  config: Pick<Config, 'discordClientId' | 'discordClientSecret'>,
): boolean {
  return config.discordClientId !== undefined && config.discordClientSecret !== undefined;
}

/** The Discord application's client, sending the browser back to `callbackPath` on this site. */
export function discordClientOf(ctx: UseCaseContext, callbackPath = DISCORD_CALLBACK_PATH): DiscordClient {
  const { discordClientId, discordClientSecret } = ctx.config;
  if (discordClientId === undefined || discordClientSecret === undefined)
    refuse({ code: 'discord_sign_in_disabled' });
  return {
    clientId: discordClientId,
    clientSecret: discordClientSecret,
    authorizeUrl: ctx.config.discordAuthorizeUrl,
    apiUrl: ctx.config.discordApiUrl,
    redirectUri: `${publicBaseUrl(ctx.config)}${callbackPath}`,
  };
}

/**
 * One browser's sign-in attempt, kept in that browser (a cookie) between leaving for Discord and
 * coming back. Sealed (AES-GCM under a key derived from the server secret), so the browser can
 * neither read the verifier nor change the invite or the destination.
 */
interface PendingSignIn {
  state: string;
  verifier: string;
  invite: string | null;
  next: string | null;
  expiresAt: number;
}

const box = (ctx: UseCaseContext) => new SecretBox(ctx.hashSecret, 'discord-sign-in');

function openPending(ctx: UseCaseContext, sealed: string): PendingSignIn | undefined {
  let value: unknown;
  try {
    value = JSON.parse(box(ctx).open(sealed));
  } catch {
    return undefined;
  }
  const p = value as Partial<PendingSignIn> | null;
  if (
    typeof p?.state !== 'string' ||
    typeof p.verifier !== 'string' ||
    typeof p.expiresAt !== 'number' ||
    (p.invite !== null && typeof p.invite !== 'string') ||
    (p.next !== null && typeof p.next !== 'string')
  )
    return undefined;
  return { state: p.state, verifier: p.verifier, invite: p.invite, next: p.next, expiresAt: p.expiresAt };
}

export interface StartedSignIn {
  /** Discord's consent page, with this attempt's state and code challenge. */
  redirectTo: string;
  /** The sealed attempt, for a cookie only this browser sends back. */
  pending: string;
  maxAgeSeconds: number;
}

/** Begins a sign-in: a fresh state and PKCE verifier, bound to this browser, and Discord's address. */
export function startDiscordSignIn(
  ctx: UseCaseContext,
  input: { invite?: string | undefined; next?: string | undefined },
): StartedSignIn {
  const client = discordClientOf(ctx);
  const pending: PendingSignIn = {
    state: randomToken(32),
    verifier: newCodeVerifier(),
    invite: input.invite ?? null,
    next: safeNextPath(input.next),
    expiresAt: ctx.clock() + DISCORD_SIGN_IN_TTL_MS,
  };
  return {
    redirectTo: authorizeUrl(client, {
      state: pending.state,
      codeChallenge: codeChallengeS256(pending.verifier),
    }),
    pending: box(ctx).seal(JSON.stringify(pending)),
    maxAgeSeconds: DISCORD_SIGN_IN_TTL_MS / 1000,
  };
}

/**
 * How a sign-in ended. The callback is a browser navigation, not an API call, so a refusal is not a
 * problem body: it is a reason the sign-in page words (`/sign-in?error=<reason>`), and a `detail`
 * for the server log that never holds a code, a token or the client secret.
 */
export type DiscordSignInOutcome =
  | { ok: true; session: NewSession; redirectTo: string }
  | { ok: false; error: DiscordSignInError; detail: string };

class Refused extends Error {
  constructor(
    readonly error: DiscordSignInError,
    readonly detail: string,
  ) {
    super(error);
  }
}

const refused = (error: DiscordSignInError, detail: string): DiscordSignInOutcome => ({
  ok: false,
  error,
  detail,
});

/** Ends a sign-in when Discord sends the browser back with a code (or with the person's refusal). */
export async function finishDiscordSignIn(
  ctx: UseCaseContext,
  input: {
    /** The sealed attempt from this browser's cookie. */
    pending: string | undefined;
    state: string | undefined;
    code: string | undefined;
    error: string | undefined;
    userAgent: string | null;
  },
): Promise<DiscordSignInOutcome> {
  const pending = input.pending ? openPending(ctx, input.pending) : undefined;
  // The state's hash is kept as it is: the record dashboard sign-ins have always made.
  const user = await returnFromDiscord(ctx, discordClientOf(ctx), pending, input, (state) => state);
  if (!user.ok) return refused(user.reason, user.detail);
  if (pending === undefined) throw new Error('a return from Discord without its attempt');

  const now = ctx.clock();
  try {
    const signedIn = await ctx.transaction(async (repos) => {
      const found = await repos.accounts.findByDiscordId(user.user.id);
      // The column is not unique; rather than guess which account is meant, an operator must keep one.
      if (found.length > 1) throw new Refused('ambiguous_account', 'several accounts carry this Discord ID');
      let account = found[0];
      if (account?.banned) throw new Refused('banned', 'the account is banned');
      if (account === undefined) {
        if (pending.invite === null) throw new Refused('no_account', 'no account has this Discord ID');
        account = await repos.accounts.create({
          name: accountNameFor(user.user),
          discordId: user.user.id,
          licenceExpiresAt: null,
          now,
        });
      }
      let joined: Membership | undefined;
      if (pending.invite !== null) {
        joined = await joinWithInvite(repos, { accountId: account.id, token: pending.invite, now });
        // Thrown, so a new account made for this invite is rolled back with it.
        if (joined === undefined) throw new Refused('invalid_invite', 'the invite cannot be used');
      }
      const session = await openSession(repos, { accountId: account.id, now, userAgent: input.userAgent });
      const redirectTo = joined ? `/?joined=${joined.enterprise.id}` : (pending.next ?? '/');
      return { ok: true as const, session, redirectTo, joined: joined !== undefined };
    });
    // Joining by invite makes a member, who may read players: kept memberships are re-read.
    if (signedIn.joined) ctx.keyPrincipals.accessChanged();
    return { ok: signedIn.ok, session: signedIn.session, redirectTo: signedIn.redirectTo };
  } catch (err) {
    if (err instanceof Refused) return refused(err.error, err.detail);
    throw err;
  }
}

/** Forgets the states of attempts that ran out (the background sweep): they are refused for their age. */
export function forgetRunOutSignInStates(ctx: UseCaseContext): Promise<number> {
  return ctx.repos.sessions.purgeUsedSignInStates(ctx.clock());
}

import { type Config, publicBaseUrl } from '../../config.js';
import { newSessionTimes, SIGN_IN_LINK_TTL_MS } from '../../domain/session-policy.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import type { TransactionRepositories } from '../../storage/repositories/index.js';
import { liveAccount } from '../accounts/accounts.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';

/** Where a sign-in link lands: a page that asks before it signs in (link previews must not use it). */
export const SIGN_IN_PATH = '/sign-in/';

export interface SignInLink {
  url: string;
  expiresAt: number;
}

/**
 * A one-time sign-in link for an account (docs/dashboard.md, "Signing in"), made by an operator:
 * valid 15 minutes, good for one sign-in. Only the hash of its token is stored.
 */
export async function createSignInLink(ctx: UseCaseContext, accountId: number): Promise<SignInLink> {
  const account = await liveAccount(ctx, accountId);
  return issueSignInLinkWith(ctx.repos, ctx.config, account.id, ctx.clock());
}

/** Issues a sign-in link with the repositories given (the store's, or a transaction's). */
export async function issueSignInLinkWith(
  repos: Pick<TransactionRepositories, 'sessions'>,
  config: Config,
  accountId: number,
  now: number,
): Promise<SignInLink> {
  const token = randomToken(32);
  const expiresAt = now + SIGN_IN_LINK_TTL_MS;
  await repos.sessions.createSignInLink({ accountId, tokenHash: sha256Hex(token), now, expiresAt });
  return { url: `${publicBaseUrl(config)}${SIGN_IN_PATH}${token}`, expiresAt };
}

/** A new session: its token goes in the cookie and nowhere else. */
export interface NewSession {
  token: string;
  expiresAt: number;
}

/** Trades a sign-in link for a session. An unknown, used or expired link is refused alike. */
export async function signInWithLink(
  ctx: UseCaseContext,
  input: { token: string; userAgent: string | null },
): Promise<NewSession> {
  const now = ctx.clock();
  return ctx.transaction(async (repos) => {
    const accountId = await repos.sessions.useSignInLink(sha256Hex(input.token), now);
    if (accountId === undefined) refuse({ code: 'invalid_sign_in_link' });
    const account = await repos.accounts.find(accountId);
    if (account === undefined) refuse({ code: 'invalid_sign_in_link' });
    if (account.banned) refuse({ code: 'account_banned' });
    return openSession(repos, { accountId, now, userAgent: input.userAgent });
  });
}

/**
 * Opens a session for an account that may sign in (docs/dashboard.md, "Sessions"), in the caller's
 * transaction: every way of signing in (a link, Discord) ends here. The store keeps only the token's hash.
 */
export async function openSession(
  repos: TransactionRepositories,
  input: { accountId: number; now: number; userAgent: string | null },
): Promise<NewSession> {
  const token = randomToken(32);
  const times = newSessionTimes(input.now);
  await repos.sessions.createSession({
    accountId: input.accountId,
    tokenHash: sha256Hex(token),
    times,
    now: input.now,
    userAgent: input.userAgent?.slice(0, 200) ?? null,
  });
  return { token, expiresAt: times.expiresAt };
}

/** Where a sign-in link stands, for the page a browser opens it on (docs/dashboard.md, "Signing in"). */
export type SignInLinkState = 'usable' | 'used' | 'expired' | 'unknown';

/** Reads a link's state without spending it. */
export async function signInLinkState(ctx: UseCaseContext, token: string): Promise<SignInLinkState> {
  const link = await ctx.repos.sessions.findSignInLink(sha256Hex(token));
  if (link === undefined) return 'unknown';
  if (link.usedAt !== null) return 'used';
  return ctx.clock() >= link.expiresAt ? 'expired' : 'usable';
}

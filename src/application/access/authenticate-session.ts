import type { Account } from '../../domain/account.js';
import { isSessionLive, touchedSession } from '../../domain/session-policy.js';
import { sha256Hex } from '../../lib/crypto.js';
import type { StoredSession } from '../../storage/repositories/sessions.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';
import type { RateLimitDecision } from '../rate-limits.js';
import type { Admission } from '../stream-admission.js';

/** A person signed in to the dashboard. */
export interface SessionCaller {
  sessionId: number;
  accountId: number;
  name: string;
  discordId: string | null;
  /** When the session ends if unused (it slides forward with use). */
  expiresAt: number;
}

/** The account a session lets in at `now`: the session live, the account neither deleted nor banned. */
async function admittedAccount(
  ctx: UseCaseContext,
  session: StoredSession | undefined,
  now: number,
): Promise<Account | undefined> {
  if (session === undefined || !isSessionLive(session, now)) return undefined;
  const account = await ctx.repos.accounts.find(session.accountId);
  return account === undefined || account.banned ? undefined : account;
}

/**
 * Whether a person let in earlier would still be let in (the same gate, without counting a request),
 * and until when: a long-lived event stream asks this so a sign-out, a ban, a deletion or the
 * session's expiry ends it. Every instance hears of the first three (access/session-ends.ts).
 */
export function sessionAdmission(ctx: UseCaseContext, caller: SessionCaller): Admission {
  return {
    async admittedUntil() {
      const session = await ctx.repos.sessions.findSessionById(caller.sessionId);
      if (session === undefined || (await admittedAccount(ctx, session, ctx.clock())) === undefined)
        return null;
      return Math.min(session.expiresAt, session.absoluteExpiresAt);
    },
    followEnds: (ended) =>
      ctx.sessionEnds.followSessionEnds((accountIds) => {
        if (accountIds.includes(caller.accountId)) ended();
      }),
  };
}

/**
 * The dashboard's gate (docs/dashboard.md, "Sessions"): a live session of an account that is neither
 * deleted nor banned, checked on every request so a ban or sign-out takes effect at once; then the
 * per-session rate limit.
 */
export async function authenticateSession(
  ctx: UseCaseContext,
  token: string | undefined,
): Promise<{ caller: SessionCaller; limit: RateLimitDecision }> {
  if (token === undefined || token === '') refuse({ code: 'not_signed_in' });
  const now = ctx.clock();
  const session = await ctx.repos.sessions.findSession(sha256Hex(token));
  const account = await admittedAccount(ctx, session, now);
  if (session === undefined || account === undefined) refuse({ code: 'not_signed_in' });
  const limit = await ctx.rateLimiter.forSession(session.id);
  if (!limit.allowed) refuse({ code: 'rate_limited', limit });
  const touched = touchedSession(session, now);
  if (touched !== null) await ctx.repos.sessions.touchSession(session.id, touched);
  return {
    caller: {
      sessionId: session.id,
      accountId: account.id,
      name: account.name,
      discordId: account.discordId,
      expiresAt: (touched ?? session).expiresAt,
    },
    limit,
  };
}

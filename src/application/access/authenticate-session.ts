import { isSessionLive, touchedSession } from '../../domain/session-policy.js';
import { sha256Hex } from '../../lib/crypto.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';
import type { RateLimitDecision } from '../rate-limits.js';

/** A person signed in to the dashboard. */
export interface SessionCaller {
  sessionId: number;
  accountId: number;
  name: string;
  discordId: string | null;
  /** When the session ends if unused (it slides forward with use). */
  expiresAt: number;
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
  if (session === undefined || !isSessionLive(session, now)) refuse({ code: 'not_signed_in' });
  const account = await ctx.repos.accounts.find(session.accountId);
  if (account === undefined || account.banned) refuse({ code: 'not_signed_in' });
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

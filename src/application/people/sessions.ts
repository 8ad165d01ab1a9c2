import type { SessionCaller } from '../access/authenticate-session.js';
import type { UseCaseContext } from '../context.js';
import { refuse } from '../failures.js';

export interface SessionListing {
  id: number;
  current: boolean;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  userAgent: string | null;
}

/** The person's live sessions, so they can spot one they do not recognise and end it. */
export async function listSessions(ctx: UseCaseContext, caller: SessionCaller): Promise<SessionListing[]> {
  const sessions = await ctx.repos.sessions.listSessions(caller.accountId, ctx.clock());
  return sessions.map((s) => ({
    id: s.id,
    current: s.id === caller.sessionId,
    createdAt: s.createdAt,
    lastSeenAt: s.lastSeenAt,
    expiresAt: Math.min(s.expiresAt, s.absoluteExpiresAt),
    userAgent: s.userAgent,
  }));
}

/*
 * Each way a session ends is announced to every instance once written, so the event streams it
 * opened end at once wherever they are (access/session-ends.ts).
 */

export async function signOut(ctx: UseCaseContext, caller: SessionCaller): Promise<void> {
  await ctx.repos.sessions.revokeSession(caller.accountId, caller.sessionId, ctx.clock());
  ctx.sessionEnds.announceSessionsEnded([caller.accountId]);
}

/** Ends one of the person's sessions (another device, say). */
export async function endSession(
  ctx: UseCaseContext,
  caller: SessionCaller,
  sessionId: number,
): Promise<void> {
  if (!(await ctx.repos.sessions.revokeSession(caller.accountId, sessionId, ctx.clock())))
    refuse({ code: 'session_not_found', sessionId });
  ctx.sessionEnds.announceSessionsEnded([caller.accountId]);
}

/** Signs the person out on every device, this one included. */
export async function signOutEverywhere(ctx: UseCaseContext, caller: SessionCaller): Promise<number> {
  const ended = await ctx.repos.sessions.revokeAllSessions(caller.accountId, ctx.clock());
  ctx.sessionEnds.announceSessionsEnded([caller.accountId]);
  return ended;
}

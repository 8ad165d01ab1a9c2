/**
 * How long dashboard sign-ins last (docs/dashboard.md, "Signing in"): a one-time link for 15 minutes;
 * a session slides forward 7 days with use but never lives past 30 days from sign-in.
 */

export const SIGN_IN_LINK_TTL_MS = 15 * 60_000;
export const SESSION_IDLE_MS = 7 * 24 * 3_600_000;
export const SESSION_MAX_MS = 30 * 24 * 3_600_000;
/** A session's expiry is moved forward at most this often, so a busy dashboard writes rarely. */
export const SESSION_TOUCH_EVERY_MS = 60 * 60_000;

export interface SessionTimes {
  lastSeenAt: number;
  expiresAt: number;
  absoluteExpiresAt: number;
  revokedAt: number | null;
}

export function newSessionTimes(now: number): SessionTimes {
  return {
    lastSeenAt: now,
    expiresAt: now + SESSION_IDLE_MS,
    absoluteExpiresAt: now + SESSION_MAX_MS,
    revokedAt: null,
  };
}

export function isSessionLive(session: SessionTimes, now: number): boolean {
  return session.revokedAt === null && now < session.expiresAt && now < session.absoluteExpiresAt;
}

/** The session's times after a use at `now`, or null when nothing needs writing yet. */
export function touchedSession(session: SessionTimes, now: number): SessionTimes | null {
  if (now - session.lastSeenAt < SESSION_TOUCH_EVERY_MS) return null;
  return {
    ...session,
    lastSeenAt: now,
    expiresAt: Math.min(now + SESSION_IDLE_MS, session.absoluteExpiresAt),
  };
}

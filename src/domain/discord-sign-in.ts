/**
 * The rules of "Sign in with Discord" (docs/dashboard.md, "Signing in"): how long a sign-in attempt
 * may take, where the browser may be sent afterwards, what a new account is called, and the reasons a
 * sign-in ends on the sign-in page.
 */

/** From leaving for Discord to coming back: the attempt (state, PKCE verifier) lives this long. */
export const DISCORD_SIGN_IN_TTL_MS = 10 * 60_000;

/** Why a Discord sign-in ended on `/sign-in?error=<reason>`; the sign-in page words each one. */
export const DISCORD_SIGN_IN_ERRORS = [
  /** No account has this Discord ID, and no invite came with the sign-in. */
  'no_account',
  'banned',
  /** The person pressed "Cancel" on Discord's consent page. */
  'denied',
  /** The attempt is not this browser's, is over 10 minutes old, or its code was already spent. */
  'invalid_state',
  /** The invite is unknown, used up, revoked or expired, or its Enterprise is deactivated. */
  'invalid_invite',
  /** Discord did not answer, or answered something that is not a sign-in. */
  'discord_unavailable',
  /** Several accounts carry this Discord ID; an operator must keep one (we do not guess). */
  'ambiguous_account',
] as const;

export type DiscordSignInError = (typeof DISCORD_SIGN_IN_ERRORS)[number];

const NEXT_PATH_MAX = 512;

/**
 * Where the browser may be sent after signing in: a path on this site, and nothing a browser could
 * read as another site. It starts with exactly one `/` (`//evil.example` is another host), has no
 * backslash (browsers read `/\evil.example` as `//evil.example`), and is printable ASCII without
 * spaces (browsers drop tabs and newlines, which would turn `/\t/evil` into `//evil`). Anything else
 * is dropped, not refused: the person still signs in and lands on `/`.
 */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > NEXT_PATH_MAX) return null;
  if (!/^\/(?![/\\])[\x21-\x7e]*$/.test(raw)) return null;
  if (raw.includes('\\')) return null;
  return raw;
}

/** What Discord says about the person (only these fields are read). */
export interface DiscordUser {
  id: string;
  username: string;
  globalName: string | null;
}

const ACCOUNT_NAME_MAX = 100;

/** A new account is called by the person's Discord display name, or their username without one. */
export function accountNameFor(user: DiscordUser): string {
  const display = user.globalName?.trim() ?? '';
  const name = display !== '' ? display : user.username.trim();
  return (name === '' ? `Discord user ${user.id}` : name).slice(0, ACCOUNT_NAME_MAX);
}

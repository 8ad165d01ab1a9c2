import type { DiscordUser } from '../../domain/discord-sign-in.js';
import { secretsEqual, sha256Hex } from '../../lib/crypto.js';
import { type DiscordClient, exchangeCode, readUser } from '../../lib/discord-oauth.js';
import type { UseCaseContext } from '../context.js';

/** One browser's attempt as it left for Discord: the state it carries and its PKCE verifier. */
export interface DiscordAttempt {
  state: string;
  verifier: string;
  expiresAt: number;
}

/** What Discord sent the browser back with. */
export interface DiscordReturn {
  state: string | undefined;
  code: string | undefined;
  error: string | undefined;
}

/**
 * Why a return from Discord gave no user. `detail` is for the server log: never a code, a token or
 * the client secret.
 */
export type DiscordReturnRefusal = {
  ok: false;
  reason: 'invalid_state' | 'denied' | 'discord_unavailable';
  detail: string;
};

/**
 * The part every "Sign in with Discord" shares once the browser comes back (docs/dashboard.md,
 * "Signing in"; docs/risk-score.md, "Whose scan it is"): the attempt must be this browser's, match
 * the state, be under its age, and come back once on any instance (recorded in the store under
 * `usedKey`'s hash before the code is tried); then the code is exchanged with the verifier, and the
 * access token's one use reads who signed in. It is kept nowhere.
 */
export async function returnFromDiscord(
  ctx: UseCaseContext,
  client: DiscordClient,
  attempt: DiscordAttempt | undefined,
  back: DiscordReturn,
  /** Names this kind of attempt in the store of used states. */
  usedKey: (state: string) => string,
): Promise<{ ok: true; user: DiscordUser } | DiscordReturnRefusal> {
  const refused = (reason: DiscordReturnRefusal['reason'], detail: string): DiscordReturnRefusal => ({
    ok: false,
    reason,
    detail,
  });
  if (attempt === undefined) return refused('invalid_state', 'no attempt in this browser');
  if (back.state === undefined || !secretsEqual(back.state, attempt.state))
    return refused('invalid_state', 'the state does not match this browser’s attempt');
  if (ctx.clock() >= attempt.expiresAt) return refused('invalid_state', 'the attempt is over 10 minutes old');
  if (!(await ctx.repos.sessions.useSignInState(sha256Hex(usedKey(attempt.state)), attempt.expiresAt)))
    return refused('invalid_state', 'this attempt came back once already');
  if (back.error !== undefined) {
    return back.error === 'access_denied'
      ? refused('denied', 'the person declined on Discord')
      : refused(
          'discord_unavailable',
          /^[a-z_]{1,40}$/.test(back.error) ? `Discord answered ${back.error}` : 'Discord answered an error',
        );
  }
  if (back.code === undefined || back.code === '')
    return refused('discord_unavailable', 'Discord sent neither a code nor an error');
  const token = await exchangeCode(client, { code: back.code, codeVerifier: attempt.verifier });
  if (!token.ok)
    return refused(token.kind === 'invalid_grant' ? 'invalid_state' : 'discord_unavailable', token.reason);
  const user = await readUser(client, token.value.accessToken);
  if (!user.ok) return refused('discord_unavailable', user.reason);
  return { ok: true, user: user.value };
}

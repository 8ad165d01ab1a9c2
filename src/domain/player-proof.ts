/**
 * The rules of a player proving their Discord account for a scan (docs/risk-score.md, "Whose scan it
 * is"; docs/scan-client.md, "For players"): the proof goes through a one-time link the scanner shows
 * after its start, so it is bound to that scanner session, not merely to the PIN (whoever else holds
 * the PIN cannot reuse a player's proof); how long an attempt may take, and the reasons an attempt
 * ends without a proof, which the player's page words.
 */

/** From leaving for Discord to coming back: the attempt (PIN, state, PKCE verifier) lives this long. */
export const PLAYER_PROOF_TTL_MS = 10 * 60_000;

/** Why a proof ended without one; the page words each one. */
export const PLAYER_PROOF_ERRORS = [
  /** The server has no Discord application configured. */
  'disabled',
  /** The link names no running scan (unknown, finished, expired, another session): not told apart. */
  'pin_not_waiting',
  /** Another Discord account proved this scan first. */
  'already_proven',
  /** The staff named another account for this PIN: only that account may prove it. */
  'not_the_named_player',
  /** The player pressed "Cancel" on Discord's consent page. */
  'denied',
  /** The attempt is not this browser's, is over 10 minutes old, or its code was already spent. */
  'invalid_state',
  /** Discord did not answer, or answered something that is not a sign-in. */
  'discord_unavailable',
] as const;

export type PlayerProofError = (typeof PLAYER_PROOF_ERRORS)[number];

export const PLAYER_PROOF_MESSAGES: Record<PlayerProofError, string> = {
  disabled: 'This server cannot check Discord accounts: its operator has not set up a Discord application.',
  pin_not_waiting:
    'This link is not for a scan that is running now. Use the link your scanner shows while it runs, before it uploads; a finished or expired scan can no longer be proven.',
  already_proven:
    'Another Discord account was already proven for this scan. If that was not you, tell the staff who gave you the PIN.',
  not_the_named_player:
    'This PIN was made for another Discord account. Sign in with the account the staff named, or ask them for a new PIN.',
  denied: 'You cancelled on Discord, so nothing was recorded.',
  invalid_state:
    'This attempt has run out or was not started in this browser. Open the link your scanner shows again.',
  discord_unavailable: 'Discord did not answer. Try again in a minute.',
};

/**
 * Only a running scan may be proven, through its own session: after the scanner's start (the link
 * names the session) and before its upload (which finishes the scan).
 */
export function mayProve(state: { status: string; expiresAt: number }, now: number): boolean {
  return state.status === 'scanning' && state.expiresAt > now;
}

/**
 * The rules of a player proving their Discord account before a scan (docs/risk-score.md, "Whose scan
 * it is"; docs/scan-client.md, "For players"): how long an attempt may take, which PINs may be
 * proven, and the reasons an attempt ends without a proof, which the player's page words.
 */

/** From leaving for Discord to coming back: the attempt (PIN, state, PKCE verifier) lives this long. */
export const PLAYER_PROOF_TTL_MS = 10 * 60_000;

/** Why a proof ended without one; the page words each one. */
export const PLAYER_PROOF_ERRORS = [
  /** The server has no Discord application configured. */
  'disabled',
  /** The code is not a PIN waiting for its scan (unknown, already scanned, expired): not told apart. */
  'pin_not_waiting',
  /** Another Discord account proved this PIN first. */
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
    'That PIN is not waiting for a scan: check it with the staff who gave it to you. A PIN can be proven only before its scan starts.',
  already_proven:
    'Another Discord account was already proven for this PIN. If that was not you, tell the staff who gave you the PIN.',
  not_the_named_player:
    'This PIN was made for another Discord account. Sign in with the account the staff named, or ask them for a new PIN.',
  denied: 'You cancelled on Discord, so nothing was recorded.',
  invalid_state:
    'This attempt has run out or was not started in this browser. Start again from the scan page.',
  discord_unavailable: 'Discord did not answer. Try again in a minute.',
};

/** Only a PIN still waiting for its scan may be proven: the proof must come before the scan. */
export function mayProve(state: { status: string; expiresAt: number }, now: number): boolean {
  return state.status === 'pending' && state.expiresAt > now;
}

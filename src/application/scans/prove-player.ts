import { normalisePinCode, PIN_CODE_PATTERN } from '../../domain/pin-code.js';
import { mayProve, PLAYER_PROOF_TTL_MS, type PlayerProofError } from '../../domain/player-proof.js';
import { randomToken } from '../../lib/crypto.js';
import { authorizeUrl } from '../../lib/discord-oauth.js';
import { codeChallengeS256, newCodeVerifier } from '../../lib/pkce.js';
import { SecretBox } from '../../lib/secret-box.js';
import type { UseCaseContext } from '../context.js';
import { returnFromDiscord } from '../people/discord-return.js';
import { discordClientOf, discordSignInEnabled } from '../people/discord-sign-in.js';

/**
 * A player proves their Discord account for a PIN before its scan (docs/risk-score.md, "Whose scan
 * it is"): OAuth2's authorization-code flow with `state` and PKCE, scope `identify` only, from the
 * /scan page. The access token is used once, to read who signed in, and kept nowhere. The proven
 * account is the scan's player: its report counts for every community.
 */

/** Where Discord sends the player back; registered with the Discord application as `${PUBLIC_URL}` + this. */
export const PLAYER_PROOF_CALLBACK_PATH = '/scan/discord/callback';

/** One browser's attempt, sealed in a cookie only that browser sends back to the callback. */
interface PendingProof {
  pinId: number;
  state: string;
  verifier: string;
  expiresAt: number;
}

const box = (ctx: UseCaseContext) => new SecretBox(ctx.hashSecret, 'player-proof');
const PIN_CODE = new RegExp(PIN_CODE_PATTERN);

function openPending(ctx: UseCaseContext, sealed: string): PendingProof | undefined {
  try {
    const p = JSON.parse(box(ctx).open(sealed)) as Partial<PendingProof> | null;
    if (
      typeof p?.pinId !== 'number' ||
      typeof p.state !== 'string' ||
      typeof p.verifier !== 'string' ||
      typeof p.expiresAt !== 'number'
    )
      return undefined;
    return { pinId: p.pinId, state: p.state, verifier: p.verifier, expiresAt: p.expiresAt };
  } catch {
    return undefined;
  }
}

export type StartedProof =
  | { ok: true; redirectTo: string; pending: string; maxAgeSeconds: number }
  | { ok: false; error: PlayerProofError };

/** Begins a proof for the PIN the player typed, if it is waiting for its scan. */
export async function startPlayerProof(ctx: UseCaseContext, rawCode: string): Promise<StartedProof> {
  if (!discordSignInEnabled(ctx.config)) return { ok: false, error: 'disabled' };
  const code = rawCode.trim();
  if (!PIN_CODE.test(code)) return { ok: false, error: 'pin_not_waiting' };
  const pin = await ctx.repos.pins.findByCode(normalisePinCode(code));
  const now = ctx.clock();
  if (pin === undefined || !mayProve(pin.state, now)) return { ok: false, error: 'pin_not_waiting' };
  const pending: PendingProof = {
    pinId: pin.id,
    state: randomToken(32),
    verifier: newCodeVerifier(),
    expiresAt: now + PLAYER_PROOF_TTL_MS,
  };
  return {
    ok: true,
    // Consent every time: the player sees which account they are about to prove.
    redirectTo: authorizeUrl(discordClientOf(ctx, PLAYER_PROOF_CALLBACK_PATH), {
      state: pending.state,
      codeChallenge: codeChallengeS256(pending.verifier),
      consent: true,
    }),
    pending: box(ctx).seal(JSON.stringify(pending)),
    maxAgeSeconds: PLAYER_PROOF_TTL_MS / 1000,
  };
}

export type ProofOutcome =
  | { ok: true; username: string }
  /** `detail` is for the server log: never a code, a token or the client secret. */
  | { ok: false; error: PlayerProofError; detail: string };

/** Ends a proof when Discord sends the player back with a code (or with their refusal). */
export async function finishPlayerProof(
  ctx: UseCaseContext,
  input: {
    pending: string | undefined;
    state: string | undefined;
    code: string | undefined;
    error: string | undefined;
  },
): Promise<ProofOutcome> {
  if (!discordSignInEnabled(ctx.config))
    return { ok: false, error: 'disabled', detail: 'Discord is not configured' };
  const pending = input.pending ? openPending(ctx, input.pending) : undefined;
  const back = await returnFromDiscord(
    ctx,
    discordClientOf(ctx, PLAYER_PROOF_CALLBACK_PATH),
    pending,
    input,
    (state) => `proof:${state}`,
  );
  if (!back.ok) return { ok: false, error: back.reason, detail: back.detail };
  if (pending === undefined) throw new Error('a return from Discord without its attempt');
  const user = back.user;

  const now = ctx.clock();
  const pin = await ctx.repos.pins.findById(pending.pinId);
  if (pin === undefined || !mayProve(pin.state, now))
    return { ok: false, error: 'pin_not_waiting', detail: 'the PIN is no longer waiting for its scan' };
  const account = { discordId: user.id, username: user.username };
  // A PIN made for a named player is theirs to prove: nobody else who learns the code can take it.
  const { player } = await ctx.repos.reportProvenance.finishContext(pin.id);
  if (player.named !== null && player.named.discordId !== account.discordId)
    return { ok: false, error: 'not_the_named_player', detail: 'another account than the one named' };
  const onRecord = await ctx.transaction((repos) => repos.reportProvenance.prove(pin.id, account, now));
  if (onRecord === undefined)
    return { ok: false, error: 'pin_not_waiting', detail: 'the scan started before the proof was recorded' };
  if (onRecord.discordId !== account.discordId)
    return { ok: false, error: 'already_proven', detail: 'another account proved this PIN first' };
  return { ok: true, username: account.username };
}

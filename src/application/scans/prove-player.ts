import { publicBaseUrl } from '../../config.js';
import { normalisePinCode, PIN_CODE_PATTERN } from '../../domain/pin-code.js';
import { mayProve, PLAYER_PROOF_TTL_MS, type PlayerProofError } from '../../domain/player-proof.js';
import { iso } from '../../domain/time.js';
import { hmacHex, randomToken, secretsEqual } from '../../lib/crypto.js';
import { authorizeUrl } from '../../lib/discord-oauth.js';
import { codeChallengeS256, newCodeVerifier } from '../../lib/pkce.js';
import { SecretBox } from '../../lib/secret-box.js';
import type { UseCaseContext } from '../context.js';
import { returnFromDiscord } from '../people/discord-return.js';
import { discordClientOf, discordSignInEnabled } from '../people/discord-sign-in.js';
import { recordScanNetwork } from './scan-network.js';

/**
 * A player proves their Discord account for a scan (docs/risk-score.md, "Whose scan it is"): the
 * scanner shows a one-time link after its start, the link names the scanner session, and OAuth2's
 * authorization-code flow with `state` and PKCE, scope `identify` only, records the account for that
 * session. The access token is used once, to read who signed in, and kept nowhere. The proof counts
 * only when it arrived through the scan's own session and before its upload, so someone else holding
 * the PIN cannot reuse a player's proof to put a forged scan on their account.
 */

/** Where Discord sends the player back; registered with the Discord application as `${PUBLIC_URL}` + this. */
export const PLAYER_PROOF_CALLBACK_PATH = '/scan/discord/callback';

/** The page a proof link opens: `/scan/prove/<PIN><mac>` (its token is masked in logs: logger.ts). */
export const PLAYER_PROOF_LINK_PATH = '/scan/prove';

/** One browser's attempt, sealed in a cookie only that browser sends back to the callback. */
interface PendingProof {
  pinId: number;
  /** The scanner session the link named (its token's hash). */
  sessionHash: string;
  state: string;
  verifier: string;
  expiresAt: number;
}

const box = (ctx: UseCaseContext) => new SecretBox(ctx.hashSecret, 'player-proof');
const PIN_CODE = new RegExp(PIN_CODE_PATTERN);
const PIN_LENGTH = 8;
const MAC_LENGTH = 32;

/** The link's secret part: bound to the session, derived (nothing more is stored at start). */
function linkMac(ctx: UseCaseContext, sessionHash: string): string {
  return Buffer.from(hmacHex(ctx.hashSecret, `proof-link:${sessionHash}`), 'hex')
    .toString('base64url')
    .slice(0, MAC_LENGTH);
}

/** The proof link of a scan that just started, or null when the server cannot check Discord accounts. */
export function proofLinkOf(
  ctx: UseCaseContext,
  pinCode: string,
  sessionHash: string,
  expiresAt: number,
): { url: string; expiresAt: string } | null {
  if (!discordSignInEnabled(ctx.config)) return null;
  return {
    url: `${publicBaseUrl(ctx.config)}${PLAYER_PROOF_LINK_PATH}/${pinCode}${linkMac(ctx, sessionHash)}`,
    expiresAt: iso(expiresAt),
  };
}

function openPending(ctx: UseCaseContext, sealed: string): PendingProof | undefined {
  try {
    const p = JSON.parse(box(ctx).open(sealed)) as Partial<PendingProof> | null;
    if (
      typeof p?.pinId !== 'number' ||
      typeof p.sessionHash !== 'string' ||
      typeof p.state !== 'string' ||
      typeof p.verifier !== 'string' ||
      typeof p.expiresAt !== 'number'
    )
      return undefined;
    return {
      pinId: p.pinId,
      sessionHash: p.sessionHash,
      state: p.state,
      verifier: p.verifier,
      expiresAt: p.expiresAt,
    };
  } catch {
    return undefined;
  }
}

/** The running scan a proof link names, with what its page shows; undefined for any other link. */
export interface ProofTarget {
  pinId: number;
  pinCode: string;
  sessionHash: string;
  gameType: string;
  enterprise: string;
  startedAt: number | null;
}

export async function proofTargetOf(ctx: UseCaseContext, token: string): Promise<ProofTarget | undefined> {
  const code = token.slice(0, PIN_LENGTH).toUpperCase();
  const mac = token.slice(PIN_LENGTH);
  if (!PIN_CODE.test(code) || mac.length !== MAC_LENGTH) return undefined;
  const scan = await ctx.repos.reportProvenance.proofContext(normalisePinCode(code));
  if (scan === undefined || scan.sessionHash === null) return undefined;
  if (!secretsEqual(mac, linkMac(ctx, scan.sessionHash))) return undefined;
  if (!mayProve(scan.state, ctx.clock())) return undefined;
  return {
    pinId: scan.pinId,
    pinCode: scan.pinCode,
    sessionHash: scan.sessionHash,
    gameType: scan.gameType,
    enterprise: scan.enterprise,
    startedAt: scan.startedAt,
  };
}

export type StartedProof =
  | { ok: true; redirectTo: string; pending: string; maxAgeSeconds: number }
  | { ok: false; error: PlayerProofError };

/** Begins a proof for the running scan a proof link names. */
export async function startPlayerProof(ctx: UseCaseContext, token: string): Promise<StartedProof> {
  if (!discordSignInEnabled(ctx.config)) return { ok: false, error: 'disabled' };
  const target = await proofTargetOf(ctx, token.trim());
  if (target === undefined) return { ok: false, error: 'pin_not_waiting' };
  const pending: PendingProof = {
    pinId: target.pinId,
    sessionHash: target.sessionHash,
    state: randomToken(32),
    verifier: newCodeVerifier(),
    expiresAt: ctx.clock() + PLAYER_PROOF_TTL_MS,
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
    /** The browser's address: only its network is kept, compared with the scan's (scan-network.ts). */
    clientAddress?: string;
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
    return { ok: false, error: 'pin_not_waiting', detail: 'the scan is no longer running' };
  const account = { discordId: user.id, username: user.username };
  // A PIN made for a named player is theirs to prove: nobody else who learns the code can take it.
  const { player } = await ctx.repos.reportProvenance.finishContext(pin.id);
  if (player.named !== null && player.named.discordId !== account.discordId)
    return { ok: false, error: 'not_the_named_player', detail: 'another account than the one named' };
  const onRecord = await ctx.transaction((repos) =>
    repos.reportProvenance.prove(pin.id, pending.sessionHash, account, now),
  );
  if (onRecord === undefined)
    return { ok: false, error: 'pin_not_waiting', detail: 'the scan ended before the proof was recorded' };
  if (onRecord.discordId !== account.discordId)
    return { ok: false, error: 'already_proven', detail: 'another account proved this scan first' };
  if (input.clientAddress !== undefined) await recordScanNetwork(ctx, pin, 'proof', input.clientAddress);
  return { ok: true, username: account.username };
}
